import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { ApiDeps } from '../../context'
import type { researchSchema } from '../../contract/research'
import type { Same } from '../../contract/same'
import type { Tx } from '../../db/client'
import { taskFavorites, tasks } from '../../db/schema'
import {
  galleryDecision,
  generateDecision,
  hideWindowFor,
  notEnoughCreditsText,
  privateDecision,
  sourceDecision,
  taskHiddenUntil,
  visibleAt,
} from '../../domain/entitlements'
import { isSessionId } from '../../domain/ids'
import type { Outline } from '../../domain/outline'
import type { Page } from '../../domain/page/schema'
import { publishableFacts } from '../../domain/page/shopper'
import type { ProductFacts } from '../../domain/product-facts'
import { isRunning, RUNNING_STATUSES, TASK_STATUS, type DataStatus, type TaskStatus } from '../../domain/task-status'
import { PAGE_TEMPLATES } from '../../domain/templates'
import type { Research } from '../../generation/compose/types'
import { assertAllowed } from '../../http/allowed'
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error'
import { GENERATE_QUEUE, type GenerateJob } from '../../jobs/definitions'
import { accountOf, spendForPage } from '../accounts'
import type { UserRow } from '../users'
import { conversionRates } from './page-views'
import { claimRequestKey, requestFingerprint, settleRequestKey } from './request-keys'
import { LIST_COLUMNS, toDetail, toSummary, toWaiting, type TaskRow } from './serialize'
import { savePageVersion } from './versions'
import { hiddenTaskSql } from './visibility-sql'

const STATUS = TASK_STATUS

/** The generate refusal, as the 403 it becomes: the balance, the price of a page, and what to do. */
const notEnoughCredits = (user: UserRow) => forbidden(notEnoughCreditsText(accountOf(user)), { permission: 'generate' })

export interface CreateInput {
  url?: string
  text?: string
  page_template_id?: number | null
  flow: 'direct' | 'outline'
  /** Facts known already (a synced catalogue product): the job writes the page without importing. */
  known?: { facts: ProductFacts; shopifyProductId: number }
  /** The request's Idempotency-Key: sent again, it answers the page the first made (request-keys.ts). */
  requestKey?: string
}

/**
 * Creates a task: checks the input, then in ONE transaction claims its request key, checks the
 * permissions, inserts it, takes the credits and queues its job. Any failure leaves nothing behind;
 * a repeat of a request (same key) answers the first's page and takes nothing.
 */
export async function createTask(deps: ApiDeps, user: UserRow, input: CreateInput) {
  let url: string | null = null
  if (input.known) {
    // The owner's own catalogue: no link to check, and no marketplace rule to apply.
    url = input.known.facts.source.url
  } else if (input.url !== undefined) {
    const checked = deps.products.check(input.url)
    if (!checked.ok) throw badRequest(`url: ${checked.reason}`, { field: 'url' })
    url = checked.url.toString()
  }
  if (input.page_template_id != null && !PAGE_TEMPLATES.some((t) => t.id === input.page_template_id)) {
    throw badRequest('page_template_id: There is no template with this id.', { field: 'page_template_id' })
  }
  const { requestKey } = input
  const fingerprint = requestFingerprint({
    make: input.flow,
    url,
    text: input.text ?? null,
    product: input.known?.shopifyProductId ?? null,
    template: input.page_template_id ?? null,
  })
  const now = deps.clock()
  const { row, replayed } = await deps.database.db.transaction(async (tx) => {
    // Before the permissions: the first request's spending must not refuse its own repeat.
    const first = requestKey ? await claimRequestKey(tx, user.id, requestKey, fingerprint, now) : null
    if (first) return { row: first, replayed: true }
    assertAllowed(user, generateDecision(accountOf(user)))
    if (!input.known && url !== null) assertAllowed(user, sourceDecision(accountOf(user), { url }))
    const [task] = await tx
      .insert(tasks)
      .values({
        sessionId: randomUUID(),
        userId: user.id,
        url,
        sourceText: input.text ?? null,
        pageTemplateId: input.page_template_id ?? null,
        flow: input.flow,
        ...(input.known
          ? {
              facts: input.known.facts,
              shopifyProductId: input.known.shopifyProductId,
              title: input.known.facts.title,
              image: input.known.facts.images[0] ?? null,
              platform: input.known.facts.source.platform,
            }
          : {}),
        status: STATUS.queued,
        step: 'Waiting to start',
        // Free users' pages are always public (reference §6.8); Pro users start public and may switch.
        isPublic: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if ((await spendForPage(tx, user.id, task.id, now)) === null) throw notEnoughCredits(user)
    await enqueue(deps, tx, { taskId: task.id, phase: 'start' })
    if (requestKey) await settleRequestKey(tx, user.id, requestKey, task.id)
    return { row: task, replayed: false }
  })
  if (!replayed) deps.queue.wake(GENERATE_QUEUE)
  return replayed ? taskDetail(deps, user, row) : toDetail(row, false, null)
}

async function enqueue(deps: ApiDeps, tx: Tx, job: GenerateJob) {
  await deps.queue.send(GENERATE_QUEUE, job, { tx })
}

/** Which of the user's tasks a key names: by session id (uuid) or numeric id; any other key is a 404. */
function ownTaskWhere(user: UserRow, key: string): SQL | undefined {
  const where: SQL | undefined = /^\d{1,9}$/.test(key)
    ? eq(tasks.id, Number(key))
    : isSessionId(key)
      ? eq(tasks.sessionId, key.toLowerCase())
      : undefined
  if (!where) throw notFound('There is no page with this id.')
  return and(where, eq(tasks.userId, user.id))
}

/** The owner's task by session id (uuid) or numeric id; anyone else's is a 404. */
export async function findOwnTask(deps: ApiDeps, user: UserRow, key: string): Promise<TaskRow> {
  const [row] = await deps.database.db.select().from(tasks).where(ownTaskWhere(user, key))
  if (!row) throw notFound('There is no page with this id.')
  return row
}

/**
 * The owner's task's id alone, for reads that need only which page it is (its experiments, its
 * shoppers): the row's page, facts and research stay unread, a fifth of the time of the whole row.
 */
export async function findOwnTaskId(deps: ApiDeps, user: UserRow, key: string): Promise<number> {
  const [row] = await deps.database.db.select({ id: tasks.id }).from(tasks).where(ownTaskWhere(user, key))
  if (!row) throw notFound('There is no page with this id.')
  return row.id
}

async function isFavorite(deps: ApiDeps, userId: number, taskId: number) {
  const [f] = await deps.database.db
    .select({ taskId: taskFavorites.taskId })
    .from(taskFavorites)
    .where(and(eq(taskFavorites.userId, userId), eq(taskFavorites.taskId, taskId)))
  return !!f
}

/** Detail for the owner; a free user's finished page is withheld until the hide window passes. */
export async function taskDetail(deps: ApiDeps, user: UserRow, row: TaskRow) {
  const hidden = taskHiddenUntil(user.role, row, deps.clock(), deps.env.HIDE_WINDOW_MINUTES)
  return toDetail(row, await isFavorite(deps, user.id, row.id), hidden)
}

export interface ListQuery {
  statuses: TaskStatus[] | 'all'
  dataStatus: DataStatus
  page: number
  pageSize: number
  favoritesOnly?: boolean
}

/** The owner's tasks, newest first, with the free-user hide window applied to finished ones. */
export async function listTasks(deps: ApiDeps, user: UserRow, q: ListQuery) {
  const now = deps.clock()
  const conditions: SQL[] = [eq(tasks.userId, user.id), eq(tasks.dataStatus, q.dataStatus)]
  if (q.statuses !== 'all') conditions.push(inArray(tasks.status, q.statuses))
  const { db } = deps.database
  const favJoin = and(eq(taskFavorites.taskId, tasks.id), eq(taskFavorites.userId, user.id))
  if (q.favoritesOnly) conditions.push(sql`${taskFavorites.taskId} IS NOT NULL`)
  const windowMinutes = deps.env.HIDE_WINDOW_MINUTES
  // Only free users' pages are ever held back: everyone else's lists need no hidden-page queries.
  const mayHide = hideWindowFor(user.role, windowMinutes) > 0
  const hiddenCond = hiddenTaskSql(user.role, now, windowMinutes)
  const visibleWhere = mayHide ? and(...conditions, sql`NOT ${hiddenCond}`) : and(...conditions)
  const hiddenWhere = and(...conditions, hiddenCond)
  // The list's columns only (never the page, facts or outline), with whether this user favourited
  // each task and, through a window function, the total without a second query.
  const listed = (where: SQL | undefined) =>
    db
      .select({ task: LIST_COLUMNS, fav: taskFavorites.taskId, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(tasks)
      .leftJoin(taskFavorites, favJoin)
      .where(where)
  const [rows, [hidden], waitingRows] = await Promise.all([
    listed(visibleWhere)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    mayHide
      ? db
          .select({ count: sql<number>`count(*)::int`, first: sql<string | null>`min(${tasks.createdAt})` })
          .from(tasks)
          .leftJoin(taskFavorites, favJoin)
          .where(hiddenWhere)
      : [undefined],
    // The hidden pages themselves, without their content, so a list can say they are on their way.
    mayHide && q.page === 1 ? listed(hiddenWhere).orderBy(asc(tasks.createdAt), asc(tasks.id)).limit(q.pageSize) : [],
  ])
  // A page past the end has no rows to carry the total: count on its own then.
  const total =
    rows[0]?.total ??
    (q.page > 1
      ? (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(tasks)
            .leftJoin(taskFavorites, favJoin)
            .where(visibleWhere)
        )[0].n
      : 0)
  const firstHidden = hidden?.first ? new Date(hidden.first) : null
  const rates = await conversionRates(
    db,
    rows.map((r) => r.task.id),
    now,
  )
  return {
    items: rows.map((r) => ({ ...toSummary(r.task, r.fav !== null), conversion_rate: rates.get(r.task.id) ?? null })),
    waiting: waitingRows.map((r) => toWaiting(r.task, r.fav !== null, visibleAt(r.task.createdAt, windowMinutes))),
    total,
    page: q.page,
    page_size: q.pageSize,
    hidden: {
      count: hidden?.count ?? 0,
      next_ready_at: firstHidden ? visibleAt(firstHidden, windowMinutes).toISOString() : null,
    },
  }
}

export interface TaskPatch {
  data_status?: DataStatus
  is_public?: boolean
  /** Show the page in the public gallery (/trending), or take it out. */
  in_gallery?: boolean
}

export async function updateTask(deps: ApiDeps, user: UserRow, key: string, patch: TaskPatch) {
  const row = await findOwnTask(deps, user, key)
  if (patch.is_public === false) assertAllowed(user, privateDecision(accountOf(user)))
  if (patch.in_gallery === true) assertAllowed(user, galleryDecision(accountOf(user)))
  const now = deps.clock()
  const [updated] = await deps.database.db
    .update(tasks)
    .set({
      ...(patch.data_status !== undefined ? { dataStatus: patch.data_status } : {}),
      ...(patch.is_public !== undefined ? { isPublic: patch.is_public } : {}),
      // The first choice's time is kept: choosing again does not move the page in "newest".
      ...(patch.in_gallery !== undefined ? { galleryAt: patch.in_gallery ? (row.galleryAt ?? now) : null } : {}),
      updatedAt: now,
    })
    .where(eq(tasks.id, row.id))
    .returning()
  return taskDetail(deps, user, updated)
}

export async function updateOutline(deps: ApiDeps, user: UserRow, key: string, outline: Outline) {
  const row = await findOwnTask(deps, user, key)
  if (row.status !== STATUS.outlineReady) throw new HttpError(409, 'The outline can only be changed before the page is written.')
  const [updated] = await deps.database.db.update(tasks).set({ outline, updatedAt: deps.clock() }).where(eq(tasks.id, row.id)).returning()
  return taskDetail(deps, user, updated)
}

/** Outline approved: write the page (already paid for at creation). */
export async function continueTask(deps: ApiDeps, user: UserRow, key: string) {
  const row = await findOwnTask(deps, user, key)
  if (row.status !== STATUS.outlineReady) throw new HttpError(409, 'This page is not waiting for its outline.')
  const updated = await deps.database.db.transaction(async (tx) => {
    const [t] = await tx
      .update(tasks)
      .set({ status: STATUS.generating, step: 'Writing the page', updatedAt: deps.clock() })
      .where(and(eq(tasks.id, row.id), eq(tasks.status, STATUS.outlineReady)))
      .returning()
    if (!t) throw new HttpError(409, 'This page is not waiting for its outline.')
    await enqueue(deps, tx, { taskId: t.id, phase: 'compose' })
    return t
  })
  deps.queue.wake(GENERATE_QUEUE)
  return taskDetail(deps, user, updated)
}

/**
 * Writes the page again from the same facts and outline: a new generation, paid like the first.
 * The page is taken from finished to running by one conditional update, so two requests (two tabs,
 * a double click) cannot both pay; with the same request key the second answers the first.
 */
export async function regenerateTask(deps: ApiDeps, user: UserRow, key: string, requestKey?: string) {
  const row = await findOwnTask(deps, user, key)
  const now = deps.clock()
  const fingerprint = requestFingerprint({ regenerate: row.id })
  const { updated, replayed } = await deps.database.db.transaction(async (tx) => {
    const first = requestKey ? await claimRequestKey(tx, user.id, requestKey, fingerprint, now) : null
    if (first) return { updated: first, replayed: true }
    if (isRunning(row.status)) throw stillRunning()
    assertAllowed(user, generateDecision(accountOf(user)))
    const phase = row.facts && row.outline ? 'compose' : 'start'
    const [t] = await tx
      .update(tasks)
      .set({ status: phase === 'compose' ? STATUS.generating : STATUS.queued, step: 'Waiting to start', error: null, updatedAt: now })
      .where(and(eq(tasks.id, row.id), notInArray(tasks.status, [...RUNNING_STATUSES])))
      .returning()
    if (!t) throw stillRunning()
    if ((await spendForPage(tx, user.id, row.id, now)) === null) throw notEnoughCredits(user)
    await enqueue(deps, tx, { taskId: t.id, phase, regenerate: true })
    if (requestKey) await settleRequestKey(tx, user.id, requestKey, t.id)
    return { updated: t, replayed: false }
  })
  if (!replayed) deps.queue.wake(GENERATE_QUEUE)
  return taskDetail(deps, user, updated)
}

const stillRunning = () => new HttpError(409, 'This page is still being generated.')

// The research answer is documented by the contract's schema: it and the composer's type are one shape.
const _researchMatchesContract: Same<z.output<typeof researchSchema>, Research> = true

/** Re-runs the research step on the imported facts (free; it changes no page). */
export async function researchTask(deps: ApiDeps, user: UserRow, key: string) {
  const row = await findOwnTask(deps, user, key)
  if (!row.facts) throw new HttpError(409, 'The product has not been imported yet.')
  const research = await deps.composer.research(publishableFacts(row.facts))
  await deps.database.db.update(tasks).set({ research, updatedAt: deps.clock() }).where(eq(tasks.id, row.id))
  return { session_id: row.sessionId, research }
}

/** Rewrites one section of a finished page, optionally following an instruction. */
export async function researchSection(deps: ApiDeps, user: UserRow, key: string, sectionId: string, instruction?: string) {
  const row = await findOwnTask(deps, user, key)
  const page = row.page
  if (row.status !== STATUS.completed || !page || !row.facts) throw new HttpError(409, 'Only a finished page can be rewritten.')
  if (!page.sections.some((s) => s.id === sectionId)) throw notFound('There is no section with this id on the page.')
  const { section, note } = await deps.composer.rewriteSection(publishableFacts(row.facts), page, sectionId, instruction)
  const next: Page = { ...page, sections: page.sections.map((s) => (s.id === sectionId ? section : s)) }
  const updated = await deps.database.db.transaction((tx) =>
    savePageVersion(deps, tx, row.id, { page: next, kind: 'rewrite', now: deps.clock(), set: { note: note ?? row.note } }),
  )
  if (!updated) throw notFound('There is no page with this id.')
  return taskDetail(deps, user, updated)
}
