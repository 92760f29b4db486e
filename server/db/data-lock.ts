import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite allows one process per data folder. The server marks the folder while it runs so that
 * support commands can refuse to open it underneath a running server.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid')

export function claimDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir)
  if (holder !== null && holder !== process.pid) {
    throw new Error(`Another Pagewright process (pid ${holder}) is using ${dataDir}. Stop it first, or use DATABASE_URL.`)
  }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(lockFile(dataDir), String(process.pid))
  return () => rmSync(lockFile(dataDir), { force: true })
}

/** The pid of a live process holding the folder, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const file = lockFile(dataDir)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8'))
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}
