import '@shopify/shopify-api/adapters/web-api'
import { createHmac } from 'node:crypto'
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { DEMO_PRODUCTS } from '../demo-store/catalog'
import { PRODUCTS_PAGE_QUERY, SHOP_QUERY, THEMES_QUERY, WEBHOOK_CREATE_MUTATION } from '../integrations/shopify/documents'
import { adminGraphql, installApp } from './driver'
import { createDemoShop, type DemoShop } from './index'

/** The Pagewright user who made the shops. */
const OWNER = 7
const APP = { apiKey: 'demo-admin-key', apiSecret: 'demo-admin-secret', appUrl: 'http://pagewright.test' }
const PUBLIC_URL = 'http://pagewright.test'
const HOOKS = `${APP.appUrl}/v2/shopify/webhooks`

const shopify = shopifyApi({
  apiKey: APP.apiKey,
  apiSecretKey: APP.apiSecret,
  apiVersion: ApiVersion.July26,
  isEmbeddedApp: false,
  hostName: 'pagewright.test',
  hostScheme: 'http',
  scopes: ['read_products'],
  logger: { level: LogSeverity.Error, log: async () => {} },
})

interface Hook {
  url: string
  headers: Headers
  raw: string
  body: any
}

describe.each(DB_KINDS)('demo shop admin, webhooks and storefront (%s)', (kind) => {
  let db: TestDatabase
  let demo: DemoShop
  let shop: string
  let token: string
  let hooks: Hook[] = []
  const call = (path: string, init?: RequestInit) => demo.fetch(new Request(`${demo.origin(shop)}${path}`, init))
  const post = (path: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    })
  const gql = (query: string, variables: Record<string, unknown> = {}) => adminGraphql<any>(demo, shop, token, query, variables)

  /** Takes the deliveries so far, after checking each signature the way Pagewright must. */
  async function take(): Promise<Hook[]> {
    const out = hooks
    hooks = []
    for (const h of out) {
      const expected = createHmac('sha256', APP.apiSecret).update(h.raw).digest('base64')
      expect(h.headers.get('x-shopify-hmac-sha256')).toBe(expected)
      const check = await shopify.webhooks.validate({
        rawBody: h.raw,
        rawRequest: new Request(h.url, { method: 'POST', headers: h.headers, body: h.raw }),
      })
      expect(check.valid).toBe(true)
      expect(h.headers.get('x-shopify-shop-domain')).toBe(shop)
      expect(h.headers.get('x-shopify-api-version')).toBe('2026-10')
      expect(h.headers.get('x-shopify-webhook-id')).toMatch(/^[0-9a-f-]{36}$/)
      expect(h.headers.get('x-shopify-event-id')).toBeTruthy()
      expect(new Date(h.headers.get('x-shopify-triggered-at')!).getTime()).not.toBeNaN()
    }
    return out
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind)
    demo = createDemoShop({
      database: db.database,
      clock: () => new Date(),
      publicUrl: PUBLIC_URL,
      app: APP,
      deliver: async (request) => {
        const raw = await request.text()
        hooks.push({ url: request.url, headers: request.headers, raw, body: JSON.parse(raw) })
        return new Response('ok')
      },
      fetchUrl: async () => new Response('', { status: 404 }),
      // Every request here comes from the shop's owner (owner.test.ts covers everyone else).
      viewerOf: async () => OWNER,
    })
    shop = await demo.createShop(OWNER)
    token = (await installApp(demo, shop, { app: APP })).accessToken
    for (const topic of ['APP_UNINSTALLED', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'THEMES_PUBLISH']) {
      const res = await gql(WEBHOOK_CREATE_MUTATION, { topic, uri: HOOKS })
      expect(res.body.data.webhookSubscriptionCreate.userErrors).toEqual([])
    }
  })
  afterAll(() => db.drop())

  it('knows its shops and answers 404 for any other', async () => {
    expect(shop).toMatch(/^pagewright-demo-[0-9a-f]{8}\.myshopify\.com$/)
    expect(await demo.isDemoShop(shop)).toBe(true)
    expect(await demo.isDemoShop('pagewright-demo-00000000.myshopify.com')).toBe(false)
    expect(demo.origin(shop)).toBe(`${PUBLIC_URL}/demo-shop/${shop}`)
    for (const path of ['/demo-shop/pagewright-demo-00000000.myshopify.com/', '/demo-shop/example.com/admin', '/demo-shop/'])
      expect((await demo.fetch(new Request(`${PUBLIC_URL}${path}`))).status, path).toBe(404)
    expect((await call('/no-such-page')).status).toBe(404)
  })

  it('lists products, themes and the app in the admin', async () => {
    const page = await (await call('/admin')).text()
    for (const p of DEMO_PRODUCTS) expect(page).toContain(p.title.replace(/'/g, '&#39;'))
    expect(page).toContain('Harbor')
    expect(page).toContain('Pagewright is installed')
    expect(page).toContain('Open Pagewright')
  })

  it('sends products/update when the owner edits a product', async () => {
    const product = (await gql(PRODUCTS_PAGE_QUERY, { first: 1 })).body.data.products.nodes[0]
    const id = product.id.split('/').pop()
    const res = await post(`/admin/products/${id}`, { title: 'Edited in the admin', price: '51.5' })
    expect(res.status).toBe(303)
    expect(decodeURIComponent(res.headers.get('location')!)).toContain('sent products/update')
    const [hook, ...rest] = await take()
    expect(rest).toEqual([])
    expect(hook.url).toBe(HOOKS)
    expect(hook.headers.get('x-shopify-topic')).toBe('products/update')
    expect(hook.body).toMatchObject({
      id: Number(id),
      admin_graphql_api_id: product.id,
      title: 'Edited in the admin',
      handle: product.handle,
    })
    expect(hook.body.variants[0]).toMatchObject({ price: '51.50', product_id: Number(id) })
  })

  it('sends products/delete when the owner deletes a product', async () => {
    const product = (await gql(PRODUCTS_PAGE_QUERY, { first: 3 })).body.data.products.nodes[2]
    const id = Number(product.id.split('/').pop())
    expect((await post(`/admin/products/${id}/delete`)).status).toBe(303)
    const [hook] = await take()
    expect(hook.headers.get('x-shopify-topic')).toBe('products/delete')
    expect(hook.body).toEqual({ id })
    expect((await call(`/products/${product.handle}`)).status).toBe(404)
  })

  it('publishes another theme and sends themes/publish', async () => {
    const themes = (await gql(THEMES_QUERY)).body.data.themes.nodes
    const meadow = themes.find((t: any) => t.role === 'UNPUBLISHED')
    expect((await post(`/admin/themes/${meadow.id.split('/').pop()}/publish`)).status).toBe(303)
    const [hook] = await take()
    expect(hook.headers.get('x-shopify-topic')).toBe('themes/publish')
    expect(hook.body).toMatchObject({
      id: Number(meadow.id.split('/').pop()),
      name: meadow.name,
      role: 'main',
      admin_graphql_api_id: meadow.id,
    })
    const after = (await gql(THEMES_QUERY)).body.data.themes.nodes
    expect(after.find((t: any) => t.id === meadow.id).role).toBe('MAIN')
    expect(after.filter((t: any) => t.role === 'MAIN')).toHaveLength(1)
  })

  it('sends the privacy webhooks to the app’s compliance address', async () => {
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact'])
      expect((await post('/admin/privacy', { topic })).status).toBe(303)
    const sent = await take()
    expect(sent.map((h) => [h.url, h.headers.get('x-shopify-topic')])).toEqual([
      [HOOKS, 'customers/data_request'],
      [HOOKS, 'customers/redact'],
      [HOOKS, 'shop/redact'],
    ])
    expect(sent[0].body).toMatchObject({
      shop_domain: shop,
      customer: { email: expect.any(String) },
      data_request: { id: expect.any(Number) },
    })
    expect(sent[2].body).toEqual({ shop_id: expect.any(Number), shop_domain: shop })
  })

  it('opens Pagewright with a signed app-load URL', async () => {
    const res = await call('/admin/apps/pagewright')
    expect(res.status).toBe(302)
    const target = new URL(res.headers.get('location')!)
    expect(`${target.origin}${target.pathname}`).toBe(`${APP.appUrl}/connect-shopify/install`)
    expect(target.searchParams.get('shop')).toBe(shop)
    expect(await shopify.utils.validateHmac(Object.fromEntries(target.searchParams))).toBe(true)
  })

  it('refuses admin forms sent from another site', async () => {
    expect((await post('/admin/privacy', { topic: 'shop/redact' }, { origin: 'https://evil.example' })).status).toBe(403)
    expect(hooks).toEqual([])
  })

  it('renders the storefront with the live theme and takes a cart form without checkout', async () => {
    const home = await call('/')
    expect(home.status).toBe(200)
    expect(await home.text()).toContain(DEMO_PRODUCTS[1].title)
    const product = await call(`/products/${DEMO_PRODUCTS[1].handle}`)
    expect(product.status).toBe(200)
    const html = await product.text()
    expect(html).toContain(DEMO_PRODUCTS[1].title)
    const asset = /\/themes\/(\d+)\/assets\/([^"'?]+)\?v=\w+/.exec(html)
    expect(asset).not.toBeNull()
    const css = await call(`/themes/${asset![1]}/assets/${asset![2]}`)
    expect(css.status).toBe(200)
    expect(css.headers.get('cache-control')).toContain('max-age=31536000')
    const variant = (await gql(PRODUCTS_PAGE_QUERY, { first: 2 })).body.data.products.nodes[1].variants.nodes[0]
    const cart = await post('/cart/add', { id: variant.id.split('/').pop(), quantity: '1' })
    expect(cart.status).toBe(200)
    expect(await cart.text()).toContain(`(${variant.title}) to the cart. This is a demo shop: there is no checkout.`)
    expect((await call('/products/no-such-thing')).status).toBe(404)
  })

  it('sends app/uninstalled, then forgets the app’s tokens and subscriptions', async () => {
    expect((await post('/admin/apps/pagewright/uninstall')).status).toBe(303)
    const [hook, ...rest] = await take()
    expect(rest).toEqual([])
    expect(hook.headers.get('x-shopify-topic')).toBe('app/uninstalled')
    expect(hook.body).toMatchObject({ myshopify_domain: shop, domain: shop, email: expect.stringContaining('@demo-shop.pagewright.test') })
    expect((await gql(SHOP_QUERY)).status).toBe(401)
    const product = (await (await call('/admin')).text()).match(/action="[^"]*\/admin\/products\/(\d+)"/)![1]
    await post(`/admin/products/${product}`, { title: 'After uninstall' })
    expect(hooks).toEqual([])
    expect(await (await call('/admin')).text()).toContain('Pagewright is not installed')
  })
})
