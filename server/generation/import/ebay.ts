import type { CheerioAPI } from 'cheerio'
import { first, jsonAfter } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'
import { detectCurrency, parsePrice } from './normalize/price'

/** An eBay listing (`ebay.{com,fr,co.uk,…}/itm/…`). */
export function isEbayItem(url: URL): boolean {
  return /(^|\.)ebay\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/i.test(url.hostname) && /^\/itm\//i.test(url.pathname)
}

/**
 * An eBay listing's gallery: its own list of photos (`"imgArr"`, each photo once at its largest
 * size), and its buy-it-now price box: the price (`#prcIsum`, or `#mm-saleDscPrc` on a discount,
 * which has no structured price) and the original price struck beside it (`#orgPrc`,
 * `#mm-saleOrgPrc`). An auction's current bid is no price. Its structured data names only the
 * first photo and, on a discount, no price.
 */
export function parseEbay(html: string, $: CheerioAPI): RawFacts {
  const photos = jsonAfter(html, /"imgArr"\s*:\s*/)
  const images = (Array.isArray(photos) ? photos : [])
    .map((p) => first(p, 'maxImageUrl', 'displayImgUrl'))
    .filter((u): u is string => typeof u === 'string')
  const shown = (selector: string) => $(selector).first().text().replace(/\s+/g, ' ').trim()
  const priceText = shown('#prcIsum') || shown('#mm-saleDscPrc')
  const locale = $('html').attr('lang') ?? null
  const price = priceText ? parsePrice(priceText, null, locale) : null
  const currency = price ? detectCurrency(priceText, null) : null
  if (!price || !currency) return { images }
  const originalText = shown('#orgPrc') || shown('#mm-saleOrgPrc')
  const original = originalText ? parsePrice(originalText, null, locale) : null
  const compareAt = original && detectCurrency(originalText, null) === currency && original.amount > price.amount ? original.amount : null
  return { images, price: price.amount, currency, compareAtPrice: compareAt }
}
