import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop } from './connect'

/**
 * The whole Shopify flow against the demo shop, through the real client code: OAuth, catalogue
 * sync, a page from a synced product, publishing, and the page on the shop's storefront.
 */
describe.each(DB_KINDS)('connect, sync, publish on %s', (kind) => {
  let t: TestApi
  let owner: { token: string }
  let shop: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    owner = await t.signIn('owner@example.com', 'Olga Owner')
    await t.setUser('owner@example.com', { role: 'paid', credits: 4000 })
    ;({ shop } = await connectDemoShop(t, owner.token))
  })
  afterAll(() => t.close())

  it('the connected store is listed as current, with its products synced', async () => {
    const stores = await t.call('GET', '/v2/shopify/stores', undefined, owner.token)
    expect(stores.status).toBe(200)
    expect(stores.body.items).toHaveLength(1)
    expect(stores.body.items[0]).toMatchObject({
      shop_domain: shop,
      status: 'connected',
      is_current: true,
      is_demo: true,
      theme_access: true,
    })
    expect(stores.body.items[0].sync.error).toBeNull()
    expect(stores.body.items[0].sync).toMatchObject({ status: 'done', done: 7 })
    const products = await t.call('GET', '/v2/shopify_products/', undefined, owner.token)
    expect(products.status).toBe(200)
    expect(products.body.total).toBe(7)
    expect(products.body.items.map((p: { title: string }) => p.title)).toContain('Aurora Ceramic Pour-Over Coffee Set')
  })

  it('a page from a synced product is written from the catalogue, then published into the store', async () => {
    const products = await t.call('GET', '/v2/search/shopify_products?q=pour-over', undefined, owner.token)
    const product = products.body.items[0]
    const created = await t.call('POST', '/v2/shopify_products/create_task', { product_id: product.id }, owner.token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    const task = await t.call('GET', `/v2/tasks/${created.body.session_id}`, undefined, owner.token)
    expect(task.body.status).toBe(10)

    const queued = await t.call('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: created.body.session_id }, owner.token)
    expect(queued.status).toBe(200)
    expect(queued.body.status).toBe('queued')
    await t.drainShopifyJobs()
    const pubs = await t.call('GET', `/v2/tasks/${created.body.session_id}/publications`, undefined, owner.token)
    expect(pubs.body.items[0]).toMatchObject({ status: 'published', method: 'template', shop_domain: shop })
    const live = pubs.body.items[0].storefront_url as string
    expect(live).toContain(`/demo-shop/${shop}/products/${product.handle}`)

    const storefront = await t.demoShop.fetch(new Request(live))
    expect(storefront.status).toBe(200)
    const html = await storefront.text()
    expect(html).toContain(task.body.page.sections[0].heading)
    expect(html).toContain('/cart/add')
  })
})
