import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import type { ApiDeps, ApiEnv } from './context'
import { HttpError } from './http-error'
import { log } from './log'
import { clientIp } from './client-ip'
import { authRoutes } from './modules/auth/routes'
import { billingRoutes } from './modules/billing/routes'
import { tasksV2, tasksV3 } from './modules/tasks/routes'
import { taskFavoritesRoutes } from './modules/favorites/routes'

/**
 * The api: JSON in and out; every non-2xx body is `{ "error": "…" }` (plus details such as
 * `retry_after` or `fields`). Mounted at /v2 and /v3.
 */
export function createApi(deps: ApiDeps) {
  const app = new Hono<ApiEnv>({ strict: false })

  app.use(requestId())
  app.use(async (c, next) => {
    c.set('deps', deps)
    c.set('clientIp', clientIp(c.req.raw, c.env?.incoming, !!c.env?.inProcess || deps.env.TRUST_PROXY))
    await next()
    c.header('Cache-Control', 'no-store')
  })

  app.route('/v2/auth', authRoutes)
  app.route('/v2/subscription', billingRoutes)
  app.route('/v2/tasks', tasksV2)
  app.route('/v3/tasks', tasksV3)
  app.route('/v2/task_favorites', taskFavoritesRoutes)

  app.notFound((c) => c.json({ error: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404))
  app.onError((err, c) => {
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
      if (err.status >= 500) log.warn('api error', { status: err.status, path: c.req.path, message: err.message })
      return c.json({ error: err.message, ...err.extra }, err.status as 400)
    }
    log.error('unhandled api error', { path: c.req.path, requestId: c.var.requestId, error: String(err?.stack ?? err) })
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500)
  })
  return app
}

export type Api = ReturnType<typeof createApi>
