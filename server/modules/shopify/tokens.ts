import { eq } from 'drizzle-orm'
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

/**
 * A working access token for the store. Expiring offline tokens are renewed with the refresh token
 * under a row lock (refresh tokens rotate: two processes must not both spend the same one); a
 * refused refresh marks the store "token expired" and asks the owner to reconnect.
 */
export async function accessTokenFor(deps: ApiDeps, store: StoreRow): Promise<string> {
  if (store.status !== 'connected' || !store.accessTokenEnc) throw new HttpError(409, RECONNECT)
  const fresh = (row: StoreRow) =>
    !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > deps.clock().getTime()
  if (fresh(store)) return openSealed(deps, store.accessTokenEnc)
  const outcome = await deps.database.db.transaction(async (tx): Promise<{ token: string } | { expired: true }> => {
    const [row] = await tx.select().from(shopifyStores).where(eq(shopifyStores.id, store.id)).for('update')
    if (!row || row.status !== 'connected' || !row.accessTokenEnc) return { expired: true }
    if (fresh(row)) return { token: openSealed(deps, row.accessTokenEnc) }
    const expired = async () => {
      await tx.update(shopifyStores).set({ status: 'token_expired', updatedAt: deps.clock() }).where(eq(shopifyStores.id, row.id))
      return { expired: true as const }
    }
    if (!row.refreshTokenEnc || (row.refreshTokenExpiresAt && row.refreshTokenExpiresAt <= deps.clock())) return expired()
    try {
      const tokens = await deps.shopify.oauth.refresh(row.shopDomain, openSealed(deps, row.refreshTokenEnc))
      await tx
        .update(shopifyStores)
        .set({ ...sealedTokens(deps, tokens), updatedAt: deps.clock() })
        .where(eq(shopifyStores.id, row.id))
      return { token: tokens.accessToken }
    } catch (error) {
      if (!(error instanceof OAuthRefused)) throw error
      log.warn('shopify token refresh refused', { shop: row.shopDomain })
      return expired()
    }
  })
  if ('expired' in outcome) throw new HttpError(409, RECONNECT)
  return outcome.token
}

/** An Admin GraphQL client for the store; a refused token marks the store so the owner is told to reconnect. */
export async function adminFor(deps: ApiDeps, store: StoreRow): Promise<AdminClient> {
  const client = createAdminClient({
    network: deps.shopify.network,
    shop: store.shopDomain,
    accessToken: await accessTokenFor(deps, store),
    sleep: deps.shopify.sleep,
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
