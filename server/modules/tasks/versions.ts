import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { pageVersions, tasks } from '../../db/schema'
import type { Page } from '../../domain/page/schema'
import { VERSION_LIST_MAX, type PageVersionKind } from '../../domain/page/versions'
import type { JobQueue } from '../../jobs/queue'
import { endRunningExperiments } from '../running-experiments'
import type { TaskRow } from './serialize'

/**
 * `last_version + 1`, computed by the database in the UPDATE that takes it, so concurrent savers
 * cannot both take one number (the live version and variants share the numbering).
 */
const sqlNextVersion = () => sql`${tasks.lastVersion} + 1`

export interface SaveVersion {
  page: Page
  kind: PageVersionKind
  now: Date
  /** Save only if the task is still at this version (an editor's base); otherwise nothing is written. */
  baseVersion?: number
  restoredFrom?: number
  /** More columns of the task to set in the same statement (the job's status, note …). */
  set?: Partial<typeof tasks.$inferInsert>
  /** More conditions the task must meet (the job: not finished yet). */
  where?: SQL
}

/**
 * Versions that change only where the buy button leads (a publish points it at the store's product),
 * not what the page says: the experiment comparing what pages say goes on.
 */
const KEEPS_EXPERIMENT: ReadonlySet<PageVersionKind> = new Set(['published'])

/**
 * Makes `page` the task's newest version: one conditional UPDATE bumps `page_version` (so two
 * savers can never both win from the same base) and the version row is written beside it. Run it
 * inside a transaction. Null when the condition failed (a stale base, a finished job).
 * The live version is an experiment's control: a new one ends the running experiment (page_changed),
 * which would otherwise compare a page that changed under it (its stores are told through `queue`).
 */
export async function savePageVersion(deps: { queue: JobQueue }, tx: Tx, taskId: number, v: SaveVersion): Promise<TaskRow | null> {
  const conditions = [eq(tasks.id, taskId)]
  if (v.baseVersion !== undefined) conditions.push(eq(tasks.pageVersion, v.baseVersion))
  if (v.where) conditions.push(v.where)
  const [row] = await tx
    .update(tasks)
    .set({ ...v.set, page: v.page, pageVersion: sqlNextVersion(), lastVersion: sqlNextVersion(), updatedAt: v.now })
    .where(and(...conditions))
    .returning()
  if (!row) return null
  await tx.insert(pageVersions).values({
    taskId,
    version: row.pageVersion,
    kind: v.kind,
    page: v.page,
    restoredFrom: v.restoredFrom ?? null,
    createdAt: v.now,
  })
  if (!KEEPS_EXPERIMENT.has(v.kind)) await endRunningExperiments(deps.queue, tx, { taskId }, 'page_changed', v.now)
  return row
}

/**
 * Saves `page` as a new version that is not live (a variant to test against the live one): the
 * shared page, the store and a running experiment are untouched. Null when the task is gone.
 */
export async function saveVariantVersion(tx: Tx, taskId: number, page: Page, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(tasks)
    .set({ lastVersion: sqlNextVersion() })
    .where(eq(tasks.id, taskId))
    .returning({ version: tasks.lastVersion })
  if (!row) return null
  await tx.insert(pageVersions).values({ taskId, version: row.version, kind: 'variant', page, createdAt: now })
  return row.version
}

export async function listVersions(db: DbOrTx, taskId: number) {
  return db
    .select({
      version: pageVersions.version,
      kind: pageVersions.kind,
      restoredFrom: pageVersions.restoredFrom,
      createdAt: pageVersions.createdAt,
    })
    .from(pageVersions)
    .where(eq(pageVersions.taskId, taskId))
    .orderBy(desc(pageVersions.version))
    .limit(VERSION_LIST_MAX)
}

export async function findVersion(db: DbOrTx, taskId: number, version: number) {
  const [row] = await db
    .select()
    .from(pageVersions)
    .where(and(eq(pageVersions.taskId, taskId), eq(pageVersions.version, version)))
  return row ?? null
}
