import { mediaExtension, parseMediaName } from '../domain/media'

/** A stored image by its sha256 hex (server/modules/media readImage), or null. */
export type MediaReader = (hash: string) => Promise<{ hash: string; mime: string; bytes: Uint8Array } | null>

const IMMUTABLE = 'public, max-age=31536000, immutable'
// A stored file is only ever an image: even opened on its own (an SVG from the demo store), it can
// run nothing, load nothing and reach nothing.
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/** If-None-Match against our strong ETag (a list, weak forms and `*` included). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}

/**
 * `GET /media/<sha256>.<ext>`: a stored image, forever cacheable (its name is its content), ETag =
 * the hash. Names that are not exactly a hash and the extension of its stored type are 404.
 */
export async function mediaResponse(name: string, request: Request, read: MediaReader): Promise<Response> {
  const parsed = parseMediaName(name)
  if (!parsed) return notFound()
  const file = await read(parsed.hash)
  if (!file || mediaExtension(file.mime) !== parsed.extension) return notFound()
  const etag = `"${file.hash}"`
  const headers: Record<string, string> = {
    'Content-Type': file.mime,
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': SANDBOX,
  }
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  headers['Content-Length'] = String(file.bytes.byteLength)
  return new Response(request.method === 'HEAD' ? null : (file.bytes as unknown as BodyInit), { headers })
}

const PASSED_ON = ['content-type', 'content-length', 'cache-control', 'etag', 'x-content-type-options', 'content-security-policy']

/**
 * The web deployed alone (API_URL) has no database: it asks the api's front for the same path.
 * Only well-formed names are passed on, so nothing else of the api is reachable this way.
 */
export async function proxiedMediaResponse(name: string, request: Request, apiOrigin: string): Promise<Response> {
  if (!parseMediaName(name)) return notFound()
  const headers: Record<string, string> = {}
  const inm = request.headers.get('if-none-match')
  if (inm) headers['if-none-match'] = inm
  let upstream: Response
  try {
    upstream = await fetch(new URL(`/media/${name}`, apiOrigin), { method: request.method, headers, redirect: 'error' })
  } catch {
    return new Response('The image could not be loaded.', { status: 502, headers: { 'Cache-Control': 'no-store' } })
  }
  const out = new Headers()
  for (const h of PASSED_ON) {
    const v = upstream.headers.get(h)
    if (v) out.set(h, v)
  }
  if (upstream.status !== 200 && upstream.status !== 304) {
    await upstream.body?.cancel().catch(() => {})
    return upstream.status === 404
      ? notFound()
      : new Response('The image could not be loaded.', { status: 502, headers: { 'Cache-Control': 'no-store' } })
  }
  return new Response(upstream.status === 304 || request.method === 'HEAD' ? null : upstream.body, {
    status: upstream.status,
    headers: out,
  })
}
