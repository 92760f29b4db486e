/**
 * The only way the server fetches a user-supplied URL (docs/security.md, "Fetching user-supplied
 * URLs"). Every URL — the first and each redirect target — passes checkUrlPolicy;
 * every address actually connected to is checked again inside the socket's own DNS lookup.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction, type Socket } from 'node:net'
import { Agent, buildConnector, fetch } from 'undici'
import { MESSAGES, checkUrlPolicy, hostPortKey, isBlockedHostname, isPublicAddress, parseAllowList, type UrlCheck } from './address-policy'
import { decodeBody } from './decode'
import { statusError } from './refusals'
import { ImportError, type FetchedDocument, type Fetcher, type FetchOptions } from './types'

export interface SafeFetchOptions {
  /**
   * "host:port" entries (e.g. "127.0.0.1:4010", "localhost:4010") allowed to be loopback/private,
   * for tests only (IMPORT_ALLOW_PRIVATE_HOSTS). Matching is on the URL's host and port.
   */
  allowPrivateHosts?: string[]
  timeoutMs?: number // default 15_000 (whole request incl. redirects and body)
  maxBytes?: number // default 5 * 1024 * 1024
  maxRedirects?: number // default 3
  /** DNS resolution; default node:dns/promises lookup(host, { all: true, verbatim: true }). Tests inject fakes. */
  lookup?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>
  /** Called with the IP right before a socket is opened (tests use it to prove no connection was made). */
  onConnect?: (address: string, port: number) => void
  userAgent?: string // default 'Mozilla/5.0 (compatible; PagewrightBot/1.0; +https://pagewright.app/bot)'
}

type Resolve = NonNullable<SafeFetchOptions['lookup']>

const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; PagewrightBot/1.0; +https://pagewright.app/bot)'
const MAX_CONNECT_MS = 10_000
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const ACCEPT = {
  html: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  json: 'application/json,application/ld+json;q=0.9,text/javascript;q=0.8,*/*;q=0.1',
  image: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
}

export function createSafeFetcher(opts: SafeFetchOptions = {}): Fetcher {
  const allow = parseAllowList(opts.allowPrivateHosts)
  const timeoutMs = opts.timeoutMs ?? 15_000
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024
  const maxRedirects = opts.maxRedirects ?? 3
  const resolve: Resolve = opts.lookup ?? defaultResolve
  const userAgent = opts.userAgent ?? DEFAULT_USER_AGENT

  return async (rawUrl: string, options: FetchOptions = {}): Promise<FetchedDocument> => {
    const accept = options.accept ?? 'html'
    let url = passOrThrow(checkUrlPolicy(rawUrl, allow))
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
    // One agent per call: no sockets outlive the call and no pooled connection is shared between users.
    const agent = new Agent({
      connect: guardedConnector({ allow, resolve, onConnect: opts.onConnect, connectMs: Math.min(timeoutMs, MAX_CONNECT_MS) }),
    })
    try {
      for (let redirects = 0; ; redirects++) {
        const res = await fetch(url.href, {
          dispatcher: agent,
          redirect: 'manual',
          signal,
          headers: { 'user-agent': userAgent, accept: ACCEPT[accept] },
        })
        if (REDIRECT_STATUSES.has(res.status)) {
          await res.body?.cancel().catch(() => {})
          if (redirects >= maxRedirects) throw new ImportError(`The page redirected more than ${maxRedirects} times.`)
          const location = res.headers.get('location')
          if (!location) throw new ImportError('The page redirected without saying where to.', false, `${res.status}`)
          let next: string
          try {
            next = new URL(location, url).href
          } catch {
            throw new ImportError('The page redirected to a link that is not valid.', false, location.slice(0, 200))
          }
          url = passOrThrow(checkUrlPolicy(next, allow))
          continue
        }
        if (res.status < 200 || res.status > 299) {
          const error = statusError(res.status)
          // The start of an error answer's page: it may say what the site did (a robot check, a refusal).
          const mime = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
          if (accept !== 'image' && isAcceptedType(mime, 'html')) {
            const head = await readHead(res.body as ReadableStream<Uint8Array> | null, ERROR_PAGE_BYTES).catch(() => null)
            if (head) error.page = { url: url.href, status: res.status, body: decodeBody(head, res.headers.get('content-type') ?? '') }
          } else await res.body?.cancel().catch(() => {})
          throw error
        }
        const header = res.headers.get('content-type') ?? ''
        const mime = header.split(';')[0].trim().toLowerCase()
        if (!isAcceptedType(mime, accept)) {
          await res.body?.cancel().catch(() => {})
          const wanted = accept === 'image' ? 'an image' : 'a web page'
          throw new ImportError(`This link doesn't point to ${wanted} (it returned ${describeType(mime)}).`, false, header.slice(0, 200))
        }
        // Content-Length counts the encoded bytes; compare only when the body is not compressed.
        const length = Number(res.headers.get('content-length'))
        if (!res.headers.get('content-encoding') && Number.isFinite(length) && length > maxBytes) {
          await res.body?.cancel().catch(() => {})
          throw tooLarge(maxBytes)
        }
        const bytes = await readCapped(res.body as ReadableStream<Uint8Array> | null, maxBytes)
        if (accept === 'image') return { url: url.href, status: res.status, contentType: mime, body: '', bytes }
        return { url: url.href, status: res.status, contentType: mime, body: decodeBody(bytes, header) }
      }
    } catch (err) {
      throw toImportError(err, { timeout, callerSignal: options.signal, host: url.hostname, timeoutMs })
    } finally {
      agent.destroy().catch(() => {})
    }
  }
}

function passOrThrow(check: UrlCheck): URL {
  if (!check.ok) throw new ImportError(check.reason)
  return check.url
}

async function defaultResolve(hostname: string) {
  const found = await dnsLookup(hostname, { all: true, verbatim: true })
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? (6 as const) : (4 as const) }))
}

interface GuardContext {
  allow: ReadonlySet<string>
  resolve: Resolve
  onConnect?: (address: string, port: number) => void
  connectMs: number
}

/**
 * undici connector that checks the address at the moment of connecting. Node skips `lookup` for
 * IP literals, so those are checked here; names go through guardedLookup, whose answer is the
 * address net.connect uses (no second resolution, so no TOCTOU / DNS rebinding window).
 */
function guardedConnector(ctx: GuardContext): buildConnector.connector {
  return (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
    const allowed = ctx.allow.has(hostPortKey(options.hostname, port))
    if (isIP(options.hostname) && !allowed && !isPublicAddress(options.hostname)) {
      callback(new ImportError(MESSAGES.private, false, options.hostname), null)
      return
    }
    const connect = buildConnector({ timeout: ctx.connectMs, lookup: guardedLookup(ctx, allowed) })
    const socket = connect(options, callback) as unknown as Socket | undefined
    // 'connectionAttempt' fires right before each connect() with the address actually used;
    // our lookup always answers asynchronously, so this listener is in place in time.
    socket?.on('connectionAttempt', (address: string, attemptPort: number) => ctx.onConnect?.(address, attemptPort))
  }
}

function guardedLookup(ctx: GuardContext, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const answer = async () => {
      if (!allowed && isBlockedHostname(hostname)) throw new ImportError(MESSAGES.private, false, hostname)
      const found = await ctx.resolve(hostname)
      // Refuse the whole name if ANY address is not public (rather than connecting only to the
      // good ones): a real site does not mix public and private addresses; rebinding tricks do.
      const bad = found.find((a) => !isPublicAddress(a.address))
      if (!allowed && bad) throw new ImportError(MESSAGES.private, false, `${hostname} -> ${bad.address}`)
      const usable = options.family ? found.filter((a) => a.family === options.family) : found
      if (usable.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
      return usable
    }
    answer().then(
      (usable) => (options.all ? callback(null, usable) : callback(null, usable[0].address, usable[0].family)),
      (err: NodeJS.ErrnoException) => callback(err, ''),
    )
  }
}

function isAcceptedType(mime: string, accept: 'html' | 'json' | 'image'): boolean {
  // Which image kinds are stored, and whether the bytes really are one, is decided by the caller (server/domain/media.ts).
  if (accept === 'image') return mime.startsWith('image/')
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return true
  if (mime === 'application/json' || mime.endsWith('+json')) return true
  // Shopify's /products/<handle>.js answers JSON as JavaScript; take that only when JSON was asked for.
  return accept === 'json' && (mime === 'text/javascript' || mime === 'application/javascript')
}

function describeType(mime: string): string {
  return /^[a-z0-9!#$&^_.+-]{1,60}\/[a-z0-9!#$&^_.+-]{1,60}$/.test(mime) ? mime : 'an unknown kind of content'
}

/** How much of an error answer's page is kept to tell what it is. */
const ERROR_PAGE_BYTES = 256 * 1024

/** Up to `maxBytes` of a body; the rest is not read. */
async function readHead(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  while (total < maxBytes) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    total += value.byteLength
  }
  await reader.cancel().catch(() => {})
  return Buffer.concat(chunks).subarray(0, maxBytes)
}

async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array()
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

function tooLarge(maxBytes: number): ImportError {
  const mb = 1024 * 1024
  const size =
    maxBytes >= mb ? `${+(maxBytes / mb).toFixed(1)} MB` : maxBytes >= 1024 ? `${+(maxBytes / 1024).toFixed(1)} KB` : `${maxBytes} bytes`
  return new ImportError(`The page is larger than ${size}.`)
}

interface ErrorContext {
  timeout: AbortSignal
  callerSignal?: AbortSignal
  host: string
  timeoutMs: number
}

/** undici's fetch wraps network failures as TypeError('fetch failed', { cause }). */
function toImportError(err: unknown, ctx: ErrorContext): ImportError {
  if (err instanceof ImportError) return err
  const cause = (err as { cause?: unknown })?.cause
  if (cause instanceof ImportError) return cause
  if (ctx.timeout.aborted) {
    const secs = +(ctx.timeoutMs / 1000).toFixed(1)
    return new ImportError(`The page took longer than ${secs} second${secs === 1 ? '' : 's'} to answer.`, true, 'timeout')
  }
  if (ctx.callerSignal?.aborted) return new ImportError('The import was stopped before the page arrived.', true, 'aborted')
  const code = errorCode(cause) ?? errorCode(err) ?? 'unknown'
  const host = ctx.host
  switch (code) {
    case 'ENOTFOUND':
      return new ImportError(`We couldn't find the website ${host}. Check the link.`, false, code)
    case 'EAI_AGAIN':
      return new ImportError(`We couldn't look up the website ${host} right now.`, true, code)
    case 'ECONNREFUSED':
      return new ImportError(`The website ${host} refused the connection.`, true, code)
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
      return new ImportError(`The connection to ${host} was interrupted.`, true, code)
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new ImportError(`The website ${host} took too long to connect.`, true, code)
  }
  if (/CERT|SSL|TLS/.test(code)) return new ImportError(`The website ${host} has a security certificate problem.`, false, code)
  return new ImportError(`We couldn't reach the website ${host}.`, true, code)
}

function errorCode(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined
  const e = err as { code?: unknown; errors?: unknown[] }
  if (typeof e.code === 'string') return e.code
  // Happy-eyeballs failures are AggregateErrors of the per-address errors.
  return Array.isArray(e.errors) ? errorCode(e.errors[0]) : undefined
}
