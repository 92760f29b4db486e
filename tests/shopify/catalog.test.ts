import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop, shopQuery } from './connect'

/** The catalogue api (reference §3.9) and the Google Shopping optimizer on a synced demo shop. */
describe.each(DB_KINDS)('catalogue and Google Shopping on %s', (kind) => {
  let t: TestApi
  let token: string
  let shop: string
  const get = (path: string, as = token) => t.call('GET', path, undefined, as)

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('catalog@example.com', 'Cat Alog'))
    await t.setUser('catalog@example.com', { role: 'paid', credits: 4000 })
    ;({ shop } = await connectDemoShop(t, token))
  })
  afterAll(() => t.close())

  it('lists, searches, favourites and removes products; another account sees none of them', async () => {
    const all = await get('/v2/shopify_products/?page_size=3')
    expect(all.body).toMatchObject({ total: 7, page: 1, page_size: 3, product_limit: null })
    expect(all.body.items).toHaveLength(3)
    const found = await get('/v2/search/shopify_products?q=earbuds')
    expect(found.body.items.map((p: { handle: string }) => p.handle)).toEqual(['quiet-pro-wireless-earbuds'])
    const id = found.body.items[0].id
    expect((await t.call('POST', `/v2/shopify_product_favorites/${id}`, undefined, token)).body).toEqual({ ok: true, is_favorite: true })
    expect((await get('/v2/shopify_product_favorites/')).body.items.map((p: { id: number }) => p.id)).toEqual([id])
    const batch = await t.call('PUT', '/v2/shopify_products/batch', { ids: [id, 999999], action: 'delete' }, token)
    expect(batch.body).toEqual({ ok: true, changed: 1 })
    expect((await get('/v2/shopify_products/')).body.total).toBe(6)
    expect((await get('/v2/shopify_products/?deleted=1')).body.items[0].id).toBe(id)
    expect((await t.call('PUT', '/v2/shopify_products/batch', { ids: [id], action: 'restore' }, token)).body.changed).toBe(1)
    const hard = await t.call('DELETE', `/v2/shopify_products/${id}?hard_delete=true`, undefined, token)
    expect(hard.status).toBe(200)
    expect((await get(`/v2/shopify_products/${id}`)).status).toBe(404)
    // Shopify keeps the product: only Pagewright's copy went.
    expect((await shopQuery(t, shop, '{ productsCount { count } }')).productsCount.count).toBe(7)

    const other = await t.signIn('stranger@example.com', 'Stan Stranger')
    const some = (await get('/v2/shopify_products/')).body.items[0]
    expect((await get(`/v2/shopify_products/${some.id}`, other.token)).status).toBe(404)
    expect((await get('/v2/shopify_products/', other.token)).body).toMatchObject({ items: [], total: 0 })
    expect((await t.call('POST', '/v2/shopify_products/create_task', { product_id: some.id }, other.token)).status).toBe(404)
  })

  it('changes a title in Shopify and the catalogue; ranks products by pages made and published', async () => {
    const lamp = (await get('/v2/search/shopify_products?q=night')).body.items[0]
    const changed = await t.call('PUT', `/v2/shopify_products/${lamp.id}`, { title: 'Lumi Moon Night Light' }, token)
    expect(changed.body.title).toBe('Lumi Moon Night Light')
    const inShop = await shopQuery(t, shop, `{ product(id: "${lamp.shopify_id}") { title } }`)
    expect(inShop.product.title).toBe('Lumi Moon Night Light')

    for (let i = 0; i < 2; i++) await t.call('POST', '/v2/shopify_products/create_task', { product_id: lamp.id }, token)
    await t.drainJobs()
    const trending = await t.call('POST', '/v2/shopify_products/trending', undefined, token)
    expect(trending.body.items[0]).toMatchObject({ id: lamp.id, pages_made: 2, pages_published: 0, score: 2 })
    const view = await get(`/v2/shopify_products/${lamp.id}`)
    expect(view.body.pages).toHaveLength(2)
  })

  it('Google Shopping: grounded proposals, accepted into the Google fields, and a feed with the same price and link', async () => {
    const items = (await get('/v2/shopify_products/?page_size=50')).body.items
    const ids = items.map((p: { id: number }) => p.id)
    const proposed = await t.call('POST', '/v2/shopify_products/gs_ai_optimizer', { product_ids: ids }, token)
    expect(proposed.status).toBe(200)
    for (const item of proposed.body.items) {
      expect(item.status).toBe('proposed')
      expect(item.proposed.title.length).toBeLessThanOrEqual(150)
      expect(item.proposed.description.length).toBeLessThanOrEqual(5000)
    }
    const shoes = items.find((p: { handle: string }) => p.handle === 'trailblazer-running-shoes')
    const accepted = await t.call('POST', '/v2/shopify_products/gs_ai_optimizer', { product_ids: [shoes.id], action: 'accept' }, token)
    expect(accepted.body.items[0].status).toBe('written')
    const fields = await shopQuery(t, shop, `{ product(id: "${shoes.shopify_id}") { title } }`)
    // Google fields only: the product's own title stays.
    expect(fields.product.title).toBe(shoes.title)

    const stores = await get('/v2/shopify/stores')
    const feedUrl = new URL(stores.body.items[0].feed_url)
    const tsv = await t.app.fetch(new Request(`http://api.test${feedUrl.pathname}`))
    expect(tsv.headers.get('content-type')).toMatch(/tab-separated/)
    const lines = (await tsv.text()).trim().split('\n')
    expect(lines).toHaveLength(2)
    const row = Object.fromEntries(lines[0].split('\t').map((k, i) => [k, lines[1].split('\t')[i]]))
    expect(row).toMatchObject({
      title: accepted.body.items[0].proposed.title,
      price: `${shoes.price.toFixed(2)} USD`,
      link: shoes.storefront_url,
      condition: 'new',
    })
    const xml = await t.app.fetch(new Request(`http://api.test${feedUrl.pathname.replace(/\.tsv$/, '.xml')}`))
    expect(await xml.text()).toContain('<g:price>')
    expect((await t.app.fetch(new Request('http://api.test/v2/shopify/feeds/not-a-real-feed-token-000.tsv'))).status).toBe(404)
  })
})
