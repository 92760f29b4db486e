import { randomUUID } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { oauthStates, shopifyInstalls } from '../../db/schema'
import { isMyshopifyDomain, myshopifyDomain } from '../../domain/shopify'
import { HttpError, badRequest, forbidden, notFound } from '../../http/http-error'
import { ShopifyApiError } from '../../integrations/shopify/admin-client'
import { OAuthRefused, type ShopTokens } from '../../integrations/shopify/oauth'
import { log } from '../../log'
import { sendLoginCode } from '../auth'
import type { UserRow } from '../users'
import { retryPixels } from './challenger'
import { assertCanConnect, attachStore as attachOnly, fetchShopInfo, type NewConnection } from './stores'
import { openSealed, sealedTokens } from './tokens'

/** How long an install from Shopify waits for its owner to type the e-mail code. */
const INSTALL_TTL_MS = 30 * 60_000

const NOT_A_STORE = 'shop: We couldn’t find a Shopify store at that address. Type its myshopify.com address, e.g. my-store.myshopify.com.'

/**
 * The `*.myshopify.com` domain of what the owner typed. A custom domain (mystore.com) is asked
 * through the SSRF-guarded fetch: Shopify storefronts answer `/meta.json` with their myshopify
 * domain, and name it in their pages as `Shopify.shop`.
 */
export async function resolveShopDomain(deps: ApiDeps, input: string): Promise<string> {
  const direct = myshopifyDomain(input)
  if (direct) return direct
  const raw = input.trim()
  let origin: string
  try {
    origin = new URL(/^https?:\/\//i.test(raw) ? raw : `https://${raw}`).origin
  } catch {
    throw badRequest(NOT_A_STORE, { field: 'shop' })
  }
  const found = async (path: string, accept: 'json' | 'html', pick: (body: string) => string | null | undefined) => {
    try {
      const doc = await deps.products.fetch(`${origin}${path}`, { accept })
      return doc.status < 400 ? (pick(doc.body)?.toLowerCase() ?? null) : null
    } catch {
      return null
    }
  }
  const domain =
    (await found('/meta.json', 'json', (b) => (JSON.parse(b) as { myshopify_domain?: string }).myshopify_domain)) ??
    (await found('/', 'html', (b) => /Shopify\.shop\s*=\s*["']([a-z0-9][a-z0-9-]*\.myshopify\.com)["']/i.exec(b)?.[1]))
  if (!domain || !isMyshopifyDomain(domain)) throw badRequest(NOT_A_STORE, { field: 'shop' })
  return domain
}

/** Real shops need the Partner app's credentials; demo and test shops work without. */
async function assertReachable(deps: ApiDeps, shop: string) {
  if (deps.env.shopifyApp.configured) return
  if (deps.env.SHOPIFY_SHOP_ORIGIN_OVERRIDE[shop] || (await deps.shopify.network.isDemoShop(shop))) return
  throw badRequest(
    'shop: This Pagewright server is not set up with a Shopify app yet (SHOPIFY_API_KEY), so it cannot install itself in real stores. Paste a custom-app token instead, or try the demo shop.',
    { field: 'shop' },
  )
}

/** Step 1: the approval URL for the shop and the signed state cookies (the web sets them). */
export async function beginConnect(deps: ApiDeps, user: UserRow, input: { shop: string }) {
  const shop = await resolveShopDomain(deps, input.shop)
  await assertCanConnect(deps, user, shop)
  await assertReachable(deps, shop)
  const { location, setCookies } = await deps.shopify.oauth.begin(shop)
  return { url: location, set_cookies: setCookies }
}

/** An install that starts in Shopify's admin: Shopify opens our app URL with an HMAC we check first. */
export async function beginInstall(deps: ApiDeps, query: string) {
  if (!(await deps.shopify.oauth.validAppLoad(query)))
    throw badRequest('This link from Shopify could not be verified. Open Pagewright from your Shopify admin again.')
  const shop = new URLSearchParams(query).get('shop')!.toLowerCase()
  const { location, setCookies } = await deps.shopify.oauth.begin(shop)
  return { url: location, set_cookies: setCookies }
}

/**
 * The callback's checks (library: state cookie, HMAC, shop, timestamp; here: a state is used
 * once) and the code exchange. A replayed callback is refused before any exchange is tried.
 */
async function exchange(deps: ApiDeps, query: string, cookie: string): Promise<ShopTokens> {
  const state = new URLSearchParams(query).get('state') ?? ''
  if (state) {
    const [used] = await deps.database.db.select().from(oauthStates).where(eq(oauthStates.state, state))
    if (used) throw badRequest('This approval from Shopify was already used. Start connecting again.')
  }
  let tokens: ShopTokens
  try {
    tokens = await deps.shopify.oauth.callback(query, cookie)
  } catch (error) {
    // An expired attempt can be started again at once: the screen offers that (`restart`).
    if (error instanceof OAuthRefused) throw badRequest(error.message, { restart: error.reason === 'expired' })
    throw error
  }
  const recorded = await deps.database.db.insert(oauthStates).values({ state: tokens.state }).onConflictDoNothing().returning()
  if (!recorded.length) throw badRequest('This approval from Shopify was already used. Start connecting again.')
  return tokens
}

/** The store joins the account; a reconnect asks again for the web pixel its running experiments lacked. */
async function attachStore(deps: ApiDeps, user: UserRow, conn: NewConnection) {
  const store = await attachOnly(deps, user, conn)
  await retryPixels(deps, store.id)
  return store
}

const connectionOf = (tokens: ShopTokens) => ({
  shop: tokens.shop,
  kind: 'oauth' as const,
  accessToken: tokens.accessToken,
  expiresAt: tokens.expiresAt,
  refreshToken: tokens.refreshToken,
  refreshExpiresAt: tokens.refreshExpiresAt,
})

/** Step 2 for a signed-in owner: the store joins their account. */
export async function completeConnect(deps: ApiDeps, user: UserRow, input: { query: string; cookie: string }) {
  const tokens = await exchange(deps, input.query, input.cookie)
  return attachStore(deps, user, connectionOf(tokens))
}

/**
 * Step 2 for someone with no Pagewright session (`shopifyLoginSessionId`, reference §2.5): the tokens wait
 * (sealed, 30 minutes) while the shop owner's e-mail gets a sign-in code; verifying it signs them
 * in (or up) and the web then claims the install for the account.
 */
export async function completeInstall(deps: ApiDeps, input: { query: string; cookie: string }, clientIp: string) {
  const tokens = await exchange(deps, input.query, input.cookie)
  const info = await fetchShopInfo(deps, tokens.shop, tokens.accessToken)
  const email = info.email.trim().toLowerCase()
  if (!email)
    throw badRequest('Your Shopify store has no e-mail address to send a sign-in code to. Add one in Shopify, then install again.')
  const id = randomUUID()
  const now = deps.clock()
  await deps.database.db.insert(shopifyInstalls).values({
    id,
    shopDomain: tokens.shop,
    email,
    shopName: info.name,
    ...sealedTokens(deps, tokens),
    scopes: tokens.scopes,
    isDemo: await deps.shopify.network.isDemoShop(tokens.shop),
    expiresAt: new Date(now.getTime() + INSTALL_TTL_MS),
    createdAt: now,
  })
  await sendLoginCode(deps, { email, name: info.name }, clientIp)
  return { install_id: id, email, shop_name: info.name }
}

/** The signed-in owner (same e-mail as the shop's) takes the waiting install. */
export async function claimInstall(deps: ApiDeps, user: UserRow, id: string) {
  const now = deps.clock()
  const [install] = await deps.database.db
    .select()
    .from(shopifyInstalls)
    .where(and(eq(shopifyInstalls.id, id), isNull(shopifyInstalls.claimedAt), gt(shopifyInstalls.expiresAt, now)))
  if (!install) throw notFound('This install has expired or was already used. Open Pagewright from your Shopify admin again.')
  if (install.email !== user.email.toLowerCase())
    throw forbidden('This install belongs to the shop owner’s e-mail address. Sign in with that address.')
  await assertCanConnect(deps, user, install.shopDomain)
  const claimed = await deps.database.db
    .update(shopifyInstalls)
    .set({ claimedAt: now })
    .where(and(eq(shopifyInstalls.id, id), isNull(shopifyInstalls.claimedAt)))
    .returning()
  if (!claimed.length) throw new HttpError(409, 'This install was already used.')
  return attachStore(deps, user, {
    shop: install.shopDomain,
    kind: 'oauth',
    accessToken: openSealed(deps, install.accessTokenEnc),
    expiresAt: install.accessTokenExpiresAt,
    refreshToken: install.refreshTokenEnc ? openSealed(deps, install.refreshTokenEnc) : null,
    refreshExpiresAt: install.refreshTokenExpiresAt,
  })
}

/** A custom app's Admin API token, pasted by the owner: checked with a `shop` query before it is kept. */
export async function connectCustom(deps: ApiDeps, user: UserRow, input: { shop: string; access_token: string; api_secret?: string }) {
  const shop = await resolveShopDomain(deps, input.shop)
  await assertCanConnect(deps, user, shop)
  try {
    await fetchShopInfo(deps, shop, input.access_token)
  } catch (error) {
    if (error instanceof ShopifyApiError) {
      log.info('custom app token refused', { shop, failure: error.failure })
      throw badRequest(
        error.failure === 'unauthorized'
          ? 'access_token: Shopify refused this token. Copy the Admin API access token of your custom app again.'
          : `access_token: ${shop} could not be asked with this token (${error.message}).`,
        { field: 'access_token' },
      )
    }
    throw error
  }
  return attachStore(deps, user, {
    shop,
    kind: 'custom',
    accessToken: input.access_token,
    expiresAt: null,
    refreshToken: null,
    refreshExpiresAt: null,
    webhookSecret: input.api_secret?.trim() || null,
  })
}

/** A fresh offline demo shop owned by this account: only it may open the shop's admin (the offline walk-through and the tests use it). */
export async function createDemoShopFor(deps: ApiDeps, user: UserRow) {
  if (!deps.shopify.demo) throw new HttpError(409, 'The demo shop is not available on this server.')
  // A new shop: only the store rule can refuse it (a second store on the free plan).
  await assertCanConnect(deps, user, 'pagewright-demo-new.myshopify.com')
  return { shop: await deps.shopify.demo.createShop(user.id) }
}
