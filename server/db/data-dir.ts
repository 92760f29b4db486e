import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

/**
 * The data folder (DATA_DIR: PGlite's files, the embedded secrets, the server's pid) must be a
 * folder this process can write to. When it is not, the server stops at once with one line that
 * names the folder and says what to do, instead of a stack trace from deep inside PGlite.
 */
export class DataDirError extends Error {
  constructor(
    message: string,
    public folder: string,
  ) {
    super(message)
    this.name = 'DataDirError'
  }
}

/** fs error codes that mean "this folder cannot be used for writing", and what to say. */
const REASONS: Record<string, string> = {
  EROFS: 'it is on a read-only file system',
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'the path loops through symbolic links',
}

/**
 * The DataDirError for an fs error met while preparing `folder` (when not known yet: the folder
 * the failed call was about), or null when the error is of another kind (thrown as it is).
 */
export function dataDirProblem(error: unknown, folder?: string): DataDirError | null {
  if (error instanceof DataDirError) return error
  const { path: failed, syscall } = (error ?? {}) as { path?: unknown; syscall?: unknown }
  const code = codeOf(error)
  if (!code) return null
  folder ??= typeof failed === 'string' ? (syscall === 'mkdir' ? failed : path.dirname(failed)) : undefined
  if (!folder) return null
  const full = code === 'ENOSPC' || code === 'EDQUOT'
  const hint = full
    ? 'Free some space there, or set DATA_DIR to a folder on another disk.'
    : 'Set DATA_DIR to a folder this user can write to.'
  return new DataDirError(`The data folder ${folder} cannot be written: ${REASONS[code]} (${code}). ${hint}`, folder)
}

/**
 * The fs code of the error, also when the database inside the folder reports it in its own words
 * (PGlite is Postgres: SQLSTATE 53100 disk_full, or the C library's text).
 */
function codeOf(error: unknown): string | null {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && code in REASONS) return code
  if (code === '53100') return 'ENOSPC'
  if (typeof message === 'string') {
    if (/No space left on device/i.test(message)) return 'ENOSPC'
    if (/Read-only file system/i.test(message)) return 'EROFS'
  }
  return null
}

/** Runs `fn` (a step that writes into the data folder), turning fs trouble into a DataDirError. */
export function inDataDir<T>(folder: string | undefined, fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    throw dataDirProblem(error, folder) ?? error
  }
}

/**
 * Makes the folder if needed and proves it takes a write (a small file written, flushed to disk
 * and removed): a read-only mount, a folder of another user or a full disk is found here, before
 * the database opens.
 */
export function ensureWritableDataDir(folder: string): void {
  inDataDir(folder, () => {
    mkdirSync(folder, { recursive: true })
    const probe = path.join(folder, `.write-check-${process.pid}`)
    const fd = openSync(probe, 'w')
    try {
      writeSync(fd, Buffer.alloc(4096, 0x20))
      fsyncSync(fd)
    } finally {
      closeSync(fd)
      rmSync(probe, { force: true })
    }
  })
}
