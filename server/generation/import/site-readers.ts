import type { CheerioAPI } from 'cheerio'
import { isEbayItem, parseEbay } from './ebay'
import { isMusinsaProduct, parseMusinsa } from './musinsa'
import { isMyntraProduct, parseMyntra } from './myntra'
import { isNaverStoreProduct, parseNaverStore } from './naver'
import type { RawFacts } from './normalize/facts'
import { isPcstoreItem, parsePcstore } from './pcstore'
import { isTaobaoItem, parseTaobao } from './taobao'
import { isTargetProduct, parseTarget } from './target'
import { isTmonDeal, parseTmon } from './tmon'
import { isZalandoArticle, parseZalando } from './zalando'

/**
 * Shops whose product pages carry facts their structured data leaves out (their own price box,
 * gallery list or page data). Each reads only the product's own block; what it finds goes before the
 * structured data. A new shop is a new line here.
 */
const SITE_READERS: { matches: (url: URL) => boolean; read: (html: string, $: CheerioAPI, url: URL) => RawFacts }[] = [
  { matches: isTaobaoItem, read: (_, $) => parseTaobao($) },
  { matches: isEbayItem, read: (html, $) => parseEbay(html, $) },
  { matches: isZalandoArticle, read: (_, $) => parseZalando($) },
  { matches: isTmonDeal, read: (_, $) => parseTmon($) },
  { matches: isPcstoreItem, read: (_, $) => parsePcstore($) },
  { matches: isMusinsaProduct, read: (_, $) => parseMusinsa($) },
  { matches: isTargetProduct, read: (html, _, url) => parseTarget(html, url) },
  { matches: isMyntraProduct, read: (html, $) => parseMyntra(html, $) },
  { matches: isNaverStoreProduct, read: (html, _, url) => parseNaverStore(html, url) },
]

/** What the page's own shop reader finds (nothing for a shop without one). */
export function readShopPage(url: URL, html: string, $: CheerioAPI): RawFacts {
  return SITE_READERS.find((r) => r.matches(url))?.read(html, $, url) ?? {}
}
