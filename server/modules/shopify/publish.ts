import { and, desc, eq, inArray } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { NextPublish } from '../../contract/publishing'
import type { DbOrTx } from '../../db/client'
import { publications, shopifyStores, tasks } from '../../db/schema'
import { MESSAGES, productLimit, publishDecision, spendsSlot, taskHiddenUntil, type PublishFacts } from '../../domain/entitlements'
import { ownerFactsOf } from '../../domain/page/shopper'
import { TASK_STATUS } from '../../domain/task-status'
import { assertAllowed } from '../../http/allowed'
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error'
import { SHOPIFY_PUBLISH_QUEUE, type ShopifyPublishJob } from '../../jobs/definitions'
import { accountOf, lockAccount, spendSlot } from '../accounts'
import { findOwnTask, type TaskRow } from '../tasks'
import type { UserRow } from '../users'
import { publicationView } from './publication-view'
import type { PublicationRow } from './publish-page'
import { republishLesser } from './publish-theme'
import { storeView } from './store-view'
import { currentStore, findOwnStore, productCount } from './stores'

/** The job's side (kept reachable here: the entitlement tests drive it directly). */
export { runPublish } from './publish-job'

export const NO_STORE = 'Connect your Shopify store first: Pagewright publishes pages into it.'

/**
 * What the allowance rules need to know about publishing this page into this store now: whether it
 * is a re-publish, whether it would add a product, the products kept, and the hide window.
 */
async function publishFacts(
  db: DbOrTx,
  owner: Pick<UserRow, 'id' | 'role'>,
  task: TaskRow,
  existing: PublicationRow | undefined,
  now: Date,
  windowMinutes: number,
): Promise<PublishFacts> {
  const addsProduct = !task.shopifyProductId && !existing?.productGid
  return {
    alreadyPublished: !!existing && (existing.slotSpent || existing.publishedAt !== null),
    addsProduct,
    products: addsProduct && productLimit(owner) !== null ? await productCount(db, owner.id) : 0,
    hiddenUntil: taskHiddenUntil(owner.role, task, now, windowMinutes),
  }
}

/**
 * Asks for a page to be published into a store. The allowance is entitlements' publishDecision: not
 * while a free page is still hidden; a re-publish always; a first publish needs room for the product
 * it may add, then (free plan) a publish slot. Deciding, spending the slot, the publication row and
 * the job are one transaction with the account row locked, so ten parallel requests spend exactly
 * what one would.
 */
export async function requestPublish(deps: ApiDeps, user: UserRow, input: { session_id: string; store_id?: number }) {
  const task = await findOwnTask(deps, user, input.session_id)
  if (task.status !== TASK_STATUS.completed || !task.page) throw new HttpError(409, 'This page is not finished yet.')
  const store = await currentStore(deps, user, input.store_id)
  if (!store) throw new HttpError(409, NO_STORE)
  if (store.status !== 'connected') throw new HttpError(409, 'Reconnect this store on the Stores page before publishing into it.')
  const now = deps.clock()
  const windowMinutes = deps.env.HIDE_WINDOW_MINUTES
  const row = await deps.database.db.transaction(async (tx) => {
    const me = await lockAccount(tx, user.id)
    const [existing] = await tx
      .select()
      .from(publications)
      .where(and(eq(publications.taskId, task.id), eq(publications.storeId, store.id)))
      .for('update')
    if (existing?.status === 'unpublishing') throw new HttpError(409, BUSY_UNPUBLISHING)
    const facts = await publishFacts(tx, me, task, existing, now, windowMinutes)
    assertAllowed(me, publishDecision(accountOf(me), facts, windowMinutes))
    // Only once the page may go live at all: a page still hidden is refused for that, not for its price.
    if (!task.shopifyProductId && ownerFactsOf(task.page!).price === null) {
      throw badRequest('Set your selling price in the editor first: publishing creates the product in your store with your price.', {
        field: 'price',
      })
    }
    const values = { status: 'queued' as const, failureReason: null, pageVersion: task.pageVersion, requestedAt: now }
    const [saved] = existing
      ? await tx.update(publications).set(values).where(eq(publications.id, existing.id)).returning()
      : await tx
          .insert(publications)
          .values({ ...values, taskId: task.id, storeId: store.id, createdAt: now })
          .returning()
    if (spendsSlot(accountOf(me), facts.alreadyPublished) && !(await spendSlot(tx, me.id, saved.id, now))) {
      throw forbidden(MESSAGES.noSlots, { permission: 'publish' })
    }
    await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: saved.id } satisfies ShopifyPublishJob, { tx })
    return saved
  })
  deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
  return publicationView(deps, row, task, store)
}

/**
 * The answer publishDecision gives for this page in the account's current store right now, so a
 * screen shows the button or the dialog the api would (it never decides on its own).
 */
async function nextPublish(deps: ApiDeps, user: UserRow, task: TaskRow): Promise<NextPublish> {
  const store = await currentStore(deps, user)
  if (!store || !task.page || task.status !== TASK_STATUS.completed) return null
  const [existing] = await deps.database.db
    .select()
    .from(publications)
    .where(and(eq(publications.taskId, task.id), eq(publications.storeId, store.id)))
  const windowMinutes = deps.env.HIDE_WINDOW_MINUTES
  const facts = await publishFacts(deps.database.db, user, task, existing, deps.clock(), windowMinutes)
  const decision = publishDecision(accountOf(user), facts, windowMinutes)
  return decision.allowed
    ? {
        store_id: store.id,
        allowed: true,
        permission: null,
        message: null,
        spends_slot: spendsSlot(accountOf(user), facts.alreadyPublished),
      }
    : { store_id: store.id, allowed: false, permission: decision.permission, message: decision.message, spends_slot: false }
}

export async function listPublications(deps: ApiDeps, user: UserRow, key: string) {
  const task = await findOwnTask(deps, user, key)
  const next = await nextPublish(deps, user, task)
  const rows = await deps.database.db
    .select({ publication: publications, store: shopifyStores })
    .from(publications)
    .innerJoin(shopifyStores, eq(shopifyStores.id, publications.storeId))
    .where(eq(publications.taskId, task.id))
    .orderBy(desc(publications.requestedAt))
  return { items: await Promise.all(rows.map((r) => publicationView(deps, r.publication, task, r.store))), next_publish: next }
}

const BUSY_UNPUBLISHING = 'The page is being taken out of this store. Publish it again once that is done.'

/** The owner's publication by id, with its page and store (404 for anyone else's). */
async function ownPublication(deps: ApiDeps, user: UserRow, id: number) {
  const [found] = await deps.database.db
    .select({ publication: publications, task: tasks, store: shopifyStores })
    .from(publications)
    .innerJoin(tasks, eq(tasks.id, publications.taskId))
    .innerJoin(shopifyStores, eq(shopifyStores.id, publications.storeId))
    .where(and(eq(publications.id, id), eq(tasks.userId, user.id)))
  if (!found) throw notFound('There is no such publication on your account.')
  return found
}

/** Changes a publication (in its own transaction, with the job queued in it) when it is in one of `from`. */
async function requeue(deps: ApiDeps, row: PublicationRow, from: PublicationRow['status'][], set: Partial<PublicationRow>) {
  const saved = await deps.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(publications)
      .set(set)
      .where(and(eq(publications.id, row.id), inArray(publications.status, from)))
      .returning()
    if (updated && (set.status === 'queued' || set.status === 'unpublishing'))
      await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: row.id } satisfies ShopifyPublishJob, { tx })
    return updated
  })
  if (saved) deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
  return saved
}

/**
 * Unpublish (a job, like publish): the page leaves the product and the product gets back what
 * publishing replaced. Only a page in the store (or one whose publish failed half way) can be taken out.
 */
export async function requestUnpublish(deps: ApiDeps, user: UserRow, id: number) {
  const { publication, task, store } = await ownPublication(deps, user, id)
  if (store.status !== 'connected') throw new HttpError(409, 'Reconnect this store on the Stores page before changing pages in it.')
  if (publication.status === 'unpublished' || !publication.productGid) throw new HttpError(409, 'This page is not in the store.')
  const saved = await requeue(deps, publication, ['published', 'failed'], {
    status: 'unpublishing',
    failureReason: null,
    requestedAt: deps.clock(),
  })
  if (!saved) throw new HttpError(409, 'The page is being published or taken out right now. Try again when that is done.')
  return publicationView(deps, saved, task, store)
}

/**
 * The owner's consent to the description fallback for this product (or its withdrawal). It takes
 * effect by publishing again: the page becomes the description, or the merchant's own comes back.
 */
export async function setDescriptionFallback(deps: ApiDeps, user: UserRow, id: number, allowed: boolean) {
  const { publication, task, store } = await ownPublication(deps, user, id)
  if (publication.status === 'unpublishing' || publication.status === 'queued' || publication.status === 'publishing')
    throw new HttpError(409, 'The page is being published or taken out right now. Try again when that is done.')
  const consent = { descriptionAllowedAt: allowed ? deps.clock() : null }
  const live = publication.status === 'published' && store.status === 'connected'
  const saved = live
    ? await requeue(deps, publication, ['published'], { ...consent, status: 'queued', requestedAt: deps.clock() })
    : (await deps.database.db.update(publications).set(consent).where(eq(publications.id, publication.id)).returning())[0]
  if (!saved) throw new HttpError(409, 'The page is being published or taken out right now. Try again when that is done.')
  return publicationView(deps, saved, task, store)
}

/**
 * The owner says Shopify may now take Pagewright's theme files here (the exemption was granted):
 * the remembered refusal is forgotten and the store's pages not yet on the block or our template
 * are published again.
 */
export async function retryThemeFiles(deps: ApiDeps, user: UserRow, storeId: number) {
  const store = await findOwnStore(deps, user, storeId)
  if (store.status !== 'connected') throw new HttpError(409, 'Reconnect this store on the Stores page first.')
  const [saved] = await deps.database.db
    .update(shopifyStores)
    .set({ themeWritesRefusedAt: null, themeWritesRefusal: null, updatedAt: deps.clock() })
    .where(eq(shopifyStores.id, store.id))
    .returning()
  const republished = await republishLesser(deps, store.id)
  return { store: await storeView(deps, user, saved), republished }
}
