import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { deleteStaleWindows } from '../http/rate-limit'
import { log } from '../log'
import { deleteExpiredCredentials } from '../modules/auth'
import { deleteOldRequestKeys } from '../modules/tasks'
import { HOUSEKEEPING_QUEUE } from './definitions'

/** Hourly: forget login codes, sessions, rate-limit windows and request keys that can no longer be used. */
export async function registerHousekeeping(boss: PgBoss, deps: ApiDeps) {
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    await deleteExpiredCredentials(deps)
    await deleteStaleWindows(deps.database.db, deps.clock())
    await deleteOldRequestKeys(deps.database.db, deps.clock())
    log.info('housekeeping done')
  })
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 * * * *')
}
