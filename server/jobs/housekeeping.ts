import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { log } from '../log'
import { deleteExpiredCredentials } from '../modules/auth/service'

export const HOUSEKEEPING = 'housekeeping'
export const HOUSEKEEPING_QUEUE_OPTIONS = { name: HOUSEKEEPING, retryLimit: 1, expireInSeconds: 300, policy: 'singleton' } satisfies PgBoss.Queue

/** Hourly: forget login codes and sessions that can no longer be used. */
export async function registerHousekeeping(boss: PgBoss, deps: ApiDeps) {
  await boss.work(HOUSEKEEPING, async () => {
    await deleteExpiredCredentials(deps)
    log.info('housekeeping done')
  })
  await boss.schedule(HOUSEKEEPING, '17 * * * *')
}
