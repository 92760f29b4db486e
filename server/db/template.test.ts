import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from './client'
import { startFromTemplate } from './template'
import { makeTemplate } from './template-build'

describe('a new data folder starts from the build template', () => {
  const made: string[] = []
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pw-template-'))
    made.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  /** A stand-in for build/pglite-template: what initdb leaves (PG_VERSION) and a table file. */
  const template = () => {
    const dir = path.join(folder(), 'pglite-template')
    mkdirSync(path.join(dir, 'base', '1'), { recursive: true })
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n')
    writeFileSync(path.join(dir, 'base', '1', '1259'), 'catalog')
    return dir
  }

  it('copies the template into a folder that does not exist yet, and leaves no copy beside it', () => {
    const data = folder()
    const pglite = path.join(data, 'pglite')
    expect(startFromTemplate(pglite, template())).toBe(true)
    expect(readFileSync(path.join(pglite, 'PG_VERSION'), 'utf8')).toBe('17\n')
    expect(readFileSync(path.join(pglite, 'base', '1', '1259'), 'utf8')).toBe('catalog')
    expect(readdirSync(data)).toEqual(['pglite'])
  })

  it('leaves a folder that exists to initdb, even empty (a mount, a link to another disk), and clears an earlier start’s copy', () => {
    const data = folder()
    const pglite = path.join(data, 'pglite')
    mkdirSync(pglite)
    expect(startFromTemplate(pglite, template())).toBe(false)
    expect(readdirSync(pglite)).toEqual([])
    rmSync(pglite, { recursive: true })
    mkdirSync(path.join(data, 'pglite.copy-99999', 'base'), { recursive: true })
    expect(startFromTemplate(pglite, template())).toBe(true)
    expect(readdirSync(data)).toEqual(['pglite'])
  })

  it('a copy that fails is removed, and the server goes on to initdb', async () => {
    const data = folder()
    const pglite = path.join(data, 'pglite')
    const broken = template()
    // Something the copy cannot copy (Node refuses a socket): as with any failure, the copy is dropped.
    const socket = createServer()
    await new Promise<void>((resolve) => socket.listen(path.join(broken, 'base', '1', 's'), resolve))
    try {
      expect(startFromTemplate(pglite, broken)).toBe(false)
      expect(readdirSync(data)).toEqual([])
    } finally {
      socket.close()
    }
  })

  it('never touches a folder that holds data', () => {
    const pglite = path.join(folder(), 'pglite')
    mkdirSync(pglite)
    writeFileSync(path.join(pglite, 'PG_VERSION'), '16\n')
    expect(startFromTemplate(pglite, template())).toBe(false)
    expect(readFileSync(path.join(pglite, 'PG_VERSION'), 'utf8')).toBe('16\n')
    expect(readdirSync(pglite)).toEqual(['PG_VERSION'])
  })

  it('without a finished template (no build yet, or one stopped halfway) the server runs initdb as before', () => {
    const pglite = path.join(folder(), 'pglite')
    const half = path.join(folder(), 'pglite-template')
    mkdirSync(path.join(half, 'base'), { recursive: true })
    expect(startFromTemplate(pglite, half)).toBe(false)
    expect(startFromTemplate(pglite, path.join(folder(), 'missing'))).toBe(false)
    expect(existsSync(pglite)).toBe(false)
  })

  it('a real template: the copy opens as a migrated, seeded database with the queue ready', { timeout: 60_000 }, async () => {
    const built = path.join(folder(), 'pglite-template')
    await makeTemplate(built)
    const pglite = path.join(folder(), 'pglite')
    expect(startFromTemplate(pglite, built)).toBe(true)
    const database = await openDatabase({ dataDir: pglite })
    try {
      const plans = await database.sql.executeSql('SELECT count(*)::int AS n FROM plans', [])
      expect(plans.rows[0]).toMatchObject({ n: expect.any(Number) })
      expect(Number((plans.rows[0] as { n: number }).n)).toBeGreaterThan(0)
      const applied = await database.sql.executeSql('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations', [])
      expect(Number((applied.rows[0] as { n: number }).n)).toBe(
        readdirSync(path.join('server', 'db', 'migrations')).filter((f) => f.endsWith('.sql')).length,
      )
      const queues = await database.sql.executeSql('SELECT count(*)::int AS n FROM pgboss.queue', [])
      expect(Number((queues.rows[0] as { n: number }).n)).toBeGreaterThan(0)
    } finally {
      await database.close()
    }
  })
})
