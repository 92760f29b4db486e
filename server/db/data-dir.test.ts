import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirError, dataDirProblem, ensureWritableDataDir } from './data-dir'
import { claimDataDir, dataDirHolder } from './data-lock'

const fsError = (code: string, syscall: string, p: string) =>
  Object.assign(new Error(`${code}: ${syscall} '${p}'`), { code, syscall, path: p })
const folders: string[] = []
const tempFolder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pw-data-dir-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('dataDirProblem', () => {
  it('names the folder and the reason, with what to do', () => {
    expect(dataDirProblem(fsError('ENOSPC', 'write', '/srv/pw/.write-check-12'), '/srv/pw')?.message).toBe(
      'The data folder /srv/pw cannot be written: the disk is full (ENOSPC). Free some space there, or set DATA_DIR to a folder on another disk.',
    )
    expect(dataDirProblem(fsError('EACCES', 'open', '/srv/pw/secrets.json'), '/srv/pw')?.message).toBe(
      'The data folder /srv/pw cannot be written: this user may not write there (EACCES). Set DATA_DIR to a folder this user can write to.',
    )
  })

  it('without a folder, takes it from the failed call: a mkdir names the folder, a file write its parent', () => {
    expect(dataDirProblem(fsError('EROFS', 'mkdir', '/mnt/ro/data'))?.folder).toBe('/mnt/ro/data')
    expect(dataDirProblem(fsError('EDQUOT', 'open', '/home/pw/data/secrets.json'))?.folder).toBe('/home/pw/data')
  })

  it('the database inside the folder saying the disk is full counts too', () => {
    const pgFull = Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), { code: '53100' })
    expect(dataDirProblem(pgFull, '/srv/pw')?.message).toContain('the disk is full (ENOSPC)')
    expect(dataDirProblem(new Error('could not write to file "pg_wal/x": No space left on device'), '/srv/pw')?.message).toContain(
      '(ENOSPC)',
    )
  })

  it('leaves other errors alone', () => {
    expect(dataDirProblem(fsError('ENOENT', 'open', '/x/y'), '/x')).toBeNull()
    expect(dataDirProblem(new Error('boom'), '/x')).toBeNull()
    expect(dataDirProblem(undefined, '/x')).toBeNull()
  })
})

describe('ensureWritableDataDir', () => {
  it('makes the folder and leaves nothing behind', () => {
    const dir = path.join(tempFolder(), 'a', 'b')
    ensureWritableDataDir(dir)
    expect(readdirSync(dir)).toEqual([])
    expect(() => ensureWritableDataDir(dir)).not.toThrow()
  })

  it('a path through a file is a DataDirError naming the folder', () => {
    const parent = tempFolder()
    writeFileSync(path.join(parent, 'file'), 'x')
    const dir = path.join(parent, 'file', 'data')
    const error = (() => {
      try {
        ensureWritableDataDir(dir)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(DataDirError)
    expect((error as DataDirError).message).toContain(dir)
    expect((error as DataDirError).message).toContain('(ENOTDIR)')
  })
})

describe('claimDataDir', () => {
  it('marks the folder with our pid and removes only our own mark', () => {
    const dir = tempFolder()
    const release = claimDataDir(dir)
    expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid))
    release()
    expect(dataDirHolder(dir)).toBeNull()
  })

  it('refuses a folder held by a running server, naming it and the pid', async () => {
    const dir = tempFolder()
    // Another "server": a live process whose command line runs a main.ts.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', path.join(dir, 'server', 'main.ts')], { stdio: 'ignore' })
    try {
      await new Promise((r) => other.once('spawn', r))
      writeFileSync(path.join(dir, 'server.pid'), String(other.pid))
      expect(() => claimDataDir(dir)).toThrow(
        new DataDirError(`Another Pagewright process (pid ${other.pid}) is using ${dir}. Stop it first, or use DATABASE_URL.`, dir),
      )
      expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(other.pid))
    } finally {
      other.kill('SIGKILL')
    }
  })

  it('takes over a stale mark: a dead pid, or a live process that is not a server (a reused pid)', async () => {
    const dir = tempFolder()
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((r) => dead.once('exit', r))
    writeFileSync(path.join(dir, 'server.pid'), String(dead.pid))
    claimDataDir(dir)()
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    try {
      await new Promise((r) => sleeper.once('spawn', r))
      writeFileSync(path.join(dir, 'server.pid'), String(sleeper.pid))
      const release = claimDataDir(dir)
      expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid))
      release()
    } finally {
      sleeper.kill('SIGKILL')
    }
  })
})
