/**
 * Images Pagewright stores itself (never hot-linked): which kinds it takes, how large, how many,
 * how a stored image is named in a URL, and how to tell what a file really is from its first bytes.
 */

/** Page images we accept from the internet. SVG is not among them: it can carry scripts. */
export const PAGE_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const
export type PageImageMime = (typeof PAGE_IMAGE_MIMES)[number]

/**
 * SVG is taken only from our own files (the built-in demo store, read in-process), never from the
 * network; it is served with a sandboxing Content-Security-Policy.
 */
export const OWN_SVG_MIME = 'image/svg+xml'

/** Largest image we store. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** At most this many of a product's images are downloaded, in order. */
export const MAX_PAGE_IMAGES = 12

export const isPageImageMime = (mime: string): mime is PageImageMime => (PAGE_IMAGE_MIMES as readonly string[]).includes(mime)

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
}

/**
 * reference §11: file extension fallback by mime type: jpeg gives .jpg; png, webp, gif, mp4, webm give
 * their own; quicktime gives .mov; anything else .bin. Parameters and case are ignored.
 */
export function extensionForMime(mime: string): string {
  const base = String(mime ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase()
  return EXTENSIONS[base] ?? '.bin'
}

/**
 * The extension of a stored image's URL: the rule of extensionForMime, except that our URLs also name the kinds
 * it leaves to .bin (avif, and SVG from our own files), so a file saved from a page opens.
 */
export function mediaExtension(mime: string): string {
  if (mime === 'image/avif') return '.avif'
  if (mime === OWN_SVG_MIME) return '.svg'
  return extensionForMime(mime)
}

/** Our own URL of a stored image: `/media/<sha256 hex>.<ext>`. */
export function mediaPath(hash: string, mime: string): string {
  return `/media/${hash}${mediaExtension(mime)}`
}

const MEDIA_NAME = /^([0-9a-f]{64})(\.[a-z0-9]{2,5})$/

/** `<sha256 hex>.<ext>` (the last segment of a media URL) split; null for anything else. */
export function parseMediaName(name: string): { hash: string; extension: string } | null {
  const m = MEDIA_NAME.exec(name)
  return m ? { hash: m[1], extension: m[2] } : null
}

/** True for our own stored-image URLs (root-relative `/media/<sha256>.<ext>`). */
export function isMediaPath(url: string): boolean {
  return url.startsWith('/media/') && parseMediaName(url.slice('/media/'.length)) !== null
}

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/** What an image really is, from its magic bytes (jpeg, png, webp, gif, avif); null when none of them. */
export function sniffImageMime(bytes: Uint8Array): PageImageMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  // ISO-BMFF: [size]"ftyp"<major brand>; AVIF is "avif" (still) or "avis" (sequence).
  if (startsWith(bytes, ascii('ftyp'), 4) && (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8)))
    return 'image/avif'
  return null
}

/** An SVG document (after an optional BOM, XML declaration, comments or doctype). Used for our own files only. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/gi, '')
    .trimStart()
  return /^<svg[\s>]/i.test(head)
}

export type ImageCheck = { ok: true; mime: string } | { ok: false; reason: string }

/**
 * Whether downloaded bytes may be stored as a page image: the declared content type must be one we
 * take AND the magic bytes must be one we take (the bytes decide the stored type); not empty, at
 * most MAX_IMAGE_BYTES. `own` (our own
 * in-process files) additionally allows SVG.
 */
export function checkImage(bytes: Uint8Array, declaredMime: string, opts: { own?: boolean } = {}): ImageCheck {
  const declared = declaredMime.split(';')[0].trim().toLowerCase()
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty file' }
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, reason: 'larger than 5 MB' }
  if (opts.own && declared === OWN_SVG_MIME)
    return looksLikeSvg(bytes) ? { ok: true, mime: OWN_SVG_MIME } : { ok: false, reason: 'not an SVG' }
  if (!isPageImageMime(declared)) return { ok: false, reason: `not an accepted image type (${declared.slice(0, 60) || 'none'})` }
  // Some CDNs label one image kind as another; the bytes decide which it is, but they must be one we take.
  const sniffed = sniffImageMime(bytes)
  if (!sniffed) return { ok: false, reason: `content is not an image (declared ${declared})` }
  return { ok: true, mime: sniffed }
}
