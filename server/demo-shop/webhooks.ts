import { createHmac, randomUUID } from 'node:crypto'
import { log } from '../log'
import { API_VERSION, money, type ShopContext } from './context'
import { gid } from './schema'
import type { ProductData, ThemeData } from './state'

/** Subscription topics (GraphQL enum) and the topic header Shopify sends for each. */
export const TOPICS: Record<string, string> = {
  APP_UNINSTALLED: 'app/uninstalled',
  PRODUCTS_CREATE: 'products/create',
  PRODUCTS_UPDATE: 'products/update',
  PRODUCTS_DELETE: 'products/delete',
  THEMES_PUBLISH: 'themes/publish',
  BULK_OPERATIONS_FINISH: 'bulk_operations/finish',
}

/** Privacy topics: declared in the app's configuration, sent to the app's compliance endpoint. */
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const

export interface Delivery {
  topic: string
  uri: string
  /** HTTP status of the answer, or null when the request failed. */
  status: number | null
}

/** Base64 HMAC-SHA256 of the raw body with the app's secret: `X-Shopify-Hmac-Sha256`. */
export const webhookHmac = (secret: string, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64')

/** One signed POST, as Shopify sends it. A failure is logged, never retried. */
export async function sendWebhook(ctx: ShopContext, uri: string, topic: string, payload: unknown): Promise<Delivery> {
  const body = JSON.stringify(payload)
  const request = new Request(uri, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': topic,
      'X-Shopify-Hmac-Sha256': webhookHmac(ctx.deps.app.apiSecret, body),
      'X-Shopify-Shop-Domain': ctx.shop.domain,
      'X-Shopify-Webhook-Id': randomUUID(),
      'X-Shopify-Event-Id': randomUUID(),
      'X-Shopify-API-Version': API_VERSION,
      'X-Shopify-Triggered-At': ctx.now().toISOString(),
    },
  })
  try {
    const res = await ctx.deps.deliver(request)
    await res.body?.cancel().catch(() => {})
    if (!res.ok) log.warn('demo shop webhook refused', { shop: ctx.shop.domain, topic, uri, status: res.status })
    return { topic, uri, status: res.status }
  } catch (error) {
    log.warn('demo shop webhook failed', {
      shop: ctx.shop.domain,
      topic,
      uri,
      error: error instanceof Error ? error.message : String(error),
    })
    return { topic, uri, status: null }
  }
}

/** Sends `topic` to every subscription of the shop that asked for it. */
export async function notify(ctx: ShopContext, topic: string, payload: unknown): Promise<Delivery[]> {
  const subscriptions = (await ctx.store.list('webhook')).filter((w) => TOPICS[w.topic] === topic)
  return Promise.all(subscriptions.map((w) => sendWebhook(ctx, w.uri, topic, payload)))
}

/** The compliance endpoint of the app (its configuration names it; it is not a subscription). */
export const complianceUri = (ctx: ShopContext) => `${ctx.deps.app.appUrl.replace(/\/$/, '')}/v2/shopify/webhooks`

/** The REST shape of a product (`products/create`, `products/update`). */
export function productPayload(ctx: ShopContext, p: ProductData) {
  const image = (i: ProductData['images'][number], position: number) => ({
    id: i.id,
    alt: i.alt,
    position,
    product_id: p.id,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    admin_graphql_api_id: gid('ProductImage', i.id),
    width: 800,
    height: 800,
    src: i.url,
    variant_ids: [],
  })
  return {
    admin_graphql_api_id: gid('Product', p.id),
    body_html: p.descriptionHtml,
    created_at: p.createdAt,
    handle: p.handle,
    id: p.id,
    product_type: p.productType,
    published_at: p.status === 'ACTIVE' ? p.createdAt : null,
    template_suffix: p.templateSuffix,
    title: p.title,
    updated_at: p.updatedAt,
    vendor: p.vendor,
    status: p.status.toLowerCase(),
    published_scope: 'global',
    tags: p.tags.join(', '),
    variants: p.variants.map((v, i) => ({
      admin_graphql_api_id: gid('ProductVariant', v.id),
      barcode: null,
      compare_at_price: v.compareAtPrice === null ? null : money(v.compareAtPrice),
      created_at: p.createdAt,
      id: v.id,
      inventory_policy: 'deny',
      position: i + 1,
      price: money(v.price),
      product_id: p.id,
      sku: v.sku,
      taxable: true,
      title: v.title,
      updated_at: p.updatedAt,
      option1: v.selectedOptions[0]?.value ?? null,
      option2: v.selectedOptions[1]?.value ?? null,
      option3: v.selectedOptions[2]?.value ?? null,
      image_id: null,
      inventory_quantity: v.tracked ? v.inventory : 0,
      old_inventory_quantity: v.tracked ? v.inventory : 0,
    })),
    options: p.options.map((o, i) => ({ name: o.name, id: o.id, product_id: p.id, position: i + 1, values: o.values })),
    images: p.images.map((img, i) => image(img, i + 1)),
    image: p.images[0] ? image(p.images[0], 1) : null,
    media: p.images.map((img, i) => ({
      id: img.id,
      product_id: p.id,
      position: i + 1,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      alt: img.alt,
      status: 'READY',
      media_content_type: 'IMAGE',
      preview_image: { width: 800, height: 800, src: img.url, status: 'READY' },
      variant_ids: [],
      admin_graphql_api_id: gid('MediaImage', img.id),
    })),
    variant_gids: p.variants.map((v) => ({ admin_graphql_api_id: gid('ProductVariant', v.id), updated_at: p.updatedAt })),
    has_variants_that_requires_components: false,
    category: null,
  }
}

/** The REST shape of the shop (`app/uninstalled`). */
export function shopPayload(ctx: ShopContext) {
  const s = ctx.shop
  return {
    id: s.shopId,
    name: s.name,
    email: s.email,
    domain: s.domain,
    province: null,
    country: 'US',
    address1: null,
    zip: null,
    city: null,
    source: null,
    phone: null,
    latitude: null,
    longitude: null,
    primary_locale: 'en',
    address2: null,
    created_at: s.createdAt,
    updated_at: s.createdAt,
    country_code: 'US',
    country_name: 'United States',
    currency: s.currency,
    customer_email: s.email,
    timezone: '(GMT+00:00) UTC',
    iana_timezone: 'UTC',
    shop_owner: 'Demo Owner',
    money_format: '${{amount}}',
    money_with_currency_format: '${{amount}} USD',
    weight_unit: 'kg',
    plan_display_name: 'Development',
    plan_name: 'partner_test',
    myshopify_domain: s.domain,
    password_enabled: false,
    has_storefront: true,
    enabled_presentment_currencies: [s.currency],
  }
}

/** The REST shape of a theme (`themes/publish`). */
export const themePayload = (t: ThemeData) => ({
  id: t.id,
  name: t.name,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
  role: t.role.toLowerCase(),
  theme_store_id: null,
  previewable: true,
  processing: false,
  admin_graphql_api_id: gid('OnlineStoreTheme', t.id),
})

/** Shopify's privacy payloads (shopify.dev "Privacy law compliance"), for a made-up customer of the demo shop. */
export function compliancePayload(ctx: ShopContext, topic: (typeof COMPLIANCE_TOPICS)[number], requestId: number) {
  const base = { shop_id: ctx.shop.shopId, shop_domain: ctx.shop.domain }
  const customer = { id: ctx.shop.shopId * 10 + 1, email: `customer@${ctx.shop.domain.split('.')[0]}.example`, phone: '555-625-1199' }
  if (topic === 'shop/redact') return base
  if (topic === 'customers/redact') return { ...base, customer, orders_to_redact: [] }
  return { ...base, orders_requested: [], customer, data_request: { id: requestId } }
}
