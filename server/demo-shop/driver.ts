/**
 * Drives a demo shop the way a browser and an app would, over its HTTP surface only: approve the
 * app (OAuth consent form), exchange the code, call Admin GraphQL. For tests and scripts that need
 * an installed app without going through Pagewright's own OAuth code.
 */
import { SHOPIFY_SCOPES } from '../domain/shopify'

interface Fetcher {
  fetch(request: Request): Promise<Response>
  origin(shop: string): string
}

export interface InstallOptions {
  app: { apiKey: string; apiSecret: string; appUrl: string }
  scopes?: string[]
  /** Untick "Allow access to themes" on the consent page. */
  withoutThemes?: boolean
  expiring?: boolean
  state?: string
  /** The Cookie header of the shop owner's signed-in session: the consent form answers only the owner. */
  cookie?: string
}

export interface Installed {
  accessToken: string
  refreshToken: string | null
  scope: string
  /** The callback URL the shop redirected to (code, hmac, host, shop, state, timestamp). */
  callback: URL
}

export async function installApp(shop: Fetcher, domain: string, opts: InstallOptions): Promise<Installed> {
  const scopes = opts.scopes ?? [...SHOPIFY_SCOPES]
  const form = new URLSearchParams({
    client_id: opts.app.apiKey,
    scope: scopes.join(','),
    redirect_uri: `${opts.app.appUrl.replace(/\/$/, '')}/connect-shopify/callback`,
    state: opts.state ?? 'state-1',
    'grant_options[]': '',
  })
  if (!opts.withoutThemes) form.set('themes', '1')
  const approved = await shop.fetch(
    new Request(`${shop.origin(domain)}/admin/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      body: form,
    }),
  )
  const location = approved.headers.get('location')
  if (approved.status !== 302 || !location) throw new Error(`The shop did not approve (${approved.status}): ${await approved.text()}`)
  const callback = new URL(location)
  const res = await shop.fetch(
    new Request(`${shop.origin(domain)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: opts.app.apiKey,
        client_secret: opts.app.apiSecret,
        code: callback.searchParams.get('code'),
        expiring: opts.expiring ? '1' : '0',
      }),
    }),
  )
  if (!res.ok) throw new Error(`The token exchange failed (${res.status}): ${await res.text()}`)
  const body = (await res.json()) as { access_token: string; refresh_token?: string; scope: string }
  return { accessToken: body.access_token, refreshToken: body.refresh_token ?? null, scope: body.scope, callback }
}

/** One Admin GraphQL call; returns the HTTP status and the parsed body. */
export async function adminGraphql<B = { data?: unknown; errors?: unknown; extensions?: unknown }>(
  shop: Fetcher,
  domain: string,
  accessToken: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; body: B }> {
  const res = await shop.fetch(
    new Request(`${shop.origin(domain)}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
      body: JSON.stringify({ query, variables }),
    }),
  )
  return { status: res.status, body: (await res.json()) as B }
}
