import { redirect } from '@remix-run/node'
import { REFUSAL_NAMES, generateDecision, type Account, type Decision, type RefusalName } from '../../server/domain/entitlements'
import { denialFor, type Denial } from '../../server/domain/permissions'
import { ApiError } from './api'

/** A denied permission opens its dialog through the URL (works without JS, survives a reload). */
export function redirectToDialog(request: Request, denial: Denial, keep: Record<string, string | undefined> = {}, path?: string) {
  const url = new URL(request.url)
  const params = new URLSearchParams(url.search)
  for (const k of ['index', '_data']) params.delete(k)
  for (const [k, v] of Object.entries(keep)) if (v) params.set(k, v)
  params.set('dialog', denial.dialog)
  if (denial.dialog === 'upgrade') params.set('reason', denial.reason)
  else params.delete('reason')
  return redirect(`${path ?? url.pathname}?${params}`)
}

/** The dialog of an allowance the web decided with server/domain/entitlements.ts (null: allowed). */
export function refusalOf(decision: Decision): Denial | null {
  return decision.allowed ? null : denialFor(decision.permission)
}

/**
 * The credits dialog to open before asking the api for a page, or none when the request carries a
 * key: then the api judges the credits after the key, so a repeat of a request that spent them
 * finds its page instead of the dialog (the api's refusal still opens it, through denialFromApi).
 */
export function generateRefusal(user: Account, requestKey: string | undefined): Denial | null {
  return requestKey ? null : refusalOf(generateDecision(user))
}

const KNOWN = new Set<string>(REFUSAL_NAMES)

/** The dialog an api 403 asks for (the api names the refusal it made). */
export function denialFromApi(error: unknown): Denial | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null
  const p = error.body.permission
  return typeof p === 'string' && KNOWN.has(p) ? denialFor(p as RefusalName) : null
}
