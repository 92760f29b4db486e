import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { shopifyProducts, shopifyStores } from '../../db/schema'
import {
  feedField,
  proposeGoogleCategory,
  proposeGoogleDescription,
  proposeGoogleTitle,
  type GoogleFacts,
} from '../../domain/google-shopping'
import { htmlToText } from '../../domain/sanitize'
import { storefrontProductUrl } from '../../domain/shopify'
import { HttpError, notFound } from '../../http/http-error'
import { assertNoUserErrors, ShopifyApiError } from '../../integrations/shopify/admin-client'
import { METAFIELDS_SET_MUTATION, PRODUCT_UPDATE_MUTATION } from '../../integrations/shopify/documents'
import type { UserRow } from '../users'
import { shopLinks } from './store-view'
import { adminFor } from './tokens'

type ProductRow = typeof shopifyProducts.$inferSelect
type Status = 'proposed' | 'accepted' | 'written' | 'failed'
interface Saved {
  title: string
  description: string
  category: string
  status: Status
  written_to: 'metafields' | 'product' | null
  error: string | null
}

const factsOf = (p: ProductRow): GoogleFacts => ({
  title: p.title,
  vendor: p.vendor,
  productType: p.productType,
  descriptionHtml: p.descriptionHtml,
  options: p.options,
})

/** The Google fields written to the product (namespace of Shopify's Google & YouTube channel). */
const GOOGLE_NAMESPACE = 'mm-google-shopping'

/**
 * Proposes Merchant Center titles, descriptions and categories from each product's own facts, and
 * on accept writes them back: the channel's metafields by default, the product's own title and
 * description only when the owner chooses.
 */
export async function optimizeProducts(
  deps: ApiDeps,
  user: UserRow,
  input: { product_ids: number[]; action: 'propose' | 'accept'; write_to: 'metafields' | 'product' },
) {
  const { db } = deps.database
  const rows = await db
    .select({ product: shopifyProducts, store: shopifyStores })
    .from(shopifyProducts)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyProducts.storeId))
    .where(and(inArray(shopifyProducts.id, input.product_ids), eq(shopifyStores.userId, user.id), isNull(shopifyProducts.deletedAt)))
  if (!rows.length) throw notFound('None of these products is in your catalogue.')
  const items = []
  for (const { product, store } of rows) {
    const f = factsOf(product)
    const proposed = { title: proposeGoogleTitle(f), description: proposeGoogleDescription(f), category: proposeGoogleCategory(f) }
    let saved: Saved = { ...proposed, status: 'proposed', written_to: null, error: null }
    if (input.action === 'accept') {
      try {
        const admin = await adminFor(deps, store)
        const metafields = [
          { ownerId: product.shopifyId, namespace: GOOGLE_NAMESPACE, key: 'condition', type: 'single_line_text_field', value: 'new' },
          ...(proposed.category
            ? [
                {
                  ownerId: product.shopifyId,
                  namespace: GOOGLE_NAMESPACE,
                  key: 'google_product_category',
                  type: 'single_line_text_field',
                  value: proposed.category,
                },
              ]
            : []),
        ]
        const set = await admin.request<{ metafieldsSet: { userErrors: { message: string }[] } }>(METAFIELDS_SET_MUTATION, { metafields })
        assertNoUserErrors('Shopify refused the Google fields', set.metafieldsSet.userErrors)
        if (input.write_to === 'product') {
          const upd = await admin.request<{ productUpdate: { userErrors: { message: string }[] } }>(PRODUCT_UPDATE_MUTATION, {
            product: { id: product.shopifyId, title: proposed.title, descriptionHtml: proposed.description },
          })
          assertNoUserErrors('Shopify refused the title and description', upd.productUpdate.userErrors)
          await db
            .update(shopifyProducts)
            .set({ title: proposed.title, descriptionHtml: proposed.description })
            .where(eq(shopifyProducts.id, product.id))
        }
        saved = { ...saved, status: 'written', written_to: input.write_to }
      } catch (error) {
        if (!(error instanceof HttpError || error instanceof ShopifyApiError)) throw error
        saved = { ...saved, status: 'failed', error: error.message }
      }
    }
    await db.update(shopifyProducts).set({ googleShopping: saved }).where(eq(shopifyProducts.id, product.id))
    items.push({
      product_id: product.id,
      current: { title: product.title, description: htmlToText(product.descriptionHtml).slice(0, 5000) },
      proposed,
      status: saved.status,
      error: saved.error,
    })
  }
  return { items }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c])

/**
 * The Merchant Center feed of a store's optimised products at its secret URL (`{token}.tsv` or
 * `.xml`): the same price and storefront link the published pages use, the accepted title family.
 */
export async function feedResponse(deps: ApiDeps, tokenWithExt: string): Promise<Response> {
  const m = /^([A-Za-z0-9_-]{16,64})\.(tsv|xml)$/.exec(tokenWithExt)
  if (!m) throw notFound('There is no such feed.')
  const { db } = deps.database
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.feedToken, m[1]))
  if (!store) throw notFound('There is no such feed.')
  const origin = (await shopLinks(deps, store.shopDomain)).storefront
  const products = (
    await db
      .select()
      .from(shopifyProducts)
      .where(and(eq(shopifyProducts.storeId, store.id), isNull(shopifyProducts.deletedAt)))
  ).filter((p) => (p.googleShopping as Saved | null)?.status === 'written' && p.status === 'ACTIVE')
  const rows = products.map((p) => {
    const g = p.googleShopping as Saved
    return {
      id: p.shopifyId.split('/').pop()!,
      title: g.title,
      description: htmlToText(g.description),
      link: p.onlineStoreUrl ?? storefrontProductUrl(origin, p.handle),
      image_link: p.images[0]?.url ?? '',
      price: p.price !== null && p.currency ? `${p.price.toFixed(2)} ${p.currency}` : '',
      availability: p.variants.some((v) => v.available) ? 'in_stock' : 'out_of_stock',
      brand: p.vendor ?? '',
      google_product_category: g.category,
      condition: 'new',
    }
  })
  const headers = { 'Cache-Control': 'private, max-age=300' }
  if (m[2] === 'tsv') {
    const columns = Object.keys(
      rows[0] ?? {
        id: '',
        title: '',
        description: '',
        link: '',
        image_link: '',
        price: '',
        availability: '',
        brand: '',
        google_product_category: '',
        condition: '',
      },
    )
    const body = [columns.join('\t'), ...rows.map((r) => columns.map((c) => feedField(String(r[c as keyof typeof r]))).join('\t'))].join(
      '\n',
    )
    return new Response(`${body}\n`, { headers: { ...headers, 'Content-Type': 'text/tab-separated-values; charset=utf-8' } })
  }
  const items = rows
    .map(
      (r) =>
        `<item><g:id>${xml(r.id)}</g:id><title>${xml(r.title)}</title><description>${xml(r.description)}</description><link>${xml(r.link)}</link>` +
        `<g:image_link>${xml(r.image_link)}</g:image_link><g:price>${xml(r.price)}</g:price><g:availability>${r.availability}</g:availability>` +
        `<g:brand>${xml(r.brand)}</g:brand><g:google_product_category>${xml(r.google_product_category)}</g:google_product_category><g:condition>new</g:condition></item>`,
    )
    .join('')
  const body = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>${xml(store.name ?? store.shopDomain)}</title><link>${xml(origin)}</link><description>Products optimised with Pagewright</description>${items}</channel></rss>`
  return new Response(body, { headers: { ...headers, 'Content-Type': 'application/xml; charset=utf-8' } })
}
