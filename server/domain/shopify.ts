/**
 * Shopify rules shared by the api, the worker and the screens. No I/O.
 */

/** oauth: installed through Pagewright's app (expiring offline token + refresh); custom: a merchant's pasted custom-app token. */
export const SHOPIFY_CONNECTION_KINDS = ['oauth', 'custom'] as const
export type ShopifyConnectionKind = (typeof SHOPIFY_CONNECTION_KINDS)[number]

/** connected: tokens work; token_expired: the refresh failed, reconnect; uninstalled: the shop removed the app. */
export const SHOPIFY_STORE_STATUSES = ['connected', 'token_expired', 'uninstalled'] as const
export type ShopifyStoreStatus = (typeof SHOPIFY_STORE_STATUSES)[number]

export const STORE_STATUS_LABELS: Record<ShopifyStoreStatus, string> = {
  connected: 'Connected',
  token_expired: 'Access expired: reconnect',
  uninstalled: 'App uninstalled',
}

export const SHOPIFY_SYNC_STATUSES = ['idle', 'queued', 'running', 'done', 'failed'] as const

export const PUBLICATION_STATUSES = ['queued', 'publishing', 'published', 'failed'] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  queued: 'Waiting to publish',
  publishing: 'Publishing…',
  published: 'Published',
  failed: 'Publishing failed',
}

/**
 * How a published page reaches shoppers: `template` (our section files and the alternate product
 * template written into the theme), `app_block` (the theme app extension's block reads the
 * metafield; the owner adds it once), `description` (the page as the product description: any theme).
 */
export const PUBLISH_METHODS = ['template', 'app_block', 'description'] as const
export type PublishMethod = (typeof PUBLISH_METHODS)[number]

/** A synced product's variant, as the catalogue keeps it. */
export interface ShopifyVariantRow {
  id: string
  title: string
  price: number | null
  compareAtPrice: number | null
  sku: string | null
  available: boolean
  options: { name: string; value: string }[]
}

/** Admin API version of every call and of the schema our documents are checked against. */
export const SHOPIFY_API_VERSION = '2026-10'

/** The scopes Pagewright asks for (shopify.app.toml says the same; a test keeps them equal). */
export const SHOPIFY_SCOPES = ['read_products', 'write_products', 'read_themes', 'write_themes'] as const

/** Our app-owned metafield: `$app:pagewright.page` (JSON of the published page). */
export const PAGE_METAFIELD = { namespace: '$app:pagewright', key: 'page' } as const
/** In theme files (outside the app extension) the app-owned namespace is spelled with the app's id. */
export const themeMetafieldNamespace = (appId: string) => `app--${appId}--pagewright`

/** The alternate product template Pagewright writes; it never touches `templates/product.json`. */
export const TEMPLATE_SUFFIX = 'pagewright'

const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/

/**
 * A shop's `*.myshopify.com` domain from what an owner types: "my-shop", "my-shop.myshopify.com",
 * "https://my-shop.myshopify.com/admin", "admin.shopify.com/store/my-shop". Null for anything else
 * (a custom domain needs a lookup: see resolveShopDomain in the api).
 */
export function myshopifyDomain(input: string): string | null {
  const raw = input.trim().toLowerCase()
  if (!raw) return null
  if (/^[a-z0-9][a-z0-9-]*$/.test(raw)) return `${raw}.myshopify.com`
  let url: URL
  try {
    url = new URL(/^https?:\/\//.test(raw) ? raw : `https://${raw}`)
  } catch {
    return null
  }
  if (url.username || url.password || (url.port && url.port !== '443')) return null
  const host = url.hostname.replace(/\.$/, '')
  if (host === 'admin.shopify.com') {
    const m = /^\/store\/([a-z0-9][a-z0-9-]*)/.exec(url.pathname)
    return m ? `${m[1]}.myshopify.com` : null
  }
  return MYSHOPIFY.test(host) ? host : null
}

export const isMyshopifyDomain = (shop: string) => MYSHOPIFY.test(shop)

/** The product's address on the storefront when Shopify gives none (unpublished to the Online Store). */
export const storefrontProductUrl = (shopOrigin: string, handle: string) =>
  `${shopOrigin.replace(/\/$/, '')}/products/${encodeURIComponent(handle)}`
