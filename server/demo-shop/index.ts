import { html } from 'hono/html'
import { isMyshopifyDomain } from '../domain/shopify'
import { adminAction, adminPage, appLoadUrl } from './admin'
import { bulkResult } from './bulk'
import type { DemoShopDeps, ShopContext } from './context'
import { setLimits } from './cost'
import { handleGraphql } from './graphql'
import { page } from './html'
import { accessToken, approve, authorize } from './oauth'
import { seedShop } from './seed'
import { objectId, ShopStore } from './state'
import { cartAdd, homePage, productPage, themeAsset } from './storefront'

export type { DemoShopDeps } from './context'
export { loadAdminSchema } from './schema'

export interface DemoShop {
  /** Serves every `/demo-shop/*` request (storefront, admin, OAuth, Admin GraphQL, bulk results, theme assets). */
  fetch(request: Request): Promise<Response>
  /** A new shop seeded with the demo catalogue and two themes; returns its domain. */
  createShop(): Promise<string>
  isDemoShop(shopDomain: string): Promise<boolean>
  /** `${publicUrl}/demo-shop/${shop}`: what `https://{shop}` means for a demo shop. */
  origin(shopDomain: string): string
  /** Tests: the GraphQL cost bucket of a shop (defaults 2000 available, restore 100/s). */
  setThrottle(shopDomain: string, limits: { maximumAvailable: number; restoreRate: number }): Promise<void>
}

const notFound = () =>
  page(
    'Not found',
    html`<h1>Not found</h1>
      <p>There is no such page in this demo shop.</p>`,
    404,
  )

type Route = (request: Request, ctx: ShopContext, params: string[]) => Promise<Response>

/** Paths under `/demo-shop/{shop}`, by method. */
const ROUTES: [method: 'GET' | 'POST', path: RegExp, route: Route][] = [
  ['GET', /^\/?$/, (_r, ctx) => homePage(ctx)],
  ['GET', /^\/products\/([^/]+)$/, (_r, ctx, [handle]) => productPage(ctx, handle)],
  ['GET', /^\/themes\/(\d+)\/assets\/([^/]+)$/, (_r, ctx, [id, file]) => themeAsset(ctx, id, file)],
  ['POST', /^\/cart\/add$/, (r, ctx) => cartAdd(r, ctx)],
  ['GET', /^\/admin\/oauth\/authorize$/, (r, ctx) => authorize(r, ctx)],
  ['POST', /^\/admin\/oauth\/authorize$/, (r, ctx) => approve(r, ctx)],
  ['POST', /^\/admin\/oauth\/access_token$/, (r, ctx) => accessToken(r, ctx)],
  // Any released version is answered with the 2026-10 schema (Shopify falls forward the same way).
  ['POST', /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/, (r, ctx) => handleGraphql(r, ctx)],
  [
    'GET',
    /^\/bulk\/(\d+)\.jsonl$/,
    async (r, ctx, [id]) => {
      const body = await bulkResult(ctx, id, new URL(r.url).searchParams.get('key'))
      return body === null
        ? notFound()
        : new Response(body, { headers: { 'Content-Type': 'application/jsonl', 'Cache-Control': 'private, no-store' } })
    },
  ],
  ['GET', /^\/admin\/?$/, (r, ctx) => adminPage(r, ctx)],
  ['GET', /^\/admin\/apps\/pagewright$/, async (_r, ctx) => new Response(null, { status: 302, headers: { Location: appLoadUrl(ctx) } })],
  ['POST', /^\/admin\/(products|themes|apps|privacy)(?:\/([^/]+))?(?:\/([^/]+))?$/, (r, ctx, action) => adminAction(r, ctx, action)],
]

/** A path segment, decoded ('' when absent or malformed). */
function decode(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '')
  } catch {
    return ''
  }
}

export function createDemoShop(deps: DemoShopDeps): DemoShop {
  const publicUrl = deps.publicUrl.replace(/\/$/, '')
  const origin = (shop: string) => `${publicUrl}/demo-shop/${shop}`

  async function context(shopDomain: string): Promise<ShopContext | null> {
    const shop = shopDomain.toLowerCase()
    if (!isMyshopifyDomain(shop)) return null
    const store = new ShopStore(deps.database, shop)
    const data = await store.get('shop', 'shop')
    if (!data) return null
    return {
      deps,
      shop: data,
      store,
      origin: origin(shop),
      now: deps.clock,
      newId: async () => objectId(data.number, await store.nextNumber()),
    }
  }

  return {
    async fetch(request) {
      const url = new URL(request.url)
      const m = /^\/demo-shop\/([^/]+)(\/.*)?$/.exec(url.pathname)
      const method = request.method === 'HEAD' ? 'GET' : request.method
      const ctx = m ? await context(decode(m[1])) : null
      if (!m || !ctx) return notFound()
      const rest = m[2] ?? '/'
      for (const [routeMethod, path, route] of ROUTES) {
        const match = path.exec(rest)
        if (!match || routeMethod !== method) continue
        const res = await route(request, ctx, match.slice(1).map(decode))
        return request.method === 'HEAD' ? new Response(null, { status: res.status, headers: res.headers }) : res
      }
      return ROUTES.some(([, path]) => path.test(rest)) ? new Response('Method not allowed', { status: 405 }) : notFound()
    },
    createShop: () => seedShop({ database: deps.database, publicUrl, apiKey: deps.app.apiKey, now: deps.clock() }),
    isDemoShop: async (shop) => (await context(shop)) !== null,
    origin,
    async setThrottle(shop, limits) {
      const ctx = await context(shop)
      if (!ctx) throw new Error(`${shop} is not a demo shop`)
      await setLimits(ctx.store, limits, deps.clock().getTime())
    },
  }
}
