/**
 * The shop-platform product URL (reference §6.2): `/products/{handle}` or `/collections/{c}/products/{handle}`,
 * optionally after a market/locale prefix such as `/en`, `/en-us` or `/es-419`, or under `/demo-store`
 * (our built-in Shopify-format shop). A pasted `.js`/`.json` endpoint names its product too.
 * One rule for both the free-user permission and the importer.
 */
const SHOPIFY_PRODUCT_PATH =
  /^(\/[a-z]{2,3}(?:-[a-z0-9]{2,4})?|\/demo-store)?(?:\/collections\/[^/]+)?\/products\/([^/]+?)(?:\.(?:js|json|oembed|xml))?\/?$/i

/** The locale prefix (`/en-us`, `/demo-store`, or '') and handle of a product path; null when it is not one. */
export function shopifyProductPath(pathname: string): { localePrefix: string; handle: string } | null {
  const m = SHOPIFY_PRODUCT_PATH.exec(pathname)
  if (!m || !m[2]) return null
  return { localePrefix: (m[1] ?? '').toLowerCase(), handle: m[2] }
}

/** An http(s) URL whose path is a shop-platform product path. */
export function isShopifyProductUrl(raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return false
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  return shopifyProductPath(url.pathname) !== null
}
