import { eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { type publications, shopifyProducts, users } from '../../db/schema'
import { MESSAGES, productRoom } from '../../domain/entitlements'
import type { Page } from '../../domain/page/schema'
import { isMarketplace, ownerFactsOf, publishableFacts, shopperPage, withOwnerDefaults } from '../../domain/page/shopper'
import { sanitize } from '../../domain/sanitize'
import { forbidden } from '../../http/http-error'
import { assertNoUserErrors, type AdminClient } from '../../integrations/shopify/admin-client'
import { PRODUCT_SET_MUTATION } from '../../integrations/shopify/documents'
import { escapeHtml } from '../../liquid/escape'
import type { TaskRow } from '../tasks'
import { productCount } from './stores'
import type { StoreRow } from './tokens'

export type PublicationRow = typeof publications.$inferSelect

/** The store's shared design (publish_template_to_shopify): its theme, and its order for the section types it names. */
export function withStoreDesign(page: Page, settings: unknown): Page {
  const design = settings as { theme?: Page['theme']; order?: string[] } | null
  if (!design?.theme || !design.order) return page
  const rank = (type: string) => {
    const i = design.order!.indexOf(type)
    return i === -1 ? design.order!.length : i
  }
  const sections = page.sections.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s.type) - rank(b.s.type) || a.i - b.i)
  return { ...page, theme: design.theme, sections: sections.map((x) => x.s) }
}

/**
 * The page as shoppers get it, with our own addresses made absolute. Its images are then moved to
 * the shop's Files (publish-images.ts), so what goes live never points at Pagewright's server.
 */
export function pageForShop(deps: ApiDeps, task: TaskRow, store: Pick<StoreRow, 'templateSettings'>): Page {
  const facts = task.facts ?? null
  const owned = withStoreDesign(withOwnerDefaults(task.page!, facts), store.templateSettings)
  const published = shopperPage(owned, { fromMarketplace: !facts || isMarketplace(facts.source.platform) })
  const base = deps.env.PUBLIC_URL
  return JSON.parse(JSON.stringify(published), (key, value) =>
    (key === 'src' || key === 'buyUrl') && typeof value === 'string' && value.startsWith('/') ? new URL(value, base).href : value,
  ) as Page
}

/**
 * The description of a product Pagewright made, when the page itself is shown by the block or the
 * template: a short text from the product's facts, so the page is not shown twice.
 */
export function summaryHtml(task: TaskRow): string {
  const facts = task.facts ? publishableFacts(task.facts) : null
  const text = (facts?.descriptionText ?? '').replace(/\s+/g, ' ').trim()
  if (!text) return ''
  const cut = text.length > 600 ? `${text.slice(0, 600).replace(/\s+\S*$/, '')}…` : text
  return `<p>${escapeHtml(cut)}</p>`
}

export interface ShopProduct {
  id: string
  handle: string
  onlineStoreUrl: string | null
  /** Pagewright made it (the page does not come from one of this store's products). */
  created: boolean
}

/**
 * The product the page belongs to: its catalogue product, the one an earlier publish made, or a new
 * one (active, with the owner's price, the page's images from the shop's Files). A product Pagewright
 * made is set again on each publish, so a product taken out by an unpublish comes back.
 */
export async function ensureProduct(
  deps: ApiDeps,
  admin: AdminClient,
  task: TaskRow,
  pub: PublicationRow,
  page: Page,
  store: StoreRow,
  /** What a product Pagewright makes gets as its description (the page's HTML, or a summary when the page shows otherwise). */
  description: string,
): Promise<ShopProduct> {
  if (task.shopifyProductId) {
    const [product] = await deps.database.db.select().from(shopifyProducts).where(eq(shopifyProducts.id, task.shopifyProductId))
    if (product && product.storeId === store.id)
      return { id: product.shopifyId, handle: product.handle, onlineStoreUrl: product.onlineStoreUrl, created: false }
  }
  const owner = ownerFactsOf(page)
  const facts = task.facts ? publishableFacts(task.facts) : null
  if (!pub.productGid) {
    // Checked before the slot was spent too; here again, as products may have been synced since.
    const [me] = await deps.database.db.select().from(users).where(eq(users.id, store.userId))
    if (productRoom(me, await productCount(deps.database.db, me.id)) < 1)
      throw forbidden(MESSAGES.publishAddsProduct, { permission: 'max_products' })
  }
  const images = (page.gallery ?? []).map((g) => ({ src: g.src, alt: g.alt }))
  const input = {
    title: facts?.title ?? task.title ?? 'Product',
    descriptionHtml: sanitize(description),
    status: 'ACTIVE',
    ...(facts?.productType ? { productType: facts.productType } : {}),
    productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
    variants: [
      {
        optionValues: [{ optionName: 'Title', name: 'Default Title' }],
        price: owner.price!.toFixed(2),
        ...(owner.compareAt ? { compareAtPrice: owner.compareAt.toFixed(2) } : {}),
      },
    ],
    files: images.map((i) => ({ originalSource: i.src, alt: i.alt ?? '', contentType: 'IMAGE' })),
  }
  const data = await admin.request<{
    productSet: { product: { id: string; handle: string; onlineStoreUrl: string | null } | null; userErrors: { message: string }[] }
  }>(PRODUCT_SET_MUTATION, { input, identifier: pub.productGid ? { id: pub.productGid } : undefined })
  assertNoUserErrors('Shopify refused the product', data.productSet.userErrors)
  return { ...data.productSet.product!, created: true }
}
