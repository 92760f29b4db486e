/**
 * The Shopify screens as plain form posts (JavaScript off), against the real api and the demo
 * shop in process: connect, catalogue, make a page, publish, stores, Google Shopping, and an
 * install that starts in Shopify.
 */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as verify from '~/routes/_blank.account.verify'
import * as connect from '~/routes/_blank.connect-shopify'
import * as callback from '~/routes/_blank.connect-shopify_.callback'
import * as install from '~/routes/_blank.connect-shopify_.install'
import * as guidePick from '~/routes/_blank.guide.pick-product'
import * as productV2 from '~/routes/_blank.productv2.$id'
import * as googleShopping from '~/routes/_default.google-shopping'
import * as products from '~/routes/_default.products'
import * as stores from '~/routes/stores'
import { guideStart } from '../../server/domain/onboarding'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { consentInShop } from '../shopify/connect'
import { CookieJar, body, get, location, post, run, runResponse, sessionCookie } from './helpers'

describe.each(DB_KINDS)('Shopify screens on %s', (kind) => {
  let t: TestApi
  const ctx: AppLoadContext = {
    apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })),
    clientIp: '198.51.100.9',
  }
  const jar = new CookieJar()

  beforeAll(async () => {
    t = await createTestApi(kind)
    const { token } = await t.signIn('screens@example.com', 'Sara Screens')
    await t.setUser('screens@example.com', { role: 'paid', credits: 4000 })
    jar.take(`${await sessionCookie({ token })}; Path=/`)
  })
  afterAll(() => t?.close())

  /** The demo shop's consent screen (seen, then approved) in the browser of this jar, the shop's owner; returns the callback path and query. */
  async function approve(approvalUrl: string, browser: CookieJar) {
    const cookie = browser.header()
    expect(await (await t.demoShop.fetch(new Request(approvalUrl, { headers: { cookie } }))).text()).toMatch(/Install Pagewright/)
    const back = await consentInShop(t, approvalUrl, cookie)
    return `${back.pathname}${back.search}`
  }

  let sessionId = ''

  it('connect a demo shop: Shopify’s approval, back through the callback to the synced catalogue', async () => {
    const page = await body(await run(connect.loader, get('/connect-shopify', jar), { context: ctx }))
    expect(page).toMatchObject({ configured: false, demoShop: true, storeCount: 0, atLimit: false })

    const empty = await runResponse(connect.action, post('/connect-shopify', { intent: 'connect', shop: '' }, jar), { context: ctx })
    expect(empty.status).toBe(400)
    const notAStore = await runResponse(
      connect.action,
      post('/connect-shopify', { intent: 'connect', shop: 'no-such-shop-pagewright.myshopify.com' }, jar),
      {
        context: ctx,
      },
    )
    expect(notAStore.status).toBe(400)
    expect(JSON.stringify(await body(notAStore))).toMatch(/not set up with a Shopify app/)

    const started = await runResponse(connect.action, post('/connect-shopify', { intent: 'demo' }, jar), { context: ctx })
    expect(started.status).toBe(302)
    expect(location(started)).toMatch(/\/demo-shop\/pagewright-demo-[0-9a-f]+\.myshopify\.com\/admin\/oauth\/authorize\?/)
    jar.take(started)
    expect(jar.has('shopify_app_state')).toBe(true)

    const back = await approve(location(started), jar)
    const done = await runResponse(callback.loader, get(back, jar), { context: ctx })
    expect(location(done)).toBe('/products')
    jar.take(done)
    expect(jar.has('shopify_app_state')).toBe(false)

    await t.drainShopifyJobs()
    const catalog = await body(await run(products.loader, get('/products', jar), { context: ctx }))
    expect(catalog.store.status).toBe('connected')
    expect(catalog.list.total).toBe(7)
    const found = await body(await run(products.loader, get('/products?q=pour-over', jar), { context: ctx }))
    expect(found.list.items).toHaveLength(1)

    // The same callback again: refused with a message, not a crash.
    const replay = await runResponse(callback.loader, get(back, jar), { context: ctx })
    expect(replay.status).toBe(400)
    expect((await body(replay)).message).toMatch(/already used|took too long/)
  })

  it('connecting from guide v1’s store step comes back to its next step; a return target off this site is ignored', async () => {
    const next = '/guide/pick-product?guide=v1'
    for (const [email, returnTo, expected] of [
      ['guide-connect@example.com', next, next],
      ['hostile-connect@example.com', '//evil.example/guide', '/products'],
    ]) {
      const owner = new CookieJar().take(`${await sessionCookie({ token: (await t.signIn(email, 'Gus Guide')).token })}; Path=/`)
      const page = await body(
        await run(connect.loader, get(`/connect-shopify?return_to=${encodeURIComponent(returnTo)}`, owner), { context: ctx }),
      )
      expect(page.returnTo).toBe(returnTo === next ? next : null)
      const started = await runResponse(connect.action, post('/connect-shopify', { intent: 'demo', return_to: returnTo }, owner), {
        context: ctx,
      })
      owner.take(started)
      const done = await runResponse(callback.loader, get(await approve(location(started), owner), owner), { context: ctx })
      expect(location(done)).toBe(expected)
      owner.take(done)
      expect(owner.has('pw_connect_return')).toBe(false)
      if (expected !== next) continue
      // The guide's pick step lists the store's products once they arrive, and says so meanwhile.
      const syncing = await body(await run(guidePick.loader, get(next, owner), { context: ctx }))
      expect(syncing.syncing).toBe(true)
      await t.drainShopifyJobs()
      const ready = await body(await run(guidePick.loader, get(next, owner), { context: ctx }))
      expect(ready).toMatchObject({ syncing: false })
      expect(ready.catalogue.length).toBeGreaterThan(0)
    }
  })

  it('a connection that fails on the way back offers to try again from the same guide step, or to go back to it', async () => {
    const next = '/guide/pick-product?guide=v1'
    const owner = new CookieJar().take(
      `${await sessionCookie({ token: (await t.signIn('guide-fail@example.com', 'Gil Guide')).token })}; Path=/`,
    )
    const started = await runResponse(connect.action, post('/connect-shopify', { intent: 'demo', return_to: next }, owner), {
      context: ctx,
    })
    owner.take(started)
    const back = new URL(await approve(location(started), owner), 'http://x')
    back.searchParams.set('hmac', '0'.repeat(64))
    const failed = await runResponse(callback.loader, get(`${back.pathname}${back.search}`, owner), { context: ctx })
    expect(failed.status).toBe(400)
    expect(await body(failed)).toMatchObject({ returnTo: next })
    // Without a target of its own (or with another attempt's state) it offers nothing but a new try.
    const bare = await runResponse(callback.loader, get(`${back.pathname}${back.search}`, new CookieJar()), { context: ctx })
    expect((await body(bare)).returnTo).toBeNull()
  })

  it('make a page from a product, then publish it from the page view', async () => {
    const catalog = await body(await run(products.loader, get('/products?q=pour-over', jar), { context: ctx }))
    const made = await runResponse(
      products.action,
      post('/products', { intent: 'create', product_id: String(catalog.list.items[0].id) }, jar),
      {
        context: ctx,
      },
    )
    expect(location(made)).toMatch(/^\/guidev3\/generating\?session_id=/)
    sessionId = new URL(location(made), 'http://x').searchParams.get('session_id')!
    await t.drainJobs()

    const view = await body(await run(productV2.loader, get(`/productv2/${sessionId}`, jar), { context: ctx, params: { id: sessionId } }))
    expect(view.publishing).toMatchObject({ next: { allowed: true, spends_slot: false }, slots: null, publications: [] })
    expect(view.publishing.store.name).toMatch(/^Demo Shop/)

    const asked = await runResponse(
      productV2.action,
      post(`/productv2/${sessionId}`, { intent: 'publish', session_id: sessionId, store_id: String(view.publishing.store.id) }, jar),
      { context: ctx, params: { id: sessionId } },
    )
    expect(location(asked)).toBe(`/productv2/${sessionId}`)
    await t.drainShopifyJobs()
    const after = await body(await run(productV2.loader, get(`/productv2/${sessionId}`, jar), { context: ctx, params: { id: sessionId } }))
    expect(after.publishing.publications[0]).toMatchObject({ status: 'published', method: 'template' })
    expect(after.task.page.owner.buyUrl).toBe(after.publishing.publications[0].storefront_url)

    // Regenerate from the toolbar goes to the editor's confirmation, which names the cost.
    const regen = await runResponse(
      productV2.action,
      post(`/productv2/${sessionId}`, { intent: 'regenerate', session_id: sessionId }, jar),
      {
        context: ctx,
        params: { id: sessionId },
      },
    )
    expect(location(regen)).toBe(`/product-edit/${sessionId}?confirm=regenerate#regenerate`)
  })

  it('stores: switch, sync, and a disconnect that asks first; a shop on another account opens the store-exists dialog', async () => {
    const list = await body(await run(stores.loader, get('/stores', jar), { context: ctx }))
    const id = String(list.items[0].id)
    expect(list.items[0]).toMatchObject({ is_current: true, status: 'connected' })
    const synced = await runResponse(stores.action, post('/stores', { intent: 'sync', store_id: id }, jar), { context: ctx })
    expect(location(synced)).toBe('/stores')

    const other = await t.signIn('other-screens@example.com', 'Ola Other')
    const otherJar = new CookieJar().take(`${await sessionCookie({ token: other.token })}; Path=/`)
    const taken = await runResponse(
      connect.action,
      post('/connect-shopify', { intent: 'connect', shop: list.items[0].shop_domain }, otherJar),
      {
        context: ctx,
      },
    )
    expect(location(taken)).toBe('/connect-shopify?store_exist=1')

    const ask = await runResponse(stores.action, post('/stores', { intent: 'disconnect', store_id: id }, jar), { context: ctx })
    expect(location(ask)).toBe(`/stores?disconnect=${id}#store-${id}`)
    expect((await body(await run(stores.loader, get(`/stores?disconnect=${id}`, jar), { context: ctx }))).confirmDisconnect).toBe(
      Number(id),
    )
  })

  it('Google Shopping: propose for ticked products, then accept', async () => {
    const page = await body(await run(googleShopping.loader, get('/google-shopping', jar), { context: ctx }))
    const ids = page.list.items.slice(0, 2).map((p: { id: number }) => String(p.id))
    const none = await runResponse(googleShopping.action, post('/google-shopping', { action: 'propose' }, jar), { context: ctx })
    expect(location(none)).toBe('/google-shopping')
    const form = new URLSearchParams([...ids.map((i: string) => ['ids', i]), ['action', 'propose']])
    const proposed = await runResponse(
      googleShopping.action,
      new Request('http://pagewright.test/google-shopping', { method: 'POST', body: form, headers: { cookie: jar.header() } }),
      { context: ctx },
    )
    expect(location(proposed)).toBe('/google-shopping')
    const after = await body(await run(googleShopping.loader, get('/google-shopping', jar), { context: ctx }))
    expect(after.list.items.filter((p: { google_shopping: unknown }) => p.google_shopping)).toHaveLength(2)
    const accepted = await runResponse(
      googleShopping.action,
      post('/google-shopping', { ids: ids[0], action: 'accept', write_to: 'metafields' }, jar),
      {
        context: ctx,
      },
    )
    expect(location(accepted)).toBe('/google-shopping')
  })

  it('an install that starts in Shopify: verify the shop owner’s e-mail, and the store joins the account (a new one goes through guide v1, an existing one to its products)', async () => {
    // A new account goes through guide v1 (its store step already done); one that existed, to the store's products.
    for (const existing of [false, true]) {
      const { token: makerToken } = await t.signIn(`maker-${existing}@example.com`, 'Mo Maker')
      const made = await t.call('POST', '/v2/shopify/demo-shop', undefined, makerToken)
      const shop = made.body.shop as string
      // The demo shop's owner e-mail, signed up here before the install.
      if (existing)
        await t.signIn(shop.replace(/^pagewright-demo-(\w+)\.myshopify\.com$/, 'owner+$1@demo-shop.pagewright.test'), 'Al Ready')
      // Two cookie jars, as with a real shop: Shopify's admin (here the demo shop, which answers only the
      // account that made it) and Pagewright's own pages, where this browser is not signed in. With a demo
      // shop in one real browser both are the maker's session, so the callback connects the maker's account
      // (the next test); the e-mail code below is what a real shop's install meets.
      const shopAdmin = new CookieJar().take(`${await sessionCookie({ token: makerToken })}; Path=/`)
      const appLoad = await t.demoShop.fetch(
        new Request(`${t.demoShop.origin(shop)}/admin/apps/pagewright`, { headers: { cookie: shopAdmin.header() } }),
      )
      const installPath = new URL(appLoad.headers.get('location')!)
      const visitor = new CookieJar()
      const started = await runResponse(install.loader, get(`${installPath.pathname}${installPath.search}`, visitor), { context: ctx })
      expect(started.status).toBe(302)
      visitor.take(started)
      const back = await approve(location(started), shopAdmin)
      const waiting = await runResponse(callback.loader, get(back, visitor), { context: ctx })
      // Opened from the Shopify admin: its `host` comes back on the address (an embedded app needs it).
      expect(location(waiting)).toBe(`/account/verify?host=${installPath.searchParams.get('host')}`)
      visitor.take(waiting)
      const page = await body(await run(verify.loader, get('/account/verify', visitor), { context: ctx }))
      expect(page.fromShopify).toBe(true)
      const code = t.mails.filter((m) => m.to === page.email).at(-1)!.code
      const verified = await runResponse(verify.action, post('/account/verify', { intent: 'verify', code }, visitor), { context: ctx })
      expect(location(verified)).toBe(existing ? '/products' : guideStart('v1'))
      visitor.take(verified)
      const catalog = await body(await run(products.loader, get('/products', visitor), { context: ctx }))
      expect(catalog.store.shop_domain).toBe(shop)
    }
    const shop = (await t.call('POST', '/v2/shopify/demo-shop', undefined, (await t.signIn('maker-forged@example.com', 'Mo Maker')).token))
      .body.shop as string

    const forged = await runResponse(install.loader, get(`/connect-shopify/install?shop=${shop}&hmac=00&timestamp=1`, new CookieJar()), {
      context: ctx,
    })
    expect(forged.status).toBe(400)
  })

  it('a demo shop’s owner opens Pagewright from its admin in one browser: the install connects the store to their account', async () => {
    const { token } = await t.signIn('admin-install@example.com', 'Ines Install')
    const browser = new CookieJar().take(`${await sessionCookie({ token })}; Path=/`)
    const shop = (await t.call('POST', '/v2/shopify/demo-shop', undefined, token)).body.shop as string
    const appLoad = await t.demoShop.fetch(
      new Request(`${t.demoShop.origin(shop)}/admin/apps/pagewright`, { headers: { cookie: browser.header() } }),
    )
    expect(appLoad.status).toBe(302)
    const installPath = new URL(appLoad.headers.get('location')!)
    const started = await runResponse(install.loader, get(`${installPath.pathname}${installPath.search}`, browser), { context: ctx })
    browser.take(started)
    const done = await runResponse(callback.loader, get(await approve(location(started), browser), browser), { context: ctx })
    expect(location(done)).toBe(`/products?host=${installPath.searchParams.get('host')}`)
    browser.take(done)
    const catalog = await body(await run(products.loader, get('/products', browser), { context: ctx }))
    expect(catalog.store.shop_domain).toBe(shop)
    // Another account's browser is shown nothing of the shop's admin.
    const other = new CookieJar().take(`${await sessionCookie({ token: (await t.signIn('not-owner@example.com', 'Nat')).token })}; Path=/`)
    const refused = await t.demoShop.fetch(
      new Request(`${t.demoShop.origin(shop)}/admin/apps/pagewright`, { headers: { cookie: other.header() } }),
    )
    expect(refused.status).toBe(404)
  })
})
