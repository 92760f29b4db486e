// Whether a pid is a running Pagewright server: the data folder's lock (server/db/data-lock.ts) and
// the build's marks of the servers running from it (scripts/build-in-use.mjs) ask the same question.
// Plain JavaScript: scripts/build.mjs reads it without a TypeScript toolchain.
import { readFileSync } from 'node:fs'

/**
 * A live process running the server's main module. After a restart (a container's, the machine's) a
 * stale pid can belong to another program now, such as the `npm start` shell or tsx launcher of the
 * new server itself: that is no server. Where /proc is readable the process must be running
 * server/main and not be one of our own ancestors; elsewhere a live pid is taken at its word.
 */
export function isServerProcess(pid) {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (error?.code !== 'EPERM') return false
  }
  let args
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    return true
  }
  if (!args.some((a) => /(^|[\\/])main\.[cm]?[jt]s$/.test(a))) return false
  for (let p = process.ppid, hops = 0; p > 1 && hops < 32; hops++) {
    if (p === pid) return false
    const parent = parentOf(p)
    if (parent === null) break
    p = parent
  }
  return true
}

function parentOf(pid) {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    return Number.isInteger(ppid) ? ppid : null
  } catch {
    return null
  }
}
