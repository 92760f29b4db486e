import { html } from 'hono/html'
import { isMyshopifyDomain } from '../domain/shopify'
import { adminAction, adminPage, appLoadUrl } from './admin'
import { bulkResult } from './bulk'
import type { DemoShopDeps, ShopContext } from './context'
import { setLimits } from './cost'
import { cdnFile, receiveUpload } from './files'
import { handleGraphql } from './graphql'
import { page } from './html'
import { accessToken, approve, authorize } from './oauth'
import { demoShopOrigin } from './origin'
import { seedShop } from './seed'
import { objectId, settingsOf, ShopStore, type DemoShopSettings } from './state'
import { cartAdd, homePage, productPage, themeAsset } from './storefront'
import { saveThemeEditor, themeEditorPage } from './theme-editor'

export type { DemoShopDeps } from './context'
export type { DemoShopSettings } from './state'
export { loadAdminSchema } from './schema'

export interface DemoShop {
  /** Serves every `/demo-shop/*` request (storefront, admin, OAuth, Admin GraphQL, bulk results, theme assets). */
  fetch(request: Request): Promise<Response>
  /** A new shop of this Pagewright user, seeded with the demo catalogue and two themes; returns its domain. */
  createShop(ownerId: number): Promise<string>
  isDemoShop(shopDomain: string): Promise<boolean>
  /** `${publicUrl}/demo-shop/${shop}`: what `https://{shop}` means for a demo shop. */
  origin(shopDomain: string): string
  /** Tests: the GraphQL cost bucket of a shop (defaults 2000 available, restore 100/s). */
  setThrottle(shopDomain: string, limits: { maximumAvailable: number; restoreRate: number }): Promise<void>
  /** How the shop answers what differs between real shops (theme-write exemption, write jobs, file processing); the admin page sets the same. */
  configure(shopDomain: string, settings: Partial<DemoShopSettings>): Promise<DemoShopSettings>
}

/** The same page for an unknown shop and for a shop's admin opened by anyone but its owner. */
const notFound = () =>
  page(
    'Not found',
    html`<h1>Not found</h1>
      <p>There is no such page in this demo shop.</p>`,
    404,
  )

type Route = (request: Request, ctx: ShopContext, params: string[]) => Promise<Response>

/**
 * Who may open a path. Shopify's storefront is public, and its token endpoint, Admin GraphQL and bulk
 * files carry their own credential (client secret, access token, key); its admin, the app link and the
 * install consent need the merchant signed in: here, the shop's owner in Pagewright.
 */
type Access = 'anyone' | 'owner'

/** Paths under `/demo-shop/{shop}`, by method. */
const ROUTES: [method: 'GET' | 'POST', path: RegExp, access: Access, route: Route][] = [
  ['GET', /^\/?$/, 'anyone', (_r, ctx) => homePage(ctx)],
  ['GET', /^\/products\/([^/]+)$/, 'anyone', (_r, ctx, [handle]) => productPage(ctx, handle)],
  ['GET', /^\/themes\/(\d+)\/assets\/([^/]+)$/, 'anyone', (_r, ctx, [id, file]) => themeAsset(ctx, id, file)],
  ['POST', /^\/cart\/add$/, 'anyone', (r, ctx) => cartAdd(r, ctx)],
  ['GET', /^\/admin\/oauth\/authorize$/, 'owner', (r, ctx) => authorize(r, ctx)],
  ['POST', /^\/admin\/oauth\/authorize$/, 'owner', (r, ctx) => approve(r, ctx)],
  ['POST', /^\/admin\/oauth\/access_token$/, 'anyone', (r, ctx) => accessToken(r, ctx)],
  // Any released version is answered with the 2026-10 schema (Shopify falls forward the same way).
  ['POST', /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/, 'anyone', (r, ctx) => handleGraphql(r, ctx)],
  [
    'GET',
    /^\/bulk\/(\d+)\.jsonl$/,
    'anyone',
    async (r, ctx, [id]) => {
      const body = await bulkResult(ctx, id, new URL(r.url).searchParams.get('key'))
      return body === null
        ? notFound()
        : new Response(body, { headers: { 'Content-Type': 'application/jsonl', 'Cache-Control': 'private, no-store' } })
    },
  ],
  ['GET', /^\/admin\/?$/, 'owner', (r, ctx) => adminPage(r, ctx)],
  [
    'GET',
    /^\/admin\/apps\/pagewright$/,
    'owner',
    async (_r, ctx) => new Response(null, { status: 302, headers: { Location: appLoadUrl(ctx), 'Cache-Control': 'no-store' } }),
  ],
  ['POST', /^\/staged-uploads$/, 'anyone', (r, ctx) => receiveUpload(r, ctx)],
  ['GET', /^\/cdn\/files\/(\d+)\/([^/]+)$/, 'anyone', (_r, ctx, [id, name]) => cdnFile(ctx, id, name)],
  ['GET', /^\/admin\/themes\/(current|\d+)\/editor$/, 'owner', (r, ctx, [theme]) => themeEditorPage(r, ctx, theme)],
  ['POST', /^\/admin\/themes\/(current|\d+)\/editor$/, 'owner', (r, ctx, [theme]) => saveThemeEditor(r, ctx, theme)],
  [
    'POST',
    /^\/admin\/(products|themes|apps|privacy|settings)(?:\/([^/]+))?(?:\/([^/]+))?$/,
    'owner',
    (r, ctx, action) => adminAction(r, ctx, action),
  ],
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
  const origin = (shop: string) => demoShopOrigin(publicUrl, shop)

  async function isOwner(request: Request, ctx: ShopContext): Promise<boolean> {
    const viewer = await deps.viewerOf(request)
    return viewer !== null && viewer === ctx.shop.ownerId
  }

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
      const matching = ROUTES.filter(([, path]) => path.test(rest))
      if (!matching.length) return notFound()
      // Anyone but the owner learns nothing of the admin, not even which methods it takes.
      if (matching.every(([, , access]) => access === 'owner') && !(await isOwner(request, ctx))) return notFound()
      const found = matching.find(([routeMethod]) => routeMethod === method)
      if (!found) return new Response('Method not allowed', { status: 405 })
      const [, path, , route] = found
      const res = await route(request, ctx, path.exec(rest)!.slice(1).map(decode))
      return request.method === 'HEAD' ? new Response(null, { status: res.status, headers: res.headers }) : res
    },
    createShop: (ownerId) => seedShop({ database: deps.database, publicUrl, apiKey: deps.app.apiKey, now: deps.clock(), ownerId }),
    isDemoShop: async (shop) => (await context(shop)) !== null,
    origin,
    async setThrottle(shop, limits) {
      const ctx = await context(shop)
      if (!ctx) throw new Error(`${shop} is not a demo shop`)
      await setLimits(ctx.store, limits, deps.clock().getTime())
    },
    async configure(shop, settings) {
      const ctx = await context(shop)
      if (!ctx) throw new Error(`${shop} is not a demo shop`)
      const next = { ...settingsOf(ctx.shop), ...settings }
      await ctx.store.put('shop', 'shop', { ...ctx.shop, settings: next })
      return next
    },
  }
}
