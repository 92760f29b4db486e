import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { EVERYTHING, type ChangeFeed } from '../db/changes'
import { isSessionId } from '../domain/ids'
import { INTERNAL_CACHE_HEADERS, SIGNED_IN_CACHE_HEADER, VIEWER_HEADER } from '../domain/page-cache'
import { countBoundedCache } from './count-bounded-cache'
import { isKeepableHtml, keepNoncedPage, pageMemory, sendNoncedPage, type NoncedPage } from './page-memory'

interface Stored extends NoncedPage {
  expires: number
  /** The address it was rendered for, to render it again before it expires. */
  href: string
  viewer: string
  /** The change count when its render started: any change of the viewer after it makes it stale. */
  since: number
}

/** A kept page read this close to its end is rendered again in the background, so reads never wait for it. */
const REFRESH_AHEAD_MS = 2_000

const isRead = (method: string | undefined) => method === 'GET' || method === 'HEAD'

/**
 * The shape of an address, the same for every viewer's copy of a screen: ids left out, the query's
 * names kept ("/productv2/{id}?view", "/?page"). A route keeps its screens or not by its shape (and
 * its query: a payment check's `session_id` is never kept), so one that kept one address keeps the
 * next viewer's too.
 */
export function addressShape(pathAndQuery: string): string {
  const [path, query = ''] = pathAndQuery.split('?', 2)
  const names = [...new URLSearchParams(query).keys()].sort().join('&')
  const shape = path
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) || isSessionId(segment) ? '{id}' : segment))
    .join('/')
  return `${shape}?${names}`
}
// The whole cookie header is in the key: the session (so the token), the time zone, the flash.
const keyOf = (url: string, cookie: string, language: string | null | undefined) => `${url}\n${cookie}\n${(language ?? '').slice(0, 200)}`

export interface SignedInPagesOptions {
  /** Announces the id of every user whose rows changed (migration 0008), or EVERYTHING. */
  changes: ChangeFeed
  /** Renders a page through the whole app (security headers, Remix) with this CSP nonce, uncompressed. */
  render: (request: Request, nonce: string) => Promise<Response>
  maxBytes?: number
  now?: () => number
}

/**
 * Signed-in screens kept per viewer: a screen whose route says it depends only on its address, the
 * cookies, the language and the viewer's own rows (SIGNED_IN_CACHE_HEADER, VIEWER_HEADER) is
 * rendered once and answered from memory to the same cookies until the database announces a
 * change to any of the viewer's rows, the viewer's session sends anything but a read, or the
 * route's seconds pass. Nothing is kept or answered while the change feed is not live, and a
 * render that overlapped a change of its viewer is not kept. Each answer has a fresh CSP nonce.
 */
export function createSignedInPages(opts: SignedInPagesOptions) {
  const now = opts.now ?? Date.now
  const pages = pageMemory<Stored>('signed_in', opts.maxBytes ?? 32 * 1024 * 1024)
  /** Renders under way for the next reads, by key: requests for a page being rendered wait for it. */
  const filling = new Map<string, Promise<void>>()
  // Counts changes; each viewer's last change, and the last time everything changed.
  let count = 0
  let everything = 0
  // A viewer forgotten here changed at most at `forgotten`: nothing older than that is trusted.
  let forgotten = 0
  const changedAt = countBoundedCache<string, number>(100_000, {
    dispose: (at) => void (forgotten = Math.max(forgotten, at)),
  })
  // Which viewer a cookie header belongs to, learnt from renders (for the session's own writes).
  const viewerOfCookie = countBoundedCache<string, string>(100_000)
  // Shapes of addresses whose screens were kept: a new viewer's first read of one waits for our
  // render instead of rendering once to answer and once more to keep.
  const keptShapes = countBoundedCache<string, true>(1_000)

  const changed = (viewer: string) => {
    count++
    if (viewer === EVERYTHING) everything = count
    else changedAt.set(viewer, count)
  }
  opts.changes.subscribe(changed)
  const lastChange = (viewer: string) => Math.max(everything, changedAt.get(viewer) ?? forgotten)
  const fresh = (page: Stored) => page.expires > now() && lastChange(page.viewer) <= page.since

  async function fill(url: string, cookie: string, language: string | null, key: string) {
    const since = count
    const nonce = randomBytes(16).toString('base64')
    const headers: Record<string, string> = { cookie }
    if (language) headers['accept-language'] = language
    const response = await opts.render(new Request(url, { headers }), nonce)
    const seconds = Number(response.headers.get(SIGNED_IN_CACHE_HEADER))
    const viewer = response.headers.get(VIEWER_HEADER)
    const html = await response.text()
    if (!(seconds > 0) || !viewer || !isKeepableHtml(response)) return
    viewerOfCookie.set(cookie, viewer)
    if (!opts.changes.live || lastChange(viewer) > since) return
    const kept = keepNoncedPage(response, html, nonce, INTERNAL_CACHE_HEADERS)
    const address = new URL(url)
    keptShapes.set(addressShape(address.pathname + address.search), true)
    pages.set(key, { ...kept, expires: now() + seconds * 1000, href: url, viewer, since })
  }

  /** Renders the page for the next reads, one render at a time per page; settles when it is kept (or not). */
  function refill(href: string, cookie: string, language: string | null, key: string): Promise<void> {
    const running = filling.get(key)
    if (running) return running
    const render = fill(href, cookie, language, key)
      .catch(() => void pages.delete(key))
      .finally(() => filling.delete(key))
    filling.set(key, render)
    return render
  }

  /** Answers from the page a render under way keeps, or hands the request to the app when it keeps none. */
  function afterRender(
    render: Promise<void>,
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    onError: (error: unknown) => void,
    next: () => void,
  ) {
    void render.then(() => {
      const page = pages.peek(key)
      if (page && fresh(page)) sendNoncedPage(req, res, page).catch(onError)
      else next()
    })
  }

  return {
    /**
     * Answers a signed-in read from memory (true), or returns false. Any other request of a known
     * session counts as a change of its viewer, when it starts and when it ends, so the answer to
     * the redirect after a form post is never an older page.
     */
    serve(req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void, next: () => void): boolean {
      const cookie = req.headers.cookie
      if (!cookie || req.headers.authorization) return false
      if (!isRead(req.method)) {
        const viewer = viewerOfCookie.get(cookie)
        if (viewer) {
          changed(viewer)
          res.once('close', () => changed(viewer))
        }
        return false
      }
      if (!opts.changes.live) return false
      const language = req.headers['accept-language'] ?? null
      const key = keyOf(req.url ?? '', cookie, language)
      const page = pages.get(key)
      if (page && fresh(page)) {
        if (page.expires - now() < REFRESH_AHEAD_MS) void refill(page.href, cookie, language, key)
        sendNoncedPage(req, res, page).catch(onError)
        return true
      }
      // A page kept before and now stale (expired, or its viewer changed), or one being rendered:
      // one render for everyone asking, not one each (a busy page's reads would all render at once
      // the moment it expires, and queue behind each other).
      const shaped = !page && keptShapes.has(addressShape(req.url ?? ''))
      const href = page?.href ?? (shaped ? `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}` : null)
      const running = filling.get(key) ?? (href ? refill(href, cookie, language, key) : undefined)
      if (!running) return false
      afterRender(running, key, req, res, onError, next)
      return true
    },

    /** The app answered a signed-in read with a page its route allows to keep: render one of our own for the next reads. */
    noticed(request: Request) {
      const cookie = request.headers.get('cookie')
      if (!cookie || request.headers.has('authorization') || !opts.changes.live) return
      const url = new URL(request.url)
      const language = request.headers.get('accept-language')
      const key = keyOf(url.pathname + url.search, cookie, language)
      const known = pages.get(key)
      if (!known || !fresh(known)) void refill(url.href, cookie, language, key)
    },

    stats: () => ({ pages: pages.size, bytes: pages.calculatedSize }),
  }
}

export type SignedInPages = ReturnType<typeof createSignedInPages>
