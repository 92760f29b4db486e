import type { AppLoadContext } from '@remix-run/node'
import { isStaff } from '../../server/domain/entitlements'
import { requireUser } from './auth'
import { httpError } from './responses'

/**
 * The support console's guard: a signed-in user (else the login page), and staff. Anyone else gets
 * the page an unknown path gets (404), so the console is not announced.
 */
export async function requireStaff(request: Request, context: AppLoadContext | undefined) {
  const auth = await requireUser(request, context)
  if (!isStaff(auth.user)) throw httpError(404, `Page not found: ${new URL(request.url).pathname}`)
  return auth
}
