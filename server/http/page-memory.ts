import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { chooseEncoding } from './negotiation'
import { ENCODINGS, ownBytes } from './precompress'

/** A page kept in memory, with what it weighs there. */
export interface KeptPage {
  bytes: number
}

/** A page memory that counts its hits and misses (for /metrics). */
export class PageMemory<T extends KeptPage> extends LRUCache<string, T> {
  hits = 0
  misses = 0
  override get(key: string, options?: LRUCache.GetOptions<string, T, unknown>): T | undefined {
    const page = super.get(key, options)
    if (page === undefined) this.misses++
    else this.hits++
    return page
  }

  /** Counts a kept page's bytes again after it grew or shrank in place (set() of the same value keeps its old size). */
  resize(key: string, page: T): void {
    if (this.peek(key) !== page) return
    this.delete(key)
    this.set(key, page)
  }
}

/** Every page memory of this process by name, for /metrics: entries, bytes, their bound, hits and misses. */
export const PAGE_MEMORIES = new Map<string, PageMemory<KeptPage>>()

/**
 * Pages kept in memory, least recently used first out, bounded by their bytes; a page over an
 * eighth of the bound is not kept at all.
 */
export function pageMemory<T extends KeptPage>(name: string, maxBytes: number): PageMemory<T> {
  const memory = new PageMemory<T>({ maxSize: maxBytes, maxEntrySize: maxBytes / 8, sizeCalculation: (page) => page.bytes })
  PAGE_MEMORIES.set(name, memory as unknown as PageMemory<KeptPage>)
  return memory
}

/** Headers that belong to one response on one connection, never to a kept page. */
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

/** The headers of a response worth keeping with its page (`drop`: more to leave out; `map`: applied to each value). */
export function keptHeaders(headers: Headers, drop: string[] = [], map = (value: string) => value): [string, string][] {
  const kept: [string, string][] = []
  headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name) && !drop.includes(name)) kept.push([name, map(value)])
  })
  return kept
}

/** Sends a fetch Response on a node response as it is (cookies included). */
export async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('Set-Cookie', cookies)
  const body = Buffer.from(await response.arrayBuffer())
  res.end(req.method === 'HEAD' ? undefined : body)
}

const OFFERED = ENCODINGS.map((e) => e.name)
// A page with a nonce is compressed per answer (its nonce differs): fast settings, tens of µs a page.
const brotliFast = promisify(brotliCompress)
const gzipFast = promisify(gzip)
/**
 * Below this a page is compressed on the spot (a tenth of a millisecond or two for a page of 10 KB):
 * handing it to the thread pool costs more than that in stream set-up on this thread.
 */
const SYNC_BELOW = 64 * 1024
/** Brotli's window sized to the page (2^16 at least; its 4 MB default only costs memory to set up). */
const brotliFastOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(size + 1)))),
  },
})
export const compressFast = async (html: Buffer, encoding: (typeof OFFERED)[number]): Promise<Buffer> => {
  if (html.length < SYNC_BELOW)
    return encoding === 'br' ? brotliCompressSync(html, brotliFastOptions(html.length)) : gzipSync(html, { level: 6 })
  return encoding === 'br' ? brotliFast(html, brotliFastOptions(html.length)) : gzipFast(html, { level: 6 })
}
/** The same, for a page that is kept: in a buffer of its own size (see ownBytes). */
export const compressToKeep = async (html: Buffer, encoding: (typeof OFFERED)[number]): Promise<Buffer> =>
  ownBytes(await compressFast(html, encoding))
/** Stands for the nonce in stored headers and HTML (never a base64 character). */
const NONCE_SLOT = '\u0000nonce\u0000'

/** A kept page rendered with a CSP nonce: its headers and HTML split where the nonce was. */
export interface NoncedPage extends KeptPage {
  headers: [string, string][]
  /** UTF-8 bytes, not strings: a page with one character beyond Latin-1 would weigh two bytes a character. */
  parts: Buffer[]
}

/** A string's UTF-8 bytes in a buffer of their own (Buffer.from takes a short one from the shared 8 KB pool). */
function stringBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  bytes.write(text)
  return bytes
}

/** Keeps a page rendered with `nonce`, leaving out the headers in `drop`. */
export function keepNoncedPage(response: Response, html: string, nonce: string, drop: string[]): NoncedPage {
  const headers = keptHeaders(response.headers, drop, (value) => value.split(nonce).join(NONCE_SLOT))
  const parts = html.split(nonce).map(stringBytes)
  return { headers, parts, bytes: parts.reduce((n, part) => n + part.length, 0) + 64 * parts.length }
}

/** Sends a kept page with a fresh nonce in its HTML and policy, compressed as the client asks. */
export async function sendNoncedPage(req: IncomingMessage, res: ServerResponse, page: NoncedPage) {
  const nonce = randomBytes(16).toString('base64')
  for (const [name, value] of page.headers) res.setHeader(name, value.split(NONCE_SLOT).join(nonce))
  res.setHeader('Vary', 'Accept-Encoding')
  const slot = Buffer.from(nonce)
  const html = Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [slot, part])))
  const encoding = chooseEncoding(req.headers['accept-encoding'], OFFERED)
  const body = encoding ? await compressFast(html, encoding) : html
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = 200
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Whether an answer of the app is a whole HTML page that may be kept (no cookie set, not compressed). */
export const isKeepableHtml = (response: Response) =>
  response.status === 200 &&
  !response.headers.has('set-cookie') &&
  !response.headers.has('content-encoding') &&
  /^text\/html/.test(response.headers.get('content-type') ?? '')
