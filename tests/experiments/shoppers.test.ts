/**
 * Experiments as shoppers meet them (issue 25), through the share front and /go in this process:
 * assignment by cookie without script, sticky variants, the split over 2,000 visitors, bots, HEAD
 * and prefetches (never counted, always the control), one conversion per visitor, the redirect only
 * to the page's own buy link, and pages without an experiment exactly as before.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../../scripts/bench/http'
import { SHARE_VARIANT_HEADER } from '../../server/domain/experiments/shopper'
import { SHARED_PAGE_CACHE_CONTROL } from '../../server/domain/share'
import { buyTargetFrom, createShopperSide, type ShopperSide } from '../../server/http/experiment-front'
import { frontChain } from '../../server/http/front-chain'
import { createShareFront } from '../../server/http/share-front'
import { addShopperCounts } from '../../server/modules/experiments'
import { lookUpShareVersion } from '../../server/modules/tasks/share-version'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { pageWithTwoVersions, proOwner } from './pages'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

describe.each(DB_KINDS)('experiments for shoppers, on %s', (kind) => {
  let t: TestApi
  let shoppers: ShopperSide
  let server: http.Server
  let base = ''
  let token = ''
  let page: Awaited<ReturnType<typeof pageWithTwoVersions>>
  let plain: Awaited<ReturnType<typeof pageWithTwoVersions>>
  let experimentId = 0
  const api = (req: Request) => Promise.resolve(t.app.fetch(req, { inProcess: true }))

  beforeAll(async () => {
    t = await createTestApi(kind)
    token = await proOwner(t, 'shopper-tests@example.com')
    page = await pageWithTwoVersions(t, token)
    plain = await pageWithTwoVersions(t, token, 'lumi-kids-night-light')
    const versionOf = (id: string) => lookUpShareVersion(t.deps, id)
    shoppers = createShopperSide({
      sink: (counts) => addShopperCounts(t.db.database.db, counts),
      versionOf,
      buyTarget: buyTargetFrom(api),
      secure: false,
      clock: t.clock.now,
    })
    // The page as the app renders it: the variant the front asks for, the buy button through /go.
    const front = createShareFront({
      versionOf,
      shoppers,
      render: async (req) => {
        const id = new URL(req.url).pathname.split('/').pop()!
        const variant = req.headers.get(SHARE_VARIANT_HEADER) === 'challenger' ? '?variant=challenger' : ''
        const res = await api(new Request(`http://api.test/v2/tasks/shared/${id}${variant}`))
        if (res.status !== 200) return new Response('not shared', { status: 404 })
        const shared = (await res.json()) as { page: { sections: { type: string; heading: string }[] } }
        const hero = shared.page.sections.find((s) => s.type === 'hero')!
        return new Response(`<html><h1>${hero.heading}</h1><a href="/go/${id}">Buy</a></html>`, {
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': SHARED_PAGE_CACHE_CONTROL },
        })
      },
    })
    server = http.createServer(frontChain([shoppers.go, front.handle], (_req, res) => void res.writeHead(404).end('app')))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, 120_000)
  afterAll(async () => {
    await new Promise((r) => server?.close(r))
    await t?.close()
  })

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    request(`${base}${path}`, { method, headers: { 'user-agent': BROWSER, ...headers } })
  const cookieOf = (res: { headers: http.IncomingHttpHeaders }) => res.headers['set-cookie']?.[0]?.split(';')[0] ?? null
  /** Every cookie a response sets, as a request would send them back. */
  const cookiesOf = (res: { headers: http.IncomingHttpHeaders }) => (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
  const pageVisitors = async (id: string) => {
    await shoppers.flush()
    const rows = await t.db.database.sql.executeSql(
      `SELECT p.day::text AS day, visitors FROM page_views_daily p JOIN tasks t ON t.id = p.task_id WHERE t.session_id = $1 ORDER BY p.day`,
      [id],
    )
    return (rows.rows as { day: string; visitors: number }[]).map((r) => [r.day, r.visitors])
  }
  const experiment = async () => (await t.call('GET', `/v2/tasks/${page.id}/experiments/current`, undefined, token)).body
  const counts = async () => {
    await shoppers.flush()
    const e = await experiment()
    return Object.fromEntries(
      e.variants.map((v: { name: string; visitors: number; conversions: number }) => [v.name, [v.visitors, v.conversions]]),
    )
  }

  it('a page without an experiment keeps its caching and bytes; a first view counts one visitor, no cookie', async () => {
    const before = await get(`/share/${plain.id}`)
    expect(before.headers['cache-control']).toBe(SHARED_PAGE_CACHE_CONTROL)
    expect(before.headers.vary).toBe('Accept-Encoding')
    expect(before.headers['set-cookie']).toBeUndefined()
    await get(`/share/${plain.id}`, { 'if-none-match': String(before.headers.etag) })
    await shoppers.flush()
    const rows = await t.db.database.sql.executeSql(
      'SELECT visitors FROM page_views_daily p JOIN tasks t ON t.id = p.task_id WHERE t.session_id = $1',
      [plain.id],
    )
    expect(rows.rows).toEqual([{ visitors: 1 }])

    const started = await t.call('POST', `/v2/tasks/${page.id}/experiments`, { challenger_version: page.challenger }, token)
    expect(started.status).toBe(201)
    experimentId = started.body.id
    const after = await get(`/share/${plain.id}`)
    expect(after.body).toEqual(before.body)
    expect([after.headers['cache-control'], after.headers.vary, after.headers.etag]).toEqual([
      before.headers['cache-control'],
      before.headers.vary,
      before.headers.etag,
    ])
    expect(after.headers['set-cookie']).toBeUndefined()
  })

  it('a new visitor gets a variant and a cookie that keeps them on it; the page is never shared across variants', async () => {
    const first = await get(`/share/${page.id}`)
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie')
    const [setCookie, dayCookie] = first.headers['set-cookie']!
    expect(setCookie).toMatch(new RegExp(`^pw_x${experimentId}=[A-Za-z0-9_-]{22}\\.[ch]; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax$`))
    // The page's visitor of the day: a cookie holding only the day, until midnight UTC.
    expect(dayCookie).toMatch(new RegExp(`^pw_d${experimentId}=20261123; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax$`))
    expect(first.body.toString()).not.toContain('<script')
    const cookie = cookieOf(first)!
    const headline = cookie.endsWith('.h') ? 'Challenger headline' : 'Control headline'
    expect(first.body.toString()).toContain(headline)
    for (let i = 0; i < 4; i++) {
      const again = await get(`/share/${page.id}`, { cookie: `other=1; ${cookiesOf(first)}` })
      expect(again.body.toString()).toContain(headline)
      expect(again.headers['set-cookie']).toBeUndefined()
    }
    // Both variants come from memory, each its own.
    const forced = await get(`/share/${page.id}`, { cookie: `${cookie.slice(0, -1)}${cookie.endsWith('.h') ? 'c' : 'h'}` })
    expect(forced.body.toString()).not.toContain(headline)
    // A cookie we did not make is not believed: a new assignment.
    expect(cookieOf(await get(`/share/${page.id}`, { cookie: `pw_x${experimentId}=x.h` }))).not.toBeNull()
  })

  it('bots, HEAD and prefetches get the control, no cookie, and are not counted', async () => {
    await shoppers.flush()
    for (const [headers, method] of [
      [{ 'user-agent': BOT }, 'GET'],
      [{}, 'HEAD'],
      [{ 'sec-purpose': 'prefetch' }, 'GET'],
      [{ purpose: 'prefetch' }, 'GET'],
    ] as const) {
      const res = await get(`/share/${page.id}`, headers, method)
      expect(res.status).toBe(200)
      expect(res.headers['set-cookie']).toBeUndefined()
      expect(res.headers['cache-control']).toBe('private, no-store')
      if (method === 'GET') expect(res.body.toString()).toContain('Control headline')
    }
    expect(shoppers.pending()).toBe(0)
  })

  it('2,000 new visitors split within binomial bounds, each counted once', async () => {
    const before = await counts()
    let challengers = 0
    const N = 2_000
    for (let i = 0; i < N; i++) {
      const pick = shoppers.assign(page.id, { id: experimentId, split: 50 }, { method: 'GET', headers: { 'user-agent': BROWSER } })
      pick.count()
      pick.count() // once per answer, however often asked
      if (pick.variant === 'challenger') challengers++
    }
    const sigma = Math.sqrt(0.25 / N)
    expect(Math.abs(challengers / N - 0.5)).toBeLessThan(4 * sigma)
    const after = await counts()
    expect(after.challenger[0] - before.challenger[0]).toBe(challengers)
    expect(after.control[0] - before.control[0]).toBe(N - challengers)
  })

  it('/go counts one conversion per visitor for their variant and redirects only to the live page’s own buy link', async () => {
    const visitor = cookieOf(await get(`/share/${page.id}`))!
    const variant = visitor.endsWith('.h') ? 'challenger' : 'control'
    const before = await counts()
    const clicks = [
      await get(`/go/${page.id}`, { cookie: visitor }),
      await get(`/go/${page.id}?url=https://evil.example/`, { cookie: visitor }),
    ]
    for (const c of clicks) {
      expect(c.status).toBe(302)
      // Either variant's Buy leads where the live page's does: the owner's terms are not what is tested.
      expect(c.headers.location).toBe('https://shop.example/buy-control')
      expect(c.headers['cache-control']).toBe('no-store')
    }
    // No cookie: the live page's buy link, a buy click but no conversion; a bot is not counted at all.
    expect((await get(`/go/${page.id}`)).headers.location).toBe('https://shop.example/buy-control')
    expect((await get(`/go/${page.id}`, { 'user-agent': BOT })).status).toBe(302)
    const after = await counts()
    expect(after[variant][1] - before[variant][1]).toBe(1)
    const other = variant === 'control' ? 'challenger' : 'control'
    expect(after[other][1]).toBe(before[other][1])

    const today = t.clock.now().toISOString().slice(0, 10)
    const analytics = await t.call('GET', `/v2/tasks/${page.id}/analytics?days=1`, undefined, token)
    expect(analytics.body.days[0]).toMatchObject({ day: today, buy_clicks: 3 })
    expect(analytics.body.experiment.id).toBe(experimentId)

    // A page without an experiment redirects too; unknown pages are a 404, never a redirect.
    expect((await get(`/go/${plain.id}`)).headers.location).toBe('https://shop.example/buy-control')
    expect((await get('/go/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await get('/go/not-an-id')).status).toBe(404)
  })

  it('visitors per day: a browser’s first view of a page each UTC day counts once, with or without an experiment', async () => {
    // Without an experiment: the day is in the ETag; revalidating with today's tag is the same visitor.
    const before = await pageVisitors(plain.id)
    const first = await get(`/share/${plain.id}`)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/\.20261123"$/)
    expect((await get(`/share/${plain.id}`, { 'if-none-match': etag })).status).toBe(304)
    expect(await pageVisitors(plain.id)).toEqual([['2026-11-23', Number(before[0][1]) + 1]])
    // Under an experiment: the day cookie; the assignment stays, the experiment counts the visitor once.
    const assigned = await get(`/share/${page.id}`)
    const cookies = cookiesOf(assigned)
    const experimentVisitors = async () => (await counts()) as Record<string, [number, number]>
    const once = await experimentVisitors()
    expect((await get(`/share/${page.id}`, { cookie: cookies })).headers['set-cookie']).toBeUndefined()

    t.clock.advance(24 * 3_600_000)
    // The next day: yesterday's tag is a new visitor of the day (and the page is sent again, with today's tag).
    const nextDay = await get(`/share/${plain.id}`, { 'if-none-match': etag })
    expect(nextDay.status).toBe(200)
    expect(String(nextDay.headers.etag)).toMatch(/\.20261124"$/)
    const returning = await get(`/share/${page.id}`, { cookie: cookies })
    expect(returning.headers['set-cookie']).toEqual([expect.stringMatching(new RegExp(`^pw_d${experimentId}=20261124; `))])
    expect(await pageVisitors(plain.id)).toEqual([
      ['2026-11-23', Number(before[0][1]) + 1],
      ['2026-11-24', 1],
    ])
    expect((await pageVisitors(page.id)).at(-1)).toEqual(['2026-11-24', 1])
    expect(await experimentVisitors()).toEqual(once)
  })

  it('once stopped, the page is shared and cached as before, without cookies', async () => {
    expect((await t.call('POST', `/v2/tasks/${page.id}/experiments/${experimentId}/stop`, {}, token)).status).toBe(200)
    const res = await get(`/share/${page.id}`)
    expect(res.headers['cache-control']).toBe(SHARED_PAGE_CACHE_CONTROL)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.body.toString()).toContain('Control headline')
  })

  it('/go asks the api for a page’s buy link once per share version: an edited link is used at the next press', async () => {
    const asked: string[] = []
    const side = createShopperSide({
      sink: async () => {},
      versionOf: (id) => lookUpShareVersion(t.deps, id),
      buyTarget: buyTargetFrom(async (req) => {
        asked.push(new URL(req.url).pathname)
        return api(req)
      }),
      secure: false,
    })
    const own = http.createServer(frontChain([side.go], (_req, res) => void res.writeHead(404).end('app')))
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r))
    const press = async () => {
      const res = await request(`http://127.0.0.1:${(own.address() as AddressInfo).port}/go/${plain.id}`, {
        headers: { 'user-agent': BROWSER },
      })
      expect(res.status).toBe(302)
      return res.headers.location
    }
    try {
      expect([await press(), await press()]).toEqual(['https://shop.example/buy-control', 'https://shop.example/buy-control'])
      expect(asked).toEqual([`/v2/tasks/shared/${plain.id}`])
      // The owner edits the buy link: a new version, so the next press asks again and goes to the new link.
      const current = await t.call('GET', `/v2/tasks/${plain.id}/page`, undefined, token)
      const edited = { ...current.body.page, owner: { ...current.body.page.owner, buyUrl: 'https://shop.example/buy-edited' } }
      const saved = await t.call('PUT', `/v2/tasks/${plain.id}/page`, { page: edited, base_version: current.body.version }, token)
      expect(saved.status).toBe(200)
      expect([await press(), await press()]).toEqual(['https://shop.example/buy-edited', 'https://shop.example/buy-edited'])
      expect(asked).toHaveLength(2)
    } finally {
      await new Promise((r) => own.close(r))
    }
  })
})
