import { describe, expect, it } from 'vitest'
import { createDemoStore } from '../demo-store/routes'
import { createHost, inProcessApi, sameOrigin } from './web-server'

const post = (headers: Record<string, string>) => new Request('http://app.test/account/logout', { method: 'POST', headers })

describe('CSRF origin rule', () => {
  const allowed = 'https://app.example.com'
  it('accepts our own origin, same host, and requests without Origin', () => {
    expect(sameOrigin(post({ origin: allowed }), allowed)).toBe(true)
    expect(sameOrigin(post({ origin: 'http://app.test', host: 'app.test' }), allowed)).toBe(true)
    expect(sameOrigin(post({}), allowed)).toBe(true)
  })
  it('refuses foreign origins, "null" and cross-site fetches', () => {
    expect(sameOrigin(post({ origin: 'https://evil.example', host: 'app.test' }), allowed)).toBe(false)
    expect(sameOrigin(post({ origin: 'null', host: 'app.test' }), allowed)).toBe(false)
    expect(sameOrigin(post({ 'sec-fetch-site': 'cross-site' }), allowed)).toBe(false)
  })
})

describe('the HTTP front without the web build', () => {
  const host = createHost({ publicUrl: 'http://app.test', trustProxy: false, demoStore: createDemoStore() })
  it('sets the security headers on every answer', async () => {
    const res = await host.request('/healthz')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
  it('draws placeholder images and explains a bad size', async () => {
    const ok = await host.request('/placeholder/320x200.svg?bg=000000&fg=ffffff')
    expect(ok.headers.get('content-type')).toContain('image/svg+xml')
    expect(await ok.text()).toContain('fill="#000000"')
    const bad = await host.request('/placeholder/0x99999')
    expect(bad.status).toBe(400)
  })
  it('serves the demo store pages and feeds', async () => {
    const page = await host.request('/demo-store/products/aurora-pour-over-set')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('application/ld+json')
    const js = await (await host.request('/demo-store/products/aurora-pour-over-set.js')).json()
    expect(js).toMatchObject({ handle: 'aurora-pour-over-set', price: 4800 })
    const json = await (await host.request('/demo-store/products/aurora-pour-over-set.json')).json()
    expect(json.product.variants[0].price).toBe('48.00')
    expect((await host.request('/demo-store/products/nope')).status).toBe(404)
    expect((await host.request('/demo-store')).status).toBe(200)
  })
})

describe('the demo shop mount', () => {
  const host = createHost({
    publicUrl: 'http://app.test',
    trustProxy: false,
    demoShop: { fetch: async (req) => new Response(`${req.method} ${new URL(req.url).pathname}`) },
  })
  it('hands every /demo-shop/* GET and POST to the demo shop', async () => {
    expect(await (await host.request('/demo-shop/x.myshopify.com/products/a')).text()).toBe('GET /demo-shop/x.myshopify.com/products/a')
    const post = await host.request('/demo-shop/x.myshopify.com/admin/oauth/access_token', { method: 'POST', body: '{}' })
    expect(await post.text()).toBe('POST /demo-shop/x.myshopify.com/admin/oauth/access_token')
    expect(post.headers.get('x-content-type-options')).toBe('nosniff')
    expect((await host.request('/demo-shop/x.myshopify.com/', { method: 'DELETE' })).status).toBe(404)
  })

  it('answers 404 under /demo-shop when this server has no demo shop (DEMO_SHOP=off)', async () => {
    const off = createHost({ publicUrl: 'http://app.test', trustProxy: false })
    expect((await off.request('/demo-shop/x.myshopify.com/admin')).status).toBe(404)
    expect((await off.request('/demo-shop/x.myshopify.com/admin/oauth/authorize', { method: 'POST', body: 'a=1' })).status).toBe(404)
  })
})

describe('the api as one web request calls it', () => {
  it('looks the user up once for all reads, and again after anything that may change them', async () => {
    const seen: { path: string; memo: Map<string, unknown> | undefined; size: number }[] = []
    const fetchApi = inProcessApi({
      fetch: async (req, env) => {
        const memo = env?.authMemo
        seen.push({ path: new URL(req.url).pathname, memo, size: memo?.size ?? -1 })
        memo?.set('token', Promise.resolve(null))
        return new Response('{}')
      },
    })
    const call = (method: string, path: string) => fetchApi(new Request(`http://api.internal${path}`, { method }))
    await call('POST', '/v2/auth/me')
    await call('GET', '/v2/tasks/')
    expect(seen[1].memo).toBe(seen[0].memo)
    expect(seen[1].size).toBe(1) // the first call's lookup is reused
    await call('POST', '/v2/tasks/create')
    expect(seen[2].memo).toBeUndefined() // a change runs with a lookup of its own
    await call('GET', '/v2/tasks/')
    expect(seen[3].size).toBe(0) // and everything after it looks the user up again
  })
})
