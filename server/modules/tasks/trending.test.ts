import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../../../scripts/bench/http'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { frontChain } from '../../http/front-chain'
import { createViewCounter } from '../../http/page-views'
import { createShareFront } from '../../http/share-front'
import { addPageViews, pageViewsKey, remotePageViews } from './page-views'
import { lookUpShareVersion } from './share-version'

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`
const sql = (t: TestApi, text: string, values: unknown[] = []) => t.db.database.sql.executeSql(text, values).then((r) => r.rows)
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe.each(DB_KINDS)('trending gallery on %s', (kind) => {
  let t: TestApi
  let owner: { token: string }
  const ids: Record<string, string> = {}
  const make = async (name: string, url: string, token = owner.token) => {
    const created = await t.call('POST', '/v2/tasks/create', { url }, token)
    expect(created.status).toBe(201)
    ids[name] = created.body.session_id
  }
  const gallery = async (query = 'sort=trending') => {
    const res = await t.call('POST', `/v2/tasks/public?${query}`)
    expect(res.status).toBe(200)
    return res.body
  }
  const listed = async (query?: string) => (await gallery(query)).items.map((i: { session_id: string }) => i.session_id)
  const views = (name: string, count: number, daysAgo = 0) => {
    const day = new Date(t.clock.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    return addPageViews(t.deps.database.db, [{ session_id: ids[name], day, views: count }])
  }

  beforeAll(async () => {
    t = await createTestApi(kind)
    owner = await t.signIn('pro@example.com', 'Pat Pro')
    await t.setUser('pro@example.com', { role: 'paid', credits: 4000 })
    await make('aurora', DEMO('aurora-pour-over-set'))
    await make('shoes', DEMO('trailblazer-running-shoes'))
    await make('lamp', DEMO('lumi-kids-night-light'))
    await make('skillet', DEMO('heritage-cast-iron-skillet'))
    await make('private', DEMO('terra-linen-throw'))
    await make('archived', DEMO('quiet-pro-wireless-earbuds'))
    await make('unfinished', DEMO('nomad-canvas-backpack'))
    // Two more pages of the night light (other links to the same product), kept private: they count as generations.
    await make('lamp2', `${DEMO('lumi-kids-night-light')}?utm_source=newsletter`)
    await make('lamp3', `${DEMO('lumi-kids-night-light')}/`)
    await make('unchosen', DEMO('aurora-pour-over-set'))
    await t.drainJobs()
    // The owner chose to show every page but one in the gallery; what the public may see still decides.
    for (const name of Object.keys(ids).filter((n) => n !== 'unchosen'))
      expect((await t.call('PUT', `/v2/tasks/${ids[name]}`, { in_gallery: true }, owner.token)).status).toBe(200)
    for (const name of ['private', 'lamp2', 'lamp3'])
      expect((await t.call('PUT', `/v2/tasks/${ids[name]}`, { is_public: false }, owner.token)).status).toBe(200)
    expect((await t.call('PUT', `/v2/tasks/${ids.archived}`, { data_status: 2 }, owner.token)).status).toBe(200)
    await sql(t, 'UPDATE tasks SET status = 5, completed_at = NULL WHERE session_id = $1', [ids.unfinished])
  })
  afterAll(() => t.close())

  it('ranks by recent views and generations of the same product; older views weigh less', async () => {
    await views('shoes', 30)
    await views('aurora', 12)
    await views('skillet', 40, 6)
    await views('skillet', 500, 8) // older than the week: not counted
    // shoes 30 + 5 (its own page) > aurora 12 + 5 > lamp 3 pages × 5 > skillet 40 × 2^(-6/(7/3)) + 5 ≈ 11.7
    expect(await listed()).toEqual([ids.shoes, ids.aurora, ids.lamp, ids.skillet])
    const items = (await gallery()).items
    expect(items.map((i: { views: number }) => i.views)).toEqual([30, 12, 0, 40])
    // Over a month the skillet's burst weighs more (half-life 10 days) and its old views count.
    const month = (await gallery('sort=trending&period=month')).items
    expect(month.find((i: { session_id: string }) => i.session_id === ids.skillet).views).toBe(540)
    expect(month[0].session_id).toBe(ids.skillet)
    // Newest stays the default.
    expect((await gallery('')).items).toHaveLength(4)
  })

  it('never lists private, archived or unfinished pages, nor one its owner did not choose to show, however viewed', async () => {
    for (const name of ['private', 'archived', 'unfinished', 'lamp2', 'unchosen']) await views(name, 1000)
    for (const query of ['sort=trending', 'sort=newest', 'sort=trending&period=month']) {
      const shown = await listed(query)
      for (const name of ['private', 'archived', 'unfinished', 'lamp2', 'lamp3', 'unchosen']) expect(shown).not.toContain(ids[name])
    }
    // Its link still works: shared is not the same as listed.
    expect((await t.call('GET', `/v2/tasks/shared/${ids.unchosen}`)).status).toBe(200)
    expect((await gallery()).total).toBe(4)
  })

  it('cards show what shoppers see: headline, our own image, the owner price, the share link; no supplier', async () => {
    const card = (await gallery()).items.find((i: { session_id: string }) => i.session_id === ids.aurora)
    const shared = (await t.call('GET', `/v2/tasks/shared/${ids.aurora}`)).body
    const hero = shared.page.sections.find((s: { type: string }) => s.type === 'hero')
    expect(card).toEqual({
      session_id: ids.aurora,
      title: hero.heading,
      image: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.[a-z]+$/),
      price: { amount: hero.price.amount, compare_at: hero.price.compareAt, currency: hero.price.currency },
      views: 12,
      share_url: `${TEST_ORIGIN}/share/${ids.aurora}`,
      completed_at: expect.any(String),
    })
    expect(JSON.stringify(card)).not.toMatch(/demo-store|platform|shopify/i)
  })

  it('refuses a bad sort or period with a message', async () => {
    const res = await t.call('POST', '/v2/tasks/public?sort=popular')
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual(expect.any(String))
    expect((await t.call('POST', '/v2/tasks/public?period=year')).status).toBe(400)
  })

  it('counts views served by the share front, without bots, HEADs or prefetches, flushed in one batch', async () => {
    const batches: number[] = []
    const counter = createViewCounter({
      sink: async (counts) => {
        batches.push(counts.length)
        await addPageViews(t.deps.database.db, counts)
      },
      clock: t.clock.now,
    })
    const front = createShareFront({
      versionOf: (id) => lookUpShareVersion(t.deps, id),
      render: async () => new Response('<html>the page</html>', { headers: { 'content-type': 'text/html' } }),
      onShared: counter.count,
    })
    const server = http.createServer(frontChain([front.handle], (_req, res) => res.writeHead(404).end('not shared')))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const page = `${base}/share/${ids.lamp}`
      const first = await request(page, { headers: { 'user-agent': CHROME } })
      expect(first.status).toBe(200)
      expect((await request(`${base}/sharev2/${ids.lamp}`, { headers: { 'user-agent': CHROME } })).status).toBe(200)
      const again = await request(page, { headers: { 'user-agent': CHROME, 'if-none-match': String(first.headers.etag) } })
      expect(again.status).toBe(304) // a person's browser showing the page again: a view
      expect(first.headers['set-cookie']).toBeUndefined()
      // Not views: a bot, a HEAD, a prefetch, no user agent, a page that is not shared.
      expect((await request(page, { headers: { 'user-agent': GOOGLEBOT } })).status).toBe(200)
      expect((await request(page, { method: 'HEAD', headers: { 'user-agent': CHROME } })).status).toBe(200)
      expect((await request(page, { headers: { 'user-agent': CHROME, 'sec-purpose': 'prefetch' } })).status).toBe(200)
      expect((await request(page)).status).toBe(200)
      expect((await request(`${base}/share/${ids.private}`, { headers: { 'user-agent': CHROME } })).status).toBe(404)
      const before = (await gallery()).items.find((i: { session_id: string }) => i.session_id === ids.lamp).views
      await counter.stop()
      expect(batches).toEqual([1])
      const after = (await gallery()).items.find((i: { session_id: string }) => i.session_id === ids.lamp).views
      expect(after - before).toBe(3)
    } finally {
      await new Promise((r) => server.close(r))
    }
  })

  it('takes counts from a web on its own only with the key derived from AUTH_SECRET', async () => {
    const day = t.clock.now().toISOString().slice(0, 10)
    const body = { counts: [{ session_id: ids.skillet, day, views: 7 }] }
    const post = (key: string) =>
      t.app.fetch(
        new Request('http://api.test/v2/tasks/shared/views', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify(body),
        }),
      )
    expect((await post('not-the-key')).status).toBe(401)
    const before = (await gallery()).items.find((i: { session_id: string }) => i.session_id === ids.skillet).views
    expect((await post(pageViewsKey(t.deps.env.AUTH_SECRET))).status).toBe(200)
    const after = (await gallery()).items.find((i: { session_id: string }) => i.session_id === ids.skillet).views
    expect(after - before).toBe(7)
  })

  it('a web on its own hands its counts to the api over HTTP; with another AUTH_SECRET they are dropped, not retried', async () => {
    // The api as its own process would serve it: the same app behind a real socket.
    const api = http.createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const answer = await t.app.fetch(
        new Request(`http://api.test${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        }),
      )
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()))
    })
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r))
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/`
    try {
      const day = t.clock.now().toISOString().slice(0, 10)
      const viewsOf = async () => (await gallery()).items.find((i: { session_id: string }) => i.session_id === ids.aurora).views
      const before = await viewsOf()
      await remotePageViews(apiUrl, t.deps.env.AUTH_SECRET)([{ session_id: ids.aurora, day, views: 5 }])
      expect((await viewsOf()) - before).toBe(5)
      await expect(remotePageViews(apiUrl, 'another-secret-of-32-characters!!')([{ session_id: ids.aurora, day, views: 9 }])).resolves.toBe(
        undefined,
      )
      expect((await viewsOf()) - before).toBe(5)
    } finally {
      await new Promise((r) => api.close(r))
    }
  })

  it("never lists a free owner's page: its link works after the hide window, but it is not advertised", async () => {
    const free = await t.signIn('free@example.com', 'Fay Free')
    await make('free', DEMO('nomad-canvas-backpack'), free.token)
    await t.drainJobs()
    await views('free', 100)
    t.clock.advance(45 * 60_000)
    const chosen = await t.call('PUT', `/v2/tasks/${ids.free}`, { in_gallery: true }, free.token)
    expect(chosen.status).toBe(403)
    expect(chosen.body.permission).toBe('share')
    expect((await t.call('GET', `/v2/tasks/shared/${ids.free}`)).status).toBe(200)
    expect(await listed()).not.toContain(ids.free)
    expect(await listed('sort=newest')).not.toContain(ids.free)
    // Chosen while on Pro, then back to the free plan: out of the gallery, link still working.
    await t.setUser('free@example.com', { role: 'paid' })
    expect((await t.call('PUT', `/v2/tasks/${ids.free}`, { in_gallery: true }, free.token)).status).toBe(200)
    expect((await listed())[0]).toBe(ids.free)
    await t.setUser('free@example.com', { role: 'free' })
    expect(await listed()).not.toContain(ids.free)
    expect((await t.call('GET', `/v2/tasks/shared/${ids.free}`)).status).toBe(200)
  })
})
