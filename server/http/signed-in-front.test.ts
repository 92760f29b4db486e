import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { request } from '../../scripts/bench/http'
import { EVERYTHING, type ChangeFeed } from '../db/changes'
import { SIGNED_IN_CACHE_HEADER, VIEWER_HEADER } from '../domain/page-cache'
import { frontChain } from './front-chain'
import { addressShape, createSignedInPages } from './signed-in-front'

const servers: http.Server[] = []
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))))
const settle = () => new Promise((r) => setTimeout(r, 50))

/** A change feed the test drives. */
function fakeFeed() {
  const listeners = new Set<(key: string) => void>()
  const feed: ChangeFeed & { announce(key: string): void; live: boolean } = {
    live: true,
    subscribe(l) {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
    close: async () => {},
    announce: (key) => listeners.forEach((l) => l(key)),
  }
  return feed
}

/**
 * An "app" whose page shows the viewer (the cookie `user=N`) and a counter of that viewer's data;
 * it marks its pages keepable unless told otherwise.
 */
async function setUp(opts: { seconds?: string; setCookie?: boolean; slowRender?: () => Promise<void> } = {}) {
  let clock = 1_000_000
  let renders = 0
  const data = new Map<string, number>()
  const feed = fakeFeed()
  const viewerOf = (cookie: string | null) => /user=(\d+)/.exec(cookie ?? '')?.[1] ?? null
  const page = (nonce: string, cookie: string | null) => {
    renders++
    const viewer = viewerOf(cookie)
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${nonce}'` })
    if (viewer) {
      headers.set(SIGNED_IN_CACHE_HEADER, opts.seconds ?? '10')
      headers.set(VIEWER_HEADER, viewer)
    }
    if (opts.setCookie) headers.set('set-cookie', 'flash=; Max-Age=0')
    const body = `<p>user ${viewer} has ${data.get(viewer ?? '') ?? 0}</p><script nonce="${nonce}">x()</script>`
    return new Response(body, { headers })
  }
  const pages = createSignedInPages({
    changes: feed,
    render: async (req, nonce) => {
      const cookie = req.headers.get('cookie')
      // The data is read at the start of a render, as a loader would.
      const response = page(nonce, cookie)
      await opts.slowRender?.()
      return response
    },
    now: () => clock,
  })
  const server = http.createServer(
    frontChain([pages.serve], (req, res) => {
      const response = page(`app${renders}`, req.headers.cookie ?? null)
      if (req.method === 'GET' && response.headers.has(SIGNED_IN_CACHE_HEADER))
        pages.noticed(new Request(`http://x${req.url}`, { headers: { cookie: req.headers.cookie ?? '' } }))
      res.setHeader('content-security-policy', response.headers.get('content-security-policy')!)
      void response.text().then((t) => res.end(`app:${t}`))
    }),
  )
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const get = async (user: string, path = '/') => {
    const res = await request(`${base}${path}`, { headers: { cookie: `user=${user}` } })
    return { body: res.body.toString(), headers: res.headers }
  }
  /** A read that leaves a kept page behind (the app's answer, then our render). */
  const warm = async (user: string, path = '/') => {
    await get(user, path)
    await settle()
  }
  return {
    base,
    pages,
    feed,
    get,
    warm,
    renders: () => renders,
    tick: (ms: number) => (clock += ms),
    /** The viewer's data changes in the database, which announces it. */
    write(user: string) {
      data.set(user, (data.get(user) ?? 0) + 1)
      feed.announce(user)
    },
    /** The data changes without the announcement arriving yet. */
    writeSilently: (user: string) => data.set(user, (data.get(user) ?? 0) + 1),
  }
}

const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1]

describe('signed-in screens kept per viewer', () => {
  it('answers the same cookies from memory with a fresh nonce, and never answers another viewer with it', async () => {
    const t = await setUp()
    expect((await t.get('1')).body).toMatch(/^app:/)
    await settle()
    const a = await t.get('1')
    const b = await t.get('1')
    expect(a.body).toMatch(/^<p>user 1 has 0/)
    expect(nonceOf(a.body)).not.toBe(nonceOf(b.body))
    expect(a.headers['content-security-policy']).toBe(`script-src 'nonce-${nonceOf(a.body)}'`)
    for (const h of [SIGNED_IN_CACHE_HEADER, VIEWER_HEADER]) expect(a.headers[h]).toBeUndefined()
    // Another viewer's first read of a screen kept before: one render of their own (not the app's and then ours).
    const before = t.renders()
    expect((await t.get('2')).body).toMatch(/^<p>user 2 has 0</)
    expect(t.renders()).toBe(before + 1)
    expect((await t.get('2')).body).toMatch(/^<p>user 2 has 0</)
    expect(t.renders()).toBe(before + 1)
    // An address of another shape goes to the app first.
    expect((await t.get('1', '/?view=archived')).body).toMatch(/^app:/)
  })

  it('a change announced for the viewer is shown on the next read; other viewers keep their pages', async () => {
    const t = await setUp()
    await t.warm('1')
    await t.warm('2')
    t.write('1')
    const before = t.renders()
    expect((await t.get('1')).body).toMatch(/<p>user 1 has 1</)
    expect((await t.get('2')).body).toMatch(/^<p>user 2 has 0/)
    expect((await t.get('1')).body).toMatch(/^<p>user 1 has 1/)
    expect(t.renders()).toBe(before + 1)
    t.feed.announce(EVERYTHING)
    expect((await t.get('2')).body).toMatch(/<p>user 2 has 0/)
    expect(t.renders()).toBe(before + 2)
  })

  it('a form post of the session makes its next read go to the app, even before the database announces the change', async () => {
    const t = await setUp()
    await t.warm('1')
    t.writeSilently('1')
    const post = await request(`${t.base}/`, { method: 'POST', headers: { cookie: 'user=1' } })
    expect(post.body.toString()).toMatch(/^app:/)
    expect((await t.get('1')).body).toMatch(/<p>user 1 has 1/)
  })

  it('a render that overlapped a change of its viewer is not kept', async () => {
    let release = () => {}
    const t = await setUp({ slowRender: () => new Promise<void>((r) => (release = r)) })
    await t.get('1') // the app answers; our render has read the data and waits
    t.write('1')
    release()
    await settle()
    expect((await t.get('1')).body).toMatch(/^app:<p>user 1 has 1/)
    expect(t.pages.stats().pages).toBe(0)
  })

  it('nothing is answered from memory while the feed is down, after the route’s seconds, or for pages that set a cookie', async () => {
    const t = await setUp()
    await t.warm('1')
    t.feed.live = false
    expect((await t.get('1')).body).toMatch(/^app:/)
    t.feed.live = true
    expect((await t.get('1')).body).toMatch(/^<p>/)
    const before = t.renders()
    t.tick(10_001)
    expect((await t.get('1')).body).toMatch(/<p>user 1 has 0/)
    expect(t.renders()).toBe(before + 1)

    const cookie = await setUp({ setCookie: true })
    await cookie.warm('1')
    expect((await cookie.get('1')).body).toMatch(/^app:/)
    expect(cookie.pages.stats().pages).toBe(0)
  })

  it('reads of a page that went stale wait for one render of it, not one render each', async () => {
    let release = () => {}
    let slow = false
    const t = await setUp({ slowRender: () => (slow ? new Promise<void>((r) => (release = r)) : Promise.resolve()) })
    await t.warm('1')
    const before = t.renders()
    slow = true
    t.write('1')
    const reads = Array.from({ length: 20 }, () => t.get('1'))
    await settle()
    release()
    const bodies = (await Promise.all(reads)).map((r) => r.body)
    expect(bodies.every((b) => /^<p>user 1 has 1/.test(b))).toBe(true)
    expect(t.renders()).toBe(before + 1)
  })

  it('a page read near its end is rendered again in the background, so reads keep coming from memory', async () => {
    const t = await setUp()
    await t.warm('1')
    const before = t.renders()
    t.tick(8_500)
    expect((await t.get('1')).body).toMatch(/^<p>/)
    await settle()
    expect(t.renders()).toBe(before + 1)
    t.tick(3_000) // past the first page's end, within the second's
    expect((await t.get('1')).body).toMatch(/^<p>/)
  })

  it('knows the shape of an address: ids out, query names in', () => {
    expect(addressShape('/productv2/4744b94b-b254-4b76-845b-de847b3e100f')).toBe('/productv2/{id}?')
    expect(addressShape('/product/12?device=mobile&panel=x')).toBe('/product/{id}?device&panel')
    expect(addressShape('/?page=2')).toBe('/?page')
    expect(addressShape('/latest')).toBe('/latest?')
    expect(addressShape('/?session_id=cs_test_1')).not.toBe(addressShape('/'))
  })
})
