import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetShop } from '../../server/modules/shopify'
import { SHOP_REDACT_DELAY_MS } from '../../server/modules/shopify/webhooks'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { adminPost, connectDemoShop, shopQuery } from './connect'

/** Webhooks: the HMAC of the raw body first, each delivery once, and what each topic does. */
describe.each(DB_KINDS)('Shopify webhooks on %s', (kind) => {
  let t: TestApi
  let token: string
  let shop: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('hooks@example.com', 'Hana Hooks'))
    await t.setUser('hooks@example.com', { role: 'paid', credits: 400 })
    ;({ shop } = await connectDemoShop(t, token))
  })
  afterAll(() => t.close())

  const deliveries = async () => Number((await t.db.database.sql.executeSql('SELECT count(*) AS n FROM webhook_deliveries')).rows[0].n)
  function post(topic: string, body: object, opts: { id?: string; secret?: string; hmac?: string } = {}) {
    const raw = JSON.stringify(body)
    const hmac =
      opts.hmac ??
      createHmac('sha256', opts.secret ?? t.deps.env.shopifyApp.apiSecret)
        .update(raw)
        .digest('base64')
    return t.app.fetch(
      new Request('http://api.test/v2/shopify/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-shop-domain': shop,
          'x-shopify-webhook-id': opts.id ?? randomUUID(),
        },
        body: raw,
      }),
      { inProcess: true },
    )
  }

  it('a bad signature is a 401 and nothing is stored', async () => {
    const before = await deliveries()
    for (const res of [
      await post('app/uninstalled', { id: 1 }, { secret: 'not-the-app-secret' }),
      await post('app/uninstalled', { id: 1 }, { hmac: '' }),
      await post('app/uninstalled', { id: 1 }, { hmac: 'AAAA' }),
    ]) {
      expect(res.status).toBe(401)
      expect((await res.json()).error).toMatch(/signature/)
    }
    expect(await deliveries()).toBe(before)
    const stores = await t.call('GET', '/v2/shopify/stores', undefined, token)
    expect(stores.body.items[0].status).toBe('connected')
  })

  it('20 concurrent deliveries of one webhook are handled once', async () => {
    const id = randomUUID()
    const before = await deliveries()
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('customers/data_request', { shop_domain: shop }, { id })))
    const bodies = await Promise.all(answers.map((a) => a.json()))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(bodies.filter((b) => b.duplicate === false)).toHaveLength(1)
    expect(await deliveries()).toBe(before + 1)
  })

  it('products/update from the shop refreshes the catalogue; products/delete removes the product', async () => {
    const list = await t.call('GET', '/v2/search/shopify_products?q=skillet', undefined, token)
    const product = list.body.items[0]
    const edited = await adminPost(t, token, shop, `products/${product.shopify_id.split('/').pop()}`, {
      title: 'Heritage Skillet, 10 inch',
      price: '59.00',
    })
    expect(edited.status).toBe(303)
    await t.drainShopifyJobs()
    const after = await t.call('GET', `/v2/shopify_products/${product.id}`, undefined, token)
    expect(after.body).toMatchObject({ title: 'Heritage Skillet, 10 inch', price: 59 })

    await adminPost(t, token, shop, `products/${product.shopify_id.split('/').pop()}/delete`)
    const gone = await t.call('GET', `/v2/shopify_products/${product.id}`, undefined, token)
    expect(gone.body.deleted).toBe(true)
  })

  it('the privacy topics are answered: no customer data is held; shop/redact is kept for 48 hours after the uninstall', async () => {
    for (const topic of ['customers/data_request', 'customers/redact']) {
      const res = await adminPost(t, token, shop, 'privacy', { topic })
      expect(res.status).toBe(303)
    }
    expect((await post('shop/redact', { shop_domain: shop })).status).toBe(200)
    // Not uninstalled: shop/redact deletes nothing.
    await forgetShop(t.deps, shop)
    expect((await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items).toHaveLength(1)
    expect(SHOP_REDACT_DELAY_MS).toBe(48 * 3_600_000)
  })

  it('app/uninstalled marks the store and deletes its tokens; publishing then asks to reconnect; shop/redact deletes its data', async () => {
    const res = await adminPost(t, token, shop, 'apps/pagewright/uninstall')
    expect(res.status).toBe(303)
    const stores = await t.call('GET', '/v2/shopify/stores', undefined, token)
    expect(stores.body.items[0]).toMatchObject({ status: 'uninstalled' })
    expect(stores.body.items[0].uninstalled_at).toBeTruthy()
    const row = (
      await t.db.database.sql.executeSql('SELECT access_token_enc, refresh_token_enc FROM shopify_stores WHERE shop_domain = $1', [shop])
    ).rows[0]
    expect(row).toEqual({ access_token_enc: null, refresh_token_enc: null })
    await expect(shopQuery(t, shop, '{ shop { name } }')).rejects.toThrow()
    const sync = await t.call('POST', `/v2/shopify/stores/${stores.body.items[0].id}/sync`, undefined, token)
    expect(sync.status).toBe(409)
    await forgetShop(t.deps, shop)
    expect((await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items).toHaveLength(0)
  })
})
