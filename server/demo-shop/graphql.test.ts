import { readFileSync } from 'node:fs'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { DEMO_PRODUCTS } from '../demo-store/catalog'
import * as DOCS from '../integrations/shopify/documents'
import { adminGraphql, installApp } from './driver'
import { createDemoShop, loadAdminSchema, type DemoShop } from './index'

/** The Pagewright user who made the shops. */
const OWNER = 7
const APP = { apiKey: 'demo-test-key', apiSecret: 'demo-test-secret', appUrl: 'http://pagewright.test' }
const PUBLIC_URL = 'http://pagewright.test'
const ZIPS: Record<string, Uint8Array> = {
  'http://pagewright.test/themes/ok.zip': zipSync({
    'dawn/layout/theme.liquid': strToU8('<html><body>{{ content_for_layout }}</body></html>'),
    'dawn/templates/index.json': strToU8('{"sections":{},"order":[]}'),
    'dawn/assets/logo.png': new Uint8Array([137, 80, 78, 71]),
  }),
  'http://pagewright.test/themes/no-layout.zip': zipSync({ 'templates/index.json': strToU8('{}') }),
  'http://pagewright.test/themes/not-a-zip.zip': strToU8('hello'),
}

describe.each(DB_KINDS)('demo shop Admin GraphQL (%s)', (kind) => {
  let db: TestDatabase
  let demo: DemoShop
  let shop: string
  let token: string
  let now = Date.now()
  const delivered: Request[] = []
  const gql = (query: string, variables: Record<string, unknown> = {}, t = token, s = shop) =>
    adminGraphql<any>(demo, s, t, query, variables)

  beforeAll(async () => {
    db = await createTestDatabase(kind)
    demo = createDemoShop({
      database: db.database,
      clock: () => new Date(now),
      publicUrl: PUBLIC_URL,
      app: APP,
      deliver: async (r) => {
        delivered.push(r)
        return new Response('ok')
      },
      fetchUrl: async (url) => (ZIPS[url] ? new Response(new Uint8Array(ZIPS[url])) : new Response('missing', { status: 404 })),
      // Every request here comes from the shop's owner (owner.test.ts covers everyone else).
      viewerOf: async () => OWNER,
    })
    shop = await demo.createShop(OWNER)
    token = (await installApp(demo, shop, { app: APP, expiring: true })).accessToken
  })
  afterAll(() => db.drop())

  it('loads Shopify’s published schema', () => {
    expect(loadAdminSchema()?.getType('Product')).toBeTruthy()
  })

  it('answers every document Pagewright sends, with sensible data', async () => {
    const first = (await gql(DOCS.PRODUCTS_PAGE_QUERY, { first: 1 })).body.data.products.nodes[0]
    const themes = (await gql(DOCS.THEMES_QUERY)).body.data.themes.nodes
    const bulk = (await gql(DOCS.BULK_RUN_MUTATION, { query: DOCS.BULK_PRODUCTS_QUERY })).body.data.bulkOperationRunQuery.bulkOperation
    // The pixel's id is known once the query below has read it (documents run in order).
    const pixelUpdate = { id: '', webPixel: { settings: { pagewrightUrl: 'https://pagewright.example' } } }
    const checks: Record<keyof typeof DOCS.ALL_DOCUMENTS, [Record<string, unknown>, (data: any) => void]> = {
      SHOP_QUERY: [
        {},
        (d) => {
          expect(d.shop).toMatchObject({ myshopifyDomain: shop, currencyCode: 'USD', name: expect.stringMatching(/^Demo Shop \d+$/) })
          expect(d.shop.email).toMatch(/^owner\+[0-9a-f]{8}@demo-shop\.pagewright\.test$/)
          expect(d.shop.primaryDomain.url).toBe(`${PUBLIC_URL}/demo-shop/${shop}`)
          expect(d.currentAppInstallation.app.id).toMatch(/^gid:\/\/shopify\/App\/\d+$/)
          expect(d.currentAppInstallation.accessScopes.map((s: any) => s.handle)).toEqual(
            expect.arrayContaining(['write_products', 'read_themes']),
          )
        },
      ],
      PRODUCTS_COUNT_QUERY: [{}, (d) => expect(d.productsCount).toEqual({ count: DEMO_PRODUCTS.length, precision: 'EXACT' })],
      PRODUCTS_PAGE_QUERY: [
        { first: 3 },
        (d) => {
          expect(d.products.nodes).toHaveLength(3)
          expect(d.products.pageInfo.hasNextPage).toBe(true)
          const p = d.products.nodes[0]
          expect(p).toMatchObject({ handle: DEMO_PRODUCTS[0].handle, status: 'ACTIVE', templateSuffix: null })
          expect(p.priceRangeV2.minVariantPrice).toEqual({ amount: '48.0', currencyCode: 'USD' })
          expect(p.media.nodes[0].image.url).toBe(`${PUBLIC_URL}/demo-store/${DEMO_PRODUCTS[0].images[0]}`)
          expect(p.variants.nodes[0]).toMatchObject({
            price: '48.00',
            compareAtPrice: '60.00',
            availableForSale: true,
            selectedOptions: [{ name: 'Glaze', value: 'Oat' }],
          })
          expect(p.onlineStoreUrl).toBe(`${PUBLIC_URL}/demo-shop/${shop}/products/${DEMO_PRODUCTS[0].handle}`)
        },
      ],
      PRODUCT_QUERY: [{ id: first.id }, (d) => expect(d.product).toMatchObject({ id: first.id, title: DEMO_PRODUCTS[0].title })],
      BULK_PRODUCTS_QUERY: [{}, () => expect(bulk.status).toBe('CREATED')],
      BULK_RUN_MUTATION: [{ query: DOCS.BULK_PRODUCTS_QUERY }, (d) => expect(d.bulkOperationRunQuery.userErrors).toEqual([])],
      BULK_STATUS_QUERY: [
        { id: bulk.id },
        (d) =>
          expect(d.bulkOperation).toMatchObject({
            id: bulk.id,
            status: 'COMPLETED',
            errorCode: null,
            url: expect.stringContaining('.jsonl'),
          }),
      ],
      PRODUCT_SET_MUTATION: [
        {
          identifier: { handle: 'glow-lamp' },
          input: {
            title: 'Glow Lamp',
            descriptionHtml: '<p>Warm light.</p>',
            vendor: 'Pagewright',
            productType: 'Lamp',
            status: 'ACTIVE',
            tags: ['light'],
            productOptions: [{ name: 'Colour', values: [{ name: 'Red' }, { name: 'Blue' }] }],
            variants: [
              { optionValues: [{ optionName: 'Colour', name: 'Red' }], price: '19.5', compareAtPrice: '25' },
              { optionValues: [{ optionName: 'Colour', name: 'Blue' }], price: '19.5' },
            ],
            files: [{ originalSource: `${PUBLIC_URL}/media/lamp.png`, alt: 'A lamp', contentType: 'IMAGE' }],
          },
        },
        (d) => {
          expect(d.productSet.userErrors).toEqual([])
          expect(d.productSet.product).toMatchObject({
            handle: 'glow-lamp',
            onlineStoreUrl: expect.stringMatching(/\/products\/glow-lamp$/),
          })
        },
      ],
      PRODUCT_UPDATE_MUTATION: [
        { product: { id: first.id, templateSuffix: 'pagewright', seo: { title: 'Pour-over' } } },
        (d) => expect(d.productUpdate).toMatchObject({ userErrors: [], product: { id: first.id, templateSuffix: 'pagewright' } }),
      ],
      METAFIELDS_SET_MUTATION: [
        { metafields: [{ ownerId: first.id, namespace: '$app:pagewright', key: 'page', type: 'json', value: '{"sections":[]}' }] },
        (d) => {
          expect(d.metafieldsSet.userErrors).toEqual([])
          expect(d.metafieldsSet.metafields[0]).toMatchObject({ namespace: expect.stringMatching(/^app--\d+--pagewright$/), key: 'page' })
        },
      ],
      THEMES_QUERY: [{}, (d) => expect(d.themes.nodes.map((t: any) => t.role).sort()).toEqual(['MAIN', 'UNPUBLISHED'])],
      THEME_FILES_QUERY: [
        { id: themes[0].id, filenames: ['layout/theme.liquid', 'templates/*.json'] },
        (d) => {
          const names = d.theme.files.nodes.map((f: any) => f.filename)
          expect(names).toContain('layout/theme.liquid')
          expect(names).toContain('templates/product.json')
          expect(d.theme.files.nodes[0].body.content.length).toBeGreaterThan(0)
        },
      ],
      THEME_FILES_UPSERT_MUTATION: [
        {
          themeId: themes[0].id,
          files: [{ filename: 'templates/product.pagewright.json', body: { type: 'TEXT', value: '{"sections":{},"order":[]}' } }],
        },
        (d) =>
          expect(d.themeFilesUpsert).toEqual({
            job: { id: expect.stringMatching(/^gid:\/\/shopify\/Job\//), done: false },
            upsertedThemeFiles: [{ filename: 'templates/product.pagewright.json' }],
            userErrors: [],
          }),
      ],
      JOB_QUERY: [{ id: 'gid://shopify/Job/00000000-0000-0000-0000-000000000000' }, (d) => expect(d.job.done).toBe(true)],
      PRODUCT_STATE_QUERY: [{ id: first.id }, (d) => expect(d.product).toMatchObject({ id: first.id, status: 'ACTIVE' })],
      METAFIELDS_DELETE_MUTATION: [
        { metafields: [{ ownerId: first.id, namespace: '$app:pagewright', key: 'page' }] },
        (d) =>
          expect(d.metafieldsDelete).toEqual({
            deletedMetafields: [{ ownerId: first.id, namespace: '$app:pagewright', key: 'page' }],
            userErrors: [],
          }),
      ],
      STAGED_UPLOADS_MUTATION: [
        { input: [{ filename: 'lamp.png', mimeType: 'image/png', resource: 'IMAGE', httpMethod: 'POST' }] },
        (d) => expect(d.stagedUploadsCreate.stagedTargets[0].url).toBe(`${PUBLIC_URL}/demo-shop/${shop}/staged-uploads`),
      ],
      FILE_CREATE_MUTATION: [
        { files: [{ originalSource: 'http://pagewright.test/themes/ok.zip', alt: 'x', contentType: 'IMAGE' }] },
        (d) => expect(d.fileCreate).toMatchObject({ userErrors: [], files: [{ fileStatus: 'UPLOADED', image: null }] }),
      ],
      FILES_STATUS_QUERY: [{ ids: ['gid://shopify/MediaImage/1'] }, (d) => expect(d.nodes).toEqual([null])],
      THEME_CREATE_MUTATION: [
        { source: 'http://pagewright.test/themes/ok.zip', name: 'Uploaded' },
        (d) => expect(d.themeCreate).toMatchObject({ userErrors: [], theme: { name: 'Uploaded', role: 'UNPUBLISHED' } }),
      ],
      WEBHOOK_CREATE_MUTATION: [
        { topic: 'PRODUCTS_UPDATE', uri: `${APP.appUrl}/v2/shopify/webhooks` },
        (d) => expect(d.webhookSubscriptionCreate.webhookSubscription.id).toMatch(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/),
      ],
      WEB_PIXEL_CREATE_MUTATION: [
        { webPixel: { settings: JSON.stringify({ pagewrightUrl: APP.appUrl }) } },
        (d) =>
          expect(d.webPixelCreate).toMatchObject({
            userErrors: [],
            webPixel: { id: expect.stringMatching(/^gid:\/\/shopify\/WebPixel\/\d+$/) },
          }),
      ],
      WEB_PIXEL_QUERY: [
        {},
        (d) => {
          expect(d.webPixel).toEqual({
            id: expect.stringMatching(/^gid:\/\/shopify\/WebPixel\/\d+$/),
            settings: JSON.stringify({ pagewrightUrl: APP.appUrl }),
          })
          pixelUpdate.id = d.webPixel.id
        },
      ],
      WEB_PIXEL_UPDATE_MUTATION: [
        pixelUpdate,
        (d) => expect(d.webPixelUpdate).toEqual({ webPixel: { id: pixelUpdate.id }, userErrors: [] }),
      ],
    }
    for (const [name, document] of Object.entries(DOCS.ALL_DOCUMENTS)) {
      const [variables, check] = checks[name as keyof typeof checks]
      // The bulk query is not sent on its own: it is the argument of the bulk mutation (checked above).
      if (name === 'BULK_PRODUCTS_QUERY') {
        check(null)
        continue
      }
      const { status, body } = await gql(document, variables)
      expect(status, name).toBe(200)
      expect(body.errors, name).toBeUndefined()
      check(body.data)
      expect(body.extensions.cost.requestedQueryCost, name).toBeGreaterThan(0)
    }
  })

  it('refuses a field Shopify’s schema does not have, as Shopify would', async () => {
    const { status, body } = await gql('{ shop { id favouriteColour } }')
    expect(status).toBe(200)
    expect(body.data).toBeUndefined()
    expect(body.errors[0]).toMatchObject({
      message: "Field 'favouriteColour' doesn't exist on type 'Shop'",
      extensions: { code: 'undefinedField' },
    })
  })

  it('refuses unknown tokens', async () => {
    const { status, body } = await gql(DOCS.SHOP_QUERY, {}, 'shpat_nope')
    expect(status).toBe(401)
    expect(body).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' })
  })

  it('pages through products by cursor in id order', async () => {
    const seen: string[] = []
    let after: string | null = null
    for (let i = 0; i < 10; i++) {
      const { body } = await gql(
        'query($after: String) { products(first: 3, after: $after, sortKey: ID) { pageInfo { hasNextPage endCursor } nodes { id } } }',
        { after },
      )
      seen.push(...body.data.products.nodes.map((n: any) => n.id))
      if (!body.data.products.pageInfo.hasNextPage) break
      after = body.data.products.pageInfo.endCursor
    }
    const count = (await gql(DOCS.PRODUCTS_COUNT_QUERY)).body.data.productsCount.count
    expect(seen).toHaveLength(count)
    const numbers = seen.map((id) => Number(id.split('/').pop()))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
  })

  it('writes bulk results as Shopify’s JSONL (children on their own lines with __parentId)', async () => {
    const run = (await gql(DOCS.BULK_RUN_MUTATION, { query: DOCS.BULK_PRODUCTS_QUERY })).body.data.bulkOperationRunQuery.bulkOperation
    const op = (await gql(DOCS.BULK_STATUS_QUERY, { id: run.id })).body.data.bulkOperation
    const res = await demo.fetch(new Request(op.url))
    expect(res.status).toBe(200)
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const products = lines.filter((l) => !l.__parentId)
    expect(products.length).toBe((await gql(DOCS.PRODUCTS_COUNT_QUERY)).body.data.productsCount.count)
    expect(products[0]).not.toHaveProperty('variants')
    const shoe = products.find((p) => p.handle === 'trailblazer-running-shoes')
    expect(lines.filter((l) => l.__parentId === shoe.id && l.id?.includes('ProductVariant'))).toHaveLength(10)
    expect(lines.filter((l) => l.__parentId === shoe.id && l.image)).toHaveLength(2)
    expect(Number(op.objectCount)).toBe(lines.length)
    expect((await demo.fetch(new Request(op.url.replace(/key=\w+/, 'key=wrong')))).status).toBe(404)
  })

  it('throttles with a leaky bucket and refuses queries over the single-query limit', async () => {
    const big = await gql(DOCS.PRODUCTS_PAGE_QUERY, { first: 50 })
    expect(big.body.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED')
    await demo.setThrottle(shop, { maximumAvailable: 12, restoreRate: 1 })
    const costs = []
    for (let i = 0; i < 3; i++) costs.push((await gql(DOCS.SHOP_QUERY)).body)
    expect(costs[0].extensions.cost).toMatchObject({
      requestedQueryCost: 5,
      actualQueryCost: 5,
      throttleStatus: { maximumAvailable: 12, currentlyAvailable: 7 },
    })
    expect(costs[2]).toMatchObject({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
      extensions: { cost: { requestedQueryCost: 5, actualQueryCost: null, throttleStatus: { currentlyAvailable: 2, restoreRate: 1 } } },
    })
    now += 4000
    expect((await gql(DOCS.SHOP_QUERY)).body.data.shop.myshopifyDomain).toBe(shop)
    await demo.setThrottle(shop, { maximumAvailable: 2000, restoreRate: 100 })
  })

  it('takes one web pixel per app, with settings matching the pixel extension’s definition', async () => {
    const toml = readFileSync(new URL('../../extensions/pagewright-pixel/shopify.extension.toml', import.meta.url), 'utf8')
    expect(toml).toMatch(/^type = "web_pixel_extension"$/m)
    expect(toml).toMatch(/^runtime_context = "strict"$/m)
    const other = await demo.createShop(OWNER)
    const t = (await installApp(demo, other, { app: APP })).accessToken
    const create = async (settings: unknown) => (await gql(DOCS.WEB_PIXEL_CREATE_MUTATION, { webPixel: { settings } }, t, other)).body
    expect((await create('not json')).data.webPixelCreate.userErrors).toEqual([
      { code: 'INVALID_CONFIGURATION_JSON', field: ['webPixel', 'settings'], message: 'The provided settings is not a valid JSON.' },
    ])
    for (const wrong of [{}, { pagewrightUrl: 'x' }, { pagewrightUrl: APP.appUrl, accountID: '1' }])
      expect((await create(JSON.stringify(wrong))).data.webPixelCreate.userErrors[0].code).toBe('INVALID_SETTINGS')
    expect((await create({ pagewrightUrl: APP.appUrl })).data.webPixelCreate.userErrors).toEqual([])
    expect((await create({ pagewrightUrl: APP.appUrl })).data.webPixelCreate).toEqual({
      webPixel: null,
      userErrors: [{ code: 'TAKEN', field: ['webPixel'], message: 'Web pixel is taken.' }],
    })
    const third = await demo.createShop(OWNER)
    const noPixels = (await installApp(demo, third, { app: APP, scopes: ['write_products'] })).accessToken
    const denied = await gql(DOCS.WEB_PIXEL_CREATE_MUTATION, { webPixel: { settings: '{}' } }, noPixels, third)
    expect(denied.body.errors[0]).toMatchObject({ extensions: { code: 'ACCESS_DENIED' } })
    for (const [doc, field] of [
      [DOCS.WEB_PIXEL_QUERY, 'webPixel'],
      [DOCS.WEB_PIXEL_UPDATE_MUTATION, 'webPixelUpdate'],
    ] as const) {
      const refused = await gql(doc, { id: 'gid://shopify/WebPixel/1', webPixel: { settings: '{}' } }, noPixels, third)
      expect(refused.body.errors[0].message).toBe(
        `Access denied for ${field} field. Required access: \`${field === 'webPixel' ? 'read' : 'write'}_pixels\` access scope.`,
      )
    }
  })

  it('reads the app’s web pixel and updates its settings, refusing what Shopify refuses', async () => {
    const other = await demo.createShop(OWNER)
    const t = (await installApp(demo, other, { app: APP })).accessToken
    // None yet: a top-level error, no data.
    const none = await gql(DOCS.WEB_PIXEL_QUERY, {}, t, other)
    expect(none.body).toMatchObject({ data: { webPixel: null }, errors: [{ message: 'No web pixel was found for this app.' }] })
    const update = async (id: string, settings: unknown) =>
      (await gql(DOCS.WEB_PIXEL_UPDATE_MUTATION, { id, webPixel: { settings } }, t, other)).body
    expect((await update('gid://shopify/WebPixel/1', { pagewrightUrl: APP.appUrl })).data.webPixelUpdate).toEqual({
      webPixel: null,
      userErrors: [{ code: 'NOT_FOUND', field: ['id'], message: 'Web pixel not found.' }],
    })
    const made = (await gql(DOCS.WEB_PIXEL_CREATE_MUTATION, { webPixel: { settings: { pagewrightUrl: 'http://old.example' } } }, t, other))
      .body.data.webPixelCreate.webPixel.id as string
    expect((await gql(DOCS.WEB_PIXEL_QUERY, {}, t, other)).body.data.webPixel).toEqual({
      id: made,
      settings: JSON.stringify({ pagewrightUrl: 'http://old.example' }),
    })
    // Asked by id: only its own pixel.
    expect((await gql('query($id: ID) { webPixel(id: $id) { id } }', { id: made }, t, other)).body.data.webPixel.id).toBe(made)
    const wrongId = await gql('query($id: ID) { webPixel(id: $id) { id } }', { id: 'gid://shopify/WebPixel/1' }, t, other)
    expect(wrongId.body.errors[0].message).toBe('No web pixel was found for this app.')
    // The same settings checks as create; another id is not found; a malformed id is Shopify's coercion error.
    expect((await update(made, 'not json')).data.webPixelUpdate.userErrors[0].code).toBe('INVALID_CONFIGURATION_JSON')
    expect((await update(made, { pagewrightUrl: 'x' })).data.webPixelUpdate.userErrors).toEqual([
      {
        code: 'INVALID_SETTINGS',
        field: ['webPixel', 'settings'],
        message: 'The provided settings does not match the expected settings definition on the app.',
      },
    ])
    expect((await update('gid://shopify/WebPixel/1', { pagewrightUrl: APP.appUrl })).data.webPixelUpdate.userErrors[0].code).toBe(
      'NOT_FOUND',
    )
    expect((await update('gid://shopify/Product/1', { pagewrightUrl: APP.appUrl })).errors[0].extensions.code).toBe(
      'argumentLiteralsIncompatible',
    )
    expect((await update(made, JSON.stringify({ pagewrightUrl: APP.appUrl }))).data.webPixelUpdate).toEqual({
      webPixel: { id: made },
      userErrors: [],
    })
    expect((await gql(DOCS.WEB_PIXEL_QUERY, {}, t, other)).body.data.webPixel.settings).toBe(JSON.stringify({ pagewrightUrl: APP.appUrl }))
    // An app whose pixel extension is not deployed: both writes answer NO_EXTENSION.
    await demo.configure(other, { pixelExtension: 'missing' })
    const noExtension = [{ code: 'NO_EXTENSION', field: ['webPixel'], message: 'No extension found.' }]
    expect((await update(made, { pagewrightUrl: APP.appUrl })).data.webPixelUpdate.userErrors).toEqual(noExtension)
    const create = await gql(DOCS.WEB_PIXEL_CREATE_MUTATION, { webPixel: { settings: { pagewrightUrl: APP.appUrl } } }, t, other)
    expect(create.body.data.webPixelCreate).toEqual({ webPixel: null, userErrors: noExtension })
  })

  it('enforces the granted scopes', async () => {
    const other = await demo.createShop(OWNER)
    const noThemes = await installApp(demo, other, { app: APP, withoutThemes: true })
    expect(noThemes.scope).toBe('write_products,write_files,write_pixels,read_customer_events')
    const themes = await gql(DOCS.THEMES_QUERY, {}, noThemes.accessToken, other)
    expect(themes.body.errors[0]).toMatchObject({ extensions: { code: 'ACCESS_DENIED' } })
    const upsert = await gql(
      DOCS.THEME_FILES_UPSERT_MUTATION,
      { themeId: 'gid://shopify/OnlineStoreTheme/1', files: [] },
      noThemes.accessToken,
      other,
    )
    expect(upsert.body.errors[0].message).toBe('Access denied for themeFilesUpsert field. Required access: `write_themes` access scope.')
    expect(upsert.body.data.themeFilesUpsert).toBeNull()
    const readOnly = await installApp(demo, other, { app: APP, scopes: ['read_products'] })
    const set = await gql(DOCS.PRODUCT_SET_MUTATION, { input: { title: 'X' } }, readOnly.accessToken, other)
    expect(set.body.errors[0].extensions.code).toBe('ACCESS_DENIED')
    expect((await gql(DOCS.PRODUCTS_COUNT_QUERY, {}, readOnly.accessToken, other)).body.data.productsCount.count).toBe(DEMO_PRODUCTS.length)
  })

  it('resolves app-reserved metafield namespaces and checks values', async () => {
    const id = (await gql(DOCS.PRODUCTS_PAGE_QUERY, { first: 1 })).body.data.products.nodes[0].id
    const appId = (await gql(DOCS.SHOP_QUERY)).body.data.currentAppInstallation.app.id.split('/').pop()
    const set = (metafields: unknown[]) => gql(DOCS.METAFIELDS_SET_MUTATION, { metafields })
    const ok = await set([
      { ownerId: id, namespace: '$app:pagewright', key: 'page', type: 'json', value: '{"v":1}' },
      { ownerId: id, key: 'note', type: 'single_line_text_field', value: 'hi' },
      { ownerId: id, namespace: 'custom', key: 'note', type: 'single_line_text_field', value: 'hi' },
    ])
    expect(ok.body.data.metafieldsSet.metafields.map((m: any) => m.namespace)).toEqual([
      `app--${appId}--pagewright`,
      `app--${appId}`,
      'custom',
    ])
    const read = await gql(
      'query($id: ID!) { product(id: $id) { metafield(namespace: "$app:pagewright", key: "page") { namespace value type } } }',
      { id },
    )
    expect(read.body.data.product.metafield).toEqual({ namespace: `app--${appId}--pagewright`, value: '{"v":1}', type: 'json' })
    const bad = await set([{ ownerId: id, namespace: '$app:pagewright', key: 'page', type: 'json', value: '{nope' }])
    expect(bad.body.data.metafieldsSet).toMatchObject({
      metafields: null,
      userErrors: [{ field: ['metafields', '0', 'value'], code: 'INVALID_VALUE' }],
    })
    const huge = await set([
      { ownerId: id, namespace: '$app:pagewright', key: 'page', type: 'json', value: JSON.stringify('x'.repeat(2 * 1024 * 1024)) },
    ])
    expect(huge.body.data.metafieldsSet.userErrors[0].code).toBe('LESS_THAN_OR_EQUAL_TO')
    const shopOwner = (await gql(DOCS.SHOP_QUERY)).body.data.shop.id
    const onShop = await set([{ ownerId: shopOwner, namespace: '$app:pagewright', key: 'settings', type: 'json', value: '{}' }])
    expect(onShop.body.data.metafieldsSet.userErrors).toEqual([])
  })

  it('creates an unpublished theme from a zip and refuses a broken one', async () => {
    const created = (await gql(DOCS.THEME_CREATE_MUTATION, { source: 'http://pagewright.test/themes/ok.zip', name: 'Dawn' })).body.data
      .themeCreate
    expect(created.theme).toMatchObject({ name: 'Dawn', role: 'UNPUBLISHED' })
    const files = (await gql(DOCS.THEME_FILES_QUERY, { id: created.theme.id, filenames: ['*'] })).body.data.theme.files.nodes
    expect(files.map((f: any) => f.filename)).toEqual(['assets/logo.png', 'layout/theme.liquid', 'templates/index.json'])
    for (const [source, code] of [
      ['http://pagewright.test/themes/no-layout.zip', 'INVALID_ZIP'],
      ['http://pagewright.test/themes/not-a-zip.zip', 'INVALID_ZIP'],
      ['http://pagewright.test/themes/missing.zip', 'INVALID_ZIP'],
    ]) {
      const create =
        'mutation($source: URL!) { themeCreate(source: $source, name: "Bad") { theme { id } userErrors { field message code } } }'
      const res = (await gql(create, { source })).body.data.themeCreate
      expect(res.theme, source).toBeNull()
      expect(res.userErrors[0].code, source).toBe(code)
    }
  })

  it('sends products/update after Pagewright changes a product', async () => {
    const id = (await gql(DOCS.PRODUCTS_PAGE_QUERY, { first: 1 })).body.data.products.nodes[0].id
    delivered.length = 0
    await gql(DOCS.PRODUCT_UPDATE_MUTATION, { product: { id, title: 'Renamed by Pagewright' } })
    await vi.waitFor(() => expect(delivered.length).toBeGreaterThan(0))
    const hook = delivered[0]
    expect(hook.headers.get('x-shopify-topic')).toBe('products/update')
    expect(await hook.json()).toMatchObject({ admin_graphql_api_id: id, title: 'Renamed by Pagewright' })
  })
})
