import { isDeepStrictEqual } from 'node:util'
import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { Tx } from '../../db/client'
import { experiments, pageVersions, tasks } from '../../db/schema'
import { experimentDecision } from '../../domain/entitlements'
import type { Page } from '../../domain/page/schema'
import { angleRefusal, pageVariant, type VariantAngle } from '../../domain/page/variants'
import { TASK_STATUS } from '../../domain/task-status'
import { assertAllowed } from '../../http/allowed'
import { badRequest, HttpError, notFound } from '../../http/http-error'
import { accountOf } from '../accounts'
import { forgetVisitors, queueChallengerSync, touchTask } from '../running-experiments'
import { republishLive } from '../shopify'
import { findOwnTask, findOwnTaskId, savePageVersion, saveVariantVersion, type TaskRow } from '../tasks'
import type { UserRow } from '../users'
import { experimentViews, type ExperimentRow } from './view'

const NO_EXPERIMENT = 'There is no such experiment on this page.'

async function ownPage(deps: ApiDeps, user: UserRow, key: string): Promise<TaskRow> {
  const task = await findOwnTask(deps, user, key)
  if (task.status !== TASK_STATUS.completed || !task.page) throw new HttpError(409, 'Only a finished page can have experiments.')
  return task
}

/** What a shopper of the variant sees, less the owner's terms (the live page's for both). */
const showsTheSame = (a: Page, b: Page) => isDeepStrictEqual({ ...a, owner: null }, { ...b, owner: null })

async function viewOf(deps: ApiDeps, row: ExperimentRow) {
  return (await experimentViews(deps, [row]))[0]
}

/** Starts the live version against `challengerVersion`; one running experiment per page (the partial unique index). */
export async function startExperiment(deps: ApiDeps, user: UserRow, key: string, input: { challenger_version: number; split: number }) {
  assertAllowed(user, experimentDecision(accountOf(user)))
  const task = await ownPage(deps, user, key)
  const now = deps.clock()
  const row = await deps.database.db.transaction(async (tx) => {
    const [live] = await tx.select({ version: tasks.pageVersion, page: tasks.page }).from(tasks).where(eq(tasks.id, task.id)).for('update')
    if (input.challenger_version === live.version)
      throw badRequest('The challenger must be another version than the live one.', { field: 'challenger_version' })
    const [exists] = await tx
      .select({ version: pageVersions.version, page: pageVersions.page })
      .from(pageVersions)
      .where(and(eq(pageVersions.taskId, task.id), eq(pageVersions.version, input.challenger_version)))
    if (!exists) throw badRequest(`This page has no version ${input.challenger_version}.`, { field: 'challenger_version' })
    // Both variants show the live page's terms (tasks/public.ts): a version that differs only in them
    // (the one saved before publishing pointed Buy at the store) would test a page against itself.
    if (live.page && showsTheSame(exists.page, live.page))
      throw badRequest(
        `Version ${input.challenger_version} shows shoppers the same page as the live one (it differs at most in your price or where Buy leads). Choose another version, or make a variant.`,
        { field: 'challenger_version' },
      )
    const [saved] = await tx
      .insert(experiments)
      .values({
        taskId: task.id,
        controlVersion: live.version,
        challengerVersion: input.challenger_version,
        split: input.split,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    if (!saved) return null
    await touchTask(tx, task.id)
    // Stores the page is published in get the challenger beside it (a job per store).
    return { saved, stores: await queueChallengerSync(deps.queue, tx, task.id) }
  })
  if (!row) throw new HttpError(409, 'An experiment is already running on this page. Stop it first.')
  row.stores.wake()
  return viewOf(deps, row.saved)
}

export async function listExperiments(deps: ApiDeps, user: UserRow, key: string) {
  const taskId = await findOwnTaskId(deps, user, key)
  const rows = await deps.database.db.select().from(experiments).where(eq(experiments.taskId, taskId)).orderBy(desc(experiments.id))
  return { items: await experimentViews(deps, rows) }
}

/** The running experiment, or null. */
export async function runningExperiment(deps: ApiDeps, taskId: number) {
  const [row] = await deps.database.db
    .select()
    .from(experiments)
    .where(and(eq(experiments.taskId, taskId), eq(experiments.status, 'running')))
  return row ? viewOf(deps, row) : null
}

export async function currentExperiment(deps: ApiDeps, user: UserRow, key: string) {
  const task = await findOwnTask(deps, user, key)
  const found = await runningExperiment(deps, task.id)
  if (!found) throw notFound('No experiment is running on this page.')
  return found
}

/** The newest experiment of a page (running or the last one), for the analytics. */
export async function lastExperiment(deps: ApiDeps, taskId: number) {
  const [row] = await deps.database.db
    .select()
    .from(experiments)
    .where(eq(experiments.taskId, taskId))
    .orderBy(desc(experiments.id))
    .limit(1)
  return row ? viewOf(deps, row) : null
}

async function lockOwn(tx: Tx, taskId: number, id: number) {
  const [row] = await tx
    .select()
    .from(experiments)
    .where(and(eq(experiments.id, id), eq(experiments.taskId, taskId)))
    .for('update')
  if (!row) throw notFound(NO_EXPERIMENT)
  return row
}

export async function stopExperiment(deps: ApiDeps, user: UserRow, key: string, id: number) {
  assertAllowed(user, experimentDecision(accountOf(user)))
  const task = await findOwnTask(deps, user, key)
  const row = await deps.database.db.transaction(async (tx) => {
    const found = await lockOwn(tx, task.id, id)
    if (found.status !== 'running') throw new HttpError(409, 'This experiment is not running.')
    const [stopped] = await tx
      .update(experiments)
      .set({ status: 'stopped', stoppedAt: deps.clock(), stopReason: 'owner' })
      .where(eq(experiments.id, id))
      .returning()
    await forgetVisitors(tx, id)
    await touchTask(tx, task.id)
    // The challenger leaves the stores the page is in.
    return { stopped, stores: await queueChallengerSync(deps.queue, tx, task.id) }
  })
  row.stores.wake()
  return viewOf(deps, row.stopped)
}

/**
 * The challenger becomes the live version: saved as the page's newest version (a restore of it),
 * the experiment ends, and every store where the page is published gets it through a re-publish.
 */
export async function promoteExperiment(deps: ApiDeps, user: UserRow, key: string, id: number) {
  assertAllowed(user, experimentDecision(accountOf(user)))
  const task = await ownPage(deps, user, key)
  const now = deps.clock()
  const { row, version, republish } = await deps.database.db.transaction(async (tx) => {
    const found = await lockOwn(tx, task.id, id)
    if (found.status === 'promoted') throw new HttpError(409, 'This experiment was promoted already.')
    const [challenger] = await tx
      .select({ page: pageVersions.page })
      .from(pageVersions)
      .where(and(eq(pageVersions.taskId, task.id), eq(pageVersions.version, found.challengerVersion)))
    if (!challenger) throw new HttpError(409, 'The challenger version no longer exists.')
    const saved = await savePageVersion(deps, tx, task.id, {
      page: challenger.page,
      kind: 'restore',
      restoredFrom: found.challengerVersion,
      now,
    })
    if (!saved) throw notFound('There is no page with this id.')
    const [promoted] = await tx
      .update(experiments)
      .set({ status: 'promoted', stoppedAt: found.stoppedAt ?? now, promotedAt: now, stopReason: null })
      .where(and(eq(experiments.id, id), inArray(experiments.status, ['running', 'stopped'])))
      .returning()
    await forgetVisitors(tx, id)
    return { row: promoted, version: saved.pageVersion, republish: await republishLive(deps, tx, task.id, saved.pageVersion, now) }
  })
  republish.wake()
  return { ...(await viewOf(deps, row)), page_version: version, stores_republished: republish.count }
}

/**
 * "Regenerate as a variant": the live page with its sections in the angle's order, saved as a version
 * that is not live (server/domain/page/variants.ts). Made from the live page as it is in the
 * transaction, so an edit saved meanwhile is the one the variant follows.
 */
export async function makeVariant(deps: ApiDeps, user: UserRow, key: string, input: { angle: VariantAngle }) {
  assertAllowed(user, experimentDecision(accountOf(user)))
  const task = await ownPage(deps, user, key)
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    const [live] = await tx.select({ page: tasks.page, version: tasks.pageVersion }).from(tasks).where(eq(tasks.id, task.id)).for('update')
    const variant = live?.page ? pageVariant(live.page, input.angle) : null
    if (!variant) throw badRequest(angleRefusal(input.angle), { field: 'angle' })
    // The same variant of the same live page asked for again (a double click, a retried request):
    // the one already saved, not a copy of it in the version list.
    const since = await tx
      .select({ version: pageVersions.version, page: pageVersions.page })
      .from(pageVersions)
      .where(and(eq(pageVersions.taskId, task.id), eq(pageVersions.kind, 'variant'), gt(pageVersions.version, live.version)))
    const same = since.find((v) => isDeepStrictEqual(v.page, JSON.parse(JSON.stringify(variant))))
    const version = same ? same.version : await saveVariantVersion(tx, task.id, variant, now)
    if (version === null) throw notFound('There is no page with this id.')
    return { version, angle: input.angle, sections: variant.sections.filter((s) => !s.hidden).map((s) => s.type) }
  })
}
