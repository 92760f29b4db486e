import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FREE_PRODUCT_LIMIT } from '../../server/domain/entitlements'
import { PRODUCT_SET_MUTATION } from '../../server/integrations/shopify/documents'
import { PAGE_SIZE, runSync } from '../../server/modules/shopify'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop, shopQuery } from './connect'

/** Adds products to a demo shop through its Admin API, as another app or the merchant would. */
async function addProducts(t: TestApi, shop: string, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    await shopQuery(t, shop, PRODUCT_SET_MUTATION, {
      input: {
        title: `${prefix} ${i + 1}`,
        status: 'ACTIVE',
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        variants: [{ optionValues: [{ optionName: 'Title', name: 'Default Title' }], price: '10.00' }],
      },
    })
  }
}

const storeRow = async (t: TestApi, shop: string) =>
  (await t.db.database.sql.executeSql('SELECT * FROM shopify_stores WHERE shop_domain = $1', [shop])).rows[0] as Record<string, unknown>
const catalogCount = async (t: TestApi, shop: string) =>
  Number(
    (
      await t.db.database.sql.executeSql(
        'SELECT count(*) AS n FROM shopify_products p JOIN shopify_stores s ON s.id = p.store_id WHERE s.shop_domain = $1 AND p.deleted_at IS NULL',
        [shop],
      )
    ).rows[0].n,
  )

/** Catalogue sync: pages of products by cursor, Shopify's cost limit, a crash mid-way, updates in place, the free limit, bulk. */
describe.each(DB_KINDS)('catalogue sync on %s', (kind) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  it('pages through a catalogue with cursors, waiting out Shopify’s throttle, and picks up after a crash', async () => {
    const { token } = await t.signIn('pager@example.com', 'Paz Pager')
    await t.setUser('pager@example.com', { role: 'paid' })
    const { shop } = await connectDemoShop(t, token)
    await addProducts(t, shop, 24, 'Extra product')
    const total = 7 + 24
    expect(total).toBeGreaterThan(3 * PAGE_SIZE)

    // A small bucket: every page after the first must wait for points to come back (real waits, ~1 s each).
    const sleeps: number[] = []
    t.deps.shopify.sleep = async (ms) => {
      sleeps.push(ms)
      await new Promise((r) => setTimeout(r, ms))
    }
    await t.demoShop.setThrottle(shop, { maximumAvailable: 800, restoreRate: 200 })
    // The network fails once, on the third page: the job stops with its cursor saved.
    const network = t.deps.shopify.network
    const realFetch = network.fetch
    let pages = 0
    network.fetch = async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('PagewrightProducts(') && ++pages === 3) throw new Error('connection reset')
      return realFetch(input, init)
    }
    const store = await storeRow(t, shop)
    await expect(runSync(t.deps, Number(store.id))).rejects.toThrow()
    network.fetch = realFetch
    const stopped = await storeRow(t, shop)
    expect(stopped.sync_status).toBe('failed')
    expect(stopped.sync_cursor).toBeTruthy()
    expect(Number(stopped.sync_done)).toBe(2 * PAGE_SIZE)

    await runSync(t.deps, Number(store.id))
    const done = await storeRow(t, shop)
    expect(done).toMatchObject({ sync_status: 'done', sync_cursor: null, sync_error: null })
    expect(Number(done.sync_done)).toBe(total)
    expect(await catalogCount(t, shop)).toBe(total)
    expect(sleeps.length).toBeGreaterThan(0)
    t.deps.shopify.sleep = async () => {}
    await t.demoShop.setThrottle(shop, { maximumAvailable: 2000, restoreRate: 100 })
  }, 60_000)

  it('a second sync updates products in place and marks the ones gone from the shop', async () => {
    const { token } = await t.signIn('again@example.com', 'Aga Again')
    await t.setUser('again@example.com', { role: 'paid' })
    const { shop } = await connectDemoShop(t, token)
    const before = await t.call('GET', '/v2/shopify_products/?page_size=50', undefined, token)
    const aurora = before.body.items.find((p: { handle: string }) => p.handle === 'aurora-pour-over-set')
    await shopQuery(t, shop, 'mutation($p: ProductUpdateInput!) { productUpdate(product: $p) { userErrors { message } } }', {
      p: { id: aurora.shopify_id, title: 'Aurora Pour-Over Set, second edition' },
    })
    const store = await storeRow(t, shop)
    await runSync(t.deps, Number(store.id))
    const after = await t.call('GET', `/v2/shopify_products/${aurora.id}`, undefined, token)
    expect(after.body).toMatchObject({ id: aurora.id, title: 'Aurora Pour-Over Set, second edition' })
    expect(await catalogCount(t, shop)).toBe(7)
  })

  it('a free account stops at its product limit and says so; removed products make room', async () => {
    const { token } = await t.signIn('limited@example.com', 'Lim Limited')
    const { shop } = await connectDemoShop(t, token, { sync: false })
    await addProducts(t, shop, FREE_PRODUCT_LIMIT, 'Bulk item')
    await t.drainShopifyJobs()
    expect(await catalogCount(t, shop)).toBe(FREE_PRODUCT_LIMIT)
    const list = await t.call('GET', '/v2/shopify_products/', undefined, token)
    expect(list.body.product_limit).toEqual({ count: FREE_PRODUCT_LIMIT, max: FREE_PRODUCT_LIMIT })
    const stores = await t.call('GET', '/v2/shopify/stores', undefined, token)
    expect(stores.body.items[0].sync.limited).toBe(true)
    const me = await t.call('POST', '/v2/auth/me', {}, token)
    expect(me.body.remaining_product_count).toBe(0)
    const restore = await t.call('PUT', '/v2/shopify_products/batch', { ids: [list.body.items[0].id], action: 'delete' }, token)
    expect(restore.status).toBe(200)
    expect((await t.call('POST', '/v2/auth/me', {}, token)).body.remaining_product_count).toBe(1)
  })

  it('a big catalogue is read with one bulk operation', async () => {
    const { token } = await t.signIn('bulk@example.com', 'Bo Bulk')
    await t.setUser('bulk@example.com', { role: 'paid' })
    const { shop } = await connectDemoShop(t, token, { sync: false })
    const store = await storeRow(t, shop)
    let paged = 0
    const network = t.deps.shopify.network
    const realFetch = network.fetch
    network.fetch = async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('PagewrightProducts(')) paged++
      return realFetch(input, init)
    }
    await runSync(t.deps, Number(store.id), { bulkThreshold: 3 })
    network.fetch = realFetch
    expect(paged).toBe(0)
    expect(await catalogCount(t, shop)).toBe(7)
    const list = await t.call('GET', '/v2/search/shopify_products?q=trailblazer', undefined, token)
    expect(list.body.items[0].variant_count).toBeGreaterThan(1)
    expect(list.body.items[0].image).toBeTruthy()
  })
})
