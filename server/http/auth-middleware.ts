import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '../context'
import { authenticateToken } from '../modules/auth'
import { unauthorized } from './http-error'

export const SIGN_IN_FIRST = 'Please sign in.'
export const SESSION_ENDED = 'Your session has ended. Please sign in again.'

/** Bearer access token (or `X-API-Key`) → `c.var.user`; anything else is a 401. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  const token = bearer ?? c.req.header('x-api-key')
  if (!token) throw unauthorized(SIGN_IN_FIRST)
  // In-process calls of one web request share the lookup (server/http/web-server.ts).
  const memo = c.env?.authMemo
  let lookup = memo?.get(token)
  if (!lookup) {
    lookup = authenticateToken(c.var.deps, token)
    memo?.set(token, lookup)
  }
  const found = await lookup.catch((error: unknown) => {
    memo?.delete(token)
    throw error
  })
  if (!found) throw unauthorized(SESSION_ENDED)
  c.set('user', found.user)
  c.set('sessionId', found.sessionId)
  await next()
})
