import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { openSecret, sealSecret } from '../../crypto'
import { shopifyStores } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { createAdminClient, ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import { OAuthRefused, type ShopTokens } from '../../integrations/shopify/oauth'
import { log } from '../../log'

export type StoreRow = typeof shopifyStores.$inferSelect

/** Refresh this long before the access token runs out, so a call never races the expiry. */
const REFRESH_MARGIN_MS = 5 * 60_000

export const RECONNECT = 'Pagewright’s access to this store has ended. Reconnect the store on the Stores page.'

/** The sealed columns for a set of tokens. */
export function sealedTokens(deps: ApiDeps, t: Pick<ShopTokens, 'accessToken' | 'expiresAt' | 'refreshToken' | 'refreshExpiresAt'>) {
  const key = deps.shopify.tokenKey
  return {
    accessTokenEnc: sealSecret(key, t.accessToken),
    accessTokenExpiresAt: t.expiresAt,
    refreshTokenEnc: t.refreshToken ? sealSecret(key, t.refreshToken) : null,
    refreshTokenExpiresAt: t.refreshExpiresAt,
  }
}

export const openSealed = (deps: ApiDeps, sealed: string) => openSecret(deps.shopify.tokenKey, sealed)

/** How long one process may take to renew a token before another may try. */
const REFRESH_LEASE_MS = 30_000

/**
 * A working access token for the store. Expiring offline tokens are renewed with the refresh token
 * under a lease on the row (refresh tokens rotate: two processes must not both spend the same one,
 * and no transaction is held open across the call to Shopify). A refused refresh marks the store
 * "token expired" and asks the owner to reconnect.
 */
export async function accessTokenFor(deps: ApiDeps, store: StoreRow): Promise<string> {
  if (store.status !== 'connected' || !store.accessTokenEnc) throw new HttpError(409, RECONNECT)
  const fresh = (row: StoreRow) =>
    !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > deps.clock().getTime()
  if (fresh(store)) return openSealed(deps, store.accessTokenEnc)
  const { db } = deps.database
  for (let attempt = 0; attempt < 20; attempt++) {
    const now = deps.clock()
    const [row] = await db
      .update(shopifyStores)
      .set({ tokenRefreshUntil: new Date(now.getTime() + REFRESH_LEASE_MS) })
      .where(
        and(
          eq(shopifyStores.id, store.id),
          eq(shopifyStores.status, 'connected'),
          or(isNull(shopifyStores.tokenRefreshUntil), lt(shopifyStores.tokenRefreshUntil, now)),
        ),
      )
      .returning()
    if (!row) {
      // Someone else is renewing it (or the store is gone): look again shortly.
      const [current] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, store.id))
      if (!current || current.status !== 'connected' || !current.accessTokenEnc) throw new HttpError(409, RECONNECT)
      if (fresh(current)) return openSealed(deps, current.accessTokenEnc)
      await deps.shopify.sleep(250)
      continue
    }
    const release = { tokenRefreshUntil: null, updatedAt: deps.clock() }
    if (fresh(row) && row.accessTokenEnc) {
      await db.update(shopifyStores).set(release).where(eq(shopifyStores.id, row.id))
      return openSealed(deps, row.accessTokenEnc)
    }
    const usable = row.refreshTokenEnc && !(row.refreshTokenExpiresAt && row.refreshTokenExpiresAt <= now)
    try {
      if (!usable) throw new OAuthRefused('No refresh token')
      const tokens = await deps.shopify.oauth.refresh(row.shopDomain, openSealed(deps, row.refreshTokenEnc!))
      await db
        .update(shopifyStores)
        .set({ ...sealedTokens(deps, tokens), ...release })
        .where(eq(shopifyStores.id, row.id))
      return tokens.accessToken
    } catch (error) {
      if (!(error instanceof OAuthRefused)) {
        await db.update(shopifyStores).set(release).where(eq(shopifyStores.id, row.id))
        throw error
      }
      log.warn('shopify token refresh refused', { shop: row.shopDomain })
      await db
        .update(shopifyStores)
        .set({ status: 'token_expired', ...release })
        .where(eq(shopifyStores.id, row.id))
      throw new HttpError(409, RECONNECT)
    }
  }
  throw new HttpError(503, 'Pagewright is renewing its access to this store. Please try again in a moment.')
}

/** An Admin GraphQL client for the store; a refused token marks the store so the owner is told to reconnect. */
export async function adminFor(deps: ApiDeps, store: StoreRow): Promise<AdminClient> {
  const client = createAdminClient({
    network: deps.shopify.network,
    shop: store.shopDomain,
    accessToken: await accessTokenFor(deps, store),
    // Read when called: tests swap the sleep; the bucket is the process's one for this shop.
    sleep: (ms) => deps.shopify.sleep(ms),
    throttle: deps.shopify.throttle,
  })
  return {
    async request(query, variables) {
      try {
        return await client.request(query, variables)
      } catch (error) {
        if (error instanceof ShopifyApiError && error.failure === 'unauthorized') {
          await deps.database.db
            .update(shopifyStores)
            .set({ status: 'token_expired', updatedAt: deps.clock() })
            .where(eq(shopifyStores.id, store.id))
          throw new HttpError(409, RECONNECT)
        }
        throw error
      }
    },
  }
}
