import type { RouteConfig, RouteHandler } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '../../context'
import { contract } from '../../contract'
import { isStaff } from '../../domain/entitlements'
import { requireAuth } from '../../http/auth-middleware'
import { notFound } from '../../http/http-error'
import { contractRouter } from '../../http/implement'
import { adjustCredits, changeRole, disqualifyReferral, resendCode, revokeSessions } from './service'
import { accountView, grantablePlans, searchUsers } from './view'

/** The support console's api: staff only. Anyone else gets the answer an unknown path gets. */
export const adminRoutes = contractRouter()

/** Runs after the bearer / API-key check and before the input is validated: a non-admin learns nothing. */
const staffOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!isStaff(c.var.user)) throw notFound('Not found.')
  await next()
})

/** Like implement(), with the staff check between sign-in and validation. */
function serve<R extends RouteConfig>(route: R, handler: RouteHandler<R, ApiEnv>) {
  adminRoutes.openapi({ ...route, middleware: [requireAuth, staffOnly] } as R, handler)
}

const { admin } = contract

serve(admin.search, async (c) => c.json(await searchUsers(c.var.deps, c.req.valid('query').q), 200))
serve(admin.plans, async (c) => c.json(await grantablePlans(c.var.deps), 200))
serve(admin.account, async (c) => c.json(await accountView(c.var.deps, c.req.valid('param').uuid), 200))
serve(admin.setRole, async (c) => c.json(await changeRole(c.var.deps, c.var.user, c.req.valid('param').uuid, c.req.valid('json')), 200))
serve(admin.adjustCredits, async (c) =>
  c.json(await adjustCredits(c.var.deps, c.var.user, c.req.valid('param').uuid, c.req.valid('json')), 200),
)
serve(admin.resendCode, async (c) => c.json(await resendCode(c.var.deps, c.var.user, c.req.valid('param').uuid, c.var.clientIp), 200))
serve(admin.revokeSessions, async (c) =>
  c.json(await revokeSessions(c.var.deps, c.var.user, c.req.valid('param').uuid, c.req.valid('json').reason), 200),
)
serve(admin.disqualifyReferral, async (c) =>
  c.json(await disqualifyReferral(c.var.deps, c.var.user, c.req.valid('param').id, c.req.valid('json').reason), 200),
)
