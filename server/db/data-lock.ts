import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { DataDirError, inDataDir } from './data-dir'

/**
 * PGlite allows one process per data folder. The server marks the folder while it runs so that
 * a second server, and support commands, refuse to open it underneath a running server.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid')

export function claimDataDir(dataDir: string): () => void {
  return inDataDir(dataDir, () => {
    mkdirSync(dataDir, { recursive: true })
    // Created exclusively, so two servers starting at the same moment cannot both win; a mark
    // left by a process that no longer runs (killed, power cut) is taken over.
    for (let attempt = 0; ; attempt++) {
      try {
        const fd = openSync(lockFile(dataDir), 'wx')
        writeSync(fd, String(process.pid))
        closeSync(fd)
        break
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST' || attempt > 0) throw error
        const holder = dataDirHolder(dataDir)
        if (holder !== null && holder !== process.pid) {
          throw new DataDirError(
            `Another Pagewright process (pid ${holder}) is using ${dataDir}. Stop it first, or use DATABASE_URL.`,
            dataDir,
          )
        }
        rmSync(lockFile(dataDir), { force: true })
      }
    }
    return () => {
      // Only our own mark: never the one of a server that took over after us.
      if (dataDirHolder(dataDir) === process.pid) rmSync(lockFile(dataDir), { force: true })
    }
  })
}

/** The pid of a live process holding the folder, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const file = lockFile(dataDir)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8'))
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still holds the folder.
    if ((error as { code?: string }).code !== 'EPERM') return null
  }
  return isServerProcess(pid) ? pid : null
}

/**
 * After a restart (a container's, the machine's) the pid in a stale mark can belong to another
 * program now, such as the `npm start` shell or tsx launcher of the new server itself: that is no
 * holder. Where /proc is readable the holder must be running server/main and not be one of our
 * own ancestors; elsewhere a live pid is taken at its word.
 */
function isServerProcess(pid: number): boolean {
  let args: string[]
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

function parentOf(pid: number): number | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    return Number.isInteger(ppid) ? ppid : null
  } catch {
    return null
  }
}
