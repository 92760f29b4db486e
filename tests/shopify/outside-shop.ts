import { createDemoShop, type DemoShop } from '../../server/demo-shop'
import { createShopifyServices } from '../../server/modules/shopify'
import type { TestApi } from '../helpers/api'
import { createTestDatabase, type DbKind, type TestDatabase } from '../helpers/db'
import { cookieHeader } from './connect'

/** Where the outside shops answer: another host, as a merchant's real store is. */
const OUTSIDE_ORIGIN = 'http://outside-shops.test'
/** The merchant signed in to their own Shopify admin (the engine's owner check). */
const MERCHANT = 1

export interface OutsideShops {
  /** A new store, seeded like a demo shop but unknown to Pagewright's demo shops. */
  create(): Promise<string>
  /** Connects the store to the account through the real OAuth flow, the merchant approving it. */
  connect(token: string, shop: string): Promise<{ status: number; body: any }>
  close(): Promise<void>
}

/**
 * Shopify stores that are NOT Pagewright's demo shops, for tests of what only a real store may do
 * (a referral qualifies only with one). The demo shop engine runs on a database of its own, so
 * Pagewright's own demo-shop lookup does not know its shops; Pagewright reaches them the way tests
 * reach any outside shop, through SHOPIFY_SHOP_ORIGIN_OVERRIDE and its shop network's fetch.
 */
export async function createOutsideShops(t: TestApi, kind: DbKind): Promise<OutsideShops> {
  const db: TestDatabase = await createTestDatabase(kind)
  const toPagewright = (request: Request) => t.app.fetch(request, { inProcess: true })
  const engine: DemoShop = createDemoShop({
    database: db.database,
    clock: () => new Date(),
    publicUrl: OUTSIDE_ORIGIN,
    app: t.deps.env.shopifyApp,
    deliver: toPagewright,
    fetchUrl: (url) => toPagewright(new Request(url)),
    viewerOf: async () => MERCHANT,
  })
  const shopFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init)
    if (new URL(request.url).origin === OUTSIDE_ORIGIN) return engine.fetch(request)
    throw new Error(`no network in tests: ${request.url}`)
  }
  // Pagewright's shop network, now able to reach the outside host (the demo shops stay in-process).
  t.deps.shopify = createShopifyServices(t.deps.env, t.demoShop, { fetch: shopFetch, sleep: async () => {} })

  return {
    async create() {
      const shop = await engine.createShop(MERCHANT)
      t.deps.env.SHOPIFY_SHOP_ORIGIN_OVERRIDE[shop] = engine.origin(shop)
      return shop
    },
    async connect(token, shop) {
      const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, token)
      if (begun.status !== 200) return begun
      const approval = new URL(begun.body.url)
      const form = new URLSearchParams(approval.searchParams)
      form.set('themes', '1')
      const approved = await engine.fetch(
        new Request(`${approval.origin}${approval.pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        }),
      )
      const back = new URL(approved.headers.get('location') ?? '')
      return t.call(
        'POST',
        '/v2/shopify/oauth/callback',
        { query: back.search.slice(1), cookie: cookieHeader(begun.body.set_cookies) },
        token,
      )
    },
    close: () => db.drop(),
  }
}
