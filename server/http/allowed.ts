import type { Decision } from '../domain/entitlements'
import { log } from '../log'
import { forbidden } from './http-error'

/**
 * The api's one way to refuse an allowance: a decision of server/domain/entitlements.ts that says
 * no becomes a 403 `{ error, permission }`, the permission naming the dialog the web opens.
 */
export function assertAllowed(user: { id: number }, decision: Decision): asserts decision is { allowed: true } {
  if (decision.allowed) return
  log.debug('allowance refused', { user: user.id, permission: decision.permission })
  throw forbidden(decision.message, { permission: decision.permission })
}
