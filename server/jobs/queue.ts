import PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { log } from '../log'
import { registerHousekeeping } from './housekeeping'

/**
 * pg-boss on the app's own database (Postgres, or PGlite through its `db` adapter). Retries and
 * expiry are set per queue on purpose rather than left at pg-boss defaults.
 */
export async function startQueue(deps: ApiDeps, opts: { work: boolean }) {
  const boss = new PgBoss({
    db: deps.database.sql as PgBoss.Db,
    schedule: opts.work,
    supervise: opts.work,
  })
  boss.on('error', (error) => log.error('queue error', { error: String(error) }))
  await boss.start()
  if (opts.work) await registerHousekeeping(boss, deps)
  return boss
}
