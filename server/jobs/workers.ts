import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { QUEUES } from './definitions'
import { registerGenerate } from './generate'
import { registerHousekeeping } from './housekeeping'
import { trackJobs } from './orphans'
import { registerShopify } from './shopify'

/**
 * Starts the consumers of every queue (worker and `all` modes). Jobs left running by a process
 * that died are run again (jobs/orphans.ts). Returns what stops the tracking.
 */
export async function startWorkers(boss: PgBoss, deps: ApiDeps) {
  const tracker = await trackJobs(
    boss,
    deps.database,
    QUEUES.map((q) => q.name),
  )
  await registerHousekeeping(boss, deps)
  await registerGenerate(boss, deps)
  await registerShopify(boss, deps)
  return { stop: () => tracker.stop() }
}
