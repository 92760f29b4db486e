import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { request } from '../../scripts/bench/http'
import { versionWithExperiment } from '../domain/experiments/shopper'
import type { BackgroundWork } from './background-work'
import { createShopperSide, type ShopperCounts } from './experiment-front'
import { frontChain } from './front-chain'
import { createShareFront } from './share-front'

const ID = '6f1c2b1e-8a7d-4c3b-9f00-123456789abc'
const servers: http.Server[] = []
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))))

async function setUp(opts: { version: () => string | null; cookie?: boolean; renderMs?: number; tuning?: BackgroundWork }) {
  let renders = 0
  const front = createShareFront({
    tuning: opts.tuning,
    versionOf: async () => opts.version(),
    render: async () => {
      renders++
      if (opts.renderMs) await new Promise((r) => setTimeout(r, opts.renderMs))
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' }
      if (opts.cookie) headers['set-cookie'] = 'a=b'
      const status = opts.version() ? 200 : 404
      return new Response(`<html>page ${opts.version() ?? 'missing'} ${'x'.repeat(2000)}</html>`, { status, headers })
    },
  })
  // The app: what the front hands on (shared pages it does not keep, and everything else).
  let apps = 0
  const server = http.createServer(
    frontChain([front.handle], (req, res) => {
      apps++
      res.statusCode = req.url?.startsWith('/share') ? 404 : 200
      res.end('app')
    }),
  )
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, renders: () => renders, apps: () => apps, front }
}

describe('shared pages from memory', () => {
  it('hands a page that proves popular to the background work once, to compress it at the best ratio there, not in the request', async () => {
    const jobs: (() => Promise<unknown>)[] = []
    let full = true
    const tuning: BackgroundWork = { offer: (job) => (full ? false : (jobs.push(job), true)), pending: 0, done: 0, failed: 0, refused: 0 }
    const t = await setUp({ version: () => '1.100', tuning })
    const gz = () => request(`${t.base}/share/${ID}`, { headers: { 'accept-encoding': 'gzip' } })
    for (let i = 0; i < 9; i++) await gz()
    // Refused while the queue is full: offered again at the next read.
    expect(jobs).toHaveLength(0)
    full = false
    await gz()
    await gz()
    expect(jobs).toHaveLength(1)
    const before = (await gz()).body
    await jobs[0]()
    const after = await gz()
    // Smaller (level 9), the same page once decoded, the same tag.
    expect(after.body.length).toBeLessThanOrEqual(before.length)
    expect(gunzipSync(after.body).toString()).toBe(gunzipSync(before).toString())
    expect(t.renders()).toBe(1)
  })

  it('renders a page once per version, then sends it from memory with an ETag, gzip, brotli and 304', async () => {
    let version: string | null = '1.100'
    const t = await setUp({ version: () => version })
    const first = await request(`${t.base}/share/${ID}`)
    const second = await request(`${t.base}/share/${ID}`)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(t.renders()).toBe(1)
    expect(second.body.toString()).toContain('page 1.100')
    expect(second.headers['x-frame-options']).toBe('DENY')
    const etag = String(first.headers.etag)
    expect(second.headers.etag).toBe(etag)
    expect((await request(`${t.base}/share/${ID}`, { headers: { 'if-none-match': `W/${etag}` } })).status).toBe(304)
    const br = await request(`${t.base}/share/${ID}`, { headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(first.body.toString())
    const gz = await request(`${t.base}/share/${ID}`, { headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gunzipSync(gz.body).toString()).toBe(first.body.toString())
    const head = await request(`${t.base}/share/${ID}`, { method: 'HEAD' })
    expect([head.status, head.body.length]).toEqual([200, 0])

    version = '1.101' // an edit: a new version, a new render, a new ETag
    const edited = await request(`${t.base}/share/${ID}`)
    expect(edited.body.toString()).toContain('page 1.101')
    expect(edited.headers.etag).not.toBe(etag)
    expect(t.renders()).toBe(2)
    expect((await request(`${t.base}/share/${ID}`, { headers: { 'if-none-match': etag } })).status).toBe(200)
  })

  it('one page whatever the query: visitors from ads (a new ?fbclid= each) are sent the page from memory', async () => {
    const t = await setUp({ version: () => '2.7' })
    const plain = await request(`${t.base}/share/${ID}`)
    const fromAds = await Promise.all(
      ['?fbclid=IwAR0x1', '?fbclid=IwAR0x2&utm_source=facebook', '?ttclid=E.C.P.1', '?anything=else'].map((q) =>
        request(`${t.base}/share/${ID}${q}`),
      ),
    )
    expect(fromAds.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(new Set([plain, ...fromAds].map((a) => a.body.toString())).size).toBe(1)
    expect(t.renders()).toBe(1)
  })

  it('keeps a page as gzip until it proves popular; brotli only once a client asks for it', async () => {
    const t = await setUp({ version: () => '4.2' })
    const plain = await request(`${t.base}/share/${ID}`)
    const gz = await request(`${t.base}/share/${ID}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString())
    // The page's gzip and a little for its headers: not its plain bytes too.
    expect(t.front.stats().bytes).toBe(gz.body.length + 512)
    const br = await request(`${t.base}/share/${ID}`, { headers: { 'accept-encoding': 'br' } })
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString())
    expect(t.renders()).toBe(1)
    expect(t.front.stats().bytes).toBeGreaterThan(gz.body.length + 512)
    // Read again and again: kept plain too, at the best compression (same bytes once decoded, same tag).
    for (let i = 0; i < 8; i++) await request(`${t.base}/share/${ID}`)
    await new Promise((r) => setTimeout(r, 100))
    const again = await request(`${t.base}/share/${ID}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(again.body).toString()).toBe(plain.body.toString())
    expect(again.headers.etag).toBe(plain.headers.etag)
    expect(t.front.stats().bytes).toBeGreaterThan(plain.body.length)
  })

  it('requests for a page that is being rendered wait for that render (one render, the same bytes), errors are not shared', async () => {
    const t = await setUp({ version: () => '3.1', renderMs: 50 })
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(`${t.base}/share/${ID}`)))
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200))
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1)
    expect(t.renders()).toBe(1)
    const failing = await setUp({ version: () => '3.1', cookie: true, renderMs: 50 })
    await Promise.all(Array.from({ length: 4 }, () => request(`${failing.base}/share/${ID}`)))
    expect(failing.renders()).toBe(4)
  })

  it('a page that is not shared goes to the app every time and is never kept; answers with cookies are not kept', async () => {
    let version: string | null = null
    const t = await setUp({ version: () => version })
    expect((await request(`${t.base}/share/${ID}`)).status).toBe(404)
    expect((await request(`${t.base}/share/${ID}`)).status).toBe(404)
    expect(t.apps()).toBe(2)
    expect(t.front.stats().pages).toBe(0)
    version = '2.1'
    const c = await setUp({ version: () => version, cookie: true })
    await request(`${c.base}/share/${ID}`)
    await request(`${c.base}/share/${ID}`)
    expect(c.renders()).toBe(2)
  })

  it('takes only GET and HEAD of shopper pages', async () => {
    const t = await setUp({ version: () => '1.1' })
    expect((await request(`${t.base}/share/${ID}`, { method: 'POST' })).body.toString()).toBe('app')
    expect((await request(`${t.base}/shared/${ID}`)).body.toString()).toBe('app')
    expect((await request(`${t.base}/share/${ID}/x`)).body.toString()).toBe('app')
    expect((await request(`${t.base}/sharev2/${ID}?utm=1`)).body.toString()).toContain('page 1.1')
  })
})

describe('shared pages under an experiment', () => {
  it('counts a new visitor only when the page is sent: an error answer sets no cookie and counts nobody', async () => {
    const counted: ShopperCounts[] = []
    const shoppers = createShopperSide({
      sink: async (c) => void counted.push(c),
      versionOf: async () => version,
      buyTarget: async () => null,
      secure: false,
      random: () => 0.99, // every new visitor gets the control
    })
    const version = versionWithExperiment('1.100', { id: 7, split: 50 })
    let failing = true
    const front = createShareFront({
      versionOf: async () => version,
      shoppers,
      render: async () =>
        failing
          ? new Response('Something went wrong', { status: 500, headers: { 'content-type': 'text/html' } })
          : new Response(`<html>page ${'x'.repeat(2000)}</html>`, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    })
    const server = http.createServer(frontChain([front.handle], (_req, res) => void res.writeHead(404).end('app')))
    servers.push(server)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/share/${ID}`
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' }

    for (let i = 0; i < 3; i++) {
      const error = await request(url, { headers: browser })
      expect([error.status, error.headers['set-cookie'], error.headers['cache-control']]).toEqual([500, undefined, 'private, no-store'])
    }
    expect(shoppers.pending()).toBe(0)
    failing = false
    const page = await request(url, { headers: browser })
    expect(page.status).toBe(200)
    expect(String(page.headers['set-cookie'])).toContain('pw_x7=')
    expect(shoppers.pending()).toBe(2) // the page's visitor of the day and the experiment's new visitor
    await shoppers.flush()
    expect(counted.flatMap((c) => c.events.map((e) => [e.kind, e.variant]))).toEqual([['visit', 'control']])
  })
})
