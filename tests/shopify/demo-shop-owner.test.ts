import { createCookie } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as connect from '~/routes/_blank.connect-shopify'
import { WEB_SESSION_COOKIE } from '../../server/domain/web-session'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { body, get, run } from '../web/helpers'
import { adminPost, cookieHeader, connectDemoShop, shopQuery, themeIds } from './connect'

/**
 * A demo shop belongs to the account that made it: its admin, admin buttons, app link and install
 * consent answer that account's signed-in session only. Anyone else (signed out, another account, a
 * forged cookie) gets the page an unknown shop gets, and nothing in the shop or in Pagewright changes.
 */
describe.each(DB_KINDS)('a demo shop’s admin answers only its owner on %s', (kind) => {
  let t: TestApi
  let owner: { token: string; cookie: string }
  let shop: string
  let unknownShop404: string
  const strangers: Record<string, string> = {}

  beforeAll(async () => {
    t = await createTestApi(kind)
    const { token } = await t.signIn('maker@example.com', 'Mia Maker')
    await t.setUser('maker@example.com', { role: 'paid', credits: 400 })
    owner = { token, cookie: await t.webCookie(token) }
    ;({ shop } = await connectDemoShop(t, token))
    const other = await t.signIn('intruder@example.com', 'Ivan Intruder')
    strangers['signed out'] = ''
    strangers['another account'] = await t.webCookie(other.token)
    // The owner's token in a cookie the web did not sign, and one signed with another secret.
    strangers['an unsigned cookie'] = `${WEB_SESSION_COOKIE}=${Buffer.from(JSON.stringify({ token })).toString('base64')}`
    const foreign = createCookie(WEB_SESSION_COOKIE, { secrets: ['not-the-web-secret-0123456789'] })
    strangers['a cookie signed elsewhere'] = (await foreign.serialize({ token })).split(';')[0]
    unknownShop404 = await (
      await t.demoShop.fetch(new Request(`${t.demoShop.origin('pagewright-demo-00000000.myshopify.com')}/admin`))
    ).text()
  })
  afterAll(() => t.close())

  const request = (path: string, cookie: string, init: { method?: string; form?: Record<string, string> } = {}) =>
    t.demoShop.fetch(
      new Request(`${t.demoShop.origin(shop)}${path}`, {
        method: init.method ?? (init.form ? 'POST' : 'GET'),
        headers: { ...(cookie ? { cookie } : {}), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: init.form ? new URLSearchParams(init.form) : undefined,
      }),
    )
  /** Everything the shop holds, as text. */
  const shopState = async (domain = shop) =>
    JSON.stringify(
      (
        await t.db.database.sql.executeSql('SELECT kind, id, data::text AS data FROM demo_shop_records WHERE shop = $1 ORDER BY kind, id', [
          domain,
        ])
      ).rows,
    )
  /** What Pagewright holds of the owner's store and catalogue. */
  const pagewrightState = async () =>
    JSON.stringify([
      (await t.call('GET', '/v2/shopify/stores', undefined, owner.token)).body.items.map((s: object) => ({ ...s, sync: undefined })),
      (await t.db.database.sql.executeSql('SELECT id, title, price, deleted_at FROM shopify_products ORDER BY id')).rows,
    ])

  /** Every owner-only address of the shop, with valid inputs (real product and theme ids, a real approval). */
  async function ownerOnly(): Promise<[string, string, { method?: string; form?: Record<string, string> }][]> {
    const product = (
      await shopQuery<{ products: { nodes: { id: string }[] } }>(t, shop, '{ products(first: 1) { nodes { id } } }')
    ).products.nodes[0].id
      .split('/')
      .pop()!
    const meadow = (await themeIds(t, shop)).Meadow.id.split('/').pop()!
    // A well-formed approval for Pagewright: for the owner, the installed app gets a code straight away.
    const { apiKey, appUrl } = t.deps.env.shopifyApp
    const approval = new URL(`${t.demoShop.origin(shop)}/admin/oauth/authorize`)
    approval.search = new URLSearchParams({
      client_id: apiKey,
      scope: 'read_products,write_products,read_themes,write_themes',
      redirect_uri: `${appUrl}/connect-shopify/callback`,
      state: 'stranger-state',
    }).toString()
    return [
      ['the admin', '/admin', {}],
      ['the admin with a notice', '/admin/?notice=hello', {}],
      ['the admin (HEAD)', '/admin', { method: 'HEAD' }],
      ['a product edit', `/admin/products/${product}`, { form: { title: 'Taken over', price: '0.01' } }],
      ['a product delete', `/admin/products/${product}/delete`, { form: {} }],
      ['a theme publish', `/admin/themes/${meadow}/publish`, { form: {} }],
      ['a data request', '/admin/privacy', { form: { topic: 'customers/data_request' } }],
      ['a customer redact', '/admin/privacy', { form: { topic: 'customers/redact' } }],
      ['a shop redact', '/admin/privacy', { form: { topic: 'shop/redact' } }],
      ['the app uninstall', '/admin/apps/pagewright/uninstall', { form: {} }],
      ['the app-load link', '/admin/apps/pagewright', {}],
      ['the consent screen', `${approval.pathname}${approval.search}`, {}],
      ['the consent approval', approval.pathname, { form: { ...Object.fromEntries(approval.searchParams), themes: '1' } }],
      ['a method the admin does not take', '/admin', { form: {} }],
    ]
  }

  it('a stranger gets the unknown shop’s 404 everywhere in the admin, and nothing changes', async () => {
    const paths = await ownerOnly()
    const before = [await shopState(), await pagewrightState()]
    for (const [who, cookie] of Object.entries(strangers)) {
      for (const [what, path, init] of paths) {
        const res = await request(path, cookie, init)
        expect(res.status, `${what} as ${who}`).toBe(404)
        if (init.method !== 'HEAD') expect(await res.text(), `${what} as ${who}`).toBe(unknownShop404)
        expect(res.headers.get('location'), `${what} as ${who}`).toBeNull()
      }
    }
    await t.drainShopifyJobs()
    expect([await shopState(), await pagewrightState()]).toEqual(before)
  })

  it('the storefront and the credentialed endpoints stay open to anyone, as Shopify’s are', async () => {
    expect((await request('/', '')).status).toBe(200)
    expect((await request('/products/aurora-pour-over-set', '')).status).toBe(200)
    // The token endpoint and Admin GraphQL answer by their own credentials (here: none).
    const exchange = await request('/admin/oauth/access_token', '', { form: { client_id: 'x', client_secret: 'y', code: 'z' } })
    expect(exchange.status).toBe(400)
    const graphql = await t.demoShop.fetch(
      new Request(`${t.demoShop.origin(shop)}/admin/api/2026-10/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ shop { name } }' }),
      }),
    )
    expect(graphql.status).toBe(401)
  })

  it('another account cannot approve its own connection of the owner’s unconnected shop', async () => {
    const fresh = (await t.call('POST', '/v2/shopify/demo-shop', undefined, owner.token)).body.shop as string
    const before = await shopState(fresh)
    const { token } = await t.signIn('taker@example.com', 'Tia Taker')
    const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop: fresh }, token)
    expect(begun.status).toBe(200)
    const approval = new URL(begun.body.url)
    const asTaker = await t.webCookie(token)
    const seen = await t.demoShop.fetch(new Request(approval, { headers: { cookie: asTaker } }))
    expect(seen.status).toBe(404)
    const approved = await t.demoShop.fetch(
      new Request(`${approval.origin}${approval.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: asTaker },
        body: new URLSearchParams({ ...Object.fromEntries(approval.searchParams), themes: '1' }),
      }),
    )
    expect(approved.status).toBe(404)
    expect(await shopState(fresh)).toBe(before)
    const callback = await t.call(
      'POST',
      '/v2/shopify/oauth/callback',
      { query: approval.search.slice(1), cookie: cookieHeader(begun.body.set_cookies) },
      token,
    )
    expect(callback.status).toBe(400)
    expect((await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items).toEqual([])
  })

  it('the owner still opens the admin and presses its buttons', async () => {
    const page = await request('/admin', owner.cookie)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Pagewright is installed')
    const product = (
      await shopQuery<{ products: { nodes: { id: string }[] } }>(t, shop, '{ products(first: 1) { nodes { id } } }')
    ).products.nodes[0].id
      .split('/')
      .pop()!
    const edited = await adminPost(t, owner.token, shop, `products/${product}`, { title: 'Renamed by its owner' })
    expect(edited.status).toBe(303)
    const appLoad = await request('/admin/apps/pagewright', owner.cookie)
    expect(appLoad.status).toBe(302)
    expect(appLoad.headers.get('location')).toMatch(/\/connect-shopify\/install\?/)
  })
})

describe.each(DB_KINDS)('DEMO_SHOP=off on %s', (kind) => {
  let t: TestApi
  let token: string

  beforeAll(async () => {
    t = await createTestApi(kind, {}, { DEMO_SHOP: 'off' })
    ;({ token } = await t.signIn('nodemo@example.com', 'Noa Nodemo'))
  })
  afterAll(() => t.close())

  it('makes no demo shop, says so, and the connect screen offers none', async () => {
    const made = await t.call('POST', '/v2/shopify/demo-shop', undefined, token)
    expect(made.status).toBe(409)
    expect(made.body.error).toBe('The demo shop is not available on this server.')
    expect((await t.call('GET', '/v2/shopify/stores', undefined, token)).body.demo_shop_available).toBe(false)
    const ctx = { apiFetch: (req: Request) => Promise.resolve(t.app.fetch(req, { inProcess: true })), clientIp: '198.51.100.9' }
    const page = await body(await run(connect.loader, get('/connect-shopify', await t.webCookie(token)), { context: ctx }))
    expect(page).toMatchObject({ demoShop: false })
  })
})
