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

export const PUBLICATION_STATUSES = ['queued', 'publishing', 'published', 'failed', 'unpublishing', 'unpublished'] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  queued: 'Waiting to publish',
  publishing: 'Publishing…',
  published: 'Published',
  failed: 'Publishing failed',
  unpublishing: 'Taking the page out of the store…',
  unpublished: 'Taken out of the store',
}

/**
 * How a published page reaches shoppers. Every method first writes the page into the product's
 * app-owned metafield; then, best first:
 * - `app_block`: the theme app extension's "Pagewright page" block, which the owner adds once to
 *   the theme's product template (the theme-editor deep link), renders the metafield;
 * - `template`: our section and the alternate product template written into the theme (only where
 *   Shopify lets the app write theme files: most apps need an exemption for that);
 * - `description`: the page as the product's description, any theme (a product Pagewright made, or
 *   one whose owner agreed to it; the merchant's own description is kept and restored);
 * - `pending_block`: the page is saved in the product but nothing shows it yet: the owner adds the
 *   block (or agrees to the description).
 */
export const PUBLISH_METHODS = ['app_block', 'template', 'description', 'pending_block'] as const
export type PublishMethod = (typeof PUBLISH_METHODS)[number]

/** Shoppers see the page (every method but `pending_block`). */
export const isLiveMethod = (method: PublishMethod | null | undefined) => !!method && method !== 'pending_block'

/** How the owner is told the page is live, by method. */
export const PUBLISH_METHOD_LABELS: Record<PublishMethod, string> = {
  app_block: 'Live through the Pagewright block in your theme',
  template: 'Live with Pagewright’s product template',
  description: 'Live as the product description',
  pending_block: 'Saved in the product, not shown yet',
}

/** The theme app extension's block (extensions/pagewright-theme/blocks/pagewright-page.liquid). */
export const APP_BLOCK_HANDLE = 'pagewright-page'

/**
 * Shopify's theme-editor deep link that adds our app block to the live theme's product template, in
 * its main section: the owner only presses Save. `adminUrl` is the shop's admin (`https://{shop}/admin`
 * or the demo shop's); `apiKey` is the app's client id.
 */
export const addAppBlockUrl = (adminUrl: string, apiKey: string) =>
  `${adminUrl.replace(/\/$/, '')}/themes/current/editor?template=product&addAppBlockId=${encodeURIComponent(apiKey)}/${APP_BLOCK_HANDLE}&target=mainSection`

/**
 * How long an OAuth attempt may take (the signed state cookie and the return target live this long):
 * a merchant who must first sign in to Shopify, or find their store, needs minutes, not seconds.
 */
export const OAUTH_STATE_MINUTES = 15

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

/**
 * The scopes Pagewright asks for (shopify.app.toml says the same; a test keeps them equal). Files:
 * the page's images go into the shop's Files, so the live page is served from Shopify's CDN.
 */
export const SHOPIFY_SCOPES = [
  'read_products',
  'write_products',
  'read_themes',
  'write_themes',
  'read_files',
  'write_files',
  // The web pixel (extensions/pagewright-pixel) that counts store shoppers in experiments.
  'write_pixels',
  'read_customer_events',
] as const

/** Our app-owned metafield: `$app:pagewright.page` (JSON of the published page). */
export const PAGE_METAFIELD = { namespace: '$app:pagewright', key: 'page' } as const
/**
 * While an experiment runs on a published page, its challenger beside it, in one JSON value (set and
 * removed at once): `{ "experiment": id, "split": percent, "page": {…} }`. The block shows one of the two.
 */
export const CHALLENGER_METAFIELD = { namespace: '$app:pagewright', key: 'page_challenger' } as const
export interface ChallengerMetafield {
  experiment: number
  split: number
  page: unknown
}
/**
 * How a publication's words for the owner begin while a running experiment lacks the store's own
 * counts (Pagewright's web pixel not allowed, or refused by Shopify); gone once the pixel is there.
 */
export const PIXEL_MISSING = 'Add-to-cart and checkout counts from your store are missing:'

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

/**
 * Shopify's `host` parameter (base64 of the shop's admin address, `admin.shopify.com/store/{name}` or
 * `{shop}.myshopify.com/admin`), which an embedded app needs back on every page it opens. Anything
 * else is not passed on.
 */
export function shopifyHost(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]{8,200}={0,2}$/.test(value)) return null
  let decoded: string
  try {
    decoded = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return null
  }
  return /^admin\.shopify\.com\/store\/[a-z0-9][a-z0-9-]*$/.test(decoded) || /^[a-z0-9][a-z0-9-]*\.myshopify\.com\/admin$/.test(decoded)
    ? value
    : null
}
