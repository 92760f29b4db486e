import type { CheerioAPI } from 'cheerio'
import { insufficientFacts, type Platform, type ProductFacts } from '../../domain/product-facts'
import { readPage } from './fetch-page'
import { importMarketplace, isMarketplace } from './marketplaces'
import { buildFacts, mergeRaw, type RawFacts } from './normalize/facts'
import { isSiteName, siteNames } from './normalize/site-name'
import { drawnByScript } from './parse-page'
import { detectPlatform } from './platform'
import { refusal, siteLabel } from './refusals'
import { withShopMarkup } from './shop-markup'
import { importShopify } from './shopify'
import { readShopPage } from './site-readers'
import { extractStructuredData } from './structured-data'
import { ImportError, type Fetcher } from './types'

export { factsFromText } from './text'

/** A pasted link as a URL: the scheme may be left off; only http(s). */
export function parseProductUrl(rawUrl: string): URL {
  const s = String(rawUrl ?? '').trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`
  try {
    const url = new URL(withScheme)
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.hostname) return url
  } catch {
    /* below */
  }
  throw new ImportError('Please enter a valid product link, starting with https://', false, s.slice(0, 200))
}

/**
 * Imports a product's real facts from its URL: picks the importer by platform (re-checked on the URL
 * the page was finally served from, for short links), builds sanitised, validated facts, and refuses
 * with a person-facing, non-transient ImportError when they are not enough to build a page.
 */
export async function importProduct(rawUrl: string, fetcher: Fetcher, now: Date = new Date()): Promise<ProductFacts> {
  const url = parseProductUrl(rawUrl)
  let platform: Platform = detectPlatform(url)
  let raw: RawFacts
  let sourceUrl: string
  // The page read (not a store's feed): when facts are missing, whether it shows anything without its scripts.
  let page: CheerioAPI | null = null

  const store = platform === 'shopify' ? await importShopify(url, fetcher) : null
  if (store && 'raw' in store) {
    ;({ raw, url: sourceUrl } = store)
  } else {
    // An address that only looked like a Shopify store's has its page read already.
    if (store) platform = 'generic'
    const { doc, $ } = store?.notAStore ?? (await readPage(url.href, fetcher, platform))
    page = $
    let finalUrl = url
    try {
      finalUrl = new URL(doc.url)
    } catch {
      /* keep the requested URL */
    }
    const finalPlatform = detectPlatform(finalUrl)
    // (Not a store's again when its page was just read as another site's.)
    if (finalPlatform !== 'generic' && !(store && finalPlatform === 'shopify')) platform = finalPlatform
    sourceUrl = finalUrl.href
    const redirectedStore = platform === 'shopify' ? await importShopify(finalUrl, fetcher) : null
    if (redirectedStore && !('raw' in redirectedStore)) platform = 'generic'
    if (redirectedStore && 'raw' in redirectedStore) ({ raw, url: sourceUrl } = redirectedStore)
    else if (isMarketplace(platform)) raw = await importMarketplace(platform, { ...doc, url: finalUrl.href }, fetcher, $)
    else {
      raw = extractStructuredData(doc.body, finalUrl.href, $)
      raw = withShopMarkup(mergeRaw(readShopPage(finalUrl, doc.body, $), raw), $, finalUrl.href)
    }
  }

  let facts: ProductFacts
  try {
    facts = buildFacts(raw, { url: sourceUrl, platform }, now)
  } catch (error) {
    // No name at all, on a page that shows nothing without its scripts (an app's empty shell).
    if (error instanceof ImportError && !error.kind && !raw.title && page && drawnByScript(page)) throw scriptShell(sourceUrl, platform)
    throw error
  }
  const problem = insufficientFacts(facts)
  // A page that shows nothing without its scripts: a missing name is the script's, not the link's.
  if (problem && page && (!facts.title || namesOnlyTheSite(facts, sourceUrl)) && drawnByScript(page)) throw scriptShell(sourceUrl, platform)
  if (problem && namesOnlyTheSite(facts, sourceUrl))
    throw refusal(
      'not-found',
      siteLabel(sourceUrl, platform),
      `showed no product at this address (the page names only the site, "${facts.title}")`,
    )
  if (problem) throw new ImportError(problem)
  return facts
}

/** The refusal of a page that shows nothing without its scripts. */
const scriptShell = (url: string, platform: Platform) =>
  refusal('script-shell', siteLabel(url, platform), 'sent a nearly empty page', 'script shell')

/** Facts whose only name is the site's own (a store's product address served with no product: "Sacada" at sacada.com/…/p). */
function namesOnlyTheSite(facts: ProductFacts, url: string): boolean {
  return !facts.images.length && facts.price == null && isSiteName(facts.title, siteNames(url))
}
