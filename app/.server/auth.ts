import { redirect, type AppLoadContext } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { safeRedirectPath } from '../../server/domain/routing'
import type { PublicUser } from '../../server/domain/user'
import { ApiError, createApiClient, transportFor, type ApiClient, type AuthResult } from './api'
import { sendClickIdsOnce } from './click-ids'
import { env } from './env'
import { log } from './log'
import type { SignInTarget } from './login-flow'
import { unavailablePage } from './responses'
import { commitSession, destroySession, flashToast, getSession, preferencesCookie, readPreferences, referralCookie } from './session'
import { AFTER_CONNECT } from './shopify-connect'
import { landingAfterSignIn, uiFlagsAfterSignIn } from './ui-flags'

type Session = Awaited<ReturnType<typeof getSession>>

export interface RequestAuth {
  session: Session
  api: ApiClient
  token: string | null
}

/** The api client for this request, carrying the session's token. A 401 ends the session. */
export async function getApi(request: Request, context: AppLoadContext | undefined): Promise<RequestAuth> {
  const session = await getSession(request)
  const token = session.get('token') ?? null
  const api = createApiClient({
    transport: transportFor(context),
    token,
    clientIp: context?.clientIp,
    onUnauthorized: async () => {
      throw redirect('/account/login', { headers: { 'Set-Cookie': await destroySession(session) } })
    },
  })
  return { session, api, token }
}

export type UserState =
  | { status: 'anonymous' | 'unauthorized'; user: null }
  | { status: 'failed'; user: null; error: unknown }
  | { status: 'ok'; user: PublicUser }

// Loaders of one request share the user fetch.
const userCache = new WeakMap<Request, Promise<UserState>>()

/** The session's user. A failed fetch (other than 401) is only logged here; callers decide. */
export function loadUser(request: Request, context: AppLoadContext | undefined): Promise<UserState> {
  let pending = userCache.get(request)
  if (!pending) {
    pending = (async (): Promise<UserState> => {
      const session = await getSession(request)
      const token = session.get('token')
      if (!token) return { status: 'anonymous', user: null }
      const api = createApiClient({ transport: transportFor(context), token, clientIp: context?.clientIp })
      try {
        return { status: 'ok', user: await api.auth.me() }
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { status: 'unauthorized', user: null }
        log.warn('current-user fetch failed', { error: String(error) })
        return { status: 'failed', user: null, error }
      }
    })()
    userCache.set(request, pending)
  }
  return pending
}

export async function getOptionalUser(request: Request, context: AppLoadContext | undefined) {
  return (await loadUser(request, context)).user
}

/** The signed-in user and their api client, or null (no guard: for routes anyone may reach). */
export async function optionalUser(request: Request, context: AppLoadContext | undefined) {
  const state = await loadUser(request, context)
  if (state.status !== 'ok') return null
  return { ...(await getApi(request, context)), user: state.user }
}

/** "auth" guard: a signed-in user, or a redirect to the login page that comes back here after. */
export async function requireUser(request: Request, context: AppLoadContext | undefined) {
  const auth = await getApi(request, context)
  const state = await loadUser(request, context)
  if (state.status === 'failed') throw unavailablePage(state.error) ?? state.error
  if (state.status !== 'ok') {
    const url = new URL(request.url)
    const back = `${url.pathname}${url.search}`
    const headers = auth.token ? { 'Set-Cookie': await destroySession(auth.session) } : undefined
    throw redirect(`/account/login?redirectTo=${encodeURIComponent(back)}`, { headers })
  }
  return { ...auth, user: state.user }
}

/** "login-redirect" guard: signed-in users are sent on (to redirectTo, or home). */
export async function requireAnonymous(request: Request, context: AppLoadContext | undefined) {
  const user = await getOptionalUser(request, context)
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')))
}

/**
 * Stores the api token in the cookie session (remix-auth v4 keeps none itself), records how the
 * account came in (fromSignUp or fromLogin, app/.server/ui-flags.ts), sends the click ids kept in
 * preferences once, and redirects: where the person was going, else a new account's guide, else home.
 * `target` is where the tab that signs in was going (the verify page's address); a sign-in without
 * a tab of its own (the e-mailed link, Google's return) falls back to the session's copy.
 */
export async function completeSignIn(
  request: Request,
  context: AppLoadContext | undefined,
  result: AuthResult,
  target: SignInTarget | null = null,
) {
  const session = await getSession(request)
  const install = session.get('shopifyLoginSessionId')
  const landing = landingAfterSignIn({
    newAccount: result.new_account,
    // An install from Shopify's admin: an account that already existed goes to the store's products.
    redirectTo: install && !result.new_account ? AFTER_CONNECT : target ? target.redirectTo : session.get('redirectTo'),
    // The install's callback names its guide in the session (v1, store step done).
    guide: target?.guide ?? session.get('guide'),
    defaultFlow: env().onboardingFlow,
  })
  for (const key of ['email', 'name', 'lastRequestCode', 'redirectTo', 'guide', 'shopifyLoginSessionId', 'fromShopifySignUp'] as const)
    session.unset(key)
  session.set('token', result.access_token)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(session))
  headers.append('Set-Cookie', await referralCookie.serialize('', { maxAge: 0 }))
  headers.append('Set-Cookie', await uiFlagsAfterSignIn(result.user.uuid, result.new_account))
  const prefs = await readPreferences(request)
  const api = createApiClient({ transport: transportFor(context), token: result.access_token, clientIp: context?.clientIp })
  // An install that started in Shopify: the store waits for this sign-in (same e-mail as the shop's).
  if (install) headers.append('Set-Cookie', await claimShopifyInstall(request, api, install))
  const next = await sendClickIdsOnce(prefs, api)
  if (next !== prefs) headers.append('Set-Cookie', await preferencesCookie.serialize(next))
  return redirect(landing, { headers })
}

async function claimShopifyInstall(request: Request, api: ApiClient, id: string) {
  try {
    const { store } = await api.stores.claimInstall(id)
    return flashToast(request, { type: 'success', text: `Connected ${store.name ?? store.shop_domain}. Its products are syncing.` })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return flashToast(request, { type: 'error', text: `Your store was not connected: ${error.message}` })
  }
}

/**
 * remix-auth, per request because the api transport comes from the request's context. Google's
 * strategy (and its OAuth library) loads only where Google sign-in is configured, on first use.
 */
export async function authenticatorFor(context: AppLoadContext | undefined) {
  const authenticator = new Authenticator<AuthResult>()
  const transport = transportFor(context)
  authenticator.use(
    // The e-mail comes from the session (set when the code was requested), never from the form.
    new FormStrategy(async ({ form, request }) => {
      const email = (await getSession(request)).get('email') ?? ''
      const api = createApiClient({ transport, clientIp: context?.clientIp })
      return api.auth.verify({ email, code: String(form.get('code') ?? '').trim() })
    }),
    'email-code',
  )
  const google = env().google
  if (google) {
    const { OAuth2Strategy } = await import('remix-auth-oauth2')
    authenticator.use(
      new OAuth2Strategy(
        {
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenEndpoint: 'https://oauth2.googleapis.com/token',
          redirectURI: `${env().publicUrl}/auth/callback`,
          scopes: ['openid', 'email', 'profile'],
          cookie: {
            name: '__pw_oauth',
            httpOnly: true,
            sameSite: 'Lax',
            path: '/',
            ...(env().secureCookies ? { secure: true as const } : {}),
          },
        },
        async ({ tokens, request }) => {
          const invitedBy = (await referralCookie.parse(request.headers.get('Cookie'))) || undefined
          const api = createApiClient({ transport, clientIp: context?.clientIp })
          return api.auth.google({ id_token: tokens.idToken(), invited_by: invitedBy })
        },
      ),
      'google',
    )
  }
  return authenticator
}
