import type { Platform } from '../../domain/product-facts'
import { shopifyProductPath } from '../../domain/shopify-urls'

function host(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '')
}

function onDomain(h: string, domain: string): boolean {
  return h === domain || h.endsWith(`.${domain}`)
}

const AMAZON_HOST = /(^|\.)amazon\.(com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|co\.jp|com\.au|sg|cn)$/

/** Which importer reads a URL. Marketplaces by host; Shopify by path on any host (custom domains); else generic. */
export function detectPlatform(url: URL): Platform {
  const h = host(url)
  const path = url.pathname
  if (onDomain(h, 'aliexpress.com') || onDomain(h, 'aliexpress.us') || onDomain(h, 'aliexpress.ru')) return 'aliexpress'
  if (AMAZON_HOST.test(h)) return 'amazon'
  if (onDomain(h, 'temu.com')) return 'temu'
  if (onDomain(h, 'dhgate.com')) return 'dhgate'
  if (h === 'shop.tiktok.com' || /^shop-[a-z]+\.tiktok\.com$/.test(h)) return 'tiktok'
  // A shop's page in a region of its own: "/shop/pdp/…" or "/shop/vn/pdp/…".
  if (onDomain(h, 'tiktok.com') && /\/product\/|\/view\/product\/|\/shop\/(?:[a-z]{2}\/)?pdp\//.test(path)) return 'tiktok'
  if (shopifyProductPath(path)) return 'shopify'
  return 'generic'
}

/**
 * The parts of a Shopify product URL needed to reach its `.js`/`.json` endpoints; null when it is not one.
 * `localePrefix` is the path before `/products` (`/en-us`, `/demo-store`) or ''.
 */
export function shopifyHandle(url: URL): { origin: string; localePrefix: string; handle: string } | null {
  const found = shopifyProductPath(url.pathname)
  return found ? { origin: url.origin, ...found } : null
}

/** The marketplace's product id in a URL, when the URL carries one (for logs and de-duplication). */
export function marketplaceProductId(url: URL, platform: Platform): string | null {
  const p = url.pathname
  const pick = (re: RegExp, s = p) => s.match(re)?.[1] ?? null
  switch (platform) {
    case 'aliexpress':
      return pick(/\/item\/(?:[^/]*\/)?(\d+)\.html/)
    case 'amazon':
      return pick(/\/(?:dp|gp\/product|gp\/aw\/d|(?:o\/)?ASIN)\/([A-Z0-9]{10})(?:[/?]|$)/i)
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
