import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageSources } from '../../server/modules/shopify/publish-images'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop, shopQuery } from './connect'
import { catalogPage, publishAndWait, shopProduct, watchCalls } from './publishing'

/**
 * The page's images on the store (reference §3.10): uploaded to the shop's Files (staged upload for
 * our stored images, fileCreate for the rest), waited for until READY, and the live page uses the
 * shop's CDN addresses, never Pagewright's own server. Each image goes up once per shop.
 */
describe.each(DB_KINDS)('images published into a store on %s', (kind) => {
  let t: TestApi
  let token: string
  let shop: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('images@example.com', 'Ima Images'))
    await t.setUser('images@example.com', { role: 'paid', credits: 4000 })
    ;({ shop } = await connectDemoShop(t, token))
  })
  afterAll(() => t.close())

  const cdn = () => `${t.demoShop.origin(shop)}/cdn/files/`
  const files = async () =>
    (await t.db.database.sql.executeSql('SELECT source, status, url FROM shopify_files ORDER BY source')).rows as {
      source: string
      status: string
      url: string | null
    }[]
  const publishedPage = async (publicationId: number) => {
    const gid = String(
      (await t.db.database.sql.executeSql('SELECT product_gid FROM publications WHERE id = $1', [publicationId])).rows[0].product_gid,
    )
    return { gid, page: JSON.parse((await shopProduct(t, shop, gid)).metafield!.value) }
  }

  it('our stored images go up by staged upload, are READY before the page goes live, and the page uses the shop’s CDN', async () => {
    const created = await t.call('POST', '/v2/tasks/create', { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` }, token)
    await t.drainJobs()
    const id = created.body.session_id as string
    const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    // The page as made: our own stored images.
    expect(JSON.stringify(current.body.page)).toMatch(/\/media\/[0-9a-f]{64}\./)
    const page = { ...current.body.page, owner: { ...current.body.page.owner, price: 42, compareAt: null, currency: 'USD' } }
    await t.call('PUT', `/v2/tasks/${id}/page`, { page, base_version: current.body.version }, token)

    const calls = watchCalls(t)
    const pub = await publishAndWait(t, token, id)
    calls.stop()
    expect(pub).toMatchObject({ status: 'published', live: true })
    expect(calls.count('PagewrightStagedUploads')).toBe(1)
    expect(calls.count('PagewrightFileCreate')).toBe(1)
    // UPLOADED, then PROCESSING, then READY: the status is read until Shopify says READY.
    expect(calls.count('PagewrightFileStatus')).toBe(2)

    const { gid, page: live } = await publishedPage(pub.id)
    const srcs = imageSources(live)
    expect(srcs.length).toBeGreaterThan(0)
    for (const src of srcs) {
      expect(src.startsWith(cdn())).toBe(true)
      const res = await t.demoShop.fetch(new Request(src))
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^image\//)
    }
    expect(JSON.stringify(live)).not.toContain('/media/')
    expect(JSON.stringify(live)).not.toContain(`${TEST_ORIGIN}/media`)
    // The product Pagewright made shows the same CDN images, and its description too.
    const product = await shopQuery(
      t,
      shop,
      `{ product(id: "${gid}") { descriptionHtml media(first: 10) { nodes { ... on MediaImage { image { url } } } } } }`,
    )
    for (const n of product.product.media.nodes) expect(n.image.url.startsWith(cdn())).toBe(true)
    expect(product.product.descriptionHtml).not.toContain('/media/')
    const rows = await files()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.status === 'READY' && r.url?.startsWith(cdn()))).toBe(true)
    expect(rows.every((r) => r.source.startsWith('media:'))).toBe(true)

    // Publishing again uploads nothing: the shop has them.
    const again = watchCalls(t)
    await t.call('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: id }, token)
    await t.drainShopifyJobs()
    again.stop()
    expect(again.count('PagewrightStagedUploads')).toBe(0)
    expect(again.count('PagewrightFileCreate')).toBe(0)
    expect(imageSources((await publishedPage(pub.id)).page)).toEqual(srcs)
  })

  it('images from elsewhere go up by URL; a second page with the same images uploads none of them again', async () => {
    const first = await catalogPage(t, token, 'skillet')
    const before = (await files()).length
    const calls = watchCalls(t)
    const pub = await publishAndWait(t, token, first.id)
    expect(pub.live).toBe(true)
    const { page } = await publishedPage(pub.id)
    for (const src of imageSources(page)) expect(src.startsWith(cdn())).toBe(true)
    const added = (await files()).slice(before)
    expect(calls.count('PagewrightFileCreate')).toBe(1)
    expect(calls.count('PagewrightStagedUploads')).toBe(added.some((r) => r.source.startsWith('media:')) ? 1 : 0)

    const second = await catalogPage(t, token, 'skillet')
    const uploadsBefore = calls.count('PagewrightFileCreate')
    const pub2 = await publishAndWait(t, token, second.id)
    calls.stop()
    expect(pub2.live).toBe(true)
    expect(calls.count('PagewrightFileCreate')).toBe(uploadsBefore)
    expect(imageSources((await publishedPage(pub2.id)).page).every((s) => s.startsWith(cdn()))).toBe(true)
  })
})
