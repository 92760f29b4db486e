import { AsyncLocalStorage } from 'node:async_hooks'
import type { Shopify } from '@shopify/shopify-api'
import type * as ShopifyLibrary from '@shopify/shopify-api'
import { OAUTH_STATE_MINUTES, SHOPIFY_SCOPES } from '../../domain/shopify'
import { log } from '../../log'
import type { ShopNetwork } from './network'

/** Where Shopify sends the owner back after they approve the app (whitelisted in the Partner dashboard). */
export const OAUTH_CALLBACK_PATH = '/connect-shopify/callback'

/** The tokens an approval (or a refresh) gives: an expiring offline token and its refresh token. */
export interface ShopTokens {
  shop: string
  accessToken: string
  scopes: string
  expiresAt: Date | null
  refreshToken: string | null
  refreshExpiresAt: Date | null
  /** The OAuth state the callback carried (recorded so a replay is refused). */
  state: string
}

/** Why a connection was refused: `expired` (no state cookie: too late, or another browser) can simply be started again. */
export class OAuthRefused extends Error {
  constructor(
    message: string,
    public reason: 'expired' | 'refused' = 'refused',
  ) {
    super(message)
  }
}

/**
 * The library's state cookie lasts 60 seconds: too short for a merchant who must first sign in to
 * Shopify. Its signature covers the value only, so the same cookie is given a longer life here.
 */
export function longerStateCookie(setCookie: string, now = Date.now()): string {
  if (!/^shopify_app_state(\.sig)?=/.test(setCookie)) return setCookie
  const expires = new Date(now + OAUTH_STATE_MINUTES * 60_000).toUTCString()
  const rest = setCookie.replace(/;\s*(expires|max-age)=[^;]*/gi, '')
  return `${rest}; Max-Age=${OAUTH_STATE_MINUTES * 60}; Expires=${expires}`
}

// The library calls a process-wide fetch; each call runs with the network of the app that made it.
const currentNetwork = new AsyncLocalStorage<ShopNetwork>()

/**
 * The library (~6 MB of heap) loads with the first connection, not at start: most processes never
 * connect a shop. Its runtime adapter and process-wide fetch are set once, before its first use.
 */
let library: Promise<typeof ShopifyLibrary> | undefined
const loadLibrary = () =>
  (library ??= (async () => {
    await import('@shopify/shopify-api/adapters/web-api')
    const { setAbstractFetchFunc } = await import('@shopify/shopify-api/runtime')
    setAbstractFetchFunc((input, init) => {
      const network = currentNetwork.getStore()
      if (!network) throw new Error('Shopify library call outside a shop network')
      return network.fetch(input as string, init as RequestInit)
    })
    return import('@shopify/shopify-api')
  })().catch((error: unknown) => {
    // Tried again on the next connection, not remembered for the process's life.
    library = undefined
    throw error
  }))

export interface ShopifyOAuth {
  /** The approval URL (the browser goes there) and the signed state cookies to set on the way. */
  begin(shop: string): Promise<{ location: string; setCookies: string[] }>
  /** Checks the callback (state cookie, HMAC, shop domain, timestamp) and exchanges the code for expiring offline tokens. */
  callback(query: string, cookieHeader: string): Promise<ShopTokens>
  refresh(shop: string, refreshToken: string): Promise<ShopTokens>
  /** Checks the HMAC of an app-load URL (`/connect-shopify/install?shop&hmac&timestamp…`). */
  validAppLoad(query: string): Promise<boolean>
}

/**
 * OAuth through `@shopify/shopify-api` 13.1 (the last release for Node 20): its begin/callback
 * sign and check the state cookie, validate the HMAC and the shop, and its refreshToken renews
 * expiring offline tokens. The library only sees our shop network, so demo and test shops work.
 */
export function createShopifyOAuth(opts: { apiKey: string; apiSecret: string; appUrl: string; network: ShopNetwork }): ShopifyOAuth {
  const app = new URL(opts.appUrl)
  let configured: Promise<Shopify> | undefined
  const shopifyOf = () =>
    (configured ??= loadLibrary()
      .then(({ ApiVersion, LogSeverity, shopifyApi }) =>
        shopifyApi({
          apiKey: opts.apiKey,
          apiSecretKey: opts.apiSecret,
          scopes: [...SHOPIFY_SCOPES],
          hostName: app.host,
          hostScheme: app.protocol === 'http:' ? 'http' : 'https',
          apiVersion: ApiVersion.July26,
          isEmbeddedApp: false,
          // The library logs shop names at info level; tokens never, but keep it quiet anyway.
          logger: { level: LogSeverity.Error, log: async (_severity, message) => log.warn('shopify library', { message }) },
        }),
      )
      .catch((error: unknown) => {
        configured = undefined
        log.warn('shopify library could not start', { error: String(error) })
        throw error
      }))
  const within = <T>(fn: (shopify: Shopify) => Promise<T>) =>
    shopifyOf().then((shopify) => currentNetwork.run(opts.network, () => fn(shopify)))
  const tokensOf = (session: {
    shop: string
    accessToken?: string
    scope?: string
    expires?: Date
    refreshToken?: string
    refreshTokenExpires?: Date
    state: string
  }): ShopTokens => {
    if (!session.accessToken) throw new OAuthRefused('Shopify gave no access token.')
    return {
      shop: session.shop,
      accessToken: session.accessToken,
      scopes: session.scope ?? '',
      expiresAt: session.expires ?? null,
      refreshToken: session.refreshToken ?? null,
      refreshExpiresAt: session.refreshTokenExpires ?? null,
      state: session.state,
    }
  }
  return {
    async begin(shop) {
      const res = (await within((shopify) =>
        shopify.auth.begin({
          shop,
          callbackPath: OAUTH_CALLBACK_PATH,
          isOnline: false,
          rawRequest: new Request(new URL('/connect-shopify', app)),
        }),
      )) as Response
      const location = res.headers.get('location')
      if (!location) throw new OAuthRefused('Shopify could not start the connection.')
      const approval = new URL(location)
      const origin = await opts.network.browserOrigin(approval.hostname)
      return {
        location: `${origin}${approval.pathname}${approval.search}`,
        setCookies: res.headers.getSetCookie().map((c) => longerStateCookie(c)),
      }
    },
    async callback(query, cookieHeader) {
      let rawRequest: Request
      try {
        rawRequest = new Request(new URL(`${OAUTH_CALLBACK_PATH}?${query.replace(/^\?/, '')}`, app), { headers: { cookie: cookieHeader } })
      } catch {
        // A cookie a browser could not have sent (characters outside a header's range).
        throw new OAuthRefused('The connection could not be checked. Please start again from Pagewright.', 'expired')
      }
      try {
        const { session } = await within((shopify) => shopify.auth.callback({ rawRequest, expiring: true }))
        return tokensOf(session)
      } catch (error) {
        const expired = (error as { name?: string })?.name === 'CookieNotFound' || /OAuth cookie/i.test(String((error as Error)?.message))
        throw new OAuthRefused(describeOAuthError(error), expired ? 'expired' : 'refused')
      }
    },
    async refresh(shop, refreshToken) {
      try {
        const { session } = await within((shopify) => shopify.auth.refreshToken({ shop, refreshToken }))
        return tokensOf(session)
      } catch (error) {
        throw new OAuthRefused(describeOAuthError(error))
      }
    },
    async validAppLoad(query) {
      const params = Object.fromEntries(new URLSearchParams(query))
      if (!params.hmac || !params.shop) return false
      try {
        const shopify = await shopifyOf()
        return await shopify.utils.validateHmac(params as never, { signator: 'admin' })
      } catch {
        return false
      }
    },
  }
}

/** The library's errors, in words an owner can act on (never the token or the code). */
function describeOAuthError(error: unknown): string {
  const name = (error as { name?: string })?.name ?? ''
  const message = String((error as Error)?.message ?? '')
  if (name === 'CookieNotFound' || /OAuth cookie/i.test(message))
    return `This connection attempt has expired (it lasts ${OAUTH_STATE_MINUTES} minutes) or was started in another browser. Start again: it takes you back to Shopify’s approval.`
  if (name === 'InvalidOAuthError' || /Invalid OAuth callback/i.test(message))
    return 'Shopify’s answer could not be verified. Please try again.'
  if (/timestamp/i.test(message)) return 'Shopify’s answer is too old. Please try again.'
  if (/shop/i.test(message) && /invalid/i.test(message)) return 'That is not a Shopify store address.'
  return 'Shopify did not accept the connection. Please try again.'
}
