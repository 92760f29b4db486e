import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadStaticFiles, staticResponse } from './static-files'

const JS = Buffer.from('export function hello(name) { return `Hello, ${name}!` }\n'.repeat(60))
const TXT = Buffer.from('User-agent: *\nDisallow: /account/\n'.repeat(40))
const TINY = Buffer.from('body { margin: 0 }\n')
// Prepared at a low level on purpose, so a test can tell the build's copy from one made at start-up.
const JS_BR = brotliCompressSync(JS, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
const JS_GZ = gzipSync(JS, { level: 1 })

let root: string
let files: ReturnType<typeof loadStaticFiles>

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'pagewright-static-'))
  mkdirSync(path.join(root, 'assets'))
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), JS)
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), JS_BR)
  writeFileSync(path.join(root, 'assets', 'app-abc123.js.gz'), JS_GZ)
  writeFileSync(path.join(root, 'robots.txt'), TXT) // no siblings, like a public/ file
  writeFileSync(path.join(root, 'tiny.css'), TINY)
  // A stale sibling (another file's bytes) must not be served.
  writeFileSync(path.join(root, 'stale.txt'), TXT)
  writeFileSync(path.join(root, 'stale.txt.br'), brotliCompressSync(Buffer.from('something else entirely')))
  files = loadStaticFiles(root)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  const file = files.get(urlPath)
  if (!file) throw new Error(`${urlPath} not loaded`)
  return staticResponse(file, new Request(`http://localhost${urlPath}`, { method, headers }))
}
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())
const decode = async (res: Response) => {
  const body = await bytes(res)
  const encoding = res.headers.get('content-encoding')
  return encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
}

describe('loadStaticFiles', () => {
  it('never serves the .br/.gz siblings under their own paths', () => {
    expect([...files.keys()].sort()).toEqual(['/assets/app-abc123.js', '/robots.txt', '/stale.txt', '/tiny.css'])
  })
})

describe('staticResponse', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR', 'br'],
    ['*', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0.5', 'gzip'],
    ['br;q=0.4, gzip;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0.5, identity', null],
    ['br;q=0, gzip;q=0', null],
    ['deflate', null],
    ['identity', null],
    ['', null],
  ])('Accept-Encoding %j answers %s, decoding to the file', async (accept, expected) => {
    const res = get('/assets/app-abc123.js', { 'accept-encoding': accept })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe(expected)
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    const body = await bytes(res)
    expect(res.headers.get('content-length')).toBe(String(body.length))
    // The build's own copies are served as they are.
    expect(body.equals(expected === 'br' ? JS_BR : expected === 'gzip' ? JS_GZ : JS)).toBe(true)
  })

  it('answers identity when there is no Accept-Encoding header', async () => {
    const res = get('/assets/app-abc123.js')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect((await bytes(res)).equals(JS)).toBe(true)
  })

  it('gives each encoding its own ETag and keeps the cache rules', () => {
    const etags = [get('/assets/app-abc123.js', { 'accept-encoding': 'br' }), get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' })]
      .concat(get('/assets/app-abc123.js'))
      .map((r) => r.headers.get('etag'))
    expect(new Set(etags).size).toBe(3)
    expect(etags[0]).toMatch(/^"[^"]+-br"$/)
    expect(etags[1]).toMatch(/^"[^"]+-gz"$/)
    expect(get('/assets/app-abc123.js').headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(get('/robots.txt').headers.get('cache-control')).toBe('public, max-age=3600')
    expect(get('/assets/app-abc123.js').headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })

  it('prepares brotli and gzip at start-up for a file the build did not compress', async () => {
    for (const accept of ['br', 'gzip']) {
      const res = get('/robots.txt', { 'accept-encoding': accept })
      expect(res.headers.get('content-encoding')).toBe(accept)
      const body = await decode(res)
      expect(body.equals(TXT)).toBe(true)
    }
  })

  it('ignores a sibling that does not hold the file, and compresses the file itself', async () => {
    const res = get('/stale.txt', { 'accept-encoding': 'br' })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect((await decode(res)).equals(TXT)).toBe(true)
  })

  it('leaves files under 512 bytes uncompressed', async () => {
    const res = get('/tiny.css', { 'accept-encoding': 'br, gzip' })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect((await bytes(res)).equals(TINY)).toBe(true)
  })

  describe('If-None-Match', () => {
    const etagFor = (accept: string) => get('/assets/app-abc123.js', { 'accept-encoding': accept }).headers.get('etag')!

    it.each([
      ['the exact tag', (t: string) => t],
      ['the weak form', (t: string) => `W/${t}`],
      ['a list holding it', (t: string) => `"nope", W/"other", ${t}`],
      ['*', () => '*'],
    ])('answers 304 for %s', async (_, header) => {
      const res = get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': header(etagFor('br')) })
      expect(res.status).toBe(304)
      expect(res.headers.get('etag')).toBe(etagFor('br'))
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await res.text()).toBe('')
    })

    it("answers 200 when the tag is another encoding's", async () => {
      const res = get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etagFor('gzip') })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe('br')
    })

    it('answers 200 for a tag that only contains the right one', async () => {
      const inner = etagFor('br').slice(1, -1)
      const res = get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': `"x${inner}"` })
      expect(res.status).toBe(200)
    })
  })

  it('HEAD answers the headers of GET without a body', async () => {
    const res = get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-length')).toBe(String(JS_BR.length))
    expect(res.body).toBeNull()
  })
})
