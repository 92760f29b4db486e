import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { compressSync, ENCODINGS, type Encoding, isCompressible } from './precompress'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

interface Variant {
  body: Buffer
  etag: string
}

interface StaticFile {
  identity: Variant
  /** Prepared encodings, best first; only those smaller than the file itself. */
  encoded: { encoding: Encoding; variant: Variant }[]
  type: string
  immutable: boolean
}

const DECOMPRESS: Record<Encoding, (b: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync }
const ETAG_SUFFIX: Record<Encoding, string> = { br: 'br', gzip: 'gz' }

/** The copy the build wrote beside the file, if there is one and it really holds the file's bytes. */
function prepared(file: string, body: Buffer, encoding: Encoding, suffix: string): Buffer | null {
  if (!existsSync(file + suffix)) return null
  const compressed = readFileSync(file + suffix)
  try {
    return DECOMPRESS[encoding](compressed).equals(body) ? compressed : null
  } catch {
    return null
  }
}

/**
 * The built client (hashed assets) and public/ files, read once at start-up and served from memory:
 * no file-system work per request, and non-files fall through at once. Brotli and gzip copies come
 * from the `.br`/`.gz` files the build wrote (vite.config.ts), or are made here when missing; those
 * sibling files are never served under their own paths.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const walk = (dir: string) => {
    const names = new Set(readdirSync(dir))
    for (const name of names) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) {
        if (name !== '.vite') walk(full)
        continue
      }
      if (ENCODINGS.some((e) => name.endsWith(e.suffix) && names.has(name.slice(0, -e.suffix.length)))) continue
      const ext = path.extname(name).toLowerCase()
      const body = readFileSync(full)
      const hash = createHash('sha1').update(body).digest('base64url').slice(0, 16)
      const encoded: StaticFile['encoded'] = []
      if (isCompressible(name, body.length)) {
        for (const { name: encoding, suffix } of ENCODINGS) {
          const bytes = prepared(full, body, encoding, suffix) ?? compressSync(body, encoding)
          if (bytes.length < body.length) encoded.push({ encoding, variant: { body: bytes, etag: `"${hash}-${ETAG_SUFFIX[encoding]}"` } })
        }
      }
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`
      files.set(urlPath, {
        identity: { body, etag: `"${hash}"` },
        encoded,
        type: TYPES[ext] ?? 'application/octet-stream',
        immutable: urlPath.startsWith('/assets/'),
      })
    }
  }
  walk(root)
  return files
}

/** Quality values from Accept-Encoding, by lower-case coding name (`x-gzip` counts as `gzip`). */
function acceptedEncodings(header: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim())
    if (!coding) continue
    let q = 1
    for (const p of params) {
      const m = /^q\s*=\s*([0-9.]+)$/i.exec(p)
      if (m) q = Number(m[1])
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) continue
    const name = coding.toLowerCase() === 'x-gzip' ? 'gzip' : coding.toLowerCase()
    out.set(name, Math.max(q, out.get(name) ?? 0))
  }
  return out
}

/**
 * The encoding to answer with: the prepared one the client rates highest (`q=0` means never), brotli
 * before gzip and both before identity on a tie. No Accept-Encoding header, or no acceptable
 * encoding, means identity (never a 406).
 */
function chooseEncoding(file: StaticFile, header: string | null): Encoding | null {
  if (!header || file.encoded.length === 0) return null
  const q = acceptedEncodings(header)
  const star = q.get('*')
  let best: Encoding | null = null
  // Identity is always acceptable, but competes on quality only when it is listed by name.
  let bestQ = q.get('identity') ?? 0
  for (const { encoding } of file.encoded) {
    const value = q.get(encoding) ?? star ?? 0
    if (value > 0 && (value > bestQ || (value === bestQ && best === null))) {
      best = encoding
      bestQ = value
    }
  }
  return best
}

/** If-None-Match with weak comparison: `*`, or any listed tag (`W/` or not) equal to the representation's. */
function notModified(header: string | null, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  for (const m of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (m[1] === etag) return true
  return false
}

export function staticResponse(file: StaticFile, request: Request): Response {
  const encoding = chooseEncoding(file, request.headers.get('accept-encoding'))
  const variant = file.encoded.find((e) => e.encoding === encoding)?.variant ?? file.identity
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    ETag: variant.etag,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    Vary: 'Accept-Encoding',
  }
  if (notModified(request.headers.get('if-none-match'), variant.etag)) return new Response(null, { status: 304, headers })
  if (encoding) headers['Content-Encoding'] = encoding
  const body = variant.body
  headers['Content-Length'] = String(body.length)
  if (request.method === 'HEAD') return new Response(null, { headers })
  // A view, not a copy: @hono/node-server writes a Uint8Array body to the socket as it is.
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as unknown as BodyInit, { headers })
}
