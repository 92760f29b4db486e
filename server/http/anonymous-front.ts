import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ANONYMOUS_CACHE_HEADER, INTERNAL_CACHE_HEADERS } from '../domain/page-cache'
import { isKeepableHtml, keepNoncedPage, pageMemory, sendNoncedPage, type NoncedPage } from './page-memory'

interface Stored extends NoncedPage {
  expires: number
}

/** A request that may be answered from, or fill, the store: GET/HEAD without cookies or credentials. */
const anonymous = (method: string | undefined, cookie: unknown, authorization: unknown) =>
  (method === 'GET' || method === 'HEAD') && !cookie && !authorization
const keyOf = (url: string, language: string | null | undefined) => `${url}\n${(language ?? '').slice(0, 200)}`

/** The request to answer from the store: a GET/HEAD without cookies or credentials. */
export const isAnonymousRead = (request: Request) =>
  anonymous(request.method, request.headers.get('cookie'), request.headers.get('authorization'))

export interface AnonymousPagesOptions {
  /** Renders a page through the whole app (security headers, Remix) with this CSP nonce, uncompressed. */
  render: (request: Request, nonce: string) => Promise<Response>
  maxBytes?: number
  now?: () => number
}

/**
 * Pages that are the same for every visitor without cookies (the sign-in screens), rendered once
 * per address and language for as long as their route allows (ANONYMOUS_CACHE_HEADER, seconds)
 * instead of once per request. A page that sets a cookie is never kept; a request with any cookie
 * or credentials never gets a kept page. Each answer carries a fresh CSP nonce: the stored HTML and
 * policy are split where the nonce they were rendered with was.
 */
export function createAnonymousPages(opts: AnonymousPagesOptions) {
  const now = opts.now ?? Date.now
  const pages = pageMemory<Stored>('anonymous', opts.maxBytes ?? 8 * 1024 * 1024)
  const filling = new Set<string>()

  /** Renders the page on its own (plain, with a nonce of ours) and keeps it if its route allows. */
  async function fill(url: string, language: string | null, key: string) {
    const nonce = randomBytes(16).toString('base64')
    const response = await opts.render(new Request(url, { headers: language ? { 'accept-language': language } : {} }), nonce)
    const seconds = Number(response.headers.get(ANONYMOUS_CACHE_HEADER))
    const html = await response.text()
    if (!(seconds > 0) || !isKeepableHtml(response)) return
    pages.set(key, { ...keepNoncedPage(response, html, nonce, INTERNAL_CACHE_HEADERS), expires: now() + seconds * 1000 })
  }

  return {
    /** Answers from the store and returns true, or returns false (nothing kept for this request). */
    serve(req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void): boolean {
      if (!anonymous(req.method, req.headers.cookie, req.headers.authorization)) return false
      const page = pages.get(keyOf(req.url ?? '', req.headers['accept-language']))
      if (!page || page.expires <= now()) return false
      sendNoncedPage(req, res, page).catch(onError)
      return true
    },

    /**
     * The app answered an anonymous read with a page its route allows to keep: render a copy of
     * our own in the background (one at a time per page) for the next visitors.
     */
    noticed(request: Request) {
      const url = new URL(request.url)
      const language = request.headers.get('accept-language')
      const key = keyOf(url.pathname + url.search, language)
      const known = pages.get(key)
      if ((known && known.expires > now()) || filling.has(key)) return
      filling.add(key)
      void fill(url.href, language, key)
        .catch(() => pages.delete(key))
        .finally(() => filling.delete(key))
    },

    stats: () => ({ pages: pages.size, bytes: pages.calculatedSize }),
  }
}

export type AnonymousPages = ReturnType<typeof createAnonymousPages>
