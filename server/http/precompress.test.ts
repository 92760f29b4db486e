import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { precompressDirectory } from './precompress'

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
