import type { CheerioAPI } from 'cheerio'
import type { Platform } from '../../../domain/product-facts'
import { mergeRaw, type RawFacts } from '../normalize/facts'
import { brandFromSpecRows } from '../page-heading'
import { parsePage } from '../parse-page'
import { refusal, siteLabel } from '../refusals'
import { extractStructuredData } from '../structured-data'
import type { FetchedDocument, Fetcher } from '../types'
import { parseAliExpress } from './aliexpress'
import { parseAmazon } from './amazon'
import { parseDhgate } from './dhgate'
import { parseTemu } from './temu'
import { parseTiktok } from './tiktok'

export type Marketplace = Extract<Platform, 'aliexpress' | 'amazon' | 'temu' | 'dhgate' | 'tiktok'>

export function isMarketplace(p: Platform): p is Marketplace {
  return p === 'aliexpress' || p === 'amazon' || p === 'temu' || p === 'dhgate' || p === 'tiktok'
}

/**
 * A marketplace page's own embedded data, with the page's JSON-LD / OpenGraph filling whatever it
 * lacks. `fetcher` is used only for AliExpress' separate description document.
 */
export async function importMarketplace(
  platform: Marketplace,
  doc: FetchedDocument,
  fetcher: Fetcher,
  parsed?: CheerioAPI,
): Promise<RawFacts> {
  const $ = parsed ?? parsePage(doc.body)
  let own: RawFacts = {}
  switch (platform) {
    case 'aliexpress':
      own = await parseAliExpress(doc.body, doc.url, fetcher, $)
      break
    case 'amazon':
      own = parseAmazon($, doc.body, doc.url)
      break
    case 'temu':
      own = parseTemu(doc.body)
      break
    case 'dhgate':
      own = parseDhgate(doc.body)
      break
    case 'tiktok':
      own = parseTiktok($)
      break
  }
  const structured = extractStructuredData(doc.body, doc.url, $, { metaDescription: false })
  const raw = mergeRaw(own, structured)
  // The brand: the page's structured data first (schema.org `brand`, `product:brand`), then the
  // platform's own line, then a brand row of the page's specification table.
  raw.vendor = structured.vendor || own.vendor || brandFromSpecRows($) || null
  // A marketplace that makes nothing is never the brand ("dhgate" in DHgate's JSON-LD); Amazon makes its own devices.
  if (platform !== 'amazon' && raw.vendor && raw.vendor.trim().toLowerCase() === platform) raw.vendor = null
  if (own.ownRatingRead) raw.listingRating = own.listingRating ?? null
  delete raw.ownRatingRead
  if (!raw.title && /window\._d_c_\.isCSR\s*=\s*true/.test(doc.body)) {
    throw refusal('script-shell', siteLabel(doc.url, platform), 'sent a nearly empty page', 'script shell')
  }
  return raw
}
