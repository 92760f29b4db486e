import { first, jsonAfter } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'

/** An eBay listing (`ebay.{com,fr,co.uk,…}/itm/…`). */
export function isEbayItem(url: URL): boolean {
  return /(^|\.)ebay\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/i.test(url.hostname) && /^\/itm\//i.test(url.pathname)
}

/**
 * An eBay listing's gallery: its own list of photos (`"imgArr"`, each photo once at its largest
 * size). Its structured data names only the first photo; everything else comes from that.
 */
export function parseEbay(html: string): RawFacts {
  const photos = jsonAfter(html, /"imgArr"\s*:\s*/)
  const images = (Array.isArray(photos) ? photos : [])
    .map((p) => first(p, 'maxImageUrl', 'displayImgUrl'))
    .filter((u): u is string => typeof u === 'string')
  return { images }
}
