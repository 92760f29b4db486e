import { describe, expect, it } from 'vitest'
import {
  MAX_IMAGE_BYTES,
  PAGE_IMAGE_MIMES,
  checkImage,
  extensionForMime,
  isMediaPath,
  looksLikeSvg,
  mediaPath,
  parseMediaName,
  sniffImageMime,
} from './media'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR')
const GIF = bytes('GIF89a', [1, 0, 1, 0])
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')
const AVIF = bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1')
const HASH = 'a'.repeat(64)

describe('extensionForMime (reference §11)', () => {
  it.each([
    ['image/jpeg', '.jpg'],
    ['image/png', '.png'],
    ['image/webp', '.webp'],
    ['image/gif', '.gif'],
    ['video/mp4', '.mp4'],
    ['video/webm', '.webm'],
    ['video/quicktime', '.mov'],
    ['image/avif', '.bin'],
    ['image/svg+xml', '.bin'],
    ['application/pdf', '.bin'],
    ['', '.bin'],
    ['IMAGE/JPEG; charset=binary', '.jpg'],
  ])('%s gives %s', (mime, ext) => {
    expect(extensionForMime(mime)).toBe(ext)
  })
})

describe('media names', () => {
  it('names stored images /media/<sha256>.<ext>, avif and own SVG included', () => {
    expect(mediaPath(HASH, 'image/jpeg')).toBe(`/media/${HASH}.jpg`)
    expect(mediaPath(HASH, 'image/avif')).toBe(`/media/${HASH}.avif`)
    expect(mediaPath(HASH, 'image/svg+xml')).toBe(`/media/${HASH}.svg`)
    expect(isMediaPath(mediaPath(HASH, 'image/png'))).toBe(true)
  })
  it('parses only a lowercase hex sha256 with an extension', () => {
    expect(parseMediaName(`${HASH}.png`)).toEqual({ hash: HASH, extension: '.png' })
    for (const bad of [
      HASH,
      `${HASH.toUpperCase()}.png`,
      `${HASH.slice(1)}.png`,
      `${HASH}.png/..`,
      `../${HASH}.png`,
      `${HASH}..png`,
      '%2e%2e',
    ])
      expect(parseMediaName(bad), bad).toBeNull()
    expect(isMediaPath(`https://cdn.example/media/${HASH}.png`)).toBe(false)
  })
})

describe('sniffImageMime', () => {
  it('recognises jpeg, png, gif, webp and avif by their magic bytes', () => {
    expect(sniffImageMime(JPEG)).toBe('image/jpeg')
    expect(sniffImageMime(PNG)).toBe('image/png')
    expect(sniffImageMime(GIF)).toBe('image/gif')
    expect(sniffImageMime(bytes('GIF87a', [0]))).toBe('image/gif')
    expect(sniffImageMime(WEBP)).toBe('image/webp')
    expect(sniffImageMime(AVIF)).toBe('image/avif')
    expect(sniffImageMime(bytes([0, 0, 0, 0x1c], 'ftypavis'))).toBe('image/avif')
  })
  it('refuses everything else: HTML, SVG, other ISO-BMFF, RIFF that is not WebP, short files', () => {
    expect(sniffImageMime(bytes('<!doctype html><html>'))).toBeNull()
    expect(sniffImageMime(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImageMime(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBeNull()
    expect(sniffImageMime(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull()
    expect(sniffImageMime(bytes([0xff, 0xd8]))).toBeNull()
    expect(sniffImageMime(new Uint8Array())).toBeNull()
  })
  it('covers every accepted page image type', () => {
    const sniffed = [JPEG, PNG, GIF, WEBP, AVIF].map(sniffImageMime)
    expect(new Set(sniffed)).toEqual(new Set(PAGE_IMAGE_MIMES))
  })
})

describe('checkImage', () => {
  it('takes an accepted type whose bytes are an accepted image; the bytes decide the type', () => {
    expect(checkImage(PNG, 'image/png')).toEqual({ ok: true, mime: 'image/png' })
    expect(checkImage(JPEG, 'image/jpeg; charset=binary')).toEqual({ ok: true, mime: 'image/jpeg' })
    expect(checkImage(WEBP, 'image/jpeg')).toEqual({ ok: true, mime: 'image/webp' })
  })
  it('refuses a declared type we do not take, bytes that are not an image, empty and oversized files', () => {
    expect(checkImage(PNG, 'text/html').ok).toBe(false)
    expect(checkImage(PNG, 'image/svg+xml').ok).toBe(false)
    expect(checkImage(bytes('<html>'), 'image/png').ok).toBe(false)
    expect(checkImage(new Uint8Array(), 'image/png').ok).toBe(false)
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1)
    huge.set(PNG)
    expect(checkImage(huge, 'image/png')).toEqual({ ok: false, reason: 'larger than 5 MB' })
    const limit = new Uint8Array(MAX_IMAGE_BYTES)
    limit.set(PNG)
    expect(checkImage(limit, 'image/png').ok).toBe(true)
  })
  it('takes SVG only from our own files, and only when it is SVG', () => {
    const svg = bytes('<?xml version="1.0"?>\n<!-- demo -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>')
    expect(looksLikeSvg(svg)).toBe(true)
    expect(checkImage(svg, 'image/svg+xml').ok).toBe(false)
    expect(checkImage(svg, 'image/svg+xml', { own: true })).toEqual({ ok: true, mime: 'image/svg+xml' })
    expect(checkImage(bytes('<html><svg>'), 'image/svg+xml', { own: true }).ok).toBe(false)
  })
})
