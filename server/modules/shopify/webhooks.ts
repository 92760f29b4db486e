import { createHmac } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { openSecret, safeEqualBase64 } from '../../crypto'
import { shopifyProducts, shopifyStores, webhookDeliveries } from '../../db/schema'
import { isMyshopifyDomain } from '../../domain/shopify'
import { HttpError, badRequest } from '../../http/http-error'
import { SHOPIFY_EVENTS_QUEUE, type ShopifyEventJob } from '../../jobs/definitions'
import { log } from '../../log'

/** Shopify deletes a shop's data 48 h after the app is uninstalled (shop/redact). */
export const SHOP_REDACT_DELAY_MS = 48 * 3_600_000

const BAD_SIGNATURE = 'The webhook signature does not match.'

/**
 * Checks the HMAC on the raw body before anything else: with the app's secret, or with the custom
 * app's own secret for a store connected by token. No match: 401 and nothing is stored.
 */
async function verify(deps: ApiDeps, body: string, headers: Headers): Promise<{ shop: string; topic: string; id: string }> {
  const signature = headers.get('x-shopify-hmac-sha256') ?? ''
  const shop = (headers.get('x-shopify-shop-domain') ?? '').toLowerCase()
  const topic = headers.get('x-shopify-topic') ?? ''
  const id = headers.get('x-shopify-webhook-id') ?? headers.get('x-shopify-event-id') ?? ''
  const secrets = [deps.env.shopifyApp.apiSecret]
  if (isMyshopifyDomain(shop)) {
    const [store] = await deps.database.db
      .select({ secret: shopifyStores.webhookSecretEnc })
      .from(shopifyStores)
      .where(eq(shopifyStores.shopDomain, shop))
    if (store?.secret) secrets.push(openSecret(deps.shopify.tokenKey, store.secret))
  }
  const ok = !!signature && secrets.some((s) => safeEqualBase64(createHmac('sha256', s).update(body, 'utf8').digest('base64'), signature))
  if (!ok) throw new HttpError(401, BAD_SIGNATURE)
  if (!isMyshopifyDomain(shop) || !topic || !id || id.length > 200) throw badRequest('The webhook is missing its shop, topic or id.')
  return { shop, topic, id }
}

/**
 * One webhook delivery, handled once: its id is stored in the same transaction as its effect, so a
 * replay (Shopify retries, or an attacker) changes nothing. Heavy work (asking Shopify again,
 * writing theme files) is queued in that transaction too.
 */
export async function handleWebhook(deps: ApiDeps, body: string, headers: Headers) {
  const { shop, topic, id } = await verify(deps, body, headers)
  let payload: Record<string, unknown> = {}
  try {
    payload = body ? (JSON.parse(body) as Record<string, unknown>) : {}
  } catch {
    throw badRequest('The webhook body is not JSON.')
  }
  const now = deps.clock()
  const jobs: { job: ShopifyEventJob; startAfter?: Date }[] = []
  const fresh = await deps.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookDeliveries)
      .values({ source: 'shopify', deliveryId: id, topic, shopDomain: shop, receivedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!inserted.length) return false
    const stores = await tx.select().from(shopifyStores).where(eq(shopifyStores.shopDomain, shop))
    const storeIds = stores.map((s) => s.id)
    const send = async (job: ShopifyEventJob, startAfter?: Date) => {
      await deps.queue.send(SHOPIFY_EVENTS_QUEUE, job, { tx, startAfter })
      jobs.push({ job, startAfter })
    }
    switch (topic) {
      case 'app/uninstalled':
        // The tokens are dead: delete them; the store stays, marked, until shop/redact.
        await tx
          .update(shopifyStores)
          .set({ status: 'uninstalled', uninstalledAt: now, accessTokenEnc: null, refreshTokenEnc: null, updatedAt: now })
          .where(eq(shopifyStores.shopDomain, shop))
        break
      case 'products/update':
      case 'products/create': {
        const gid = String(payload.admin_graphql_api_id ?? (payload.id ? `gid://shopify/Product/${payload.id}` : ''))
        for (const storeId of storeIds) if (gid) await send({ kind: 'product-refresh', storeId, productGid: gid })
        break
      }
      case 'products/delete': {
        const gid = `gid://shopify/Product/${payload.id}`
        if (storeIds.length && payload.id) {
          await tx
            .update(shopifyProducts)
            .set({ deletedAt: now })
            .where(and(inArray(shopifyProducts.storeId, storeIds), eq(shopifyProducts.shopifyId, gid)))
        }
        break
      }
      case 'themes/publish': {
        const gid = String(payload.admin_graphql_api_id ?? (payload.id ? `gid://shopify/OnlineStoreTheme/${payload.id}` : ''))
        for (const storeId of storeIds) if (gid) await send({ kind: 'theme-published', storeId, themeGid: gid })
        break
      }
      case 'customers/data_request':
      case 'customers/redact':
        // Pagewright keeps no customer data (no orders, no customers): nothing to send or erase.
        log.info('shopify privacy request: no customer data held', { shop, topic })
        break
      case 'shop/redact': {
        const uninstalled = stores.find((s) => s.uninstalledAt)?.uninstalledAt ?? now
        const due = new Date(Math.max(now.getTime(), uninstalled.getTime() + SHOP_REDACT_DELAY_MS))
        await send({ kind: 'shop-redact', shopDomain: shop }, due)
        log.info('shopify shop/redact scheduled', { shop, due: due.toISOString() })
        break
      }
      default:
        log.info('shopify webhook ignored', { shop, topic })
    }
    return true
  })
  if (jobs.length) deps.queue.wake(SHOPIFY_EVENTS_QUEUE)
  return { ok: true as const, duplicate: !fresh }
}
