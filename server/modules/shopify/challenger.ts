import { and, eq, notInArray } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { Tx } from '../../db/client'
import { experiments, pageVersions, publications, shopifyStores, tasks } from '../../db/schema'
import { ownerFactsOf } from '../../domain/page/shopper'
import { CHALLENGER_METAFIELD, type ChallengerMetafield } from '../../domain/shopify'
import { HttpError } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import { METAFIELDS_DELETE_MUTATION, METAFIELDS_SET_MUTATION, WEB_PIXEL_CREATE_MUTATION } from '../../integrations/shopify/documents'
import { SHOPIFY_EVENTS_QUEUE, type ShopifyEventJob } from '../../jobs/definitions'
import { log } from '../../log'
import type { TaskRow } from '../tasks'
import { imagesToShop } from './publish-images'
import { pageForShop } from './publish-page'
import { shopState } from './publish-theme'
import { adminFor, type StoreRow } from './tokens'

/** What the owner reads on the publication when the store could not get the challenger. */
const CHALLENGER_FAILED = 'The experiment’s challenger could not be put into the store:'

async function runningOf(deps: ApiDeps, taskId: number) {
  const [row] = await deps.database.db
    .select({ id: experiments.id, split: experiments.split, version: experiments.challengerVersion })
    .from(experiments)
    .where(and(eq(experiments.taskId, taskId), eq(experiments.status, 'running')))
  return row ?? null
}

/**
 * Pagewright's web pixel on the shop, so its shoppers' views, adds to cart and checkouts reach the
 * experiment. Asked for while an experiment runs (a shop has one; Shopify answers TAKEN after the
 * first). Without `write_pixels` (a store connected before it was asked for) or the extension
 * deployed, the store page still works and only these counts are missing: logged, never a failure.
 */
async function ensurePixel(deps: ApiDeps, admin: AdminClient, store: StoreRow, scopes: string[]) {
  if (!scopes.includes('write_pixels')) return
  const made = await admin.request<{ webPixelCreate: { userErrors: { code: string | null; message: string }[] } }>(
    WEB_PIXEL_CREATE_MUTATION,
    { webPixel: { settings: JSON.stringify({ pagewrightUrl: deps.env.PUBLIC_URL }) } },
  )
  const errors = made.webPixelCreate.userErrors.filter((e) => e.code !== 'TAKEN')
  if (errors.length) log.warn('shopify web pixel refused', { shop: store.shopDomain, error: errors.map((e) => e.message).join(' ') })
}

/**
 * Makes the product's challenger metafield match the page's experiment: the challenger (its images in
 * the shop's Files, its buy button on the live product) while one runs, nothing otherwise. Read again
 * after writing: an experiment started or ended meanwhile is followed, so the last write wins the
 * right way even when two of these jobs overlap.
 */
export async function syncChallenger(
  deps: ApiDeps,
  admin: AdminClient,
  store: StoreRow,
  task: TaskRow,
  product: { gid: string; liveUrl: string | null },
  scopes: string[],
) {
  let wanted = await runningOf(deps, task.id)
  for (let round = 0; round < 3; round++) {
    if (wanted) {
      const [version] = await deps.database.db
        .select({ page: pageVersions.page })
        .from(pageVersions)
        .where(and(eq(pageVersions.taskId, task.id), eq(pageVersions.version, wanted.version)))
      if (!version) return
      const owner = ownerFactsOf(version.page)
      const challenger = { ...version.page, owner: { ...owner, buyUrl: product.liveUrl ?? owner.buyUrl } }
      const shopPage = pageForShop(deps, { ...task, page: challenger }, store)
      // Both versions are in the same HTML: the challenger's section ids (gallery inputs, headings) must not repeat the live page's.
      const sections = shopPage.sections.map((s) => ({ ...s, id: `${s.id}-b` }))
      const page = await imagesToShop(deps, admin, store, { ...shopPage, sections }, scopes)
      const value: ChallengerMetafield = { experiment: wanted.id, split: wanted.split, page }
      const set = await admin.request<{ metafieldsSet: { userErrors: { message: string }[] } }>(METAFIELDS_SET_MUTATION, {
        metafields: [{ ownerId: product.gid, ...CHALLENGER_METAFIELD, type: 'json', value: JSON.stringify(value) }],
      })
      assertNoUserErrors('Shopify refused the challenger', set.metafieldsSet.userErrors)
      await ensurePixel(deps, admin, store, scopes)
    } else {
      const removed = await admin.request<{ metafieldsDelete: { userErrors: { message: string }[] } }>(METAFIELDS_DELETE_MUTATION, {
        metafields: [{ ownerId: product.gid, ...CHALLENGER_METAFIELD }],
      })
      assertNoUserErrors('Shopify refused to remove the challenger', removed.metafieldsDelete.userErrors)
    }
    const now = await runningOf(deps, task.id)
    if (now?.id === wanted?.id) return
    wanted = now
  }
}

/**
 * The job an experiment's start or end queues for each store the page is in: only the challenger
 * metafield changes (the live page stays exactly as published). A publish in flight syncs it too.
 */
export async function runChallengerSync(deps: ApiDeps, publicationId: number, attempt: { last: boolean }) {
  const { db } = deps.database
  const [pub] = await db.select().from(publications).where(eq(publications.id, publicationId))
  if (!pub?.productGid || pub.status === 'unpublished' || pub.status === 'unpublishing') return
  const [task] = await db.select().from(tasks).where(eq(tasks.id, pub.taskId))
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, pub.storeId))
  if (!task?.page || !store || store.status !== 'connected') return
  const stamp = (failureReason: string | null) =>
    db
      .update(publications)
      .set({ failureReason })
      .where(and(eq(publications.id, pub.id), eq(publications.status, 'published')))
  try {
    const admin = await adminFor(deps, store)
    const state = await shopState(admin)
    await syncChallenger(deps, admin, store, task, { gid: pub.productGid, liveUrl: pub.storefrontUrl }, state.scopes)
    if (pub.failureReason?.startsWith(CHALLENGER_FAILED)) await stamp(null)
  } catch (error) {
    // As publish-job's describeFailure (not imported: that file runs this one).
    const reason = error instanceof HttpError || error instanceof ShopifyApiError ? error.message : 'Stopped on our side.'
    const retryable = !(error instanceof HttpError) && !(error instanceof ShopifyApiError && error.failure === 'graphql')
    log.warn('shopify challenger sync failed', {
      publication: pub.id,
      shop: store.shopDomain,
      error: String((error as Error)?.message ?? error),
    })
    if (retryable && !attempt.last) throw error
    await stamp(`${CHALLENGER_FAILED} ${reason}`)
  }
}

/**
 * Queues the challenger sync for every store the page is in (or on its way into). Run inside the
 * transaction that started or ended the experiment; call `wake` after it commits.
 */
export async function queueChallengerSync(deps: ApiDeps, tx: Tx, taskId: number) {
  const rows = await tx
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.taskId, taskId), notInArray(publications.status, ['unpublished', 'unpublishing'])))
  for (const p of rows)
    await deps.queue.send(SHOPIFY_EVENTS_QUEUE, { kind: 'challenger', publicationId: p.id } satisfies ShopifyEventJob, { tx })
  return {
    count: rows.length,
    wake: () => {
      if (rows.length > 0) deps.queue.wake(SHOPIFY_EVENTS_QUEUE)
    },
  }
}
