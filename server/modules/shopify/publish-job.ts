import { eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { publications, shopifyStores, tasks } from '../../db/schema'
import { ownerFactsOf } from '../../domain/page/shopper'
import { sanitize } from '../../domain/sanitize'
import { PAGE_METAFIELD, storefrontProductUrl, TEMPLATE_SUFFIX, type PublishMethod } from '../../domain/shopify'
import { HttpError } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import { METAFIELDS_SET_MUTATION, PRODUCT_STATE_QUERY, PRODUCT_UPDATE_MUTATION } from '../../integrations/shopify/documents'
import { log } from '../../log'
import { giveBackSlot } from '../accounts'
import { savePageVersion } from '../tasks'
import { syncChallenger } from './challenger'
import { imagesToShop } from './publish-images'
import { ensureProduct, pageForShop, summaryHtml, type PublicationRow } from './publish-page'
import { lookAtTheme, mayWriteTheme, rememberRefusal, shopState, writeThemeFiles, type ShopState } from './publish-theme'
import { shopLinks } from './store-view'
import { adminFor, type StoreRow } from './tokens'
import { runUnpublish } from './unpublish'

/** Why a publish stopped, in words for the owner; and whether trying again may help. */
export function describeFailure(error: unknown): { reason: string; retryable: boolean } {
  const reason = error instanceof HttpError || error instanceof ShopifyApiError ? error.message : 'Publishing stopped on our side.'
  const retryable = !(error instanceof HttpError) && !(error instanceof ShopifyApiError && error.failure === 'graphql')
  return { reason, retryable }
}

interface ProductState {
  status: string
  descriptionHtml: string
  templateSuffix: string | null
  onlineStoreUrl: string | null
}

export async function productState(admin: AdminClient, id: string): Promise<ProductState | null> {
  const data = await admin.request<{ product: ProductState | null }>(PRODUCT_STATE_QUERY, { id })
  return data.product
}

/**
 * Where the page shows, best first: the app block when the live theme's product template has it;
 * our template when Shopify takes our theme files (a refusal is remembered); else the page as the
 * description (a product we made, or an owner who agreed), else saved and waiting for the block.
 */
async function theming(deps: ApiDeps, admin: AdminClient, store: StoreRow, state: ShopState) {
  const look = await lookAtTheme(deps, admin, store, state)
  if (look.hasBlock) return { method: 'app_block' as const, notice: null }
  if (!look.themeGid || !mayWriteTheme(store, state)) return { method: null, notice: null }
  const written = await writeThemeFiles(deps, admin, look.themeGid, state.appId!, look.productJson)
  if (written.ok) return { method: 'template' as const, notice: null }
  if (written.refused) await rememberRefusal(deps, store.id, written.message)
  return { method: null, notice: written.refused ? null : written.message }
}

/**
 * The publish job: the page's images into the shop's Files, the product (made when needed), the
 * page into its app-owned metafield, then the best way shoppers get it and the product set to
 * match (our template suffix, or the page as its description, or its own again). What it replaces
 * in a merchant's product is kept on the publication and restored when it is no longer needed or
 * on unpublish. Every step sets a value, so running it again updates in place and never duplicates.
 */
export async function runPublish(deps: ApiDeps, publicationId: number, attempt: { last: boolean } = { last: true }) {
  const { db } = deps.database
  const [pub] = await db.select().from(publications).where(eq(publications.id, publicationId))
  if (pub?.status === 'unpublishing') return runUnpublish(deps, pub, attempt)
  if (!pub || pub.status === 'published' || pub.status === 'unpublished') return
  const [task] = await db.select().from(tasks).where(eq(tasks.id, pub.taskId))
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, pub.storeId))
  // A publication that never went live gives back the slot it spent (once: giveBackSlot's flag).
  const fail = async (reason: string) => {
    await db.transaction(async (tx) => {
      await tx.update(publications).set({ status: 'failed', failureReason: reason }).where(eq(publications.id, pub.id))
      const owner = task?.userId ?? store?.userId
      if (owner) await giveBackSlot(tx, pub.id, owner, deps.clock())
    })
  }
  if (!task?.page || !store) return fail('The page or the store is gone.')
  await db.update(publications).set({ status: 'publishing', failureReason: null }).where(eq(publications.id, pub.id))
  try {
    const admin = await adminFor(deps, store)
    const state = await shopState(admin)
    const page = await imagesToShop(deps, admin, store, pageForShop(deps, task, store), state.scopes)
    const shown = await theming(deps, admin, store, state)
    const { descriptionHtml } = await import('../../liquid/theme-files')
    const html = sanitize(await descriptionHtml(page))
    const product = await ensureProduct(deps, admin, task, pub, page, store, shown.method ? summaryHtml(task) : html)
    const created = product.created || pub.productCreated
    await db
      .update(publications)
      .set({ productGid: product.id, productHandle: product.handle, productCreated: created })
      .where(eq(publications.id, pub.id))
    const set = await admin.request<{ metafieldsSet: { userErrors: { message: string }[] } }>(METAFIELDS_SET_MUTATION, {
      metafields: [
        { ownerId: product.id, namespace: PAGE_METAFIELD.namespace, key: PAGE_METAFIELD.key, type: 'json', value: JSON.stringify(page) },
      ],
    })
    assertNoUserErrors('Shopify refused the page data', set.metafieldsSet.userErrors)
    const method: PublishMethod = shown.method ?? (created || pub.descriptionAllowedAt ? 'description' : 'pending_block')
    const before = await productState(admin, product.id)
    // What the product gets, and what of the merchant's we keep to give back.
    const patch: Record<string, unknown> = {}
    const kept: Partial<PublicationRow> = {}
    if (method === 'template') {
      if (!pub.suffixSet) Object.assign(kept, { suffixSet: true, originalTemplateSuffix: before?.templateSuffix ?? null })
      if (before?.templateSuffix !== TEMPLATE_SUFFIX) patch.templateSuffix = TEMPLATE_SUFFIX
    } else if (pub.suffixSet) {
      patch.templateSuffix = pub.originalTemplateSuffix
      Object.assign(kept, { suffixSet: false, originalTemplateSuffix: null })
    }
    if (method === 'description' && !created) {
      if (!pub.descriptionSet) Object.assign(kept, { descriptionSet: true, originalDescription: before?.descriptionHtml ?? '' })
      patch.descriptionHtml = html
    } else if (pub.descriptionSet) {
      patch.descriptionHtml = pub.originalDescription ?? ''
      Object.assign(kept, { descriptionSet: false, originalDescription: null })
    }
    // Kept first: a crash after the product changed must still know the merchant's own values.
    if (Object.keys(kept).length) await db.update(publications).set(kept).where(eq(publications.id, pub.id))
    let onlineStoreUrl = before?.onlineStoreUrl ?? null
    if (Object.keys(patch).length) {
      const update = await admin.request<{
        productUpdate: { product: { onlineStoreUrl: string | null } | null; userErrors: { message: string }[] }
      }>(PRODUCT_UPDATE_MUTATION, { product: { id: product.id, ...patch } })
      assertNoUserErrors('Shopify refused the product update', update.productUpdate.userErrors)
      onlineStoreUrl = update.productUpdate.product?.onlineStoreUrl ?? onlineStoreUrl
    }
    const links = await shopLinks(deps, store.shopDomain)
    const live = onlineStoreUrl ?? product.onlineStoreUrl ?? storefrontProductUrl(links.storefront, product.handle)
    // An experiment running on the page: its challenger goes in beside it (or a finished one's goes).
    const pixel = await syncChallenger(deps, admin, store, task, { gid: product.id, liveUrl: live }, state.scopes)
    const now = deps.clock()
    await db.transaction(async (tx) => {
      // After publishing, the page's buy button goes to the live product (its theme buy box takes over).
      const current = ownerFactsOf(task.page!)
      let version = task.pageVersion
      if (current.buyUrl !== live) {
        // Only on top of the version published: an edit saved meanwhile is kept (and shows as not published yet).
        const saved = await savePageVersion(deps, tx, task.id, {
          page: { ...task.page!, owner: { ...current, buyUrl: live } },
          kind: 'published',
          baseVersion: task.pageVersion,
          now,
        })
        // The version that only set the buy button is what was published: no "unpublished changes".
        if (saved) version = saved.pageVersion
      }
      await tx
        .update(publications)
        .set({
          status: 'published',
          method,
          notice: shown.notice,
          storefrontUrl: live,
          publishedAt: now,
          // Published; what the owner should still know: the store's counts missing from a running experiment.
          failureReason: pixel,
          pageVersion: version,
        })
        .where(eq(publications.id, pub.id))
    })
  } catch (error) {
    const { reason, retryable } = describeFailure(error)
    log.warn('shopify publish failed', { publication: pub.id, shop: store.shopDomain, error: String((error as Error)?.message ?? error) })
    if (retryable && !attempt.last) {
      await db
        .update(publications)
        .set({ status: 'queued', failureReason: `${reason} Trying again…` })
        .where(eq(publications.id, pub.id))
      throw error
    }
    await fail(reason)
  }
}
