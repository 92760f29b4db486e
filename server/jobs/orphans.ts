import type pg from 'pg'
import type PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { describeError, warnThrottled } from '../db/unavailable'
import { log } from '../log'

/**
 * Jobs whose process died (kill -9, out of memory, a lost machine) stay `active` in pg-boss until
 * their expiry (minutes) and the next maintenance pass; meanwhile the task sits at "Writing the
 * page". Here such orphans go back to their queue within seconds:
 *
 * - PGlite: one process owns the data folder (server/db/data-lock.ts), so when a worker starts,
 *   every active job was left by a process that is gone.
 * - Postgres: while a job runs, its process holds a session advisory lock named after the job on
 *   a connection of its own. Postgres drops the lock when that connection closes (the process
 *   died). A sweep every few seconds finds active jobs nobody holds; one still unheld a grace
 *   period later (so a process that is only reconnecting keeps its jobs) is failed through
 *   pg-boss, which retries it, or sends it to the queue's dead letter when no retry is left.
 *
 * Handlers are idempotent (each step saves its result and is skipped when it is there), so a job
 * that runs again finishes the task once. pg-boss's own expiry stays as the last resort.
 */
const JOB_LOCK_SPACE = 7_351_903
const SWEEP_LOCK = 7_351_904
export const SWEEP_EVERY_MS = 5_000
export const ORPHAN_GRACE_MS = 12_000
const ORPHAN_MESSAGE = { message: 'The process running this job stopped before it finished; the job runs again.' }

export interface JobTracker {
  /** Runs one batch of jobs while holding their locks. */
  run<T>(jobIds: string[], fn: () => Promise<T>): Promise<T>
  /** Returns orphaned jobs to their queues now (also done on a timer); how many. */
  sweep(): Promise<number>
  stop(): Promise<void>
}

export interface TrackOptions {
  /** How often to look for orphans (Postgres). */
  sweepEveryMs?: number
  /** How long a job must stay unheld before it counts as orphaned (Postgres). */
  graceMs?: number
}

/**
 * Starts tracking the jobs this process runs and makes `boss.work` handlers run inside `run`.
 * Call before registering workers. `queues`: the queue names to look after.
 */
export async function trackJobs(boss: PgBoss, database: Database, queues: string[], opts: TrackOptions = {}): Promise<JobTracker> {
  const tracker = database.newClient
    ? await postgresTracker(boss, database.newClient, queues, {
        sweepEveryMs: opts.sweepEveryMs ?? SWEEP_EVERY_MS,
        graceMs: opts.graceMs ?? ORPHAN_GRACE_MS,
      })
    : await pgliteTracker(boss, database, queues)
  const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>
  boss.work = ((name: string, ...args: unknown[]) => {
    const handler = args.pop() as (jobs: PgBoss.Job[]) => Promise<unknown>
    return work(name, ...args, (jobs: PgBoss.Job[]) =>
      tracker.run(
        jobs.map((j) => j.id),
        () => handler(jobs),
      ),
    )
  }) as PgBoss['work']
  return tracker
}

const activeJobsSql = `SELECT id, name, started_on::text AS started FROM pgboss.job WHERE state = 'active' AND name = ANY($1::text[])`

async function failOrphans(boss: PgBoss, jobs: { id: string; name: string }[]) {
  for (const j of jobs) await boss.fail(j.name, j.id, ORPHAN_MESSAGE)
  if (jobs.length)
    log.warn('jobs left active by a stopped or disconnected worker run again', { jobs: jobs.map((j) => `${j.name}/${j.id}`) })
}

async function pgliteTracker(boss: PgBoss, database: Database, queues: string[]): Promise<JobTracker> {
  const sweep = async () => {
    const { rows } = await database.sql.executeSql(activeJobsSql, [queues])
    await failOrphans(boss, rows as { id: string; name: string }[])
    return rows.length
  }
  // Before this process runs anything, every active job is an orphan.
  await sweep()
  return { run: (_ids, fn) => fn(), sweep: async () => 0, stop: async () => {} }
}

async function postgresTracker(
  boss: PgBoss,
  newClient: () => pg.Client,
  queues: string[],
  timing: Required<TrackOptions>,
): Promise<JobTracker> {
  const running = new Set<string>()
  let client: pg.Client | null = null
  let connecting: Promise<pg.Client> | null = null
  let stopped = false
  let sweeping = false
  /** Unheld active jobs (`id@started_on`: a job that started again is a new sighting) → when first seen so. */
  const suspects = new Map<string, number>()

  const drop = (c: pg.Client) => {
    if (client === c) client = null
    c.end().catch(() => {})
  }

  /** The lock connection, opened (again) when needed; re-takes the locks of jobs still running. */
  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client)
    connecting ??= (async () => {
      const c = newClient()
      c.on('error', (error) => {
        warnThrottled('job-locks', 'job lock connection lost', { error: describeError(error) })
        drop(c)
      })
      c.on('end', () => drop(c))
      try {
        await c.connect()
        // A process that vanishes without closing its socket is noticed by the server in about a minute.
        await c.query('SET tcp_keepalives_idle = 30; SET tcp_keepalives_interval = 10; SET tcp_keepalives_count = 3')
        if (running.size) await lock(c, [...running])
        client = c
        return c
      } catch (error) {
        drop(c)
        throw error
      } finally {
        connecting = null
      }
    })()
    return connecting
  }

  const lock = (c: pg.Client, ids: string[]) =>
    c.query('SELECT pg_try_advisory_lock($1, hashtext(id)) FROM unnest($2::text[]) AS id', [JOB_LOCK_SPACE, ids])

  const run = async <T>(ids: string[], fn: () => Promise<T>): Promise<T> => {
    for (const id of ids) running.add(id)
    try {
      await lock(await connection(), ids)
    } catch (error) {
      // The job runs anyway; the locks are taken again when the connection is back.
      warnThrottled('job-locks', 'job lock not taken', { error: describeError(error) })
    }
    try {
      return await fn()
    } finally {
      for (const id of ids) running.delete(id)
      const c = client
      if (c)
        await c.query('SELECT pg_advisory_unlock($1, hashtext(id)) FROM unnest($2::text[]) AS id', [JOB_LOCK_SPACE, ids]).catch(() => {})
    }
  }

  const sweep = async (): Promise<number> => {
    if (stopped || sweeping) return 0
    sweeping = true
    try {
      return await sweepOnce()
    } finally {
      sweeping = false
    }
  }

  const sweepOnce = async (): Promise<number> => {
    const c = await connection()
    // One sweeper at a time across all processes.
    const { rows: got } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [SWEEP_LOCK])
    if (!got[0]?.ok) return 0
    try {
      const { rows } = await c.query<{ id: string; name: string; started: string }>(
        `SELECT j.id, j.name, j.started_on::text AS started FROM pgboss.job j
          WHERE j.state = 'active' AND j.name = ANY($2::text[])
            AND NOT EXISTS (
              SELECT 1 FROM pg_locks l
               WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
                 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                 AND l.classid::bigint = $1 AND l.objid::bigint = (hashtext(j.id::text)::bigint & 4294967295))`,
        [JOB_LOCK_SPACE, queues],
      )
      const now = Date.now()
      const seen = new Set<string>()
      const orphans: typeof rows = []
      for (const job of rows) {
        const key = `${job.id}@${job.started}`
        seen.add(key)
        const since = suspects.get(key)
        if (since === undefined) suspects.set(key, now)
        else if (now - since >= timing.graceMs && !running.has(job.id)) orphans.push(job)
      }
      for (const key of suspects.keys()) if (!seen.has(key)) suspects.delete(key)
      await failOrphans(boss, orphans)
      for (const job of orphans) suspects.delete(`${job.id}@${job.started}`)
      return orphans.length
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK]).catch(() => {})
    }
  }

  const sweepLogged = () =>
    sweep().catch((error) => warnThrottled('job-sweep', 'looking for orphaned jobs failed', { error: describeError(error) }))
  const timer = setInterval(() => void sweepLogged(), timing.sweepEveryMs)
  timer.unref()
  // The first look at once: a restart after a crash finds the jobs it left.
  await sweepLogged()

  return {
    run,
    sweep,
    async stop() {
      stopped = true
      clearInterval(timer)
      const c = client
      client = null
      await c?.end().catch(() => {})
    },
  }
}
