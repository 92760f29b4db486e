import { ImportError, type FetchedDocument, type Fetcher } from './types'

/** The person-facing error for an HTTP status; 408/425/429/5xx are transient (the job retries them). */
export function statusError(status: number): ImportError {
  if (status === 404 || status === 410)
    return new ImportError("We couldn't find this product page. Check the link and try again.", false, `HTTP ${status}`)
  if (status === 401 || status === 403)
    return new ImportError(
      'This site refused to show us the page. If it needs a login or password, paste the product description instead.',
      false,
      `HTTP ${status}`,
    )
  if (status === 408 || status === 425 || status === 429 || status >= 500)
    return new ImportError("The product page didn't respond properly. We'll try again shortly.", true, `HTTP ${status}`)
  return new ImportError(`This page could not be opened (HTTP ${status}).`, false, `HTTP ${status}`)
}

/** Fetches a page through the safe fetcher and turns error statuses into ImportErrors. */
export async function fetchPage(url: string, fetcher: Fetcher, accept: 'html' | 'json' = 'html'): Promise<FetchedDocument> {
  const doc = await fetcher(url, { accept })
  if (doc.status >= 400) throw statusError(doc.status)
  return doc
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
