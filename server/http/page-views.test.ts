import { describe, expect, it } from 'vitest'
import { createViewCounter, isCountedView, type PageViewCount } from './page-views'

const CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const req = (headers: Record<string, string> = { 'user-agent': CHROME }, method = 'GET') => ({ method, headers })
const ID = '6f1c2b1e-8a7d-4c3b-9f00-123456789abc'

describe('which requests are views', () => {
  it('a person’s GET, also a revalidation', () => {
    expect(isCountedView(req())).toBe(true)
    expect(isCountedView(req({ 'user-agent': CHROME, 'if-none-match': '"abc"' }))).toBe(true)
  })
  it('not bots, scripts without a user agent, HEADs or prefetches', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'curl/8.5.0',
      'python-requests/2.31.0',
    ])
      expect(isCountedView(req({ 'user-agent': agent }))).toBe(false)
    expect(isCountedView(req({}))).toBe(false)
    expect(isCountedView(req({ 'user-agent': CHROME }, 'HEAD'))).toBe(false)
    expect(isCountedView(req({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' }))).toBe(false)
    expect(isCountedView(req({ 'user-agent': CHROME, 'sec-purpose': 'prefetch;prerender' }))).toBe(false)
    expect(isCountedView(req({ 'user-agent': CHROME, purpose: 'prefetch' }))).toBe(false)
  })
})

describe('view counter', () => {
  it('adds views per page and day in memory and flushes them as one batch', async () => {
    const batches: PageViewCount[][] = []
    let now = new Date('2026-11-23T23:59:59Z')
    const counter = createViewCounter({ sink: async (c) => void batches.push(c), clock: () => now })
    counter.count(ID, req())
    counter.count(ID.toUpperCase(), req())
    counter.count(ID, req({ 'user-agent': 'Googlebot/2.1' }))
    now = new Date('2026-11-24T00:00:01Z')
    counter.count(ID, req())
    await counter.flush()
    expect(batches).toEqual([
      [
        { session_id: ID, day: '2026-11-23', views: 2 },
        { session_id: ID, day: '2026-11-24', views: 1 },
      ],
    ])
    await counter.flush()
    expect(batches).toHaveLength(1) // nothing new: no empty batch
  })

  it('keeps the counts of a failed flush for the next one', async () => {
    let fail = true
    const saved: PageViewCount[] = []
    const counter = createViewCounter({
      sink: async (c) => {
        if (fail) throw new Error('database away')
        saved.push(...c)
      },
      clock: () => new Date('2026-11-23T10:00:00Z'),
    })
    counter.count(ID, req())
    await counter.flush()
    expect(counter.pending()).toBe(1)
    counter.count(ID, req())
    fail = false
    await counter.stop()
    expect(saved).toEqual([{ session_id: ID, day: '2026-11-23', views: 2 }])
  })
})
