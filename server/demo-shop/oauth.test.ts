import '@shopify/shopify-api/adapters/web-api'
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api'
import { abstractFetch, setAbstractFetchFunc } from '@shopify/shopify-api/runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { SHOP_QUERY } from '../integrations/shopify/documents'
import { adminGraphql, installApp } from './driver'
import { createDemoShop, type DemoShop } from './index'

/** The Pagewright user who made the shops. */
const OWNER = 7
const APP = { apiKey: 'demo-oauth-key', apiSecret: 'demo-oauth-secret', appUrl: 'http://pagewright.test' }
const SCOPES = ['read_products', 'write_products', 'read_themes', 'write_themes']

const shopify = shopifyApi({
  apiKey: APP.apiKey,
  apiSecretKey: APP.apiSecret,
  apiVersion: ApiVersion.July26,
  isEmbeddedApp: false,
  hostName: 'pagewright.test',
  hostScheme: 'http',
  scopes: SCOPES,
  logger: { level: LogSeverity.Error, log: async () => {} },
})

const form = (fields: Record<string, string>) =>
  ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) }) as const
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) as const

describe.each(DB_KINDS)('demo shop OAuth (%s)', (kind) => {
  let db: TestDatabase
  let demo: DemoShop
  let shop: string
  let offset = 0
  let processFetch: typeof abstractFetch | undefined
  const call = (path: string, init?: RequestInit) => demo.fetch(new Request(`${demo.origin(shop)}${path}`, init))
  const authorizeQuery = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      client_id: APP.apiKey,
      scope: SCOPES.join(','),
      redirect_uri: `${APP.appUrl}/connect-shopify/callback`,
      state: 'abc',
      'grant_options[]': '',
      ...overrides,
    })

  beforeAll(async () => {
    processFetch = abstractFetch
    db = await createTestDatabase(kind)
    // Real time (the library checks the callback's timestamp against its own clock), movable forwards.
    demo = createDemoShop({
      database: db.database,
      clock: () => new Date(Date.now() + offset),
      publicUrl: 'http://pagewright.test',
      app: APP,
      deliver: async () => new Response('ok'),
      fetchUrl: async () => new Response('', { status: 404 }),
      // Every request here comes from the shop's owner (owner.test.ts covers everyone else).
      viewerOf: async () => OWNER,
    })
    shop = await demo.createShop(OWNER)
    // The library's fetch reaches `https://{shop}` through the demo shop, as Pagewright's shop network does;
    // it is process-wide, so the one Pagewright set (kept above) is put back after (test files share modules).
    setAbstractFetchFunc(async (input, init) => {
      const url = new URL(String(input))
      return demo.fetch(new Request(`${demo.origin(url.hostname)}${url.pathname}${url.search}`, init as RequestInit))
    })
  })
  afterAll(async () => {
    if (processFetch) setAbstractFetchFunc(processFetch)
    await db?.drop()
  })

  it('shows a consent page naming the shop and the scopes, with a way to withhold theme access', async () => {
    const res = await call(`/admin/oauth/authorize?${authorizeQuery()}`)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toMatch(/Install Pagewright on Demo Shop \d+\?/)
    expect(page).toContain('Edit themes: add and change theme files')
    expect(page).toContain('name="themes" value="1" checked')
    expect(page).toContain('Install app')
  })

  it('refuses an unknown client id and a redirect off the app’s origin', async () => {
    const wrongClient = await call(`/admin/oauth/authorize?${authorizeQuery({ client_id: 'other' })}`)
    expect(wrongClient.status).toBe(400)
    const wrongRedirect = await call(`/admin/oauth/authorize?${authorizeQuery({ redirect_uri: 'https://evil.example/callback' })}`)
    expect(wrongRedirect.status).toBe(400)
    expect(await wrongRedirect.text()).toContain('redirect_uri is not whitelisted')
  })

  it('completes @shopify/shopify-api’s begin → approve → callback → refresh, with an expiring offline token', async () => {
    const begun = (await shopify.auth.begin({
      shop,
      callbackPath: '/connect-shopify/callback',
      isOnline: false,
      rawRequest: new Request('http://pagewright.test/connect-shopify'),
    })) as Response
    const approval = new URL(begun.headers.get('location')!)
    expect(approval.hostname).toBe(shop)
    const cookie = begun.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect((await call(`${approval.pathname}${approval.search}`)).status).toBe(200)
    const approved = await call(approval.pathname, form({ ...Object.fromEntries(approval.searchParams), themes: '1' }))
    expect(approved.status).toBe(302)
    const callback = new URL(approved.headers.get('location')!)
    expect(callback.origin + callback.pathname).toBe('http://pagewright.test/connect-shopify/callback')
    expect([...callback.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp'])
    expect(Buffer.from(callback.searchParams.get('host')!, 'base64url').toString()).toBe(
      `admin.shopify.com/store/${shop.replace('.myshopify.com', '')}`,
    )
    expect(await shopify.utils.validateHmac(Object.fromEntries(callback.searchParams))).toBe(true)

    const { session } = await shopify.auth.callback({ rawRequest: new Request(callback, { headers: { cookie } }), expiring: true })
    expect(session.accessToken).toMatch(/^shpat_/)
    expect(session.refreshToken).toMatch(/^shprt_/)
    expect(session.scope).toBe('write_products,write_themes')
    expect(session.expires!.getTime() - Date.now()).toBeGreaterThan(3500_000)
    expect((await adminGraphql<any>(demo, shop, session.accessToken!, SHOP_QUERY)).body.data.shop.myshopifyDomain).toBe(shop)

    const refreshed = await shopify.auth.refreshToken({ shop, refreshToken: session.refreshToken! })
    expect(refreshed.session.accessToken).not.toBe(session.accessToken)
    expect(refreshed.session.refreshToken).not.toBe(session.refreshToken)
    await expect(shopify.auth.refreshToken({ shop, refreshToken: session.refreshToken! })).rejects.toThrow()
  })

  it('exchanges each code once, within 60 seconds, and only with the app’s secret', async () => {
    const codeFor = async () => {
      const res = await call('/admin/oauth/authorize', form({ ...Object.fromEntries(authorizeQuery()), themes: '1' }))
      return new URL(res.headers.get('location')!).searchParams.get('code')!
    }
    const exchange = (body: Record<string, string>) =>
      call('/admin/oauth/access_token', json({ client_id: APP.apiKey, client_secret: APP.apiSecret, ...body }))

    const code = await codeFor()
    const badSecret = await exchange({ code, client_secret: 'wrong' })
    expect(badSecret.status).toBe(400)
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_request' })
    const ok = await exchange({ code })
    expect(await ok.json()).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: 'write_products,write_themes' })
    const reused = await exchange({ code })
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) })

    const late = await codeFor()
    offset += 61_000
    expect((await exchange({ code: late })).status).toBe(400)

    const expiring = await (await exchange({ code: await codeFor(), expiring: '1' })).json()
    expect(expiring).toMatchObject({ expires_in: 3600, refresh_token_expires_in: 7776000, refresh_token: expect.any(String) })
    // A form body works too, like Shopify's endpoint.
    const rotated = await call(
      '/admin/oauth/access_token',
      form({ client_id: APP.apiKey, client_secret: APP.apiSecret, grant_type: 'refresh_token', refresh_token: expiring.refresh_token }),
    )
    expect(rotated.status).toBe(200)
    const again = await exchange({ grant_type: 'refresh_token', refresh_token: expiring.refresh_token })
    expect(again.status).toBe(400)
    // An expired access token is refused like an unknown one.
    offset += 3601_000
    expect((await adminGraphql(demo, shop, expiring.access_token, SHOP_QUERY)).status).toBe(401)
  })

  it('goes straight back to the app when it already has every scope asked for', async () => {
    offset = 0
    const installed = await installApp(demo, shop, { app: APP })
    expect(installed.scope).toBe('write_products,write_themes,write_files,write_pixels,read_customer_events')
    const res = await call(`/admin/oauth/authorize?${authorizeQuery()}`)
    expect(res.status).toBe(302)
    expect(await shopify.utils.validateHmac(Object.fromEntries(new URL(res.headers.get('location')!).searchParams))).toBe(true)
  })
})
