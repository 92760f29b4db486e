import { and, isNotNull, sql, type SQL } from 'drizzle-orm'
import { tasks, users } from '../../db/schema'
import { shareDecision } from '../../domain/entitlements'
import { ROLES } from '../../domain/user'

/** The roles that may share (entitlements' shareDecision), as a literal list for SQL. */
const SHARING_ROLES = ROLES.filter((role) => shareDecision({ role }).allowed)

/**
 * The SQL twin of `listedInGallery` (server/domain/entitlements.ts) for a query joined with the
 * owner (`users`): the owner chose "Show in the gallery" and may share. The caller adds what makes
 * a page shareable at all (`sharedCondition`). Kept equal to the domain rule by gallery-sql.test.ts.
 */
export function galleryChosenSql(): SQL {
  return and(
    isNotNull(tasks.galleryAt),
    sql`${users.role} IN (${sql.join(
      SHARING_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})`,
  )!
}
