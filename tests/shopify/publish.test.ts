import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { adminPost, connectDemoShop, shopQuery, themeIds } from './connect'

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`
const COUNT = '{ productsCount { count } }'

/**
 * Publishing into a store: slots (reference §6.4) under concurrency, idempotency (publishing again
 * updates, never duplicates), the ways a page reaches shoppers, and theme changes.
 */
describe.each(DB_KINDS)('publishing on %s', (kind) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  /** A finished page from a product link, with the owner's price set (publishing makes the product). */
  async function pageFor(token: string, handle = 'aurora-pour-over-set', price: number | null = 24.5) {
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO(handle) }, token)
    expect(created.status).toBe(201)
    await t.drainJobs()
    // Free accounts see new pages after the hide window.
    t.clock.advance(46 * 60_000)
    const id = created.body.session_id as string
    const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const page = { ...current.body.page, owner: { ...current.body.page.owner, price, compareAt: null, currency: 'USD' } }
    const saved = await t.call('PUT', `/v2/tasks/${id}/page`, { page, base_version: current.body.version }, token)
    expect(saved.status).toBe(200)
    return id
  }
  const publish = (token: string, id: string) => t.call('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: id }, token)
  const publications = async (token: string, id: string) =>
    (await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)).body.items

  it('a free account: ten parallel publishes of one page spend one slot and make one product; publishing again updates it', async () => {
    const { token } = await t.signIn('free-publisher@example.com', 'Fay Free')
    await t.setUser('free-publisher@example.com', { credits: 400 })
    const { shop } = await connectDemoShop(t, token)
    const before = (await shopQuery(t, shop, COUNT)).productsCount.count
    const id = await pageFor(token)

    const answers = await Promise.all(Array.from({ length: 10 }, () => publish(token, id)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const me = await t.call('POST', '/v2/auth/me', {}, token)
    expect(me.body.publish_pages_count).toBe(0)
    await t.drainShopifyJobs()
    const [pub] = await publications(token, id)
    expect(pub).toMatchObject({ status: 'published', method: 'template' })
    expect((await shopQuery(t, shop, COUNT)).productsCount.count).toBe(before + 1)

    // Publishing the same page again costs nothing and touches the same product.
    expect((await publish(token, id)).status).toBe(200)
    await t.drainShopifyJobs()
    expect((await publications(token, id)).length).toBe(1)
    expect((await shopQuery(t, shop, COUNT)).productsCount.count).toBe(before + 1)
    expect((await t.call('POST', '/v2/auth/me', {}, token)).body.publish_pages_count).toBe(0)

    // A second page has no slot left: the "Publish more pages" dialog (permission publish).
    const other = await pageFor(token, 'lumi-kids-night-light')
    const denied = await publish(token, other)
    expect(denied.status).toBe(403)
    expect(denied.body.permission).toBe('publish')
  })

  it('a free account with one slot: two pages published at once, only one goes through', async () => {
    const { token } = await t.signIn('race@example.com', 'Rae Race')
    await t.setUser('race@example.com', { credits: 400 })
    await connectDemoShop(t, token)
    const a = await pageFor(token)
    const b = await pageFor(token, 'heritage-cast-iron-skillet')
    const answers = await Promise.all([...Array(5).fill(a), ...Array(5).fill(b)].map((id) => publish(token, id)))
    const ok = answers.filter((r) => r.status === 200)
    const refused = answers.filter((r) => r.status === 403)
    expect(ok.length + refused.length).toBe(10)
    expect(new Set(ok.map((r) => r.body.session_id)).size).toBe(1)
    expect((await t.call('POST', '/v2/auth/me', {}, token)).body.publish_pages_count).toBe(0)
  })

  it('without a store, or without a price for a new product, publishing says what to do first', async () => {
    const { token } = await t.signIn('nostore@example.com', 'Noa Nostore')
    await t.setUser('nostore@example.com', { role: 'paid', credits: 400 })
    const id = await pageFor(token)
    const noStore = await publish(token, id)
    expect(noStore.status).toBe(409)
    expect(noStore.body.error).toMatch(/Connect your Shopify store/)
    await connectDemoShop(t, token)
    const unpriced = await pageFor(token, 'lumi-kids-night-light', null)
    const noPrice = await publish(token, unpriced)
    expect(noPrice.status).toBe(400)
    expect(noPrice.body.error).toMatch(/selling price/)
  })

  it('without theme access the page goes in as the product description; with it, a theme change keeps the page', async () => {
    const { token } = await t.signIn('themes@example.com', 'Theo Themes')
    await t.setUser('themes@example.com', { role: 'paid', credits: 400 })
    const { shop } = await connectDemoShop(t, token, { withoutThemes: true })
    const id = await pageFor(token)
    await publish(token, id)
    await t.drainShopifyJobs()
    const [pub] = await publications(token, id)
    expect(pub).toMatchObject({ status: 'published', method: 'description' })
    expect(pub.theme_editor_url).toContain('/themes/current/editor?template=product&addAppBlockId=')
    const product = await shopQuery(
      t,
      shop,
      `{ product(id: "${(await t.db.database.sql.executeSql('SELECT product_gid FROM publications WHERE id = $1', [pub.id])).rows[0].product_gid}") { descriptionHtml templateSuffix } }`,
    )
    const task = await t.call('GET', `/v2/tasks/${id}`, undefined, token)
    expect(product.product.templateSuffix).toBeNull()
    expect(product.product.descriptionHtml).toContain(
      task.body.page.sections.find((s: { type: string }) => s.type === 'benefits')?.heading ?? '',
    )
  })

  it('the theme switched in the shop: our files follow into the new theme and the page stays on the storefront', async () => {
    const { token } = await t.signIn('switch@example.com', 'Sol Switch')
    await t.setUser('switch@example.com', { role: 'paid', credits: 400 })
    const { shop } = await connectDemoShop(t, token)
    const id = await pageFor(token)
    await publish(token, id)
    await t.drainShopifyJobs()
    const [pub] = await publications(token, id)
    const heading = (await t.call('GET', `/v2/tasks/${id}`, undefined, token)).body.page.sections[0].heading as string
    const themes = await themeIds(t, shop)
    expect(themes.Meadow.role).toBe('UNPUBLISHED')
    const switched = await adminPost(t, token, shop, `themes/${themes.Meadow.id.split('/').pop()}/publish`)
    expect(switched.status).toBe(303)
    await t.drainShopifyJobs()
    expect((await themeIds(t, shop)).Meadow.role).toBe('MAIN')
    const live = await (await t.demoShop.fetch(new Request(pub.storefront_url))).text()
    expect(live).toContain(heading)
    expect(live).toMatch(/Meadow|meadow/)
  })

  it('upload theme (Pro): Pagewright’s theme lands unpublished; free accounts get the upgrade dialog', async () => {
    const { token } = await t.signIn('uploader@example.com', 'Uma Upload')
    await t.setUser('uploader@example.com', { role: 'paid', credits: 400 })
    const { shop, store } = await connectDemoShop(t, token)
    const uploaded = await t.call('POST', `/v2/shopify/stores/${store.id}/upload_theme`, undefined, token)
    expect(uploaded.status).toBe(200)
    expect((await themeIds(t, shop)).Pagewright.role).toBe('UNPUBLISHED')
    await t.setUser('uploader@example.com', { role: 'free' })
    const denied = await t.call('POST', `/v2/shopify/stores/${store.id}/upload_theme`, undefined, token)
    expect(denied.status).toBe(403)
    expect(denied.body.permission).toBe('upload_theme')
    const forged = await t.call('GET', `/v2/shopify/theme.zip?store=${store.id}&exp=${Math.floor(Date.now() / 1000) + 60}&sig=00`)
    expect(forged.status).toBe(403)
  })
})
