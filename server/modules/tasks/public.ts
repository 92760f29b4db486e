import { and, eq, not, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { experiments, pageVersions, tasks, users } from '../../db/schema'
import { isSessionId } from '../../domain/ids'
import type { Page } from '../../domain/page/schema'
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

/**
 * The shared page as shoppers see it; `challenger`: the version a running experiment tests against
 * the live one (the live page when none runs).
 */
export async function sharedPage(deps: ApiDeps, sessionId: string, variant?: 'control' | 'challenger') {
  if (!isSessionId(sessionId)) throw notFound('This page is not shared.')
  const challenger =
    variant === 'challenger'
      ? deps.database.db
          .select({ page: pageVersions.page })
          .from(experiments)
          .innerJoin(
            pageVersions,
            and(eq(pageVersions.taskId, experiments.taskId), eq(pageVersions.version, experiments.challengerVersion)),
          )
          .where(and(eq(experiments.taskId, tasks.id), eq(experiments.status, 'running')))
      : null
  const [row] = await deps.database.db
    .select({ task: tasks, ...(challenger ? { challenger: sql<Page | null>`(${challenger})` } : {}) })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.sessionId, sessionId.toLowerCase()), sharedCondition(deps)))
  if (!row || !row.task.page) throw notFound('This page is not shared.')
  // Shoppers get the published form: the owner's price and buy target, no supplier identity.
  const facts = row.task.facts ?? null
  const shown = ('challenger' in row && row.challenger) || row.task.page
  const page = shopperPage(withOwnerDefaults(shown, facts), { fromMarketplace: !facts || isMarketplace(facts.source.platform) })
  const hero = page.sections.find((s) => s.type === 'hero')
  return {
    session_id: row.task.sessionId,
    title: hero?.heading || page.sections[0].heading || row.task.title,
    page,
    completed_at: row.task.completedAt?.toISOString() ?? null,
  }
}
