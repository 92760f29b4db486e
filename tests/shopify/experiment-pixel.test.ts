import { load } from 'cheerio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEB_PIXEL_CREATE_MUTATION, WEB_PIXEL_QUERY } from '../../server/integrations/shopify/documents'
import { createTestApi, type TestApi } from '../helpers/api'
import { consentInShop, cookieHeader, connectDemoShop, shopQuery } from './connect'
import { catalogPage, publishAndWait, storefront, watchCalls } from './publishing'

/**
 * Pagewright's web pixel while an experiment runs in a store (issue 25): a pixel the shop already
 * has is pointed at this server when its settings name another address; a pixel Shopify refuses,
 * or a store that never allowed one, is said on the publication (the publish panel shows it) until
 * it is fixed. And the store's HTML with both versions has no id twice.
 */
describe('the web pixel of an experiment in the store', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi('pglite')
  })
  afterAll(() => t.close())

  async function saveHeading(token: string, id: string, heading: string) {
    const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)
    const page = current.body.page
    const sections = page.sections.map((s: { type: string }) => (s.type === 'hero' ? { ...s, heading } : s))
    const saved = await t.call('PUT', `/v2/tasks/${id}/page`, { page: { ...page, sections }, base_version: current.body.version }, token)
    expect(saved.status).toBe(200)
    return saved.body.version as number
  }

  /** A Pro owner's page published in `shop` with a challenger version ready; its id, handle and that version. */
  async function publishedWithChallenger(token: string) {
    const page = await catalogPage(t, token, 'pour-over')
    const challenger = await saveHeading(token, page.id, 'Challenger headline')
    await saveHeading(token, page.id, 'Control headline')
    expect(await publishAndWait(t, token, page.id)).toMatchObject({ status: 'published' })
    return { ...page, challenger }
  }

  const publication = async (token: string, id: string) =>
    (await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)).body.items[0]
  const start = async (token: string, id: string, version: number) => {
    const started = await t.call('POST', `/v2/tasks/${id}/experiments`, { challenger_version: version }, token)
    expect(started.status).toBe(201)
    await t.drainShopifyJobs()
    return started.body.id as number
  }
  const pixelSettings = async (shop: string) =>
    JSON.parse((await shopQuery<{ webPixel: { settings: string } }>(t, shop, WEB_PIXEL_QUERY)).webPixel.settings)

  it('updates the settings of the pixel the shop already has when they name another address, and only then', async () => {
    const { token } = await t.signIn('pixel-moved@example.com', 'Pat Pro')
    await t.setUser('pixel-moved@example.com', { role: 'paid', credits: 400 })
    const { shop } = await connectDemoShop(t, token)
    // Pagewright ran at another address when it registered this shop's pixel.
    const made = await shopQuery(t, shop, WEB_PIXEL_CREATE_MUTATION, {
      webPixel: { settings: { pagewrightUrl: 'https://old.pagewright.example' } },
    })
    expect(made.webPixelCreate.userErrors).toEqual([])
    const page = await publishedWithChallenger(token)

    const calls = watchCalls(t)
    const xid = await start(token, page.id, page.challenger)
    calls.stop()
    expect(calls.count('PagewrightWebPixelCreate')).toBe(1)
    expect(calls.count('PagewrightWebPixel')).toBe(1)
    expect(calls.count('PagewrightWebPixelUpdate')).toBe(1)
    expect(await pixelSettings(shop)).toEqual({ pagewrightUrl: t.deps.env.PUBLIC_URL })
    expect((await publication(token, page.id)).failure_reason).toBeNull()

    // The same settings: read, not written again.
    const again = watchCalls(t)
    expect(await publishAndWait(t, token, page.id)).toMatchObject({ status: 'published', failure_reason: null })
    again.stop()
    expect(again.count('PagewrightWebPixel')).toBe(1)
    expect(again.count('PagewrightWebPixelUpdate')).toBe(0)

    // Both versions in the store's HTML, and no id twice in it.
    const $ = load(await storefront(t, shop, page.handle))
    expect($('.pw-x').attr('data-pw-experiment')).toBe(String(xid))
    const ids = $('[id]')
      .toArray()
      .map((el) => $(el).attr('id')!)
    expect(ids).toContain('buy')
    expect(ids).toContain('buy-b')
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  it('says on the publication that Shopify refused the pixel, until a sync gets it', async () => {
    const { token } = await t.signIn('pixel-refused@example.com', 'Pat Pro')
    await t.setUser('pixel-refused@example.com', { role: 'paid', credits: 400 })
    const { shop } = await connectDemoShop(t, token)
    await t.demoShop.configure(shop, { pixelExtension: 'missing' })
    const page = await publishedWithChallenger(token)
    const xid = await start(token, page.id, page.challenger)
    const refused = await publication(token, page.id)
    expect(refused).toMatchObject({
      status: 'published',
      failure_reason:
        'Add-to-cart and checkout counts from your store are missing: Shopify refused Pagewright’s web pixel: No extension found.',
    })
    // Nothing for the owner to approve: the store gave the permission.
    expect(refused.next_steps.map((s: { kind: string }) => s.kind)).not.toContain('approve_pixel')
    // The challenger is in the store all the same.
    expect(await storefront(t, shop, page.handle)).toContain('Challenger headline')
    // A publish says it again (it is still true).
    expect((await publishAndWait(t, token, page.id)).failure_reason).toBe(refused.failure_reason)

    // Fixed (the extension deployed): the next sync asks again, gets the pixel and the words go.
    await t.demoShop.configure(shop, { pixelExtension: 'deployed' })
    expect(await publishAndWait(t, token, page.id)).toMatchObject({ status: 'published', failure_reason: null })
    expect(await pixelSettings(shop)).toEqual({ pagewrightUrl: t.deps.env.PUBLIC_URL })

    // The experiment ends: nothing is missing any more (a refusal said before would go too).
    await t.db.database.sql.executeSql(`UPDATE publications SET failure_reason = $1 WHERE status = 'published'`, [refused.failure_reason])
    expect((await t.call('POST', `/v2/tasks/${page.id}/experiments/${xid}/stop`, undefined, token)).status).toBe(200)
    await t.drainShopifyJobs()
    expect((await publication(token, page.id)).failure_reason).toBeNull()
  })

  it('tells the owner of a store connected without the pixel’s permission to approve it, and clears it after the reconnect', async () => {
    const { token } = await t.signIn('pixel-scope@example.com', 'Pat Pro')
    await t.setUser('pixel-scope@example.com', { role: 'paid', credits: 400 })
    // Connected before Pagewright asked for its pixel: the consent granted everything but the pixel's scopes.
    const shop = (await t.call('POST', '/v2/shopify/demo-shop', undefined, token)).body.shop as string
    const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, token)
    const url = new URL(begun.body.url)
    const without = (url.searchParams.get('scope') ?? '').split(',').filter((s) => s !== 'write_pixels' && s !== 'read_customer_events')
    expect(without.length).toBeGreaterThan(1)
    url.searchParams.set('scope', without.join(','))
    const back = await consentInShop(t, url.toString(), await t.webCookie(token))
    const connected = await t.call(
      'POST',
      '/v2/shopify/oauth/callback',
      { query: back.search.slice(1), cookie: cookieHeader(begun.body.set_cookies) },
      token,
    )
    expect(connected.status).toBe(200)
    await t.drainShopifyJobs()
    expect((await t.call('GET', '/v2/shopify/stores', undefined, token)).body.items[0].publishing.experiment_events).toBe(false)

    const page = await publishedWithChallenger(token)
    const calls = watchCalls(t)
    await start(token, page.id, page.challenger)
    calls.stop()
    expect(calls.count('PagewrightWebPixelCreate')).toBe(0)
    const missing = await publication(token, page.id)
    expect(missing.failure_reason).toBe(
      'Add-to-cart and checkout counts from your store are missing: Pagewright is not allowed to add its web pixel to this store yet. Reconnect the store on the Stores page and approve the new permission.',
    )
    expect(missing.next_steps).toContainEqual(expect.objectContaining({ kind: 'approve_pixel', url: null }))

    // The owner reconnects and approves: the pixel is added and the words go.
    const again = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, token)
    const approved = await consentInShop(t, again.body.url, await t.webCookie(token))
    const reconnected = await t.call(
      'POST',
      '/v2/shopify/oauth/callback',
      { query: approved.search.slice(1), cookie: cookieHeader(again.body.set_cookies) },
      token,
    )
    expect(reconnected.status).toBe(200)
    await t.drainShopifyJobs()
    const fixed = await publication(token, page.id)
    expect(fixed.failure_reason).toBeNull()
    expect(fixed.next_steps.map((s: { kind: string }) => s.kind)).not.toContain('approve_pixel')
    expect(await pixelSettings(shop)).toEqual({ pagewrightUrl: t.deps.env.PUBLIC_URL })
  })
})
