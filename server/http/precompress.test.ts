import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compressToKeep, keepNoncedPage } from './page-memory'
import { compressAsync, compressSync, ownBytes, precompressDirectory } from './precompress'

let root: string
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'pagewright-precompress-'))
  mkdirSync(path.join(root, 'assets'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const write = (name: string, body: Buffer | string) => writeFileSync(path.join(root, name), body)
const has = (name: string) => existsSync(path.join(root, name))

it('writes .br and .gz beside compressible files that shrink, and nothing else', async () => {
  const js = 'export const answer = () => 42\n'.repeat(50)
  write('assets/app.js', js)
  write('assets/app.css', '.card { display: grid; gap: 1rem }\n'.repeat(40))
  write('assets/app.js.map', '{"version":3}'.repeat(100))
  write('assets/small.js', 'export {}\n')
  write('assets/photo.png', Buffer.alloc(4096, 7))
  // Random bytes do not compress: no copies for them.
  write('assets/noise.txt', randomBytes(4096))

  const written = await precompressDirectory(root)

  expect(written).toBe(4)
  expect(brotliDecompressSync(readFileSync(path.join(root, 'assets/app.js.br'))).toString()).toBe(js)
  expect(gunzipSync(readFileSync(path.join(root, 'assets/app.js.gz'))).toString()).toBe(js)
  expect(has('assets/app.css.br') && has('assets/app.css.gz')).toBe(true)
  for (const skipped of ['app.js.map', 'small.js', 'photo.png', 'noise.txt']) {
    expect(has(`assets/${skipped}.br`) || has(`assets/${skipped}.gz`)).toBe(false)
  }
})

it('does not compress its own output again when run twice', async () => {
  write('assets/app.js', 'export const answer = () => 42\n'.repeat(50))
  await precompressDirectory(root)
  expect(await precompressDirectory(root)).toBe(2)
  expect(has('assets/app.js.br.gz') || has('assets/app.js.gz.br')).toBe(false)
})

it('with missingOnly, compresses only files written after the first pass (Remix writes its manifest later)', async () => {
  write('assets/app.js', 'export const answer = () => 42\n'.repeat(50))
  await precompressDirectory(root)
  const manifest = `window.__remixManifest=${JSON.stringify({ routes: Array.from({ length: 40 }, (_, i) => ({ id: `r${i}` })) })};`
  write('assets/manifest-1234abcd.js', manifest)

  // app.js has its copies: only the manifest's two are written.
  expect(await precompressDirectory(root, { missingOnly: true })).toBe(2)
  expect(brotliDecompressSync(readFileSync(path.join(root, 'assets/manifest-1234abcd.js.br'))).toString()).toBe(manifest)
  expect(gunzipSync(readFileSync(path.join(root, 'assets/manifest-1234abcd.js.gz'))).toString()).toBe(manifest)
  expect(await precompressDirectory(root, { missingOnly: true })).toBe(0)
})

describe('kept bytes hold only themselves', () => {
  const html = Buffer.from(`<!doctype html><html><body>${'<p>A kettle that pours without a drip.</p>'.repeat(200)}</body></html>`)

  it('compressed pages and a page’s parts are buffers of their own size, not views into zlib’s chunk or the string pool', async () => {
    const own = (b: Buffer) => b.byteOffset === 0 && b.buffer.byteLength === b.length
    for (const encoding of ['gzip', 'br'] as const) {
      expect(own(await compressToKeep(html, encoding))).toBe(true)
      expect(own(await compressAsync(html, encoding))).toBe(true)
      expect(own(compressSync(html, encoding))).toBe(true)
    }
    const kept = keepNoncedPage(
      new Response('', { headers: { 'content-type': 'text/html' } }),
      '<p>a</p><script nonce="N1">x</script><p>b</p>',
      'N1',
      [],
    )
    expect(kept.parts.every(own)).toBe(true)
    expect(Buffer.concat(kept.parts).toString()).toBe('<p>a</p><script nonce="">x</script><p>b</p>')
  })

  it('leaves a buffer that is already its own as it is', () => {
    const exact = Buffer.allocUnsafeSlow(10).fill(1)
    expect(ownBytes(exact)).toBe(exact)
    expect(ownBytes(Buffer.from('short')).equals(Buffer.from('short'))).toBe(true)
  })
})
