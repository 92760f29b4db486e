import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi'
import type { ApiEnv } from '../context'
import { requireAuth } from './auth-middleware'
import { validationHook } from './validate'

/** A router of contract routes: input is validated by the route's schemas (400 `{ error }`). */
export const contractRouter = () => new OpenAPIHono<ApiEnv>({ strict: false, defaultHook: validationHook })

/**
 * Serves one contract route. Routes the contract marks as signed-in (`security`) run the bearer /
 * API-key check first. Hono matches paths without their trailing slash (`/v2/tasks/`, as
 * reference §3 spells it, answers with or without it).
 */
export function implement<R extends RouteConfig>(app: OpenAPIHono<ApiEnv>, route: R, handler: RouteHandler<R, ApiEnv>) {
  const path = route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path
  const served = { ...route, path, middleware: route.security?.length ? [requireAuth] : undefined } as R
  app.openapi(served, handler)
  return app
}
