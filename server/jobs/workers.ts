import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { registerGenerate } from './generate'
import { registerHousekeeping } from './housekeeping'
import { registerShopify } from './shopify'

/** Starts the consumers of every queue (worker and `all` modes). */
export async function startWorkers(boss: PgBoss, deps: ApiDeps) {
  await registerHousekeeping(boss, deps)
  await registerGenerate(boss, deps)
  await registerShopify(boss, deps)
}
