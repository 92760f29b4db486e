import { and, eq, not, sql, type Placeholder } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { ApiDeps } from '../../context'
import type { Database } from '../../db/client'
import { plannedQuery, type PlannedQuery } from '../../db/planned'
import { experiments, tasks, users } from '../../db/schema'
import { versionWithExperiment } from '../../domain/experiments/shopper'
import type { OwnerDefaultsFacts } from '../../domain/page/shopper'
import { TASK_STATUS } from '../../domain/task-status'
import { hiddenSinceSql, hideWindowStart } from './visibility-sql'

/**
 * What the public may see: finished, public pages — a free owner's only once the hide window has
 * passed (the same rule the owner sees). `windowStart`: the start of the hide window now.
 */
export function sharedConditionSince(windowStart: string | Placeholder) {
  return and(eq(tasks.status, TASK_STATUS.completed), eq(tasks.isPublic, true), not(hiddenSinceSql(sql`${users.role}`, windowStart)))
}

/**
 * The task columns a shared page is made of (nothing else of the row: no research, outline or source
 * text), and of the imported facts only what the owner's defaults read: an import's description,
 * reviews and images can weigh tens of kilobytes, read and parsed for nothing on every new page.
 */
export const SHARED_PAGE_COLUMNS = {
  sessionId: tasks.sessionId,
  title: tasks.title,
  completedAt: tasks.completedAt,
  facts: sql<OwnerDefaultsFacts | null>`case when ${tasks.facts} is null then null else jsonb_build_object('source', ${tasks.facts}->'source', 'price', ${tasks.facts}->'price', 'compareAtPrice', ${tasks.facts}->'compareAtPrice', 'currency', ${tasks.facts}->'currency') end`,
  page: tasks.page,
}

/** Everything a shared page needs: its columns, its version (the row's `xmin`) and the running experiment. */
const SHARED_ROW_FIELDS = {
  id: tasks.id,
  rowVersion: sql<string>`${tasks}.xmin::text`,
  experimentId: experiments.id,
  split: experiments.split,
  ...SHARED_PAGE_COLUMNS,
}

/** One read for everything a shared page needs, or nothing while it is not shared. */
function sharedRowSelect(db: Database['db']) {
  return db
    .select(SHARED_ROW_FIELDS)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .leftJoin(experiments, and(eq(experiments.taskId, tasks.id), eq(experiments.status, 'running')))
    .where(and(eq(tasks.sessionId, sql.placeholder('sessionId')), sharedConditionSince(sql.placeholder('windowStart'))))
}

export type SharedRow = Awaited<ReturnType<typeof sharedRowSelect>>[number]

/** Planned once per database: every new page's first render reads it (server/db/planned.ts). */
const planned = new WeakMap<Database['db'], PlannedQuery<SharedRow>>()

/** The shared page's row now (`sessionId` in lower case), or null while it is not shared. */
export async function readSharedRow(deps: ApiDeps, sessionId: string): Promise<SharedRow | null> {
  const { database } = deps
  let query = planned.get(database.db)
  if (!query) {
    query = plannedQuery(database, 'shared_page_row', sharedRowSelect(database.db), Object.keys(SHARED_ROW_FIELDS))
    planned.set(database.db, query)
  }
  const [row] = await query({ sessionId, windowStart: hideWindowStart(deps.clock(), deps.env.HIDE_WINDOW_MINUTES) })
  return row ?? null
}

/** The version a row is at: caches of the page key on it (server/modules/tasks/share-version.ts). */
export function sharedRowVersion(row: SharedRow): string {
  const experiment = row.experimentId !== null && row.split !== null ? { id: row.experimentId, split: row.split } : null
  return versionWithExperiment(`${row.id}.${row.rowVersion}`, experiment)
}

/**
 * Rows read to learn a page's version, kept a few seconds for the render that usually follows at
 * once (the share front asks for the version, then renders the page through the api): the page is
 * then read from the database once, not twice. Each row is taken once; a change the database
 * announces drops it (share-version.ts keeps these only while its change feed is live).
 */
const HANDOVER_MS = 5_000
const handovers = new WeakMap<Database['db'], LRUCache<string, SharedRow>>()

export function handoverRows(deps: ApiDeps): LRUCache<string, SharedRow> {
  let rows = handovers.get(deps.database.db)
  if (!rows) handovers.set(deps.database.db, (rows = new LRUCache<string, SharedRow>({ max: 1_000, ttl: HANDOVER_MS })))
  return rows
}

/** The row handed over for `sessionId` (lower case), if any, taken so that it serves one render. */
export function takeHandedOverRow(deps: ApiDeps, sessionId: string): SharedRow | undefined {
  const rows = handovers.get(deps.database.db)
  const row = rows?.get(sessionId)
  if (row) rows!.delete(sessionId)
  return row
}
