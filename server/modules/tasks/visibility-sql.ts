import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import { tasks } from '../../db/schema'
import { TASK_STATUS } from '../../domain/task-status'
import { isFree, type Role } from '../../domain/user'

/**
 * The SQL twin of `taskHiddenUntil` (server/domain/visibility.ts), for list and share queries that
 * must filter in the database: true while a free owner's finished page is inside the hide window.
 * `role` is the owner's role when known, or the users.role column in a join. Kept equal to the
 * domain rule by visibility-sql.test.ts.
 */
export function hiddenTaskSql(role: Role | SQL, now: Date, windowMinutes: number): SQL {
  return hiddenSinceSql(role, hideWindowStart(now, windowMinutes))
}

/** When the hide window of a page finished `now` would have started (ISO time). */
export const hideWindowStart = (now: Date, windowMinutes: number) => new Date(now.getTime() - windowMinutes * 60_000).toISOString()

/**
 * The rule itself, with the window's start given: a time, or a placeholder filled in on each run of
 * a query prepared once (server/modules/tasks/shared-row.ts).
 */
export function hiddenSinceSql(role: Role | SQL, windowStart: string | Placeholder): SQL {
  const free = typeof role === 'string' ? sql.raw(isFree(role) ? 'true' : 'false') : sql`${role} = ${'free' satisfies Role}`
  return sql`(${free} AND ${tasks.status} = ${TASK_STATUS.completed} AND ${tasks.createdAt} > ${windowStart})`
}
