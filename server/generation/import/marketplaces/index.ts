import { load } from 'cheerio'
import type { Platform } from '../../../domain/product-facts'
import { mergeRaw, type RawFacts } from '../normalize/facts'
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
export async function importMarketplace(platform: Marketplace, doc: FetchedDocument, fetcher: Fetcher): Promise<RawFacts> {
  const $ = load(doc.body)
  let own: RawFacts = {}
  switch (platform) {
    case 'aliexpress':
      own = await parseAliExpress(doc.body, doc.url, fetcher)
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
  return mergeRaw(own, extractStructuredData(doc.body, doc.url, $, { metaDescription: false }))
}
