import PgBoss from 'pg-boss'
import { txExecutor, type Database, type Tx } from '../db/client'
import { describeError, warnThrottled } from '../db/unavailable'
import { QUEUES } from './definitions'

/** Enqueues jobs; with `tx` the job is inserted inside that transaction (it exists only if it commits). */
export interface JobQueue {
  send(name: string, data: object, opts?: { tx?: Tx; singletonKey?: string; startAfter?: Date }): Promise<void>
  /** Asks this process's workers of a queue to look for work now (after a commit) instead of at their next poll. */
  wake(name: string): void
}

/** Worker ids per queue in this process, so a fresh job can wake them (no-op where none run). */
const localWorkers = new Map<string, string[]>()
export function rememberWorker(name: string, id: string) {
  localWorkers.set(name, [...(localWorkers.get(name) ?? []), id])
}

/**
 * pg-boss on the app's own database (Postgres, or PGlite through its `db` adapter). Retries and
 * expiry are set per queue on purpose rather than left at pg-boss defaults.
 */
export async function startBoss(database: Database, opts: { work: boolean }) {
  const boss = new PgBoss({ db: database.sql as PgBoss.Db, schedule: opts.work, supervise: opts.work })
  // Polling goes on while the database is away (each poll fails and is retried at the next one):
  // one line every 10 s per kind of trouble, never a crash.
  boss.on('error', (error: Error & { queue?: string }) =>
    warnThrottled('queue-error', 'queue error', { queue: error.queue, error: describeError(error) }),
  )
  await boss.start()
  // Queues are created here, inside the start-up lock: parallel createQueue calls deadlock on Postgres.
  // createQueue leaves an existing queue as it was: updateQueue brings it to the settings above. One
  // read finds the queues already as they should be (every start but the first): no writes for them.
  const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]))
  for (const queue of QUEUES) {
    const current = stored.get(queue.name)
    if (!current) await boss.createQueue(queue.name, queue)
    else if (!sameSettings(current, queue)) await boss.updateQueue(queue.name, queue)
  }
  return boss
}

const SETTINGS = ['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds', 'retentionMinutes', 'deadLetter'] as const
const UNSET: Partial<Record<(typeof SETTINGS)[number], unknown>> = { policy: 'standard' }

/** A stored queue with every setting ours gives (an unset one counted as pg-boss stores it: any difference updates). */
function sameSettings(stored: PgBoss.QueueResult, ours: PgBoss.Queue): boolean {
  return SETTINGS.every((key) => (ours[key] ?? UNSET[key] ?? null) === (stored[key] ?? null))
}

export function queueOf(boss: PgBoss): JobQueue {
  return {
    async send(name, data, opts = {}) {
      const id = await boss.send(name, data, {
        ...(opts.tx ? { db: txExecutor(opts.tx) as PgBoss.Db } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      })
      if (!id && !opts.singletonKey) throw new Error(`Job ${name} was not queued`)
    },
    wake(name) {
      for (const id of localWorkers.get(name) ?? []) boss.notifyWorker(id)
    },
  }
}
