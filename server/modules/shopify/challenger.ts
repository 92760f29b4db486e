import { and, eq, like } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { experiments, pageVersions, publications, shopifyStores, tasks } from '../../db/schema'
import { ownerFactsOf } from '../../domain/page/shopper'
import { CHALLENGER_METAFIELD, PIXEL_MISSING, type ChallengerMetafield } from '../../domain/shopify'
import { HttpError } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import {
  METAFIELDS_DELETE_MUTATION,
  METAFIELDS_SET_MUTATION,
  WEB_PIXEL_CREATE_MUTATION,
  WEB_PIXEL_QUERY,
  WEB_PIXEL_UPDATE_MUTATION,
} from '../../integrations/shopify/documents'
import { log } from '../../log'
import { sendChallengerJobs } from '../running-experiments'
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

type PixelErrors = { code: string | null; field?: string[] | null; message: string }[]

const sentence = (text: string) => `${text.trim().replace(/\.$/, '')}.`
const refusedPixel = (messages: string[]) => `${PIXEL_MISSING} Shopify refused Pagewright’s web pixel: ${sentence(messages.join('; '))}`
const pixelNotAllowed = (store: StoreRow) =>
  store.kind === 'custom'
    ? `${PIXEL_MISSING} a custom app cannot add Pagewright’s web pixel, so only shoppers of the share link are counted.`
    : `${PIXEL_MISSING} Pagewright is not allowed to add its web pixel to this store yet. Reconnect the store on the Stores page and approve the new permission.`

/** A pixel's settings (Shopify's JSON scalar: a string of JSON or an object) as an object, or null. */
function settingsOf(raw: unknown): Record<string, unknown> | null {
  try {
    const value = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const sameSettings = (a: Record<string, unknown> | null, b: Record<string, unknown>) =>
  !!a && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v)

/**
 * Pagewright's web pixel on the shop, so its shoppers' views, adds to cart and checkouts reach the
 * experiment, pointed at this server (`PUBLIC_URL`). Asked for while an experiment runs: a shop
 * has one per app, so after the first Shopify answers TAKEN and the pixel it has is read, and its
 * settings updated when they name another address (PUBLIC_URL changed). The store page works
 * without it; only these counts are missing, which is what this returns in words for the owner
 * (null when the pixel is there): without `write_pixels` (a store connected before it was asked for,
 * or a custom app), or when Shopify refuses it. A failure to reach the shop is thrown (tried again).
 */
async function ensurePixel(deps: ApiDeps, admin: AdminClient, store: StoreRow, scopes: string[]): Promise<string | null> {
  if (!scopes.includes('write_pixels')) return pixelNotAllowed(store)
  const settings = { pagewrightUrl: deps.env.PUBLIC_URL }
  try {
    const made = await admin.request<{ webPixelCreate: { userErrors: PixelErrors } }>(WEB_PIXEL_CREATE_MUTATION, {
      webPixel: { settings: JSON.stringify(settings) },
    })
    const errors = made.webPixelCreate.userErrors
    if (!errors.length) return null
    if (errors.some((e) => e.code !== 'TAKEN')) return refusedPixel(errors.map((e) => e.message))
    const { webPixel } = await admin.request<{ webPixel: { id: string; settings: unknown } | null }>(WEB_PIXEL_QUERY)
    if (!webPixel) return refusedPixel(['the web pixel it says the store has could not be read'])
    if (sameSettings(settingsOf(webPixel.settings), settings)) return null
    const updated = await admin.request<{ webPixelUpdate: { userErrors: PixelErrors } }>(WEB_PIXEL_UPDATE_MUTATION, {
      id: webPixel.id,
      webPixel: { settings: JSON.stringify(settings) },
    })
    if (updated.webPixelUpdate.userErrors.length) return refusedPixel(updated.webPixelUpdate.userErrors.map((e) => e.message))
    log.info('shopify web pixel settings updated', { shop: store.shopDomain })
    return null
  } catch (error) {
    // Shopify answered, with errors (a scope it wants, a pixel gone meanwhile): said to the owner, not tried again.
    if (!(error instanceof ShopifyApiError) || error.failure !== 'graphql') throw error
    log.warn('shopify web pixel refused', { shop: store.shopDomain, error: error.message })
    return error.codes.includes('ACCESS_DENIED') ? pixelNotAllowed(store) : refusedPixel([error.message])
  }
}

/**
 * Makes the product's challenger metafield match the page's experiment: the challenger (its images in
 * the shop's Files, its buy button on the live product) while one runs, nothing otherwise. Read again
 * after writing: an experiment started or ended meanwhile is followed, so the last write wins the
 * right way even when two of these jobs overlap. Returns what the owner should read about the
 * store's counts while the experiment runs (the web pixel missing), or null.
 */
export async function syncChallenger(
  deps: ApiDeps,
  admin: AdminClient,
  store: StoreRow,
  task: TaskRow,
  product: { gid: string; liveUrl: string | null },
  scopes: string[],
): Promise<string | null> {
  let wanted = await runningOf(deps, task.id)
  let pixel: string | null = null
  for (let round = 0; round < 3; round++) {
    pixel = null
    if (wanted) {
      const [version] = await deps.database.db
        .select({ page: pageVersions.page })
        .from(pageVersions)
        .where(and(eq(pageVersions.taskId, task.id), eq(pageVersions.version, wanted.version)))
      if (!version) return null
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
      pixel = await ensurePixel(deps, admin, store, scopes)
    } else {
      const removed = await admin.request<{ metafieldsDelete: { userErrors: { message: string }[] } }>(METAFIELDS_DELETE_MUTATION, {
        metafields: [{ ownerId: product.gid, ...CHALLENGER_METAFIELD }],
      })
      assertNoUserErrors('Shopify refused to remove the challenger', removed.metafieldsDelete.userErrors)
    }
    const now = await runningOf(deps, task.id)
    if (now?.id === wanted?.id) return pixel
    wanted = now
  }
  return pixel
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
    const pixel = await syncChallenger(deps, admin, store, task, { gid: pub.productGid, liveUrl: pub.storefrontUrl }, state.scopes)
    // Our own words are replaced (or cleared once the pixel is there); anything else said about the publication stays.
    const ours = !pub.failureReason || pub.failureReason.startsWith(CHALLENGER_FAILED) || pub.failureReason.startsWith(PIXEL_MISSING)
    if (ours && pub.failureReason !== pixel) await stamp(pixel)
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
 * After a reconnect (the owner approved the pixel's permission, perhaps): the store's publications
 * that told the owner its counts were missing sync their challenger again, which asks for the pixel
 * and clears the words once it is there.
 */
export async function retryPixels(deps: ApiDeps, storeId: number) {
  const rows = await deps.database.db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.storeId, storeId), like(publications.failureReason, `${PIXEL_MISSING}%`)))
  const sent = await sendChallengerJobs(
    deps.queue,
    rows.map((p) => p.id),
  )
  sent.wake()
}
