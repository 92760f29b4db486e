import { createCookie } from '@remix-run/node'
import type { ApiDeps } from '../../context'
import { WEB_SESSION_COOKIE } from '../../domain/web-session'
import { authenticateToken } from './service'

/**
 * The Pagewright account signed in through the web's session cookie of a request, or null: how the
 * demo shop knows its owner. `secrets` is SESSION_SECRET as the web reads it (comma-separated, all verify).
 */
export function webSessionViewer(deps: ApiDeps, secrets: string): (request: Request) => Promise<number | null> {
  const cookie = createCookie(WEB_SESSION_COOKIE, {
    secrets: secrets
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  })
  return async (request) => {
    let data: unknown
    try {
      data = await cookie.parse(request.headers.get('cookie'))
    } catch {
      return null // a malformed cookie is no session
    }
    const token = data && typeof data === 'object' && 'token' in data ? data.token : null
    if (typeof token !== 'string' || !token) return null
    return (await authenticateToken(deps, token))?.user.id ?? null
  }
}
