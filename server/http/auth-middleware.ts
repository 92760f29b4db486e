import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '../context'
import { unauthorized } from './http-error'
import { authenticateToken } from '../modules/auth'

/** Bearer access token (or `X-API-Key`) → `c.var.user`; anything else is a 401. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  const token = bearer ?? c.req.header('x-api-key')
  if (!token) throw unauthorized('Please sign in.')
  const found = await authenticateToken(c.var.deps, token)
  if (!found) throw unauthorized('Your session has ended. Please sign in again.')
  c.set('user', found.user)
  c.set('sessionId', found.sessionId)
  await next()
})
