import { readFileSync } from 'node:fs'
import { load } from 'cheerio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscribeExperimentEvents } from '../../extensions/pagewright-pixel/src/events'
import { installApp } from '../../server/demo-shop/driver'
import { createTestApi, type TestApi } from '../helpers/api'
import { connectDemoShop, shopQuery } from './connect'
import { addBlockInThemeEditor, catalogPage, productGid, publishAndWait, storefront, watchCalls } from './publishing'

/**
 * An experiment on a page published in a store (issue 25, "In the store"), the whole loop against the
 * demo shop: both versions go into the product, the storefront renders both with the small script,
 * the web pixel's events count for the right variant, stop takes the challenger out, promote makes
 * it the store's page.
 */
const SCRIPT = /<script[^>]*>\n?([\s\S]*?)\n?\s*<\/script>/.exec(
  readFileSync(new URL('../../extensions/pagewright-theme/snippets/pagewright-experiment.liquid', import.meta.url), 'utf8'),
)![1]

describe('an experiment in the store', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi('pglite')
  })
  afterAll(() => t.close())

  /** Saves the page with this hero heading; returns the new version. */
  async function saveHeading(token: string, id: string, heading: string) {
    const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const page = current.body.page
    const sections = page.sections.map((s: { type: string }) => (s.type === 'hero' ? { ...s, heading } : s))
    const saved = await t.call('PUT', `/v2/tasks/${id}/page`, { page: { ...page, sections }, base_version: current.body.version }, token)
    expect(saved.status).toBe(200)
    return saved.body.version as number
  }

  /** What the web pixel sends (a `text/plain` body, as a pixel's fetch without a preflight). */
  async function pixel(body: Record<string, unknown>, ip = '203.0.113.7') {
    const res = await t.app.fetch(
      new Request('http://api.test/v2/experiments/store-events', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': ip, origin: 'https://extensions.shopifycdn.com' },
        body: JSON.stringify(body),
      }),
      { inProcess: true },
    )
    return { status: res.status, body: await res.json(), cors: res.headers.get('access-control-allow-origin') }
  }

  const challengerField = async (shop: string, gid: string) =>
    (
      await shopQuery<{ product: { metafield: { value: string } | null } }>(
        t,
        shop,
        `query($id: ID!) { product(id: $id) { metafield(namespace: "$app:pagewright", key: "page_challenger") { value } } }`,
        { id: gid },
      )
    ).product.metafield

  it('publishes both versions, shows each shopper one, counts the pixel’s events, and follows stop and promote', async () => {
    const { token } = await t.signIn('store-experiment@example.com', 'Pat Pro')
    await t.setUser('store-experiment@example.com', { role: 'paid', credits: 400 })
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    // Connected with the pixel's scopes: the store says its shoppers count.
    expect((await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items[0].publishing.experiment_events).toBe(true)
    const page = await catalogPage(t, token, 'pour-over')
    const first = await publishAndWait(t, token, page.id)
    await addBlockInThemeEditor(t, token, first.next_steps[0].url)

    const challengerVersion = await saveHeading(token, page.id, 'Challenger headline')
    await saveHeading(token, page.id, 'Control headline')
    expect(await publishAndWait(t, token, page.id)).toMatchObject({ status: 'published', method: 'app_block' })
    const gid = await productGid(t, shop, page.handle)
    const before = await storefront(t, shop, page.handle)
    expect(before).toContain('Control headline')
    expect(before).not.toContain('Challenger headline')

    // Starting the experiment puts the challenger beside the live page (a job), nothing else changes.
    const started = await t.call('POST', `/v2/tasks/${page.id}/experiments`, { challenger_version: challengerVersion, split: 30 }, token)
    expect(started.status).toBe(201)
    const xid = started.body.id as number
    await t.drainShopifyJobs()
    const stored = JSON.parse((await challengerField(shop, gid))!.value)
    expect(stored).toMatchObject({ experiment: xid, split: 30 })
    expect(JSON.stringify(stored.page)).toContain('Challenger headline')
    // The shop got Pagewright's web pixel, pointed at Pagewright.
    const admin = await t.demoShop.fetch(new Request(`${t.demoShop.origin(shop)}/admin`, { headers: { cookie: await t.webCookie(token) } }))
    expect(load(await admin.text()).text()).toContain(`Web pixel: on, settings ${JSON.stringify({ pagewrightUrl: t.deps.env.PUBLIC_URL })}`)
    const $ = load(await storefront(t, shop, page.handle))
    expect($('.pw-x').attr('data-pw-experiment')).toBe(String(xid))
    expect($('.pw-x > script').attr('data-s')).toBe('30')
    expect($('.pw-x > script').html()).toContain(SCRIPT)
    expect(Buffer.byteLength(SCRIPT)).toBeLessThanOrEqual(600)
    expect($('.pw-x > .pw-x-c').text()).toContain('Control headline')
    expect($('.pw-x > .pw-x-h[hidden]').text()).toContain('Challenger headline')

    // The pixel's events: a challenger visitor seen, buying once; another visitor adds to the cart on the control.
    const event = (over: Record<string, unknown>) => ({
      shop,
      experiment_id: xid,
      visitor: 'visitorAAAAAAAAAAAAAA1',
      variant: 'challenger',
      event: 'view',
      product_id: gid,
      ...over,
    })
    expect(await pixel(event({}))).toEqual({ status: 200, body: { counted: true }, cors: '*' })
    expect((await pixel(event({}))).body).toEqual({ counted: false })
    expect((await pixel(event({ event: 'checkout' }))).body).toEqual({ counted: true })
    expect((await pixel(event({ event: 'checkout' }))).body).toEqual({ counted: false })
    expect((await pixel(event({ variant: 'control', event: 'checkout' }))).status).toBe(409)
    expect((await pixel(event({ visitor: 'visitorBBBBBBBBBBBBBB2', variant: 'control', event: 'add_to_cart' }))).body).toEqual({
      counted: true,
    })
    // Only for this shop, this product, a valid visitor.
    expect((await pixel(event({ shop: 'someone-else.myshopify.com' }))).status).toBe(404)
    expect((await pixel(event({ product_id: 'gid://shopify/Product/1' }))).status).toBe(404)
    expect((await pixel(event({ visitor: 'short' }))).status).toBe(400)
    // The pixel itself (extensions/pagewright-pixel), as Shopify runs it: a control shopper views, adds to the cart, buys.
    const handlers = new Map<string, (e: unknown) => Promise<void>>()
    const sent: number[] = []
    subscribeExperimentEvents(
      {
        analytics: { subscribe: (name, handler) => handlers.set(name, handler as (e: unknown) => Promise<void>) },
        browser: { cookie: { get: async () => `_shopify_y=abc; pw_x${xid}=visitorEEEEEEEEEEEEEE5.c; other=1` } },
        init: { data: { shop: { myshopifyDomain: shop } } },
        settings: { pagewrightUrl: 'https://pagewright.example/' },
      },
      async (url, init) => {
        expect(url).toBe('https://pagewright.example/v2/experiments/store-events')
        const res = await t.app.fetch(
          new Request('http://api.test/v2/experiments/store-events', {
            ...init,
            headers: { ...init.headers, 'x-forwarded-for': '203.0.113.8' },
          }),
          {
            inProcess: true,
          },
        )
        sent.push(res.status)
      },
    )
    expect([...handlers.keys()]).toEqual(['product_viewed', 'product_added_to_cart', 'checkout_completed'])
    const number = gid.split('/').pop()
    await handlers.get('product_viewed')!({ data: { productVariant: { product: { id: number } } } })
    await handlers.get('product_added_to_cart')!({ data: { cartLine: { merchandise: { product: { id: number } } } } })
    await handlers.get('checkout_completed')!({
      data: { checkout: { lineItems: [{ variant: { product: { id: number } } }, { variant: { product: { id: '999' } } }] } },
    })
    expect(sent).toEqual([200, 200, 200, 404])

    const current = await t.call('GET', `/v2/tasks/${page.id}/experiments/current`, undefined, token)
    expect(current.body.variants).toMatchObject([
      { name: 'control', visitors: 2, conversions: 1 },
      { name: 'challenger', visitors: 1, conversions: 1 },
    ])
    // The page's own analytics, for a page shoppers meet only in the store: product views, visitors, adds to cart.
    const analytics = await t.call('GET', `/v2/tasks/${page.id}/analytics?days=2`, undefined, token)
    const total = (k: string) => analytics.body.days.reduce((n: number, d: Record<string, number>) => n + d[k], 0)
    expect([total('views'), total('visitors'), total('buy_clicks')]).toEqual([3, 3, 2])

    // Stop: the challenger leaves the store, the live page stays.
    expect((await t.call('POST', `/v2/tasks/${page.id}/experiments/${xid}/stop`, undefined, token)).status).toBe(200)
    await t.drainShopifyJobs()
    expect(await challengerField(shop, gid)).toBeNull()
    const stopped = await storefront(t, shop, page.handle)
    expect(stopped).toContain('Control headline')
    expect(stopped).not.toContain('Challenger headline')
    expect(stopped).not.toContain('pw-x')
    expect((await pixel(event({ visitor: 'visitorCCCCCCCCCCCCCC3' }))).status).toBe(404)

    // A second experiment, promoted: the challenger is the store's page, alone.
    const again = await t.call('POST', `/v2/tasks/${page.id}/experiments`, { challenger_version: challengerVersion }, token)
    await t.drainShopifyJobs()
    expect(await storefront(t, shop, page.handle)).toContain('pw-x')
    expect((await t.call('POST', `/v2/tasks/${page.id}/experiments/${again.body.id}/promote`, undefined, token)).status).toBe(200)
    await t.drainShopifyJobs()
    expect(await challengerField(shop, gid)).toBeNull()
    const promoted = await storefront(t, shop, page.handle)
    expect(promoted).toContain('Challenger headline')
    expect(promoted).not.toContain('Control headline')
    expect(promoted).not.toContain('pw-x')
  })

  it('a store without the pixel’s scopes (a custom app, Pagewright’s template): both versions show, no pixel is asked for', async () => {
    const { token } = await t.signIn('custom-experiment@example.com', 'Pat Pro')
    await t.setUser('custom-experiment@example.com', { role: 'paid', credits: 400 })
    const shop = (await t.call('POST', '/v2/shopify/demo-shop', undefined, token)).body.shop as string
    const scopes = ['read_products', 'write_products', 'read_themes', 'write_themes', 'read_files', 'write_files']
    const installed = await installApp(t.demoShop, shop, { app: t.deps.env.shopifyApp, cookie: await t.webCookie(token), scopes })
    expect((await t.call('POST', '/v2/shopify/stores/custom', { shop, access_token: installed.accessToken }, token)).status).toBe(200)
    await t.drainShopifyJobs()
    const page = await catalogPage(t, token, 'pour-over')
    const challengerVersion = await saveHeading(token, page.id, 'Challenger headline')
    await saveHeading(token, page.id, 'Control headline')
    expect(await publishAndWait(t, token, page.id)).toMatchObject({ status: 'published', method: 'template' })
    const store = (await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items[0]
    expect(store.publishing.experiment_events).toBe(false)

    const calls = watchCalls(t)
    const started = await t.call('POST', `/v2/tasks/${page.id}/experiments`, { challenger_version: challengerVersion }, token)
    expect(started.status).toBe(201)
    await t.drainShopifyJobs()
    calls.stop()
    expect(calls.count('PagewrightMetafieldsSet')).toBe(1)
    expect(calls.count('PagewrightWebPixelCreate')).toBe(0)
    const $ = load(await storefront(t, shop, page.handle))
    expect($('.pw-x > .pw-x-c').text()).toContain('Control headline')
    expect($('.pw-x > .pw-x-h[hidden]').text()).toContain('Challenger headline')
  })

  it('answers the pixel’s preflight and limits events per network', async () => {
    const pre = await t.app.fetch(new Request('http://api.test/v2/experiments/store-events', { method: 'OPTIONS' }), { inProcess: true })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    const body = { shop: 'nobody.myshopify.com', experiment_id: 1, visitor: 'visitorDDDDDDDDDDDDDD4', variant: 'control', event: 'view' }
    let last = 0
    for (let i = 0; i < 121; i++) last = (await pixel(body, '198.51.100.9')).status
    expect(last).toBe(429)
  })
})
