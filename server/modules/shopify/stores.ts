import { and, count, eq, isNull, ne } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { randomToken, sealSecret } from '../../crypto'
import type { Tx } from '../../db/client'
import { currentStores, shopifyProducts, shopifyStores, storeDomains } from '../../db/schema'
import { storeDecision } from '../../domain/entitlements'
import { type ShopifyConnectionKind } from '../../domain/shopify'
import { assertAllowed } from '../../http/allowed'
import { HttpError, notFound } from '../../http/http-error'
import { createAdminClient } from '../../integrations/shopify/admin-client'
import { SHOP_QUERY, WEBHOOK_CREATE_MUTATION } from '../../integrations/shopify/documents'
import { SHOPIFY_SYNC_QUEUE, type ShopifySyncJob } from '../../jobs/definitions'
import { log } from '../../log'
import { accountOf, lockAccount, setProductsKept } from '../accounts'
import { qualifyReferral } from '../referrals'
import type { UserRow } from '../users'
import { sealedTokens, type StoreRow } from './tokens'

export const STORE_EXISTS = 'You store have already added.'

/** What a connection brings: who the shop is, and the tokens to reach it. */
export interface NewConnection {
  shop: string
  kind: ShopifyConnectionKind
  accessToken: string
  expiresAt: Date | null
  refreshToken: string | null
  refreshExpiresAt: Date | null
  /** A custom app's API secret (its webhooks are signed with it). */
  webhookSecret?: string | null
}

export interface ShopInfo {
  name: string
  email: string
  currency: string
  appId: string | null
  scopes: string[]
  primaryUrl: string | null
}

interface ShopAnswer {
  shop: {
    name: string
    email: string
    contactEmail: string
    myshopifyDomain: string
    currencyCode: string
    primaryDomain: { url: string } | null
  }
  currentAppInstallation: { app: { id: string } | null; accessScopes: { handle: string }[] } | null
}

/** An Admin GraphQL client on a given token, paced by the process's bucket for the shop. */
export const shopClient = (deps: ApiDeps, shop: string, accessToken: string) =>
  createAdminClient({
    network: deps.shopify.network,
    shop,
    accessToken,
    sleep: (ms) => deps.shopify.sleep(ms),
    throttle: deps.shopify.throttle,
  })

/** Who the shop is, asked with the token itself (a custom-app token is checked this way too). */
export async function fetchShopInfo(deps: ApiDeps, shop: string, accessToken: string): Promise<ShopInfo> {
  const client = shopClient(deps, shop, accessToken)
  const data = await client.request<ShopAnswer>(SHOP_QUERY)
  const install = data.currentAppInstallation
  return {
    name: data.shop.name,
    email: data.shop.email || data.shop.contactEmail,
    currency: data.shop.currencyCode,
    appId: install?.app?.id?.split('/').pop() ?? null,
    scopes: install?.accessScopes.map((s) => s.handle) ?? [],
    primaryUrl: data.shop.primaryDomain?.url ?? null,
  }
}

/** The topics Pagewright listens to; compliance topics are declared in shopify.app.toml. */
const WEBHOOK_TOPICS = ['APP_UNINSTALLED', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'THEMES_PUBLISH'] as const

async function subscribeWebhooks(deps: ApiDeps, shop: string, accessToken: string) {
  const client = shopClient(deps, shop, accessToken)
  const uri = `${deps.env.shopifyApp.appUrl}/v2/shopify/webhooks`
  for (const topic of WEBHOOK_TOPICS) {
    const data = await client.request<{ webhookSubscriptionCreate: { userErrors: { message: string }[] } }>(WEBHOOK_CREATE_MUTATION, {
      topic,
      uri,
    })
    const errors = data.webhookSubscriptionCreate.userErrors
    // "Address for this topic has already been taken": subscribed by an earlier connection.
    if (errors.length && !errors.every((e) => /already been taken/i.test(e.message))) {
      log.warn('shopify webhook subscription refused', { shop, topic, errors: errors.map((e) => e.message).join('; ') })
    }
  }
}

export const storeExists = () => new HttpError(409, STORE_EXISTS, { store_exists: true })

/**
 * The owner's own store, connected through the app before it asked for the web pixel's permission:
 * connecting it again is how the owner approves it (the Stores page and the publish panel link there).
 */
const needsApproval = (store: StoreRow, user: UserRow) =>
  store.userId === user.id && store.kind === 'oauth' && store.status === 'connected' && !store.scopes.split(',').includes('write_pixels')

/**
 * Refuses a shop that is connected already, to this account or another (reference §7.3). A shop
 * whose app was uninstalled may be connected again (by anyone: the old account's copy is dropped);
 * the owner's own may be when its token expired or it lacks a permission asked for since.
 */
export async function assertCanConnect(deps: ApiDeps, user: UserRow, shop: string) {
  const [existing] = await deps.database.db.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, shop))
  if (
    existing &&
    existing.status !== 'uninstalled' &&
    !(existing.userId === user.id && existing.status === 'token_expired') &&
    !needsApproval(existing, user)
  )
    throw storeExists()
  assertAllowed(user, storeDecision(accountOf(user), await otherStores(deps.database.db, user.id, shop)))
}

/** How many stores other than `shop` the account has connected (the store rule counts them). */
async function otherStores(db: ApiDeps['database']['db'] | Tx, userId: number, shop: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(shopifyStores)
    .where(and(eq(shopifyStores.userId, userId), ne(shopifyStores.shopDomain, shop)))
  return n
}

/**
 * Connects a shop to the account: checks who the shop is with the new token, then in one
 * transaction (user row locked) applies the store rules, stores the sealed tokens, records the
 * shop's first connection (the referral rule's "unique store"), makes it the current store when
 * there is none, and queues the catalogue sync. Webhooks are subscribed after the commit.
 */
export async function attachStore(deps: ApiDeps, user: UserRow, conn: NewConnection): Promise<StoreRow> {
  const info = await fetchShopInfo(deps, conn.shop, conn.accessToken)
  const now = deps.clock()
  const isDemo = await deps.shopify.network.isDemoShop(conn.shop)
  const row = await deps.database.db.transaction(async (tx) => {
    const owner = await lockAccount(tx, user.id)
    const [existing] = await tx.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, conn.shop)).for('update')
    if (existing && existing.userId !== user.id && existing.status !== 'uninstalled') throw storeExists()
    if (existing && existing.userId !== user.id) await tx.delete(shopifyStores).where(eq(shopifyStores.id, existing.id))
    assertAllowed(owner, storeDecision(accountOf(owner), await otherStores(tx, user.id, conn.shop)))
    const values = {
      name: info.name,
      email: info.email,
      currency: info.currency,
      kind: conn.kind,
      isDemo,
      status: 'connected' as const,
      ...sealedTokens(deps, conn),
      webhookSecretEnc: conn.webhookSecret ? sealSecret(deps.shopify.tokenKey, conn.webhookSecret) : null,
      scopes: info.scopes.join(','),
      appId: info.appId,
      // A reconnect asks Shopify afresh whether our theme files may be written (an exemption may have come).
      themeWritesRefusedAt: null,
      themeWritesRefusal: null,
      connectedAt: now,
      uninstalledAt: null,
      syncStatus: 'queued' as const,
      syncCursor: null,
      syncDone: 0,
      syncError: null,
      updatedAt: now,
    }
    const [saved] =
      existing && existing.userId === user.id
        ? await tx.update(shopifyStores).set(values).where(eq(shopifyStores.id, existing.id)).returning()
        : await tx
            .insert(shopifyStores)
            .values({ ...values, userId: user.id, shopDomain: conn.shop, feedToken: randomToken('', 24), createdAt: now })
            .returning()
    await tx.insert(storeDomains).values({ shopDomain: conn.shop, firstUserId: user.id, firstConnectedAt: now }).onConflictDoNothing()
    // A referred account adding a unique store earns its referrer a publish slot (reference §6.5).
    await qualifyReferral(tx, user.id, { shop: conn.shop, isDemo }, now)
    await tx.insert(currentStores).values({ userId: user.id, storeId: saved.id }).onConflictDoNothing()
    await deps.queue.send(SHOPIFY_SYNC_QUEUE, { storeId: saved.id } satisfies ShopifySyncJob, { tx, singletonKey: `sync-${saved.id}` })
    return saved
  })
  deps.queue.wake(SHOPIFY_SYNC_QUEUE)
  // OAuth apps and custom apps whose secret we hold can be verified, so only they are subscribed.
  if (conn.kind === 'oauth' || conn.webhookSecret) {
    await subscribeWebhooks(deps, conn.shop, conn.accessToken).catch((error) =>
      log.warn('shopify webhook subscription failed', { shop: conn.shop, error: String((error as Error).message) }),
    )
  }
  return row
}

/** The user's store by id (404 for anyone else's). */
export async function findOwnStore(deps: ApiDeps, user: UserRow, id: number): Promise<StoreRow> {
  const [row] = await deps.database.db
    .select()
    .from(shopifyStores)
    .where(and(eq(shopifyStores.id, id), eq(shopifyStores.userId, user.id)))
  if (!row) throw notFound('There is no store with this id on your account.')
  return row
}

/** The store the user works in: the remembered one, else their first connected one. */
export async function currentStore(deps: ApiDeps, user: UserRow, id?: number): Promise<StoreRow | null> {
  if (id !== undefined) return findOwnStore(deps, user, id)
  const { db } = deps.database
  const [remembered] = await db
    .select({ store: shopifyStores })
    .from(currentStores)
    .innerJoin(shopifyStores, eq(shopifyStores.id, currentStores.storeId))
    .where(eq(currentStores.userId, user.id))
  if (remembered) return remembered.store
  const [first] = await db.select().from(shopifyStores).where(eq(shopifyStores.userId, user.id)).orderBy(shopifyStores.id).limit(1)
  return first ?? null
}

export async function setCurrentStore(deps: ApiDeps, user: UserRow, id: number) {
  const store = await findOwnStore(deps, user, id)
  await deps.database.db
    .insert(currentStores)
    .values({ userId: user.id, storeId: store.id })
    .onConflictDoUpdate({ target: currentStores.userId, set: { storeId: store.id } })
}

/** Disconnect: the row (tokens, catalogue, publications) goes; pages and the first-connection record stay. */
export async function disconnectStore(deps: ApiDeps, user: UserRow, id: number) {
  const store = await findOwnStore(deps, user, id)
  // The store, its products and the account's product allowance change together (store row first,
  // as a sync takes them: sync.ts).
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(shopifyStores).where(eq(shopifyStores.id, store.id))
    await refreshProductAllowance(deps, user.id, tx)
  })
}

/** Queues a sync (one at a time per store). */
export async function requestSync(deps: ApiDeps, user: UserRow, id: number): Promise<StoreRow> {
  const store = await findOwnStore(deps, user, id)
  if (store.status !== 'connected') throw new HttpError(409, 'Reconnect this store before syncing it.')
  const now = deps.clock()
  const [row] = await deps.database.db.transaction(async (tx) => {
    await deps.queue.send(SHOPIFY_SYNC_QUEUE, { storeId: store.id } satisfies ShopifySyncJob, { tx, singletonKey: `sync-${store.id}` })
    return tx
      .update(shopifyStores)
      .set({ syncStatus: store.syncStatus === 'running' ? 'running' : 'queued', syncError: null, updatedAt: now })
      .where(eq(shopifyStores.id, store.id))
      .returning()
  })
  deps.queue.wake(SHOPIFY_SYNC_QUEUE)
  return row
}

/** How many catalogue products the user has across their stores (removed ones do not count). */
export async function productCount(db: ApiDeps['database']['db'] | Tx, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(shopifyProducts)
    .innerJoin(shopifyStores, eq(shopifyStores.id, shopifyProducts.storeId))
    .where(and(eq(shopifyStores.userId, userId), isNull(shopifyProducts.deletedAt)))
  return n
}

/** Keeps `remaining_product_count` (reference §6.6) true for free accounts: the limit minus their products. */
export async function refreshProductAllowance(deps: ApiDeps, userId: number, db: ApiDeps['database']['db'] | Tx = deps.database.db) {
  await setProductsKept(db, userId, await productCount(db, userId))
}

/** shop/redact (48 h after uninstall): everything Pagewright holds about the shop goes, if it is still uninstalled. */
export async function forgetShop(deps: ApiDeps, shop: string) {
  const gone = await deps.database.db
    .delete(shopifyStores)
    .where(and(eq(shopifyStores.shopDomain, shop), eq(shopifyStores.status, 'uninstalled')))
    .returning({ userId: shopifyStores.userId })
  for (const g of gone) await refreshProductAllowance(deps, g.userId)
  log.info('shopify shop data deleted (shop/redact)', { shop, stores: gone.length })
}
