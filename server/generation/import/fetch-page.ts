import type { CheerioAPI } from 'cheerio'
import type { Platform } from '../../domain/product-facts'
import { applyBaseHref } from './base-href'
import { parsePage } from './parse-page'
import { recognizeRefusal, siteLabel, statusError } from './refusals'
import { ImportError, type FetchedDocument, type Fetcher } from './types'

/**
 * Fetches a product page through the safe fetcher. What the site showed instead of a product — a
 * robot check, a refusal, an error page, whatever its HTTP status — becomes an ImportError that says
 * so (refusals.ts); an error status without a page that says more becomes the status's error. Returns
 * the page and its parsed document.
 */
export async function readPage(
  url: string,
  fetcher: Fetcher,
  platform?: Platform | null,
): Promise<{ doc: FetchedDocument; $: CheerioAPI }> {
  let doc: FetchedDocument
  try {
    doc = await fetcher(url, { accept: 'html' })
  } catch (err) {
    // The safe fetcher keeps the start of an error answer's page: it may say what happened.
    if (err instanceof ImportError && err.page) {
      throw recognizeRefusal(err.page, platform) ?? (err.page.status >= 400 ? statusError(err.page.status, siteLabel(url, platform)) : err)
    }
    throw err
  }
  const $ = parsePage(doc.body)
  const refused = recognizeRefusal(doc, platform, $)
  if (refused) throw refused
  if (doc.status >= 400) throw statusError(doc.status, siteLabel(doc.url || url, platform))
  applyBaseHref($, doc.url || url)
  return { doc, $ }
}

/**
 * An optional JSON endpoint: null when it is missing or unusable (4xx, a permanent fetch error,
 * not JSON); transient trouble (network, 429, 5xx) is thrown so the whole import is retried.
 */
export async function fetchOptionalJson(url: string, fetcher: Fetcher): Promise<unknown> {
  let doc: FetchedDocument
  try {
    doc = await fetcher(url, { accept: 'json' })
  } catch (err) {
    // A robot check or a refusal in place of the endpoint is the site's answer for the whole import.
    const refused = err instanceof ImportError && err.page ? recognizeRefusal(err.page) : null
    if (refused?.kind === 'robot-check' || refused?.kind === 'refused') throw refused
    if (err instanceof ImportError && !err.transient) return null
    throw err
  }
  if (doc.status >= 400) {
    const e = statusError(doc.status)
    if (e.transient) throw e
    return null
  }
  try {
    return JSON.parse(doc.body)
  } catch {
    return null
  }
}
