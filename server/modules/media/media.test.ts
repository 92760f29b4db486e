import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { MAX_IMAGE_BYTES, isMediaPath } from '../../domain/media'
import type { ProductFacts } from '../../domain/product-facts'
import { MESSAGES } from '../../generation/import/address-policy'
import { createSafeFetcher } from '../../generation/import/safe-fetch'
import { ImportError, type Fetcher } from '../../generation/import/types'
import { createHost } from '../../http/web-server'
import { downloadProductImages, readImage, storeImage } from '.'

// A real 1×1 PNG, a JPEG header, and an image we refuse for each reason.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 7)])
const HUGE = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)])
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const rows = (t: TestApi, q: string, v: unknown[] = []) => t.db.database.sql.executeSql(q, v).then((r) => r.rows)

/** A product page on loopback (JSON-LD) whose images include every kind of failure. */
function storeApp() {
  const images = [
    '/img/front.png',
    '/img/side.jpg',
    '/img/huge.png', // 5 MB + 67 bytes, announced by Content-Length
    '/img/stream.png', // the same, streamed without a length
    '/img/fake.png', // HTML labelled image/png
    '/img/page.html', // a web page
    '/img/missing.png', // 404
    'https://169.254.169.254/latest/meta-data/photo.png', // the metadata address
    '/img/front-copy.png', // the same bytes as front.png
  ]
  const app = new Hono()
  app.get('/product', (c) => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Loopback Linen Apron',
      description: 'Heavyweight stonewashed linen apron with two deep front pockets and a towel loop.',
      image: images,
      offers: { '@type': 'Offer', price: '39.00', priceCurrency: 'USD' },
    }
    return c.html(`<!doctype html><title>Apron</title><script type="application/ld+json">${JSON.stringify(ld)}</script><h1>Apron</h1>`)
  })
  const png = (body: Uint8Array) => new Response(new Uint8Array(body), { headers: { 'content-type': 'image/png' } })
  app.get('/img/front.png', () => png(PNG))
  app.get('/img/front-copy.png', () => png(PNG))
  app.get('/img/side.jpg', () => new Response(new Uint8Array(JPEG), { headers: { 'content-type': 'image/jpeg' } }))
  app.get('/img/huge.png', () => png(HUGE))
  app.get('/img/stream.png', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < HUGE.length; i += 1 << 20) controller.enqueue(new Uint8Array(HUGE.subarray(i, i + (1 << 20))))
        controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'image/png' } })
  })
  app.get('/img/fake.png', () => new Response('<!doctype html><h1>Hi</h1>', { headers: { 'content-type': 'image/png' } }))
  app.get('/img/page.html', (c) => c.html('<!doctype html><h1>Not an image</h1>'))
  return app
}

describe.each(DB_KINDS)('stored images on %s', (kind) => {
  let t: TestApi
  let store: ReturnType<typeof serve>
  let origin: string
  beforeAll(async () => {
    store = serve({ fetch: storeApp().fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => store.once('listening', r))
    origin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`
    t = await createTestApi(kind, {}, { IMPORT_ALLOW_PRIVATE_HOSTS: new URL(origin).host })
  })
  afterAll(async () => {
    await t.close()
    store.close()
  })
  const host = () => createHost({ publicUrl: TEST_ORIGIN, trustProxy: false, media: (hash) => readImage(t.deps.database.db, hash) })

  it('stores by content hash, once', async () => {
    const db = t.deps.database.db
    const a = await storeImage(db, PNG, 'image/png')
    const b = await storeImage(db, new Uint8Array(PNG), 'image/png')
    expect(a).toEqual(b)
    expect(a).toMatchObject({ hash: sha(PNG), mime: 'image/png', byteSize: PNG.length, path: `/media/${sha(PNG)}.png` })
    expect((await rows(t, 'SELECT count(*)::int AS n FROM media WHERE hash = $1', [a.hash]))[0].n).toBe(1)
    const read = await readImage(db, a.hash)
    expect(Buffer.from(read!.bytes).equals(PNG)).toBe(true)
    expect(await readImage(db, 'f'.repeat(64))).toBeNull()
    expect(await readImage(db, "' OR 1=1 --")).toBeNull()
    await expect(storeImage(db, new Uint8Array(), 'image/png')).rejects.toThrow()
  })

  it('a generated page shows only our /media copies; oversized, non-image, missing and private images are skipped', async () => {
    const { token } = await t.signIn('media@example.com')
    await t.setUser('media@example.com', { role: 'paid' })
    const created = await t.call('POST', '/v2/tasks/create', { url: `${origin}/product` }, token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    const task = (await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, token)).body
    expect(task.status).toBe(10)

    const [row] = await rows(t, 'SELECT facts, image FROM tasks WHERE id = $1', [created.body.id])
    const facts = row.facts as ProductFacts
    expect(facts.images).toEqual([`/media/${sha(PNG)}.png`, `/media/${sha(JPEG)}.jpg`])
    expect(facts.sourceImages).toHaveLength(9)
    expect(facts.sourceImages![0]).toBe(`${origin}/img/front.png`)
    expect(row.image).toBe(facts.images[0])
    const hugeStored = await rows(t, 'SELECT count(*)::int AS n FROM media WHERE byte_size > $1', [MAX_IMAGE_BYTES])
    expect(hugeStored[0].n).toBe(0)

    // Every image on the page is ours (or a placeholder); none points at the store.
    const srcs = JSON.stringify(task.page).match(/"src":"[^"]*"/g) ?? []
    expect(srcs.length).toBeGreaterThan(0)
    for (const s of srcs) {
      const src = JSON.parse(`{${s}}`).src as string
      expect(isMediaPath(src) || src.startsWith('/placeholder/'), src).toBe(true)
    }
    expect(JSON.stringify(task.page)).not.toContain(origin)

    // And the front serves them.
    const res = await host().request(facts.images[1])
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true)
  })

  it('serves /media/<sha256>.<ext> immutable with nosniff and the hash as ETag; 304 on If-None-Match; 404 otherwise', async () => {
    const { hash, path } = await storeImage(t.deps.database.db, PNG, 'image/png')
    const res = await host().request(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('etag')).toBe(`"${hash}"`)
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true)

    for (const inm of [`"${hash}"`, `W/"${hash}"`, `"other", "${hash}"`, '*']) {
      const again = await host().request(path, { headers: { 'if-none-match': inm } })
      expect(again.status, inm).toBe(304)
      expect(again.headers.get('etag')).toBe(`"${hash}"`)
      expect(await again.text()).toBe('')
    }
    expect((await host().request(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200)

    for (const bad of [
      `/media/${'0'.repeat(64)}.png`, // unknown
      `/media/${hash}.jpg`, // not its type
      `/media/${hash}`,
      `/media/${hash.toUpperCase()}.png`,
      `/media/${hash.slice(2)}.png`,
      `/media/${hash}.png/x`,
      `/media/..%2f..%2fetc%2fpasswd`,
      `/media/%2e%2e/${hash}.png`,
      '/media/',
    ]) {
      const r = await host().request(bad)
      expect(r.status, bad).toBe(404)
    }
  })

  it('the demo store images are read in-process and stored (SVG from our own files only), served sandboxed', async () => {
    const { token } = await t.signIn('demo-media@example.com')
    const created = await t.call('POST', '/v2/tasks/create', { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` }, token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    const [row] = await rows(t, 'SELECT facts, page FROM tasks WHERE id = $1', [created.body.id])
    const facts = row.facts as ProductFacts
    expect(facts.sourceImages).toEqual([`${TEST_ORIGIN}/demo-store/pour-over-1.svg`, `${TEST_ORIGIN}/demo-store/pour-over-2.svg`])
    expect(facts.images).toHaveLength(2)
    expect(facts.images.every((u) => /^\/media\/[0-9a-f]{64}\.svg$/.test(u))).toBe(true)
    expect(facts.variants.every((v) => v.image === null)).toBe(true)
    // No image on the page points at the store (the buy button does: it is the owner's product page).
    expect(JSON.stringify({ ...(row.page as object), owner: undefined })).not.toContain('/demo-store/')
    const res = await host().request(facts.images[0])
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
  })

  it('the safe fetch refuses an image on a private address without connecting; the step skips it and goes on', async () => {
    const connected: string[] = []
    const safe = createSafeFetcher({ onConnect: (address) => connected.push(address) })
    for (const url of [`${origin}/img/front.png`, 'http://10.1.2.3/photo.png', 'https://169.254.169.254/latest/photo.png']) {
      const err = await safe(url, { accept: 'image' }).catch((e: unknown) => e)
      expect(err, url).toBeInstanceOf(ImportError)
      expect((err as ImportError).message, url).toBe(MESSAGES.private)
    }
    expect(connected).toEqual([])

    const facts = { images: [`${origin}/img/front.png`], variants: [] } as unknown as ProductFacts
    const stored = await downloadProductImages(t.deps.database.db, facts, safe)
    expect(stored.images).toEqual([])
    expect(stored.sourceImages).toEqual([`${origin}/img/front.png`])
  })

  it('takes at most 12 images, in order; a time box skips what is late; done facts are not fetched again', async () => {
    const asked: string[] = []
    const urls = Array.from({ length: 15 }, (_, i) => `https://cdn.example/${i}.png`)
    const fetcher: Fetcher = async (url, options) => {
      asked.push(url)
      const i = Number(/(\d+)\.png$/.exec(url)![1])
      if (i === 1) {
        // Never answers: only the time box ends it.
        return new Promise((_, reject) => options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
      }
      const bytes = Buffer.concat([PNG, Buffer.from([i])])
      return { url, status: 200, contentType: 'image/png', body: '', bytes }
    }
    const facts = {
      images: urls,
      variants: [{ title: 'A', price: null, available: null, sku: null, image: urls[2] }],
    } as unknown as ProductFacts
    const stored = await downloadProductImages(t.deps.database.db, facts, fetcher, { perImageMs: 200 })
    expect(asked).toHaveLength(12)
    expect(stored.images).toHaveLength(11)
    const expected = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `/media/${sha(Buffer.concat([PNG, Buffer.from([i])]))}.png`)
    expect(stored.images).toEqual(expected)
    expect(stored.variants[0].image).toBe(expected[1])

    asked.length = 0
    expect(await downloadProductImages(t.deps.database.db, stored, fetcher)).toBe(stored)
    expect(asked).toEqual([])
  })
})
