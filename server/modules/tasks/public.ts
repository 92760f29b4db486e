import { and, eq, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { experiments, pageVersions, tasks, users } from '../../db/schema'
import { isSessionId } from '../../domain/ids'
import type { Page } from '../../domain/page/schema'
import { isMarketplace, shopperPage, withOwnerDefaults } from '../../domain/page/shopper'
import { notFound } from '../../http/http-error'
import { readSharedRow, SHARED_PAGE_COLUMNS, sharedConditionSince, takeHandedOverRow } from './shared-row'
import { hideWindowStart } from './visibility-sql'

/**
 * What the public may see: finished, public pages — a free owner's only once the hide window has
 * passed (the same rule the owner sees).
 */
export function sharedCondition(deps: ApiDeps) {
  return sharedConditionSince(hideWindowStart(deps.clock(), deps.env.HIDE_WINDOW_MINUTES))
}

/**
 * The shared page as shoppers see it; `challenger`: the version a running experiment tests against
 * the live one (the live page when none runs). The live page is the row the version lookup just read
 * when there is one (shared-row.ts), else one read of the columns it needs.
 */
export async function sharedPage(deps: ApiDeps, sessionId: string, variant?: 'control' | 'challenger') {
  if (!isSessionId(sessionId)) throw notFound('This page is not shared.')
  const id = sessionId.toLowerCase()
  const row =
    variant === 'challenger' ? await readWithChallenger(deps, id) : (takeHandedOverRow(deps, id) ?? (await readSharedRow(deps, id)))
  if (!row?.page) throw notFound('This page is not shared.')
  // Shoppers get the published form: the owner's price and buy target, no supplier identity.
  const facts = row.facts ?? null
  // An experiment compares what the two pages say; the owner's terms (price, where Buy leads, their
  // guarantee) are the live page's: a challenger saved before the page was published into a store
  // would otherwise send its shoppers to the old buy link.
  const challenger = 'challenger' in row ? row.challenger : null
  const shown = challenger ? { ...challenger, owner: row.page.owner } : row.page
  const page = shopperPage(withOwnerDefaults(shown, facts), { fromMarketplace: !facts || isMarketplace(facts.source.platform) })
  const hero = page.sections.find((s) => s.type === 'hero')
  return {
    session_id: row.sessionId,
    title: hero?.heading || page.sections[0].heading || row.title,
    page,
    completed_at: row.completedAt?.toISOString() ?? null,
  }
}

/** The page's columns and the challenger's page of its running experiment (null when none runs). */
async function readWithChallenger(deps: ApiDeps, sessionId: string) {
  const challenger = deps.database.db
    .select({ page: pageVersions.page })
    .from(experiments)
    .innerJoin(pageVersions, and(eq(pageVersions.taskId, experiments.taskId), eq(pageVersions.version, experiments.challengerVersion)))
    .where(and(eq(experiments.taskId, tasks.id), eq(experiments.status, 'running')))
  const [row] = await deps.database.db
    .select({ ...SHARED_PAGE_COLUMNS, challenger: sql<Page | null>`(${challenger})` })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(and(eq(tasks.sessionId, sessionId), sharedCondition(deps)))
  return row ?? null
}
