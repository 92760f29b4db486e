import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installApp } from '../../server/demo-shop/driver'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { approveInShop, connectDemoShop, consentInShop, storeToken } from './connect'

/** Shopify's OAuth HMAC: hex HMAC-SHA256 over the sorted query without `hmac`. */
function signQuery(params: URLSearchParams, secret: string) {
  const p = new URLSearchParams(params)
  p.delete('hmac')
  const message = [...p.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  p.set('hmac', createHmac('sha256', secret).update(message).digest('hex'))
  return p.toString()
}

/** Connecting stores: the callback's checks, replays, tokens at rest and their refresh, store rules. */
describe.each(DB_KINDS)('connecting a Shopify store on %s', (kind) => {
  let t: TestApi
  let token: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('connect@example.com', 'Cora Connect'))
    await t.setUser('connect@example.com', { role: 'paid', credits: 400 })
  })
  afterAll(() => t.close())

  const demoShop = async () => (await t.call('POST', '/v2/shopify/demo-shop', undefined, token)).body.shop as string
  const callback = (query: string, cookie: string, as = token) => t.call('POST', '/v2/shopify/oauth/callback', { query, cookie }, as)
  const storeCount = async () => Number((await t.db.database.sql.executeSql('SELECT count(*) AS n FROM shopify_stores')).rows[0].n)

  it('refuses a callback whose HMAC does not match, without exchanging the code', async () => {
    const shop = await demoShop()
    const { query, cookie } = await approveInShop(t, token, shop)
    const tampered = new URLSearchParams(query)
    tampered.set('hmac', '0'.repeat(64))
    const res = await callback(tampered.toString(), cookie)
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/could not be verified/)
    expect(res.body.restart).toBe(false)
    // The code was not spent: the honest callback still works.
    expect((await callback(query, cookie)).status).toBe(200)
  })

  it('refuses a callback with another browser’s state, or none', async () => {
    const shop = await demoShop()
    const first = await approveInShop(t, token, shop)
    const second = await approveInShop(t, token, shop)
    const crossed = await callback(first.query, second.cookie)
    expect(crossed.status).toBe(400)
    const none = await callback(first.query, '')
    expect(none.status).toBe(400)
    expect(none.body.error).toMatch(/another browser/)
  })

  it('the state cookie lasts minutes, not seconds; an expired attempt says to start again, and starting again works', async () => {
    const shop = await demoShop()
    const before = Date.now()
    const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, token)
    const state = begun.body.set_cookies as string[]
    expect(state.map((c) => c.split('=')[0])).toEqual(['shopify_app_state', 'shopify_app_state.sig'])
    for (const c of state) {
      expect(c).toMatch(/Max-Age=900/)
      const expires = Date.parse(/Expires=([^;]+)/i.exec(c)![1])
      expect(expires - before).toBeGreaterThan(14 * 60_000)
      expect(expires - before).toBeLessThan(16 * 60_000)
      expect(c).toMatch(/Path=\/connect-shopify\/callback/i)
      expect(c).toMatch(/SameSite=lax/i)
    }
    // The merchant took longer than the cookie: the browser came back without it.
    const back = await consentInShop(t, begun.body.url, await t.webCookie(token))
    const expired = await callback(back.search.slice(1), '')
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({ restart: true })
    expect(expired.body.error).toMatch(
      /^This connection attempt has expired \(it lasts 15 minutes\) or was started in another browser\. Start again/,
    )
    expect(expired.body.error).not.toMatch(/took too long/)
    // Starting again: a fresh attempt goes through.
    const { query, cookie } = await approveInShop(t, token, shop)
    expect((await callback(query, cookie)).status).toBe(200)
  })

  it('refuses a shop that is not a myshopify.com store, even correctly signed', async () => {
    const shop = await demoShop()
    const { query, cookie } = await approveInShop(t, token, shop)
    const evil = new URLSearchParams(query)
    evil.set('shop', 'evil.example.com')
    const res = await callback(signQuery(evil, t.deps.env.shopifyApp.apiSecret), cookie)
    expect(res.status).toBe(400)
    const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop: 'https://127.0.0.1/admin' }, token)
    expect(begun.status).toBe(400)
    expect(begun.body.field).toBe('shop')
  })

  it('a replayed callback is refused and connects nothing twice', async () => {
    const shop = await demoShop()
    const { query, cookie } = await approveInShop(t, token, shop)
    expect((await callback(query, cookie)).status).toBe(200)
    const before = await storeCount()
    const replay = await callback(query, cookie)
    expect(replay.status).toBe(400)
    expect(replay.body.error).toMatch(/already used/)
    expect(await storeCount()).toBe(before)
  })

  it('keeps tokens sealed at rest, and renews an expiring token with its refresh token', async () => {
    const { shop } = await connectDemoShop(t, token)
    const row = (await t.db.database.sql.executeSql('SELECT * FROM shopify_stores WHERE shop_domain = $1', [shop])).rows[0]
    const plain = await storeToken(t, shop)
    expect(String(row.access_token_enc)).toMatch(/^v1\./)
    expect(String(row.access_token_enc)).not.toContain(plain)
    expect(row.refresh_token_enc).toBeTruthy()
    expect(row.access_token_expires_at).toBeTruthy()

    // The access token ran out: the next call renews it (the demo shop rotates refresh tokens).
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString()
    await t.db.database.sql.executeSql(`UPDATE shopify_stores SET access_token_expires_at = $2 WHERE shop_domain = $1`, [shop, past])
    const id = Number(row.id)
    expect((await t.call('POST', `/v2/shopify/stores/${id}/sync`, undefined, token)).status).toBe(200)
    await t.drainShopifyJobs()
    const renewed = await storeToken(t, shop)
    expect(renewed).not.toBe(plain)
    const stores = await t.call('GET', '/v2/shopify/stores', undefined, token)
    expect(stores.body.items.find((s: { id: number }) => s.id === id)).toMatchObject({ status: 'connected', sync: { status: 'done' } })

    // A refresh the shop refuses: the store says so and asks to reconnect.
    await t.db.database.sql.executeSql(
      `UPDATE shopify_stores SET access_token_expires_at = $3, refresh_token_enc = $2 WHERE shop_domain = $1`,
      [shop, String(row.refresh_token_enc), past],
    )
    await t.call('POST', `/v2/shopify/stores/${id}/sync`, undefined, token)
    await t.drainShopifyJobs()
    const after = await t.call('GET', '/v2/shopify/stores', undefined, token)
    expect(after.body.items.find((s: { id: number }) => s.id === id).status).toBe('token_expired')
  })

  it('a shop connected to another account opens the store-exists answer; free accounts connect one store', async () => {
    const { shop } = await connectDemoShop(t, token)
    const other = await t.signIn('other@example.com', 'Otto Other')
    const exists = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, other.token)
    expect(exists.status).toBe(409)
    expect(exists.body).toMatchObject({ error: 'You store have already added.', store_exists: true })

    await connectDemoShop(t, other.token)
    const second = await t.call('POST', '/v2/shopify/demo-shop', undefined, other.token)
    expect(second.status).toBe(403)
    expect(second.body.permission).toBe('stores')
  })

  it('a custom app token is checked with a shop query before it is kept', async () => {
    const shop = await demoShop()
    const installed = await installApp(t.demoShop, shop, { app: t.deps.env.shopifyApp, cookie: await t.webCookie(token) })
    const bad = await t.call('POST', '/v2/shopify/stores/custom', { shop, access_token: 'shpat_' + '0'.repeat(32) }, token)
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('access_token')
    const good = await t.call('POST', '/v2/shopify/stores/custom', { shop, access_token: installed.accessToken }, token)
    expect(good.status).toBe(200)
    expect(good.body.store).toMatchObject({ shop_domain: shop, kind: 'custom', status: 'connected' })
  })

  it('an install that starts in Shopify: the app URL is HMAC-checked, the owner’s e-mail gets a code, the store joins the account', async () => {
    const shop = await demoShop()
    // The shop's admin and consent screen are opened as the shop's owner (Shopify's admin session);
    // the api calls carry no Pagewright session, as from a browser not signed in to Pagewright.
    const owner = await t.webCookie(token)
    const appLoad = await t.demoShop.fetch(new Request(`${t.demoShop.origin(shop)}/admin/apps/pagewright`, { headers: { cookie: owner } }))
    expect(appLoad.status).toBe(302)
    const installUrl = new URL(appLoad.headers.get('location')!)
    const forged = new URLSearchParams(installUrl.search)
    forged.set('shop', 'someone-else.myshopify.com')
    expect((await t.call('POST', '/v2/shopify/oauth/install', { query: forged.toString() })).status).toBe(400)
    const begun = await t.call('POST', '/v2/shopify/oauth/install', { query: installUrl.search.slice(1) })
    expect(begun.status).toBe(200)
    const query = (await consentInShop(t, begun.body.url, owner)).search.slice(1)
    const cookie = begun.body.set_cookies.map((c: string) => c.split(';')[0]).join('; ')
    const waiting = await t.call('POST', '/v2/shopify/oauth/install-callback', { query, cookie })
    expect(waiting.status).toBe(200)
    expect(waiting.body.email).toMatch(/@demo-shop\.pagewright\.test$/)
    expect(t.mails.at(-1)!.to).toBe(waiting.body.email)
    // The code the install sent signs the shop owner up (no account yet).
    const verified = await t.call('POST', '/v2/auth/verify', { email: waiting.body.email, code: t.mails.at(-1)!.code })
    expect(verified.status).toBe(200)
    const shopEmail = { token: verified.body.access_token as string }
    const claimed = await t.call('POST', `/v2/shopify/installs/${waiting.body.install_id}/claim`, undefined, shopEmail.token)
    expect(claimed.status).toBe(200)
    expect(claimed.body.store).toMatchObject({ shop_domain: shop, status: 'connected' })
    const again = await t.call('POST', `/v2/shopify/installs/${waiting.body.install_id}/claim`, undefined, shopEmail.token)
    expect(again.status).toBe(404)
    expect((await t.call('POST', `/v2/shopify/installs/${waiting.body.install_id}/claim`, undefined, token)).status).toBe(404)
  })
})
