import { and, eq, not, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { tasks, users } from '../../db/schema'
import { isSessionId } from '../../domain/ids'
import { isMarketplace, shopperPage, withOwnerDefaults } from '../../domain/page/shopper'
import { TASK_STATUS } from '../../domain/task-status'
import { notFound } from '../../http/http-error'
import { hiddenTaskSql } from './visibility-sql'

/**
 * What the public may see: finished, public pages — a free owner's only once the hide window has
 * passed (the same rule the owner sees).
 */
export function sharedCondition(deps: ApiDeps) {
  return and(
    eq(tasks.status, TASK_STATUS.completed),
    eq(tasks.isPublic, true),
    not(hiddenTaskSql(sql`${users.role}`, deps.clock(), deps.env.HIDE_WINDOW_MINUTES)),
  )
}

export async function sharedPage(deps: ApiDeps, sessionId: string) {
  if (!isSessionId(sessionId)) throw notFound('This page is not shared.')
  const [row] = await deps.database.db
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.sessionId, sessionId.toLowerCase()), sharedCondition(deps)))
  if (!row || !row.task.page) throw notFound('This page is not shared.')
  // Shoppers get the published form: the owner's price and buy target, no supplier identity.
  const facts = row.task.facts ?? null
  const page = shopperPage(withOwnerDefaults(row.task.page, facts), { fromMarketplace: !facts || isMarketplace(facts.source.platform) })
  const hero = page.sections.find((s) => s.type === 'hero')
  return {
    session_id: row.task.sessionId,
    title: hero?.heading || page.sections[0].heading || row.task.title,
    page,
    completed_at: row.task.completedAt?.toISOString() ?? null,
  }
}
