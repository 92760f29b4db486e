import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { request } from '../../scripts/bench/http'
import { ANONYMOUS_CACHE_HEADER } from '../domain/page-cache'
import { createAnonymousPages } from './anonymous-front'
import { frontChain } from './front-chain'

const servers: http.Server[] = []
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))))
const settle = () => new Promise((r) => setTimeout(r, 50))

/** An "app" that renders a page with its nonce in a script tag and the policy. */
async function setUp(opts: { seconds?: string; cookie?: boolean } = {}) {
  let clock = 1_000_000
  let renders = 0
  const page = (nonce: string, language: string | null) => {
    renders++
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${nonce}'` })
    if (opts.seconds !== undefined) headers.set(ANONYMOUS_CACHE_HEADER, opts.seconds)
    if (opts.cookie) headers.set('set-cookie', 'pref=1')
    return new Response(`<p>${language ?? 'none'}</p><script nonce="${nonce}">x()</script>`, { headers })
  }
  const pages = createAnonymousPages({ render: async (req, nonce) => page(nonce, req.headers.get('accept-language')), now: () => clock })
  const server = http.createServer(
    frontChain([pages.serve], (req, res) => {
      const nonce = `app${renders}`
      const response = page(nonce, req.headers['accept-language'] ?? null)
      if (!req.headers.cookie)
        pages.noticed(new Request(`http://x${req.url}`, { headers: { 'accept-language': req.headers['accept-language'] ?? '' } }))
      res.setHeader('content-security-policy', response.headers.get('content-security-policy')!)
      void response.text().then((t) => res.end(`app:${t}`))
    }),
  )
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, pages, renders: () => renders, tick: (ms: number) => (clock += ms) }
}

const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1]

describe('sign-in screens kept for visitors without cookies', () => {
  it('the first visitor gets the app; the next ones get the kept page, each with a fresh nonce in the HTML and the policy', async () => {
    const t = await setUp({ seconds: '60' })
    expect((await request(`${t.base}/account/login`)).body.toString()).toMatch(/^app:/)
    await settle()
    const a = await request(`${t.base}/account/login`)
    const b = await request(`${t.base}/account/login`)
    expect(a.body.toString()).toMatch(/^<p>/)
    const [na, nb] = [nonceOf(a.body.toString()), nonceOf(b.body.toString())]
    expect(na).toBeTruthy()
    expect(na).not.toBe(nb)
    expect(a.headers['content-security-policy']).toBe(`script-src 'nonce-${na}'`)
    expect(a.headers[ANONYMOUS_CACHE_HEADER]).toBeUndefined()
    expect(t.renders()).toBe(2) // the app's answer and one render of our own
  })

  it('keeps a page per language, never answers a request with a cookie, and renders again once expired', async () => {
    const t = await setUp({ seconds: '60' })
    await request(`${t.base}/account/login`, { headers: { 'accept-language': 'de-DE' } })
    await settle()
    expect((await request(`${t.base}/account/login`, { headers: { 'accept-language': 'de-DE' } })).body.toString()).toContain('<p>de-DE')
    expect((await request(`${t.base}/account/login`, { headers: { 'accept-language': 'fr' } })).body.toString()).toMatch(/^app:/)
    expect(
      (await request(`${t.base}/account/login`, { headers: { 'accept-language': 'de-DE', cookie: 'tz=UTC' } })).body.toString(),
    ).toMatch(/^app:/)
    t.tick(61_000)
    expect((await request(`${t.base}/account/login`, { headers: { 'accept-language': 'de-DE' } })).body.toString()).toMatch(/^app:/)
  })

  it('pages that set a cookie, or whose route does not allow it, are never kept', async () => {
    for (const opts of [{ seconds: '60', cookie: true }, {}, { seconds: '0' }]) {
      const t = await setUp(opts)
      await request(`${t.base}/account/login`)
      await settle()
      expect((await request(`${t.base}/account/login`)).body.toString()).toMatch(/^app:/)
      expect(t.pages.stats().pages).toBe(0)
    }
  })
})
