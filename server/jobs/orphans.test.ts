import type PgBoss from 'pg-boss'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { trackJobs, type JobTracker } from './orphans'
import { startBoss } from './queue'

const QUEUE = 'generate-task'
const opened: { boss: PgBoss; tracker?: JobTracker; db: TestDatabase }[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.tracker?.stop()
    await o.boss.stop({ graceful: false, wait: true, close: false }).catch(() => {})
    await o.db.drop()
  }
})

async function setup(kind: (typeof DB_KINDS)[number]) {
  const db = await createTestDatabase(kind)
  const boss = await startBoss(db.database, { work: false })
  const o: (typeof opened)[number] = { boss, db }
  opened.push(o)
  return o
}

const stateOf = async (db: TestDatabase, id: string) =>
  (await db.database.sql.executeSql('SELECT state::text AS state FROM pgboss.job WHERE id = $1', [id])).rows[0]?.state

/**
 * Sent due a moment ago: pg-boss fetches jobs whose `start_after < now()`, and PGlite's clock can
 * read the same instant for a send and the fetch right after it (a fetch of nothing, now and then).
 */
const sendDue = (boss: PgBoss, data: object) => boss.send(QUEUE, data, { startAfter: new Date(Date.now() - 1_000) })

/** A job taken by a worker that then vanished: fetched (active), never completed. */
async function abandonedJob(boss: PgBoss) {
  const id = await sendDue(boss, { taskId: 1, phase: 'start' })
  const [job] = await boss.fetch(QUEUE)
  expect(job.id).toBe(id)
  return job.id
}

describe.each(DB_KINDS)('orphaned jobs on %s', (kind) => {
  it('a job left active by a dead process is given back to its queue; one being run is not', async () => {
    const o = await setup(kind)
    const orphan = await abandonedJob(o.boss)
    expect(await stateOf(o.db, orphan)).toBe('active')

    o.tracker = await trackJobs(o.boss, o.db.database, [QUEUE], { sweepEveryMs: 3_600_000, graceMs: 0 })
    if (kind === 'postgres') await o.tracker.sweep() // seen unheld twice
    expect(await stateOf(o.db, orphan)).toBe('retry')

    // A job this process runs holds its lock: never taken away while it runs.
    await sendDue(o.boss, { taskId: 2, phase: 'start' })
    const [running] = await o.boss.fetch(QUEUE)
    let swept = -1
    await o.tracker.run([running.id], async () => {
      await o.tracker!.sweep()
      swept = await o.tracker!.sweep()
    })
    expect(swept).toBe(0)
    expect(await stateOf(o.db, running.id)).toBe('active')
  })
})

describe.skipIf(!DB_KINDS.includes('postgres'))('orphaned jobs across processes on Postgres', () => {
  it('a job held by another live process is left alone; once its connection is gone it is retried after the grace period', async () => {
    const o = await setup('postgres')
    const id = await abandonedJob(o.boss)
    // "Another process": its own tracker (and lock connection) on the same database.
    const other = await trackJobs(o.boss, o.db.database, [QUEUE], { sweepEveryMs: 3_600_000, graceMs: 0 })
    let finish = () => {}
    const holding = other.run([id], () => new Promise<void>((resolve) => (finish = resolve)))
    await new Promise((r) => setTimeout(r, 200))

    o.tracker = await trackJobs(o.boss, o.db.database, [QUEUE], { sweepEveryMs: 3_600_000, graceMs: 300 })
    await o.tracker.sweep()
    await o.tracker.sweep()
    expect(await stateOf(o.db, id)).toBe('active')

    // The other process dies: its lock connection closes without a word.
    await other.stop()
    await o.tracker.sweep() // first seen unheld
    expect(await stateOf(o.db, id)).toBe('active')
    await new Promise((r) => setTimeout(r, 350))
    expect(await o.tracker.sweep()).toBe(1)
    expect(await stateOf(o.db, id)).toBe('retry')
    finish()
    await holding
  })
})
