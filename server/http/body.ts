import { cleanJson, cleanText, FIELD_TOO_LONG, INPUT_LIMITS, isPrototypeKey, TOO_DEEP, TOO_LARGE } from '../domain/text-input'

/** Why a body was refused: the status and a sentence for a person. */
export interface BodyRefusal {
  status: 400 | 413 | 415
  message: string
}

export const NOT_A_FORM = 'This page takes form posts only (application/x-www-form-urlencoded or multipart/form-data).'
export const NOT_JSON = 'The request body must be JSON.'
const BAD_MULTIPART = 'The form could not be read: its multipart body is malformed.'

/** Past this we stop reading and let the connection go; below it a refused body is read to its end. */
const DRAIN_BYTES = 32 * 1024 * 1024

/** The kind of form a Content-Type names, or null when it is not a form browsers send. */
export function formKind(contentType: string | null | undefined): 'urlencoded' | 'multipart' | null {
  const type = (contentType ?? '').toLowerCase()
  if (/^\s*application\/x-www-form-urlencoded\b/.test(type)) return 'urlencoded'
  if (/^\s*multipart\/form-data\b/.test(type) && /;\s*boundary=[^;\s]+/.test(type)) return 'multipart'
  return null
}

/**
 * The body's bytes, or 'too-large' past `max`. A refused body is still read (up to DRAIN_BYTES)
 * so that the client, still sending, receives our 413 rather than a cut connection.
 */
export async function readLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | 'too-large'> {
  if (!request.body) return new Uint8Array()
  const declared = Number(request.headers.get('content-length') ?? NaN)
  let tooLarge = declared > max
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) tooLarge = true
    if (total > DRAIN_BYTES) {
      await reader.cancel()
      break
    }
    if (!tooLarge) chunks.push(value)
  }
  if (tooLarge) return 'too-large'
  const bytes = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return bytes
}

const copyHeaders = (request: Request, drop: string[]) => {
  const headers = new Headers(request.headers)
  for (const h of ['content-length', 'transfer-encoding', ...drop]) headers.delete(h)
  return headers
}

/**
 * A form post as routes may read it: within the size limits, well-formed, every text field
 * cleaned (server/domain/text-input.ts) and prototype-named fields dropped. Files pass untouched.
 */
export async function cleanFormRequest(request: Request): Promise<Request | BodyRefusal> {
  const kind = formKind(request.headers.get('content-type'))
  if (!kind) return { status: 415, message: NOT_A_FORM }
  const max = kind === 'urlencoded' ? INPUT_LIMITS.formBytes : INPUT_LIMITS.multipartBytes
  const bytes = await readLimited(request, max)
  if (bytes === 'too-large') return { status: 413, message: TOO_LARGE(max) }

  if (kind === 'urlencoded') {
    const out = new URLSearchParams()
    for (const [rawKey, rawValue] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      const key = cleanText(rawKey)
      const value = cleanText(rawValue)
      if (isPrototypeKey(key)) continue
      if (value.length > INPUT_LIMITS.fieldChars) return { status: 413, message: FIELD_TOO_LONG }
      out.append(key, value)
    }
    return new Request(request.url, {
      method: request.method,
      headers: copyHeaders(request, []),
      body: out.toString(),
      signal: request.signal,
    })
  }

  let form: FormData
  try {
    form = await new Request(request.url, {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type')! },
      body: bytes,
    }).formData()
  } catch {
    return { status: 400, message: BAD_MULTIPART }
  }
  const out = new FormData()
  for (const [rawKey, value] of form) {
    const key = cleanText(rawKey)
    if (isPrototypeKey(key)) continue
    if (typeof value !== 'string') {
      out.append(key, value)
      continue
    }
    const text = cleanText(value)
    if (text.length > INPUT_LIMITS.fieldChars) return { status: 413, message: FIELD_TOO_LONG }
    out.append(key, text)
  }
  // FormData as a body brings its own Content-Type (with a fresh boundary).
  return new Request(request.url, {
    method: request.method,
    headers: copyHeaders(request, ['content-type']),
    body: out,
    signal: request.signal,
  })
}

/**
 * An api body as routes may read it: JSON whatever the Content-Type says (curl's default is a
 * form type), within the size and depth limits, strings cleaned, passed on as application/json
 * (`{}` when empty). Form bodies (the reviews CSV upload) go through cleanFormRequest.
 */
export async function cleanJsonRequest(request: Request): Promise<Request | BodyRefusal> {
  if (formKind(request.headers.get('content-type'))) return cleanFormRequest(request)
  const bytes = await readLimited(request, INPUT_LIMITS.jsonBytes)
  if (bytes === 'too-large') return { status: 413, message: TOO_LARGE(INPUT_LIMITS.jsonBytes) }
  const text = new TextDecoder().decode(bytes)
  let body = '{}'
  if (text.trim()) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return { status: 400, message: NOT_JSON }
    }
    const cleaned = cleanJson(parsed)
    if (!cleaned) return { status: 400, message: TOO_DEEP }
    body = JSON.stringify(cleaned.value)
  }
  const headers = copyHeaders(request, [])
  headers.set('content-type', 'application/json')
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal })
}

/**
 * The request with its query cleaned like form fields (search words reach SQL too); the same
 * request when there was nothing to clean, so signed queries (Shopify's) stay byte-for-byte.
 */
export function cleanQuery(request: Request): Request {
  const url = new URL(request.url)
  if (!url.search) return request
  const out = new URLSearchParams()
  let changed = false
  for (const [rawKey, rawValue] of url.searchParams) {
    const key = cleanText(rawKey)
    const value = cleanText(rawValue)
    if (key !== rawKey || value !== rawValue || isPrototypeKey(key)) changed = true
    if (!isPrototypeKey(key)) out.append(key, value)
  }
  if (!changed) return request
  url.search = out.toString()
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}

export const isRefusal = (value: Request | BodyRefusal): value is BodyRefusal => !(value instanceof Request)
