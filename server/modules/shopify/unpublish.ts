import { eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { publications, shopifyStores } from '../../db/schema'
import { CHALLENGER_METAFIELD, PAGE_METAFIELD } from '../../domain/shopify'
import { HttpError } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError } from '../../integrations/shopify/admin-client'
import { METAFIELDS_DELETE_MUTATION, PRODUCT_UPDATE_MUTATION } from '../../integrations/shopify/documents'
import { log } from '../../log'
import type { PublicationRow } from './publish-page'
import { adminFor } from './tokens'

/**
 * The unpublish job: our metafields go (the page, and an experiment's challenger), the product gets back what publishing replaced (its own
 * template and description), and a product Pagewright made is set to draft (never deleted: its
 * orders and links stay the merchant's). A product gone from the shop counts as done. Idempotent.
 */
export async function runUnpublish(deps: ApiDeps, pub: PublicationRow, attempt: { last: boolean }) {
  const { db } = deps.database
  const done = () =>
    db
      .update(publications)
      .set({
        status: 'unpublished',
        method: null,
        storefrontUrl: null,
        notice: null,
        failureReason: null,
        suffixSet: false,
        originalTemplateSuffix: null,
        descriptionSet: false,
        originalDescription: null,
      })
      .where(eq(publications.id, pub.id))
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, pub.storeId))
  if (!store || !pub.productGid) return done()
  try {
    const admin = await adminFor(deps, store)
    const removed = await admin.request<{ metafieldsDelete: { userErrors: { message: string }[] } }>(METAFIELDS_DELETE_MUTATION, {
      metafields: [
        { ownerId: pub.productGid, namespace: PAGE_METAFIELD.namespace, key: PAGE_METAFIELD.key },
        { ownerId: pub.productGid, ...CHALLENGER_METAFIELD },
      ],
    })
    assertNoUserErrors('Shopify refused to remove the page data', removed.metafieldsDelete.userErrors)
    const patch: Record<string, unknown> = {}
    if (pub.suffixSet) patch.templateSuffix = pub.originalTemplateSuffix
    if (pub.descriptionSet) patch.descriptionHtml = pub.originalDescription ?? ''
    if (pub.productCreated) patch.status = 'DRAFT'
    if (Object.keys(patch).length) {
      const update = await admin.request<{ productUpdate: { product: { id: string } | null; userErrors: { message: string }[] } }>(
        PRODUCT_UPDATE_MUTATION,
        { product: { id: pub.productGid, ...patch } },
      )
      const errors = update.productUpdate.userErrors
      // Deleted in the shop meanwhile: nothing of ours is left on it.
      if (!errors.every((e) => /does not exist/i.test(e.message))) assertNoUserErrors('Shopify refused to restore the product', errors)
    }
    await done()
  } catch (error) {
    const reason = error instanceof HttpError || error instanceof ShopifyApiError ? error.message : 'Unpublishing stopped on our side.'
    const retryable = !(error instanceof HttpError) && !(error instanceof ShopifyApiError && error.failure === 'graphql')
    log.warn('shopify unpublish failed', { publication: pub.id, shop: store.shopDomain, error: String((error as Error)?.message ?? error) })
    if (retryable && !attempt.last) throw error
    // Still in the store as before: the owner sees why and may try again.
    await db
      .update(publications)
      .set({ status: 'published', failureReason: `The page could not be taken out of the store: ${reason}` })
      .where(eq(publications.id, pub.id))
  }
}
