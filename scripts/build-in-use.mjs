// Which servers run from this folder's build. A build replaces the files a running server loads on
// first use (its lazily imported parts, the web's assets): `npm run build` refuses while one runs,
// rather than break it. Plain JavaScript: scripts/build.mjs reads it without a TypeScript toolchain.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** One file per running server, named by its pid. */
const markDir = (root) => path.join(root, 'build', '.running')

/** Marks this process as running from `root`'s build; the returned function takes the mark away. */
export function markBuildInUse(root) {
  const file = path.join(markDir(root), String(process.pid))
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${process.argv.slice(1).join(' ')}\n`)
  const release = () => rmSync(file, { force: true })
  process.once('exit', release)
  return release
}

/** The pids of live servers running from `root`'s build; marks left by processes gone (killed, a power cut) are removed. */
export function serversUsingBuild(root) {
  let names = []
  try {
    names = readdirSync(markDir(root))
  } catch {
    return []
  }
  const live = []
  for (const name of names) {
    const pid = Number(name)
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isServer(pid)) live.push(pid)
    else rmSync(path.join(markDir(root), name), { force: true })
  }
  return live
}

/** A live process that is a Pagewright server (where /proc tells: a pid reused by another program is not). */
function isServer(pid) {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if (error?.code !== 'EPERM') return false
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .some((a) => /(^|[\\/])main\.js$/.test(a))
  } catch {
    return true
  }
}
