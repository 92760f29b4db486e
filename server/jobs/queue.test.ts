import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { GENERATE_QUEUE, QUEUES } from './definitions'
import { startBoss } from './queue'

const dbs: TestDatabase[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.drop()
})

async function startAndStop(db: TestDatabase) {
  const boss = await startBoss(db.database, { work: false })
  const queues = await boss.getQueues()
  await boss.stop({ graceful: false, wait: true, close: false })
  return new Map(queues.map((q) => [q.name, q]))
}

describe.each(DB_KINDS)('queues at start-up on %s', (kind) => {
  it('creates every queue once, leaves current ones unwritten, and brings a changed one back to its settings', async () => {
    const db = await createTestDatabase(kind)
    dbs.push(db)
    const first = await startAndStop(db)
    expect([...first.keys()].sort()).toEqual(QUEUES.map((q) => q.name).sort())
    expect(first.get(GENERATE_QUEUE)?.deadLetter).toBe(`${GENERATE_QUEUE}-dead`)

    // A start on current queues writes none of them.
    const second = await startAndStop(db)
    for (const [name, queue] of second) expect(queue.updatedOn, name).toEqual(first.get(name)?.updatedOn)

    // A setting changed behind our back (an older release's, an operator's) is put back.
    const wanted = first.get(GENERATE_QUEUE)!.retryLimit
    await db.database.sql.executeSql('UPDATE pgboss.queue SET retry_limit = 99 WHERE name = $1', [GENERATE_QUEUE])
    const third = await startAndStop(db)
    expect(third.get(GENERATE_QUEUE)?.retryLimit).toBe(wanted)
  })
})
