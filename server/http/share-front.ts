import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { dailyEtag } from '../domain/daily-visitors'
import { EXPERIMENT_PAGE_CACHE_CONTROL, experimentOfVersion, SHARE_VARIANT_HEADER } from '../domain/experiments/shopper'
import { shopperPageId, type ShareVersions } from '../domain/share'
import { backgroundWork, type BackgroundWork } from './background-work'
import type { ShopperSide, VariantPick } from './experiment-front'
import { pathOnly } from './front-chain'
import { chooseEncoding, notModified } from './negotiation'
import { compressToKeep, keptHeaders, pageMemory, writeResponse } from './page-memory'
import { compressAsync, ENCODINGS, ownBytes, type Encoding } from './precompress'

interface Stored {
  version: string
  headers: [string, string][]
  etag: string
  /** The page as gzip, always: what nearly every client takes, and a quarter of the page's size. */
  gzip: Buffer
  /** Kept once the page proves popular (TUNE_AFTER reads); until then unzipped for the rare client without gzip. */
  identity: Buffer | null
  /** Brotli, made the first time a client asks for it. */
  br: Buffer | null
  bytes: number
  /** Reads since it was stored; at TUNE_AFTER its encodings are redone at the smallest size. */
  reads: number
  tuned: boolean
}

/**
 * A page is stored as fast gzip only (a large catalogue's pages are mostly read once or twice: a few
 * kilobytes each, so the memory holds several times more of them) and, once it proves to be read,
 * compressed again at the best ratio off the request, with its plain bytes kept beside.
 */
const TUNE_AFTER = 8
/** What a stored page weighs besides its bytes (its headers, tag and object), roughly. */
const PAGE_OVERHEAD = 512

const OFFERED = ENCODINGS.map((e) => e.name)

export interface ShareFrontOptions {
  /** The page's current version, or null when it is not shared (then the app renders its 404). */
  versionOf: ShareVersions
  /** Renders a request through the whole app (security headers, Remix). */
  render: (request: Request, incoming: IncomingMessage) => Promise<Response>
  /**
   * Told of every request for a page that is shared (server/http/page-views.ts decides which are a
   * person's view); a map update, nothing written per request.
   */
  onShared?: (sessionId: string, req: IncomingMessage) => void
  /**
   * Experiments and visitors (server/http/experiment-front.ts): a page under an experiment is kept
   * per variant and sent `private, no-store` with `Vary: Cookie`, the assignment cookie set on the
   * response itself. Without it every shopper gets the live page.
   */
  shoppers?: Pick<ShopperSide, 'assign' | 'seen' | 'day'>
  /** Bound on the stored bytes (identity + gzip + brotli); least recently used pages go first. */
  maxBytes?: number
  /** Where popular pages are compressed again at the best ratio (default: one at a time, a fifth of a core). */
  tuning?: BackgroundWork
}

/**
 * The front of shared pages: rendered once per page version (per process, so per build), then
 * sent from memory with gzip and brotli prepared, an ETag and 304s. The key holds the version,
 * which the database changes with every edit, visibility change or owner change
 * (server/modules/tasks/share-version.ts), so a stored page can be outdated only in memory nobody
 * reads. Nothing private is stored: a page that is not shared has no version and goes to the app
 * (its 404) every time; answers that set cookies are not kept.
 */
export function createShareFront(opts: ShareFrontOptions) {
  const pages = pageMemory<Stored>('shared', opts.maxBytes ?? 32 * 1024 * 1024)
  const tuning = opts.tuning ?? backgroundWork({ name: 'share_recompress' })
  /** Renders under way, by page key and version (at most one per page and version at a time). */
  const rendering = new Map<string, Promise<Stored | null>>()
  /** Marks a render of `flightKey` as under way; the function returned settles it (the first call counts). */
  function leadRender(flightKey: string): (page: Stored | null) => void {
    let resolve!: (page: Stored | null) => void
    rendering.set(flightKey, new Promise<Stored | null>((r) => (resolve = r)))
    return resolve
  }

  async function store(response: Response, version: string): Promise<Stored> {
    const identity = Buffer.from(await response.arrayBuffer())
    const gzip = await compressToKeep(identity, 'gzip')
    return {
      version,
      headers: keptHeaders(response.headers),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      gzip,
      identity: null,
      br: null,
      bytes: gzip.length + PAGE_OVERHEAD,
      reads: 0,
      tuned: false,
    }
  }

  const identityOf = (page: Stored) => page.identity ?? gunzipSync(page.gzip)

  /** Brotli for a page no client asked it of before: compressed fast, then kept with it. */
  async function brotli(key: string, page: Stored): Promise<Buffer> {
    const body = await compressToKeep(identityOf(page), 'br')
    if (page.br) return page.br
    page.br = body
    page.bytes += body.length
    pages.resize(key, page)
    return body
  }

  /** The best compression for a page that is read again and again (same bytes once decoded, same ETag). */
  async function tune(key: string, page: Stored) {
    if (pages.peek(key) !== page) return
    const identity = ownBytes(identityOf(page))
    // One after the other: the tuning's share of the CPU is one core's.
    const br = await compressAsync(identity, 'br')
    const gzip = await compressAsync(identity, 'gzip')
    if (pages.peek(key) !== page) return
    Object.assign(page, { identity, br, gzip, bytes: identity.length + br.length + gzip.length + PAGE_OVERHEAD })
    pages.resize(key, page)
  }

  function send(req: IncomingMessage, res: ServerResponse, key: string, page: Stored, pick: VariantPick | null): void | Promise<void> {
    for (const [name, value] of page.headers) res.setHeader(name, value)
    // With visitors counted, the tag carries the day: a browser's first view of a day is told apart.
    const etag = opts.shoppers ? dailyEtag(page.etag, opts.shoppers.day()) : page.etag
    res.setHeader('ETag', etag)
    res.setHeader('Vary', 'Accept-Encoding')
    if (pick) {
      experimentHeaders(res, pick)
      pick.count()
    }
    if (notModified(req.headers['if-none-match'], etag)) {
      res.statusCode = 304
      res.end()
      return
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], OFFERED)
    if (encoding === 'gzip') return sendBody(req, res, page.gzip, encoding)
    if (encoding === 'br')
      return page.br ? sendBody(req, res, page.br, encoding) : brotli(key, page).then((br) => sendBody(req, res, br, encoding))
    return sendBody(req, res, identityOf(page), null)
  }

  async function answer(req: IncomingMessage, res: ServerResponse, id: string, next: () => void) {
    // Not shared, or a version that cannot be read (api away): the app answers as usual.
    const version = await opts.versionOf(id).catch(() => null)
    if (!version) return next()
    opts.onShared?.(id, req)
    const experiment = opts.shoppers ? experimentOfVersion(version) : null
    const pick = experiment ? opts.shoppers!.assign(id, experiment, req) : null
    if (!experiment) opts.shoppers?.seen(id, req)
    // One page per address whatever its query: a shopper page never reads it, and ad clicks carry a
    // new one each ("?fbclid=…", "?ttclid=…"); keyed on it, every visitor from an ad would be a
    // render, and anyone could make us render at will. Each variant is its own page (the version
    // names the experiment, so a new one renders afresh).
    const path = pathOnly(req.url!)
    const key = pick ? `${path} ${pick.variant}` : path
    const known = pages.get(key)
    if (known?.version === version) {
      await send(req, res, key, known, pick)
      // Queued once; when the queue is full, offered again at a later read.
      if (++known.reads >= TUNE_AFTER && !known.tuned) known.tuned = tuning.offer(() => tune(key, known))
      return
    }
    // The same page at the same version asked for again while it renders: wait for that render
    // instead of rendering it once per request (a popular page's first second under load).
    const flightKey = `${key}\n${version}`
    const inFlight = rendering.get(flightKey)
    if (inFlight) {
      const page = await inFlight
      if (page) return send(req, res, key, page, pick)
      // That render was not a page to keep (an error): this request renders its own answer.
    }
    const settle = inFlight ? undefined : leadRender(flightKey)
    try {
      const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url!}`, {
        method: 'GET',
        headers: requestHeaders(req, pick?.variant),
      })
      const response = await opts.render(request, req)
      const keepable =
        response.status === 200 && !response.headers.has('set-cookie') && /^text\/html/.test(response.headers.get('content-type') ?? '')
      if (!keepable) {
        settle?.(null)
        if (!pick) return await writeResponse(req, res, response)
        // Not the page (an error): still never kept by a shared cache, and no assignment made on it.
        const headers = new Headers(response.headers)
        headers.set('Cache-Control', EXPERIMENT_PAGE_CACHE_CONTROL)
        return await writeResponse(req, res, new Response(response.body, { status: response.status, headers }))
      }
      const page = await store(response, version)
      pages.set(key, page)
      settle?.(page)
      await send(req, res, key, page, pick)
    } finally {
      if (settle) {
        settle(null)
        rendering.delete(flightKey)
      }
    }
  }

  return {
    /**
     * Answers GET and HEAD of a shopper page and returns true; returns false for anything else.
     * A failure is handed to `onError` with the response unsent.
     */
    handle(req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void, next: () => void): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const id = shopperPageId(pathOnly(req.url ?? ''))
      if (!id) return false
      answer(req, res, id, next).catch(onError)
      return true
    },
    /** For tests and the bench: how many pages and bytes are held. */
    stats: () => ({ pages: pages.size, bytes: pages.calculatedSize }),
  }
}

function sendBody(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding: Encoding | null) {
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Never kept by a shared cache, kept apart per cookie; the new visitor's assignment set here. */
function experimentHeaders(res: ServerResponse, pick: VariantPick) {
  res.setHeader('Cache-Control', EXPERIMENT_PAGE_CACHE_CONTROL)
  res.setHeader('Vary', 'Accept-Encoding, Cookie')
  if (pick.setCookies.length) res.setHeader('Set-Cookie', pick.setCookies)
}

function requestHeaders(req: IncomingMessage, variant?: VariantPick['variant']): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  // The stored page must not depend on what this client asked for: render it whole and plain.
  headers.delete('accept-encoding')
  headers.delete('if-none-match')
  headers.delete('if-modified-since')
  // Only the front says which variant to render.
  headers.delete(SHARE_VARIANT_HEADER)
  if (variant === 'challenger') headers.set(SHARE_VARIANT_HEADER, variant)
  return headers
}

/** Share versions asked of the api's front (a web deployed on its own, API_URL). */
export function remoteShareVersions(apiUrl: string): ShareVersions {
  const base = apiUrl.replace(/\/+$/, '')
  return async (id) => {
    const res = await fetch(`${base}/v2/tasks/shared/${encodeURIComponent(id)}/version`, { headers: { accept: 'application/json' } })
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`share version: the api answered ${res.status}`)
    return ((await res.json()) as { version: string }).version
  }
}
