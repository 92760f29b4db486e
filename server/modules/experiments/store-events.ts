import { and, eq, notInArray } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { experimentVisitors, experiments, publications, shopifyStores, tasks } from '../../db/schema'
import { isoDay } from '../../domain/daily-visitors'
import type { Variant } from '../../domain/experiments/shopper'
import type { ShopperEvent } from '../../http/experiment-front'
import { HttpError, notFound, tooManyRequests } from '../../http/http-error'
import { hit, networkKey } from '../../http/rate-limit'
import { addShopperCountsIn } from './counts'

/** What the store's web pixel says about one shopper (extensions/pagewright-pixel). */
export interface StoreEvent {
  shop: string
  experiment_id: number
  visitor: string
  variant: Variant
  event: 'view' | 'add_to_cart' | 'checkout'
  product_id?: string
}

/** Events a network may send per minute: a shopper's browsing sends a few; more is someone making counts up. */
export const STORE_EVENTS_PER_MINUTE = 120

const productGid = (id: string) => (id.startsWith('gid://') ? id : `gid://shopify/Product/${id}`)

/**
 * One event from a store's shopper, counted by the share page's own counting (experiments/counts.ts): the
 * visitor once for the variant they were first seen with, a conversion once per visitor (checkout),
 * a buy click per add to cart. Only the visitor's id and variant come from the client; the
 * experiment must run on a page published in that shop, and on the event's product when it names one.
 */
export async function recordStoreEvent(deps: ApiDeps, input: StoreEvent, clientIp: string): Promise<{ counted: boolean }> {
  const now = deps.clock()
  const { db } = deps.database
  // The shopper's network, never its address: nothing about a store's shopper is kept (a day's hash).
  const limit = await hit(db, `store-events:net:${networkKey(deps.env.AUTH_SECRET, clientIp, now)}`, 60_000, now)
  if (limit.count > STORE_EVENTS_PER_MINUTE)
    throw tooManyRequests('Too many events from your network. Please try again later.', limit.resetIn)
  const day = isoDay(now)
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ sessionId: tasks.sessionId, productGid: publications.productGid })
      .from(experiments)
      .innerJoin(tasks, eq(tasks.id, experiments.taskId))
      // A page being published again is still in the store: its shoppers keep counting meanwhile.
      .innerJoin(
        publications,
        and(eq(publications.taskId, experiments.taskId), notInArray(publications.status, ['unpublished', 'unpublishing'])),
      )
      .innerJoin(shopifyStores, and(eq(shopifyStores.id, publications.storeId), eq(shopifyStores.shopDomain, input.shop)))
      .where(and(eq(experiments.id, input.experiment_id), eq(experiments.status, 'running')))
    if (!found?.productGid || (input.product_id && productGid(input.product_id) !== found.productGid))
      throw notFound('No experiment runs on a page published in this shop.')
    const shopper = { experiment_id: input.experiment_id, visitor_id: input.visitor, variant: input.variant, day }
    const events: ShopperEvent[] = [{ kind: 'visit', ...shopper }]
    if (input.event === 'checkout') events.push({ kind: 'convert', ...shopper })
    const added = await addShopperCountsIn(tx, { pages: [], events })
    if (added.visitors === 0) {
      const [seen] = await tx
        .select({ variant: experimentVisitors.variant })
        .from(experimentVisitors)
        .where(and(eq(experimentVisitors.experimentId, input.experiment_id), eq(experimentVisitors.visitorId, input.visitor)))
      if (seen && seen.variant !== input.variant) throw new HttpError(409, 'This visitor was counted for the other version.')
    }
    // The page's own analytics: a view of the product, a new visitor, and an add to cart as the store's buy click.
    const page = {
      session_id: found.sessionId,
      day,
      views: input.event === 'view' ? 1 : 0,
      visitors: added.visitors,
      buy_clicks: input.event === 'add_to_cart' ? 1 : 0,
    }
    if (page.views + page.visitors + page.buy_clicks > 0) await addShopperCountsIn(tx, { pages: [page], events: [] })
    return { counted: added.visitors + added.conversions + page.buy_clicks > 0 }
  })
}
