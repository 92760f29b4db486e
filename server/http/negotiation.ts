import type { Encoding } from './precompress'

/* Content negotiation for everything we send from memory: static files, shared pages, kept sign-in screens. */

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
 * The encoding to answer with: the offered one the client rates highest (`q=0` means never), brotli
 * before gzip and both before identity on a tie. No Accept-Encoding header, or no acceptable
 * encoding, means identity (never a 406).
 */
export function chooseEncoding(header: string | null | undefined, offered: readonly Encoding[]): Encoding | null {
  if (!header || offered.length === 0) return null
  const q = acceptedEncodings(header)
  const star = q.get('*')
  let best: Encoding | null = null
  // Identity is always acceptable, but competes on quality only when it is listed by name.
  let bestQ = q.get('identity') ?? 0
  for (const encoding of offered) {
    const value = q.get(encoding) ?? star ?? 0
    if (value > 0 && (value > bestQ || (value === bestQ && best === null))) {
      best = encoding
      bestQ = value
    }
  }
  return best
}

/** If-None-Match with weak comparison: `*`, or any listed tag (`W/` or not) equal to the representation's. */
export function notModified(header: string | null | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  for (const m of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (m[1] === etag) return true
  return false
}
