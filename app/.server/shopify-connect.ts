import { redirect } from '@remix-run/node'
import { safeRedirectPath } from '../../server/domain/routing'
import { OAUTH_STATE_MINUTES, shopifyHost } from '../../server/domain/shopify'
import { ApiError } from './api'
import { redirectToDialog, denialFromApi } from './denials'
import { flashToast, signedCookie } from './session'

/** The OAuth state cookies the Shopify library signed travel with the browser to the callback. */
export const OAUTH_COOKIE_NAMES = ['shopify_app_state', 'shopify_app_state.sig']
export const CALLBACK_PATH = '/connect-shopify/callback'

/** Where a connection lands when it was not started from somewhere else: the synced catalogue. */
export const AFTER_CONNECT = '/products'

/**
 * Where the callback returns an owner who started connecting from elsewhere (a guide step, a
 * page), and the Shopify admin's `host` when the attempt came from there: bound to this attempt's
 * OAuth `state`, so it applies to that approval only. Signed, sent to the callback only, and as
 * long-lived as the state cookie (minutes: the merchant may have to sign in to Shopify first).
 */
const returnCookie = signedCookie('pw_connect_return', { maxAgeSeconds: OAUTH_STATE_MINUTES * 60, path: CALLBACK_PATH })

/** The `return_to` a connect form or link carries, if it is a same-site path. */
export const connectReturnOf = (value: FormDataEntryValue | string | null | undefined) =>
  typeof value === 'string' ? safeRedirectPath(value, '') || null : null

/**
 * Sends the browser to Shopify's approval screen, setting the state cookies on the way (and where
 * to come back to, bound to the approval's state). A full document load: the demo shop's approval
 * page is on our own origin, and Remix would otherwise try to route it as one of its own pages.
 */
export async function toShopify(
  result: { url: string; set_cookies: string[] },
  returnTo: string | null = null,
  host: string | null = null,
) {
  const headers = new Headers({ Location: result.url, 'X-Remix-Reload-Document': 'true' })
  for (const c of result.set_cookies) headers.append('Set-Cookie', c)
  const state = new URL(result.url).searchParams.get('state')
  const to = connectReturnOf(returnTo)
  const admin = shopifyHost(host)
  // Every attempt writes it: an earlier attempt's target never leaks into this one.
  headers.append('Set-Cookie', state && (to || admin) ? await returnCookie().serialize({ state, to, host: admin }) : await clearedReturn())
  return new Response(null, { status: 302, headers })
}

const clearedReturn = () => returnCookie().serialize('', { maxAge: 0, expires: new Date(0) })

/** The target this approval started with, and the admin's `host` (bound to its `state`); nulls otherwise. */
export async function savedReturn(request: Request): Promise<{ to: string | null; host: string | null }> {
  const saved: unknown = await returnCookie().parse(request.headers.get('Cookie'))
  const state = new URL(request.url).searchParams.get('state')
  if (!saved || typeof saved !== 'object' || !state) return { to: null, host: null }
  const { state: savedState, to, host } = saved as { state?: unknown; to?: unknown; host?: unknown }
  if (savedState !== state) return { to: null, host: null }
  return { to: connectReturnOf(typeof to === 'string' ? to : null), host: shopifyHost(host) }
}

/** `path` with Shopify's `host` kept on it (an embedded app needs it on every page). */
export function withHost(path: string, host: string | null): string {
  if (!host) return path
  const url = new URL(path, 'http://x')
  url.searchParams.set('host', host)
  return `${url.pathname}${url.search}${url.hash}`
}

/** Clears the state cookies (and the return target) once the callback used them. */
export async function clearOAuthCookies(headers: Headers) {
  for (const name of OAUTH_COOKIE_NAMES) headers.append('Set-Cookie', `${name}=; Max-Age=0; Path=${CALLBACK_PATH}; SameSite=Lax; Secure`)
  headers.append('Set-Cookie', await clearedReturn())
}

/** The store-exists dialog (reference §7.3) or the plan's limit, as the api answered a connection attempt; null otherwise. */
export function connectDenial(request: Request, error: unknown, path = '/stores') {
  if (error instanceof ApiError && error.status === 409 && error.body.store_exists) return redirect(`${path}?store_exist=1`)
  const denial = denialFromApi(error)
  return denial ? redirectToDialog(request, denial, {}, path) : null
}

export async function flashAndRedirect(request: Request, to: string, text: string, type: 'success' | 'error' | 'info' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': await flashToast(request, { type, text }) } })
}
