import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import type { ApiBindings, ApiDeps, ApiEnv } from '../context'
import { contract } from '../contract'
import { INPUT_LIMITS, TOO_LARGE } from '../domain/text-input'
import { log } from '../log'
import { adminRoutes } from '../modules/admin/routes'
import { authRoutes } from '../modules/auth/routes'
import { billingRoutes } from '../modules/billing/routes'
import { changeRoutes } from '../modules/changes/routes'
import { docsRoutes } from '../modules/docs/routes'
import { experimentRoutes } from '../modules/experiments/routes'
import { taskFavoritesRoutes } from '../modules/favorites/routes'
import { onboardingRoutes } from '../modules/onboarding/routes'
import { postRoutes } from '../modules/posts/routes'
import { referralRoutes } from '../modules/referrals/routes'
import { shopifyRoutes } from '../modules/shopify/routes'
import { taskRoutes } from '../modules/tasks/routes'
import { templateRoutes } from '../modules/templates/routes'
import { cleanJsonRequest, cleanQuery, isRefusal, readLimited, type BodyRefusal } from './body'
import { clientIp } from './client-ip'
import { databaseUnavailable, isDatabaseUnavailable } from './database-unavailable'
import { HttpError } from './http-error'

/**
 * The api: JSON in and out; every non-2xx body is `{ "error": "…" }` (plus details such as
 * `retry_after` or `fields`). Serves the routes of server/contract under /v2 and /v3.
 */
export function createApi(deps: ApiDeps) {
  const app = new OpenAPIHono<ApiEnv>({ strict: false })

  app.use(requestId())
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('clientIp', clientIp(c.req.raw, c.env?.incoming, !!c.env?.inProcess || deps.env.TRUST_PROXY))
    await next()
    // no-store unless a route says otherwise (public documents may be kept a few minutes).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })

  for (const routes of [
    authRoutes,
    billingRoutes,
    referralRoutes,
    shopifyRoutes,
    experimentRoutes,
    taskRoutes,
    taskFavoritesRoutes,
    adminRoutes,
    onboardingRoutes,
    postRoutes,
    templateRoutes,
    docsRoutes,
    changeRoutes,
  ])
    app.route('/', routes)

  app.notFound((c) => c.json({ error: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404))
  app.onError((err, c) => {
    if (isDatabaseUnavailable(err)) return databaseUnavailable(err, c)
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
      if (err.status >= 500) log.warn('api error', { status: err.status, path: c.req.path, message: err.message })
      return c.json({ error: err.message, ...err.extra }, err.status as 400)
    }
    if (err instanceof HTTPException && err.status < 500) return c.json({ error: err.message || 'The request was refused.' }, err.status)
    log.error('unhandled api error', { path: c.req.path, requestId: c.var.requestId, error: String(err?.stack ?? err) })
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
  })

  return {
    /** What the router serves (method and path), for the contract coverage test. */
    routes: () => app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path })),
    /** Bodies are checked and cleaned before routing (server/http/body.ts). */
    async fetch(request: Request, env?: ApiBindings): Promise<Response> {
      const checked = await checkBody(cleanQuery(request))
      return isRefusal(checked)
        ? Response.json({ error: checked.message }, { status: checked.status, headers: NO_STORE })
        : app.fetch(checked, env)
    },
  }
}

export type Api = ReturnType<typeof createApi>

const NO_STORE = { 'Cache-Control': 'no-store' }

/** Webhooks are verified on the exact bytes their sender signed: only the size limit applies. */
const SIGNED_BODY_PATHS = new Set<string>([contract.payments.webhook.path, contract.shopify.webhooks.path])

async function checkBody(request: Request): Promise<Request | BodyRefusal> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return request
  if (!SIGNED_BODY_PATHS.has(new URL(request.url).pathname)) return cleanJsonRequest(request)
  const bytes = await readLimited(request, INPUT_LIMITS.jsonBytes)
  if (bytes === 'too-large') return { status: 413, message: TOO_LARGE(INPUT_LIMITS.jsonBytes) }
  const headers = new Headers(request.headers)
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, body: bytes, signal: request.signal })
}
