import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { isServerProcess } from '../../scripts/server-process.mjs'
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

/** The pid of a live server holding the folder, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const file = lockFile(dataDir)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8'))
  if (!Number.isInteger(pid) || pid <= 0) return null
  return isServerProcess(pid) ? pid : null
}
