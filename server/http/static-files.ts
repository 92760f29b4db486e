import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { chooseEncoding, notModified } from './negotiation'
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

export function staticResponse(file: StaticFile, request: Request): Response {
  const encoding = chooseEncoding(
    request.headers.get('accept-encoding'),
    file.encoded.map((e) => e.encoding),
  )
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
