import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

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
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt'])

interface StaticFile {
  body: Buffer
  gzip: Buffer | null
  type: string
  etag: string
  immutable: boolean
}

/**
 * The built client (hashed assets) and public/ files, read once at start-up and served from
 * memory with gzip prepared: no file-system work per request, and non-files fall through at once.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) {
        if (name !== '.vite') walk(full)
        continue
      }
      const ext = path.extname(name).toLowerCase()
      const body = readFileSync(full)
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`
      files.set(urlPath, {
        body,
        gzip: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body, { level: 9 }) : null,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`,
        immutable: urlPath.startsWith('/assets/'),
      })
    }
  }
  walk(root)
  return files
}

export function staticResponse(file: StaticFile, request: Request): Response {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    ETag: file.etag,
    'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    Vary: 'Accept-Encoding',
  }
  if (request.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers })
  const gzip = file.gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
  if (gzip) headers['Content-Encoding'] = 'gzip'
  const body = gzip ? file.gzip! : file.body
  return new Response(request.method === 'HEAD' ? null : (new Uint8Array(body) as unknown as BodyInit), { headers })
}
