import type { Platform } from '../../domain/product-facts'

function host(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '')
}

function onDomain(h: string, domain: string): boolean {
  return h === domain || h.endsWith(`.${domain}`)
}

const AMAZON_HOST = /(^|\.)amazon\.(com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|co\.jp|com\.au|sg|cn)$/

/**
 * A Shopify product path: `/products/{handle}` or `/collections/{c}/products/{handle}`, optionally after a
 * locale such as `/en` or `/en-us`, or under `/demo-store` (our built-in Shopify-format demo shop).
 * A pasted `.js`/`.json` endpoint is taken as its product too.
 */
const SHOPIFY_PATH = /^(\/[a-z]{2,3}(?:-[a-z0-9]{2,4})?|\/demo-store)?(?:\/collections\/[^/]+)?\/products\/([^/]+?)(?:\.(?:js|json|oembed|xml))?\/?$/i

/** Which importer reads a URL. Marketplaces by host; Shopify by path on any host (custom domains); else generic. */
export function detectPlatform(url: URL): Platform {
  const h = host(url)
  const path = url.pathname
  if (onDomain(h, 'aliexpress.com') || onDomain(h, 'aliexpress.us') || onDomain(h, 'aliexpress.ru')) return 'aliexpress'
  if (AMAZON_HOST.test(h)) return 'amazon'
  if (onDomain(h, 'temu.com')) return 'temu'
  if (onDomain(h, 'dhgate.com')) return 'dhgate'
  if (h === 'shop.tiktok.com' || /^shop-[a-z]+\.tiktok\.com$/.test(h)) return 'tiktok'
  if (onDomain(h, 'tiktok.com') && /\/product\/|\/view\/product\/|\/shop\/pdp\//.test(path)) return 'tiktok'
  if (SHOPIFY_PATH.test(path)) return 'shopify'
  return 'generic'
}

/**
 * The parts of a Shopify product URL needed to reach its `.js`/`.json` endpoints; null when it is not one.
 * `localePrefix` is the path before `/products` (`/en-us`, `/demo-store`) or ''.
 */
export function shopifyHandle(url: URL): { origin: string; localePrefix: string; handle: string } | null {
  const m = url.pathname.match(SHOPIFY_PATH)
  if (!m || !m[2]) return null
  return { origin: url.origin, localePrefix: (m[1] ?? '').toLowerCase(), handle: m[2] }
}

/** The marketplace's product id in a URL, when the URL carries one (for logs and de-duplication). */
export function marketplaceProductId(url: URL, platform: Platform): string | null {
  const p = url.pathname
  const pick = (re: RegExp, s = p) => s.match(re)?.[1] ?? null
  switch (platform) {
    case 'aliexpress':
      return pick(/\/item\/(?:[^/]*\/)?(\d+)\.html/)
    case 'amazon':
      return pick(/\/(?:dp|gp\/product|gp\/aw\/d)\/([A-Z0-9]{10})(?:[/?]|$)/i)
    case 'temu':
      return pick(/-g-(\d+)\.html/) ?? url.searchParams.get('goods_id')
    case 'dhgate':
      return pick(/\/product\/(?:[^/]+\/)*?(\d+)\.html/)
    case 'tiktok':
      return pick(/\/(?:view\/)?product\/(?:[^/]+\/)?(\d{6,})/) ?? pick(/\/shop\/pdp\/(?:[^/]+\/)?(\d{6,})/)
    default:
      return null
  }
}
