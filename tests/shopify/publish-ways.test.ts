import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { THEME_WRITE_EXEMPTION } from '../../server/demo-shop/theme-mutations'
import { createTestApi, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { adminPost, approveInShop, connectDemoShop, shopQuery, themeIds } from './connect'
import {
  addBlockInThemeEditor,
  catalogPage,
  pageMarker,
  productGid,
  publish,
  publishAndWait,
  publishedNow,
  shopProduct,
  storefront,
  watchCalls,
} from './publishing'

/**
 * How a page reaches shoppers on stores that differ as real ones do (reference §3.10): a shop that
 * refuses theme-file writes (no exemption: the normal case for a new app) gets the page through the
 * app block the owner adds with one click; the refusal is remembered; the description fallback only
 * with the owner's consent, and undone by unpublish; a shop that takes theme files runs the write
 * as a job that is followed to its end.
 */
describe.each(DB_KINDS)('ways of publishing on %s', (kind) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  async function owner(email: string) {
    const { token } = await t.signIn(email, 'Pat Publisher')
    await t.setUser(email, { role: 'paid', credits: 4000 })
    return token
  }
  const store = async (token: string) => (await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items[0]

  it('a shop without the exemption: the page waits for the block, the deep link adds it, and it goes live through the block', async () => {
    const token = await owner('no-exemption@example.com')
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    const page = await catalogPage(t, token, 'pour-over')
    const heading = await pageMarker(t, token, page.id)

    const calls = watchCalls(t)
    const first = await publishAndWait(t, token, page.id)
    // Shopify refused the theme files: not a failure, the normal path.
    expect(first).toMatchObject({ status: 'published', method: 'pending_block', live: false, storefront_url: null })
    expect(first.method_label).toBe('Saved in the product, not shown yet')
    const admin = `${t.demoShop.origin(shop)}/admin`
    const deepLink = `${admin}/themes/current/editor?template=product&addAppBlockId=${t.deps.env.shopifyApp.apiKey}/pagewright-page&target=mainSection`
    expect(first.theme_editor_url).toBe(deepLink)
    expect(first.next_steps.map((s: { kind: string }) => s.kind)).toEqual([
      'add_app_block',
      'check_again',
      'allow_description',
      'retry_theme_files',
    ])
    expect(first.next_steps[0].url).toBe(deepLink)
    expect(calls.count('PagewrightThemeFilesUpsert')).toBe(1)
    // The refusal is remembered on the store, in Shopify's words.
    const remembered = await store(token)
    expect(remembered.publishing).toMatchObject({ theme_files: 'refused', app_block: false, add_app_block_url: deepLink })
    expect(remembered.publishing.theme_files_refusal).toContain('Access denied for themeFilesUpsert field')
    expect(remembered.publishing.theme_files_refusal).toContain(THEME_WRITE_EXEMPTION)
    // The page is in the product, and nothing shows it yet.
    const gid = await productGid(t, shop, page.handle)
    expect((await shopProduct(t, shop, gid)).metafield!.value).toContain(heading)
    expect(await storefront(t, shop, page.handle)).not.toContain(heading)

    // Publishing again does not ask Shopify for theme files again.
    const again = await publishAndWait(t, token, page.id)
    expect(again.method).toBe('pending_block')
    expect(calls.count('PagewrightThemeFilesUpsert')).toBe(1)

    // The owner's one click in the theme editor: the editor opens on the product template, Save adds the block.
    const editor = await addBlockInThemeEditor(t, token, first.next_steps[0].url)
    expect(editor.opened).toBe(200)
    expect(editor.page).toContain('Pagewright page')
    expect(editor.saved).toBe(303)
    expect(decodeURIComponent(editor.location!)).toContain('the Pagewright page block is on the product page of “Harbor”')
    const harbor = (await themeIds(t, shop)).Harbor.id
    const template = await shopQuery(
      t,
      shop,
      `{ theme(id: "${harbor}") { files(filenames: ["templates/product.json"], first: 1) { nodes { body { ... on OnlineStoreThemeFileBodyText { content } } } } } }`,
    )
    expect(template.theme.files.nodes[0].body.content).toMatch(/shopify:\/\/apps\/pagewright\/blocks\/pagewright-page\//)

    // "Check again": the next publish finds the block, and the page is live through it.
    const live = await publishAndWait(t, token, page.id)
    expect(live).toMatchObject({ status: 'published', method: 'app_block', live: true, next_steps: [] })
    expect(live.method_label).toBe('Live through the Pagewright block in your theme')
    expect(calls.count('PagewrightThemeFilesUpsert')).toBe(1)
    const html = await storefront(t, shop, page.handle)
    expect(html).toContain(heading)
    expect(html).toContain('shopify-app-block')
    expect((await shopProduct(t, shop, gid)).templateSuffix).toBeNull()
    expect((await store(token)).publishing.app_block).toBe(true)
    calls.stop()
  })

  it('themes/publish: a new live theme that carries the block shows the waiting pages through it, without the owner publishing again', async () => {
    const token = await owner('theme-switch-block@example.com')
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    const page = await catalogPage(t, token, 'backpack')
    const heading = await pageMarker(t, token, page.id)
    expect((await publishAndWait(t, token, page.id)).method).toBe('pending_block')
    // The owner puts the block on the theme they are preparing (Meadow), then publishes that theme in Shopify.
    const meadow = (await themeIds(t, shop)).Meadow.id.split('/').pop()
    const link = `${t.demoShop.origin(shop)}/admin/themes/${meadow}/editor?template=product&addAppBlockId=${t.deps.env.shopifyApp.apiKey}/pagewright-page&target=mainSection`
    expect((await addBlockInThemeEditor(t, token, link)).saved).toBe(303)
    expect((await adminPost(t, token, shop, `themes/${meadow}/publish`)).status).toBe(303)
    const live = await publishedNow(t, token, page.id)
    expect(live).toMatchObject({ method: 'app_block', live: true })
    expect(await storefront(t, shop, page.handle)).toContain(heading)
    expect((await store(token)).publishing.app_block).toBe(true)
  })

  it('trying theme files again forgets the refusal; a reconnect does too', async () => {
    const token = await owner('retry-theme@example.com')
    const { shop, store: connected } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    const page = await catalogPage(t, token, 'skillet')
    expect((await publishAndWait(t, token, page.id)).method).toBe('pending_block')
    expect((await store(token)).publishing.theme_files).toBe('refused')

    // Shopify granted the exemption: the owner asks to try again, and the waiting page goes live on the template.
    await t.demoShop.configure(shop, { themeWrites: 'allowed' })
    const retried = await t.call('POST', `/v2/shopify/stores/${connected.id}/theme_files`, undefined, token)
    expect(retried.status).toBe(200)
    expect(retried.body).toMatchObject({ republished: 1, store: { publishing: { theme_files: 'unknown', theme_files_refusal: null } } })
    const live = await publishedNow(t, token, page.id)
    expect(live).toMatchObject({ method: 'template', live: true })
    expect((await store(token)).publishing.theme_files).toBe('allowed')

    // Refused again, then the store is reconnected (its access had ended): Shopify is asked afresh.
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    const other = await catalogPage(t, token, 'night light')
    expect((await publishAndWait(t, token, other.id)).method).toBe('pending_block')
    expect((await store(token)).publishing.theme_files).toBe('refused')
    await t.db.database.sql.executeSql(`UPDATE shopify_stores SET status = 'token_expired' WHERE id = $1`, [connected.id])
    const { query, cookie } = await approveInShop(t, token, shop)
    expect((await t.call('POST', '/v2/shopify/oauth/callback', { query, cookie }, token)).status).toBe(200)
    expect((await store(token)).publishing).toMatchObject({ theme_files: 'allowed', theme_files_refusal: null })

    // Someone else's store is not found.
    const stranger = await owner('stranger@example.com')
    expect((await t.call('POST', `/v2/shopify/stores/${connected.id}/theme_files`, undefined, stranger)).status).toBe(404)
  })

  it('the description fallback only with the owner’s consent; unpublish gives the product its own description back', async () => {
    const token = await owner('consent@example.com')
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    const page = await catalogPage(t, token, 'night light')
    const gid = await productGid(t, shop, page.handle)
    const own = await shopProduct(t, shop, gid)
    const heading = await pageMarker(t, token, page.id)

    const waiting = await publishAndWait(t, token, page.id)
    expect(waiting).toMatchObject({ method: 'pending_block', description_allowed: false })
    // Without consent, the merchant's description is untouched.
    expect((await shopProduct(t, shop, gid)).descriptionHtml).toBe(own.descriptionHtml)

    const agreed = await t.call('PUT', `/v2/publications/${waiting.id}/description_fallback`, { allowed: true }, token)
    expect(agreed.status).toBe(200)
    expect(agreed.body).toMatchObject({ status: 'queued', description_allowed: true })
    const live = await publishedNow(t, token, page.id)
    expect(live).toMatchObject({ status: 'published', method: 'description', live: true })
    expect(live.method_label).toBe('Live as the product description')
    expect(live.next_steps.map((s: { kind: string }) => s.kind)).toEqual(['add_app_block', 'check_again', 'retry_theme_files'])
    const replaced = await shopProduct(t, shop, gid)
    expect(replaced.descriptionHtml).toContain(heading)
    expect(await storefront(t, shop, page.handle)).toContain(heading)

    // Bad input is a 400; another account's publication a 404.
    expect((await t.call('PUT', `/v2/publications/${waiting.id}/description_fallback`, { allowed: 'yes' }, token)).status).toBe(400)
    const stranger = await owner('stranger2@example.com')
    expect((await t.call('PUT', `/v2/publications/${waiting.id}/description_fallback`, { allowed: true }, stranger)).status).toBe(404)
    expect((await t.call('POST', `/v2/publications/${waiting.id}/unpublish`, undefined, stranger)).status).toBe(404)
    expect((await t.call('POST', '/v2/publications/abc/unpublish', undefined, token)).status).toBe(400)

    const out = await t.call('POST', `/v2/publications/${waiting.id}/unpublish`, undefined, token)
    expect(out.status).toBe(200)
    expect(out.body.status).toBe('unpublishing')
    const gone = await publishedNow(t, token, page.id)
    expect(gone).toMatchObject({ status: 'unpublished', method: null, live: false, storefront_url: null, can_unpublish: false })
    const restored = await shopProduct(t, shop, gid)
    expect(restored.descriptionHtml).toBe(own.descriptionHtml)
    expect(restored.metafield).toBeNull()
    expect(restored.status).toBe('ACTIVE')
    expect(await storefront(t, shop, page.handle)).not.toContain(heading)
    // Twice is a 409, not a second job.
    expect((await t.call('POST', `/v2/publications/${waiting.id}/unpublish`, undefined, token)).status).toBe(409)

    // Publishing again is free and remembers the consent.
    expect((await publishAndWait(t, token, page.id)).method).toBe('description')
    // Withdrawing it brings the merchant's description back, and the page waits for the block again.
    await t.call('PUT', `/v2/publications/${waiting.id}/description_fallback`, { allowed: false }, token)
    expect((await publishedNow(t, token, page.id)).method).toBe('pending_block')
    expect((await shopProduct(t, shop, gid)).descriptionHtml).toBe(own.descriptionHtml)
  })

  it('a shop that takes theme files: the write job is followed until done, and unpublish takes the template back', async () => {
    const token = await owner('template-job@example.com')
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'allowed', themeWriteJobs: true })
    const page = await catalogPage(t, token, 'pour-over')
    const gid = await productGid(t, shop, page.handle)
    const heading = await pageMarker(t, token, page.id)
    const calls = watchCalls(t)
    const live = await publishAndWait(t, token, page.id)
    calls.stop()
    expect(live).toMatchObject({ method: 'template', live: true, next_steps: [], notice: null })
    expect(live.method_label).toBe('Live with Pagewright’s product template')
    // The job answered done: false, so it was polled until done (the demo shop finishes it on the second read).
    expect(calls.count('PagewrightJob')).toBe(2)
    expect((await shopProduct(t, shop, gid)).templateSuffix).toBe('pagewright')
    expect(await storefront(t, shop, page.handle)).toContain(heading)

    await t.call('POST', `/v2/publications/${live.id}/unpublish`, undefined, token)
    expect((await publishedNow(t, token, page.id)).status).toBe('unpublished')
    const restored = await shopProduct(t, shop, gid)
    expect(restored).toMatchObject({ templateSuffix: null, metafield: null })
    expect(await storefront(t, shop, page.handle)).not.toContain(heading)
  })

  it('a page that made its product: shown as the description without asking; unpublish drafts the product, never deletes it', async () => {
    const token = await owner('made-product@example.com')
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { themeWrites: 'no_exemption' })
    const created = await t.call(
      'POST',
      '/v2/tasks/create',
      { url: 'http://pagewright.test/demo-store/products/lumi-kids-night-light' },
      token,
    )
    await t.drainJobs()
    const id = created.body.session_id as string
    const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const withPrice = { ...current.body.page, owner: { ...current.body.page.owner, price: 19, compareAt: null, currency: 'USD' } }
    await t.call('PUT', `/v2/tasks/${id}/page`, { page: withPrice, base_version: current.body.version }, token)
    const live = await publishAndWait(t, token, id)
    expect(live).toMatchObject({ method: 'description', live: true, product_created: true })
    expect(live.next_steps.map((s: { kind: string }) => s.kind)).not.toContain('allow_description')
    const gid = String(
      (await t.db.database.sql.executeSql('SELECT product_gid FROM publications WHERE id = $1', [live.id])).rows[0].product_gid,
    )
    await t.call('POST', `/v2/publications/${live.id}/unpublish`, undefined, token)
    expect((await publishedNow(t, token, id)).status).toBe('unpublished')
    expect(await shopProduct(t, shop, gid)).toMatchObject({ status: 'DRAFT', metafield: null })
    // Published again: the product is back on sale.
    expect((await publishAndWait(t, token, id)).live).toBe(true)
    expect((await shopProduct(t, shop, gid)).status).toBe('ACTIVE')
  })

  it('unpublish is refused while the page is being published', async () => {
    const token = await owner('busy@example.com')
    await connectDemoShop(t, token)
    const page = await catalogPage(t, token, 'pour-over')
    const queued = await publish(t, token, page.id)
    const busy = await t.call('POST', `/v2/publications/${queued.body.id}/unpublish`, undefined, token)
    expect(busy.status).toBe(409)
    await t.drainShopifyJobs()
  })
})
