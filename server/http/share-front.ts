import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { shopperPageId, type ShareVersions } from '../domain/share'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Headers that belong to one response on one connection, never to a stored page. */
const PER_RESPONSE = new Set([
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'content-encoding',
  'etag',
  'vary',
])

interface Stored {
  version: string
  headers: [string, string][]
  etag: string
  identity: Buffer
  gzip: Buffer
  br: Buffer
  bytes: number
}

export interface ShareFrontOptions {
  /** The page's current version, or null when it is not shared (then the app renders its 404). */
  versionOf: ShareVersions
  /** Renders a request through the whole app (security headers, Remix). */
  render: (request: Request, incoming: IncomingMessage) => Promise<Response>
  /** Bound on the stored bytes (identity + gzip + brotli); least recently used pages go first. */
  maxBytes?: number
}

/**
 * The front of shared pages: rendered once per page version (per process, so per build), then sent from memory with
 * gzip and brotli prepared, an ETag and 304s. The key holds the version, which the database changes
 * with every edit, visibility change or owner change (server/modules/tasks/share-version.ts), so a
 * stored page can be outdated only in memory nobody reads. Nothing private is stored: a page that is
 * not shared has no version and is rendered (404) every time; answers that set cookies are not kept.
 */
export function createShareFront(opts: ShareFrontOptions) {
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024
  const pages = new Map<string, Stored>()
  let bytes = 0

  const forget = (key: string) => {
    const old = pages.get(key)
    if (!old) return
    pages.delete(key)
    bytes -= old.bytes
  }
  const keep = (key: string, page: Stored) => {
    forget(key)
    if (page.bytes > maxBytes / 8) return
    pages.set(key, page)
    bytes += page.bytes
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break
      forget(oldest)
    }
  }

  async function store(response: Response, version: string): Promise<Stored> {
    const identity = Buffer.from(await response.arrayBuffer())
    const [gz, br] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ])
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push([name, value])
    })
    return {
      version,
      headers,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      gzip: gz,
      br,
      bytes: identity.length + gz.length + br.length,
    }
  }

  function send(req: IncomingMessage, res: ServerResponse, page: Stored) {
    for (const [name, value] of page.headers) res.setHeader(name, value)
    res.setHeader('ETag', page.etag)
    res.setHeader('Vary', 'Accept-Encoding')
    if (matchesEtag(req.headers['if-none-match'], page.etag)) {
      res.statusCode = 304
      res.end()
      return
    }
    const encoding = pickEncoding(req.headers['accept-encoding'])
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
    if (encoding) res.setHeader('Content-Encoding', encoding)
    res.setHeader('Content-Length', body.length)
    res.statusCode = 200
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
    res.statusCode = response.status
    const cookies = response.headers.getSetCookie()
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding') res.setHeader(name, value)
    })
    if (cookies.length) res.setHeader('Set-Cookie', cookies)
    const body = Buffer.from(await response.arrayBuffer())
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  async function answer(req: IncomingMessage, res: ServerResponse, id: string) {
    // A version that cannot be read (api away) renders the page as usual, uncached.
    const version = await opts.versionOf(id).catch(() => null)
    const key = req.url!
    const known = version ? pages.get(key) : undefined
    if (known && known.version === version) {
      // Most recently used goes last.
      pages.delete(key)
      pages.set(key, known)
      return send(req, res, known)
    }
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${key}`, { method: 'GET', headers: requestHeaders(req) })
    const response = await opts.render(request, req)
    const cacheable =
      version &&
      response.status === 200 &&
      !response.headers.has('set-cookie') &&
      /^text\/html/.test(response.headers.get('content-type') ?? '')
    if (!cacheable) return sendResponse(req, res, response)
    const page = await store(response, version)
    keep(key, page)
    send(req, res, page)
  }

  return {
    /**
     * Answers GET and HEAD of a shopper page and returns true; returns false for anything else
     * (the caller passes it on). A failure is handed to `onError` with the response unsent.
     */
    handle(req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false
      const url = req.url ?? ''
      const query = url.indexOf('?')
      const id = shopperPageId(query < 0 ? url : url.slice(0, query))
      if (!id) return false
      answer(req, res, id).catch(onError)
      return true
    },
    /** For tests and the bench: how many pages and bytes are held. */
    stats: () => ({ pages: pages.size, bytes }),
  }
}

function requestHeaders(req: IncomingMessage): Headers {
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
  return headers
}

/** `If-None-Match`: `*`, one tag or a list, weak or strong (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare)
}

/** The best encoding the client accepts, honouring `q=0`: br, then gzip, else none. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null
  const accepted = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null
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
