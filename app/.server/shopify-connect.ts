import { redirect } from '@remix-run/node'
import { ApiError } from './api'
import { redirectToDialog, denialFromApi } from './denials'
import { flashToast } from './session'

/** The OAuth state cookies the Shopify library signed travel with the browser to the callback. */
export const OAUTH_COOKIE_NAMES = ['shopify_app_state', 'shopify_app_state.sig']
export const CALLBACK_PATH = '/connect-shopify/callback'

/**
 * Sends the browser to Shopify's approval screen, setting the state cookies on the way. A full
 * document load: the demo shop's approval page is on our own origin, and Remix would otherwise
 * try to route it as one of its own pages.
 */
export function toShopify(result: { url: string; set_cookies: string[] }) {
  const headers = new Headers({ Location: result.url, 'X-Remix-Reload-Document': 'true' })
  for (const c of result.set_cookies) headers.append('Set-Cookie', c)
  return new Response(null, { status: 302, headers })
}

/** Clears the state cookies once the callback used them. */
export function clearOAuthCookies(headers: Headers) {
  for (const name of OAUTH_COOKIE_NAMES) headers.append('Set-Cookie', `${name}=; Max-Age=0; Path=${CALLBACK_PATH}; SameSite=Lax; Secure`)
}

/** The store-exists dialog (spec dialog 4) or the plan's limit, as the api answered a connection attempt; null otherwise. */
export function connectDenial(request: Request, error: unknown, path = '/stores') {
  if (error instanceof ApiError && error.status === 409 && error.body.store_exists) return redirect(`${path}?store_exist=1`)
  const denial = denialFromApi(error)
  return denial ? redirectToDialog(request, denial, {}, path) : null
}

export async function flashAndRedirect(request: Request, to: string, text: string, type: 'success' | 'error' | 'info' = 'success') {
  return redirect(to, { headers: { 'Set-Cookie': await flashToast(request, { type, text }) } })
}
