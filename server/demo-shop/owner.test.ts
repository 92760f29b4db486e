import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { SHOP_QUERY } from '../integrations/shopify/documents'
import { adminGraphql, installApp } from './driver'
import { buildAdminSchema } from './schema'
import type * as Schema from './schema'
import { ShopStore } from './state'
import { createDemoShop, type DemoShop } from './index'

// Counts the builds of Shopify's schema (11 MB of introspection JSON, about half a second).
vi.mock('./schema', async (importOriginal) => {
  const actual = await importOriginal<typeof Schema>()
  return { ...actual, buildAdminSchema: vi.fn(actual.buildAdminSchema) }
})

const APP = { apiKey: 'demo-owner-key', apiSecret: 'demo-owner-secret', appUrl: 'http://pagewright.test' }
const OWNER = 7
const STRANGER = 8

/** A demo shop with a stand-in for the web session: a `viewer=<id>` cookie. */
const demoShopOn = (database: TestDatabase['database']) =>
  createDemoShop({
    database,
    clock: () => new Date(),
    publicUrl: 'http://pagewright.test',
    app: APP,
    deliver: async () => new Response('ok'),
    fetchUrl: async () => new Response('', { status: 404 }),
    viewerOf: async (request) => Number(/viewer=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1]) || null,
  })

// Once per process: the built schema is kept for every later request.
describe('the demo shop at start', () => {
  it('reads Shopify’s schema on the first Admin GraphQL request, not when made or browsed', async () => {
    const db = await createTestDatabase('pglite')
    try {
      const demo = demoShopOn(db.database)
      const shop = await demo.createShop(OWNER)
      const page = (path: string) => demo.fetch(new Request(`${demo.origin(shop)}${path}`, { headers: { cookie: `viewer=${OWNER}` } }))
      expect((await page('/')).status).toBe(200)
      expect((await page('/admin')).status).toBe(200)
      const { accessToken } = await installApp(demo, shop, { app: APP, cookie: `viewer=${OWNER}` })
      expect(buildAdminSchema).not.toHaveBeenCalled()
      expect((await adminGraphql<any>(demo, shop, accessToken, SHOP_QUERY)).body.data.shop.myshopifyDomain).toBe(shop)
      await adminGraphql(demo, shop, accessToken, SHOP_QUERY)
      expect(buildAdminSchema).toHaveBeenCalledTimes(1)
    } finally {
      await db.drop()
    }
  })
})

/**
 * Who the demo shop answers, with the stand-in session; the real cookie and accounts are in
 * tests/shopify/demo-shop-owner.test.ts.
 */
describe.each(DB_KINDS)('demo shop owner (%s)', (kind) => {
  let db: TestDatabase
  let demo: DemoShop
  let shop: string
  const as = (viewer: number | null, path: string, init: RequestInit = {}) =>
    demo.fetch(
      new Request(`${demo.origin(shop)}${path}`, {
        ...init,
        headers: { ...init.headers, ...(viewer ? { cookie: `viewer=${viewer}` } : {}) },
      }),
    )

  beforeAll(async () => {
    db = await createTestDatabase(kind)
    demo = demoShopOn(db.database)
    shop = await demo.createShop(OWNER)
  })
  afterAll(() => db.drop())

  it('shows the owner a wrong method as such, and anyone else the same 404 as an unknown shop', async () => {
    const unknown = await (await demo.fetch(new Request(`${demo.origin('pagewright-demo-00000000.myshopify.com')}/admin`))).text()
    expect((await as(OWNER, '/admin', { method: 'POST' })).status).toBe(405)
    for (const viewer of [null, STRANGER]) {
      const res = await as(viewer, '/admin', { method: 'POST' })
      expect(res.status).toBe(404)
      expect(await res.text()).toBe(unknown)
    }
    // Public paths say so to anyone.
    expect((await as(null, '/cart/add')).status).toBe(405)
  })

  it('a shop made before shops had owners opens its admin to nobody', async () => {
    const store = new ShopStore(db.database, shop)
    const { ownerId: _, ...legacy } = (await store.get('shop', 'shop'))!
    await store.put('shop', 'shop', legacy)
    expect((await as(OWNER, '/admin')).status).toBe(404)
    expect((await as(null, '/')).status).toBe(200)
  })
})
