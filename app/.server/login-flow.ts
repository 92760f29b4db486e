import { redirect, type AppLoadContext } from '@remix-run/node'
import { LOGIN_CODE } from '../../server/domain/accounts'
import { guideOf, type GuideFlow } from '../../server/domain/onboarding'
import { safeRedirectPath } from '../../server/domain/routing'
import { ApiError, createApiClient, transportFor } from './api'
import { apiFailure, type ApiFailure } from './api-failure'
import { commitSession, flashToast, getSession, referralCookie } from './session'

/**
 * Where one tab's sign-in is going. It travels with the tab (the verify page's address, which its
 * forms post back to), not in the cookie session: every tab shares that cookie, so a login started
 * in a second tab would overwrite the first one's target.
 */
export interface SignInTarget {
  /** A same-site path (safeRedirectPath), or null: then where it lands depends on whether the account is new. */
  redirectTo: string | null
  guide: GuideFlow | null
}

/** The target a sign-in page's address carries (`?redirectTo=&guide=`); an off-site redirectTo is dropped. */
export function targetOf(request: Request): SignInTarget {
  const query = new URL(request.url).searchParams
  return { redirectTo: safeRedirectPath(query.get('redirectTo'), '') || null, guide: guideOf(query) }
}

/** A sign-in screen's address carrying the tab's target. */
export function signInPath(screen: '/account/verify' | '/account/login', target: SignInTarget): string {
  const query = new URLSearchParams()
  if (target.redirectTo) query.set('redirectTo', target.redirectTo)
  if (target.guide && screen === '/account/verify') query.set('guide', target.guide)
  const qs = query.toString()
  return qs ? `${screen}?${qs}` : screen
}

export interface CodeRequest {
  email: string
  name?: string
  redirectTo?: string | null
  /** The guide a new account starts (a sign-up link's `?guide=`); a returning one ignores it. */
  guide?: GuideFlow | null
  /** A bot filled the honeypot: go through the motions, send nothing. */
  bot?: boolean
  /** Return a too-early repeat as an error (the verify page shows it by its button). */
  tooSoonIsError?: boolean
}

/**
 * Asks the api to e-mail a code and moves the browser to the verify page, remembering the e-mail
 * (and name) in the session and carrying where this tab is going in the verify page's address. A
 * too-early repeat still lands on the verify page, with the api's "Please wait …" message. Other
 * api errors are returned for the form to show.
 */
export async function requestCodeAndContinue(
  request: Request,
  context: AppLoadContext | undefined,
  input: CodeRequest,
): Promise<{ response: Response; failure?: never } | { failure: ApiFailure; response?: never }> {
  const session = await getSession(request)
  session.set('email', input.email)
  if (input.name) session.set('name', input.name)
  else session.unset('name')
  // Only a destination the person was really headed for is kept: without one, where they land
  // depends on whether the code creates an account (app/.server/ui-flags.ts).
  const target: SignInTarget = { redirectTo: safeRedirectPath(input.redirectTo, '') || null, guide: input.guide ?? null }
  // The session's copy is only for the e-mailed link, which opens in a tab of its own.
  if (target.redirectTo) session.set('redirectTo', target.redirectTo)
  else session.unset('redirectTo')
  if (target.guide) session.set('guide', target.guide)
  else session.unset('guide')
  const headers = new Headers()
  if (!input.bot) {
    const invitedBy = (await referralCookie.parse(request.headers.get('Cookie'))) || undefined
    const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
    try {
      await api.auth.sendCode({ email: input.email, name: input.name, invited_by: invitedBy })
      session.set('lastRequestCode', Date.now())
    } catch (error) {
      const tooSoon = error instanceof ApiError && error.status === 429 && error.body.retry_after !== undefined
      if (!(error instanceof ApiError) || !tooSoon || input.tooSoonIsError) return { failure: apiFailure(error) }
      const retryAfter = Number(error.body.retry_after)
      session.set('lastRequestCode', Date.now() - (LOGIN_CODE.resendWaitSeconds - retryAfter) * 1000)
      headers.append('Set-Cookie', await flashToast(request, { type: 'warning', text: error.message }))
    }
  } else {
    session.set('lastRequestCode', Date.now())
  }
  headers.append('Set-Cookie', await commitSession(session))
  return { response: redirect(signInPath('/account/verify', target), { headers }) }
}

/** Seconds until another code may be requested, from the session's lastRequestCode. */
export function resendWaitSeconds(lastRequestCode: number | undefined, now = Date.now()): number {
  if (!lastRequestCode) return 0
  return Math.max(0, Math.ceil(LOGIN_CODE.resendWaitSeconds - (now - lastRequestCode) / 1000))
}
