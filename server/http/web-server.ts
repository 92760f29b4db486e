import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { ApiBindings, AuthMemo } from '../context'
import { contract } from '../contract'
import { ANONYMOUS_CACHE_HEADER, INTERNAL_CACHE_HEADERS, SIGNED_IN_CACHE_HEADER } from '../domain/page-cache'
import { parsePlaceholder, placeholderSvg } from '../domain/placeholder'
import { trailingSlashRedirect } from '../domain/routing'
import { shopperPageId } from '../domain/share'
import { firstComeFirstServed } from './admission'
import { isAnonymousRead, type AnonymousPages } from './anonymous-front'
import type { Api } from './api'
import { cleanFormRequest, cleanQuery, isRefusal } from './body'
import { clientIp } from './client-ip'
import { mediaResponse, proxiedMediaResponse, type MediaReader } from './media'
import type { SignedInPages } from './signed-in-front'
import { isStaleChunkPath, STALE_CHUNK_MODULE } from './stale-chunk'
import { loadStaticFiles, staticResponse } from './static-files'

export interface HostOptions {
  /** The api to mount at /v2 and /v3 (and to call in-process from the web). */
  api?: Api
  /** The built-in demo shop under /demo-store. */
  demoStore?: Hono
  /** The offline "Shopify" under /demo-shop (server/demo-shop): storefront, admin, OAuth, Admin GraphQL. */
  demoShop?: { fetch(req: Request): Promise<Response> }
  /** Stored images under /media, read from the database (processes that have it)... */
  media?: MediaReader
  /** ...or asked of the api's front at this origin (the web deployed alone, API_URL). */
  mediaOrigin?: string
  /** The built Remix app; absent in api-only mode. */
  build?: ServerBuild
  buildDir?: string
  publicUrl: string
  trustProxy: boolean
  /** Page renders at once; the rest wait their turn (default 8). */
  maxConcurrentPages?: number
  /** Pages kept for visitors without cookies (server/http/anonymous-front.ts). */
  anonymousPages?: Pick<AnonymousPages, 'noticed'>
  /** Signed-in screens kept per viewer (server/http/signed-in-front.ts). */
  signedInPages?: Pick<SignedInPages, 'noticed'>
}

/**
 * The one HTTP front: security headers, the api under /v2 and /v3, static files, and the Remix web
 * with the routing rules and CSRF origin check that apply to every page.
 */
export function createHost(opts: HostOptions) {
  const app = new Hono<{ Bindings: ApiBindings }>()
  const allowedOrigin = new URL(opts.publicUrl).origin

  app.use(async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    c.header('X-Frame-Options', 'DENY')
    c.header('Cross-Origin-Opener-Policy', 'same-origin')
    if (opts.publicUrl.startsWith('https://')) c.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains')
  })

  app.get('/healthz', (c) => c.json({ ok: true }))

  const api = opts.api
  if (api) app.all('/v2/*', (c) => api.fetch(c.req.raw, c.env)).all('/v3/*', (c) => api.fetch(c.req.raw, c.env))

  const demoStore = opts.demoStore
  // The demo shop's pages and feeds; its images are static files under /demo-store/ too.
  if (demoStore) {
    for (const path of ['/demo-store', '/demo-store/products/*', '/demo-store/collections/*'])
      app.get(path, (c) => demoStore.fetch(c.req.raw))
  }

  // The demo shop answers its own forms (OAuth consent, admin buttons, cart) and checks their origin itself.
  const demoShop = opts.demoShop
  if (demoShop) app.on(['GET', 'POST'], '/demo-shop/*', (c) => demoShop.fetch(c.req.raw))
  else app.all('/demo-shop/*', (c) => c.text('Not found', 404)) // off on this server (DEMO_SHOP)

  // Images Pagewright stored (server/modules/media): `/media/<sha256>.<ext>`, nothing deeper.
  const { media, mediaOrigin } = opts
  if (media) app.get('/media/:name', (c) => mediaResponse(c.req.param('name'), c.req.raw, media))
  else if (mediaOrigin) app.get('/media/:name', (c) => proxiedMediaResponse(c.req.param('name'), c.req.raw, mediaOrigin))

  app.get('/placeholder/:size', (c) => {
    const p = parsePlaceholder(c.req.param('size'), new URL(c.req.url).searchParams)
    if (!p) return c.text('Use /placeholder/{width}x{height}.svg with sizes from 1 to 4000.', 400)
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(placeholderSvg(p), 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' })
  })

  const build = opts.build
  if (!build) return app

  const files = loadStaticFiles(path.join(opts.buildDir ?? 'build', 'client'))
  app.use(async (c, next) => {
    const read = c.req.method === 'GET' || c.req.method === 'HEAD'
    const file = read && files.get(c.req.path)
    if (file) return staticResponse(file, c.req.raw)
    // An older build's script (a page opened before a deploy): the module that reloads once (stale-chunk.ts).
    if (read && isStaleChunkPath(c.req.path))
      return new Response(c.req.method === 'HEAD' ? null : STALE_CHUNK_MODULE, {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    await next()
  })
  app.use(compress())

  // New-build detection: the browser compares this with the version it was served.
  app.get('/__version', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ version: build.assets.version })
  })

  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const target = trailingSlashRedirect(url.pathname, url.search)
      if (target) return c.redirect(target, 301)
    } else if (!sameOrigin(c.req.raw, allowedOrigin)) {
      return c.text('This form was sent from another site, so it was refused.', 403)
    }
    await next()
  })

  const handle = createRequestHandler(build, 'production')
  // Shopper pages are matched against their own few routes: Remix ranks every route of the app on
  // each request (three times over), a good part of a shared page's first render otherwise.
  const handleShopperPage = createRequestHandler(shopperBuild(build), 'production')
  const pages = firstComeFirstServed(opts.maxConcurrentPages ?? 8)
  app.all('*', async (c) => {
    // Forms are checked and cleaned once, here, before any route reads them (server/http/body.ts).
    const raw = cleanQuery(c.req.raw)
    const request = c.req.method === 'GET' || c.req.method === 'HEAD' ? raw : await cleanFormRequest(raw)
    if (isRefusal(request)) return c.text(request.message, request.status)
    const render = shopperPageId(c.req.path) ? handleShopperPage : handle
    const response = await pages.run(() =>
      render(request, {
        apiFetch: api ? inProcessApi(api) : undefined,
        cspNonce: c.env?.ownRender?.cspNonce ?? randomBytes(16).toString('base64'),
        clientIp: clientIp(c.req.raw, c.env?.incoming, opts.trustProxy),
      }),
    )
    if (c.env?.ownRender || !INTERNAL_CACHE_HEADERS.some((h) => response.headers.has(h))) return response
    // A page the same for every visitor without cookies, or for one viewer: kept for the next reads.
    if (response.headers.has(ANONYMOUS_CACHE_HEADER) && isAnonymousRead(c.req.raw)) opts.anonymousPages?.noticed(c.req.raw)
    if (response.headers.has(SIGNED_IN_CACHE_HEADER) && c.req.method === 'GET') opts.signedInPages?.noticed(c.req.raw)
    const headers = new Headers(response.headers)
    for (const h of INTERNAL_CACHE_HEADERS) headers.delete(h)
    return new Response(response.body, { status: response.status, headers })
  })
  return app
}

/**
 * The build with only the routes of shopper pages (/share/{id}, /sharev2/{id}: those whose handle
 * says `shopperView`) and the layouts above them, on the server and in the route manifest the page
 * is rendered with. A shopper page's address matches the same routes in it as in the whole build.
 */
export function shopperBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const route of Object.values(build.routes)) {
    if (!(route.module.handle as { shopperView?: boolean } | undefined)?.shopperView) continue
    for (let r: typeof route | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) routes[r.id] = r
  }
  const manifest: ServerBuild['assets']['routes'] = {}
  for (const id of Object.keys(routes)) manifest[id] = build.assets.routes[id]
  // The browser's copy of the route manifest goes out with the app's script, which shopper pages do not have.
  return { ...build, routes, assets: { ...build.assets, routes: manifest } }
}

/** Api calls sent as POST that change nothing (the web fetches the current user with a POST, reference §9.2). */
const READ_POSTS = new Set<string>([contract.auth.me.path])

/**
 * The api as one web request calls it: in-process, the token's user looked up once for all its
 * calls, and looked up again after any call that may change it (anything but GET/HEAD).
 */
export function inProcessApi(api: Pick<Api, 'fetch'>) {
  const authMemo: AuthMemo = new Map()
  return async (req: Request): Promise<Response> => {
    if (req.method === 'GET' || req.method === 'HEAD' || READ_POSTS.has(new URL(req.url).pathname))
      return api.fetch(req, { inProcess: true, authMemo })
    authMemo.clear()
    try {
      return await api.fetch(req, { inProcess: true })
    } finally {
      authMemo.clear()
    }
  }
}

/** Mutating requests must come from our own pages (SameSite=Lax covers the rest). */
export function sameOrigin(req: Request, allowedOrigin: string): boolean {
  if (req.headers.get('sec-fetch-site') === 'cross-site') return false
  const origin = req.headers.get('origin')
  if (!origin) return true // same-origin navigations from old browsers and non-browser clients
  if (origin === allowedOrigin) return true
  const host = req.headers.get('host')
  try {
    return host !== null && new URL(origin).host === host
  } catch {
    return false
  }
}
