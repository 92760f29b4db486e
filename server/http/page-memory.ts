import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'

/** A page kept in memory, with what it weighs there. */
export interface KeptPage {
  bytes: number
}

/**
 * Pages kept in memory, least recently used first out, bounded by their bytes; a page over an
 * eighth of the bound is not kept at all.
 */
export const pageMemory = <T extends KeptPage>(maxBytes: number) =>
  new LRUCache<string, T>({ maxSize: maxBytes, maxEntrySize: maxBytes / 8, sizeCalculation: (page) => page.bytes })

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
