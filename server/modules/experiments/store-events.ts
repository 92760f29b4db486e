import { and, eq, notInArray, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { experimentDaily, experimentVisitors, experiments, pageViewsDaily, publications, shopifyStores } from '../../db/schema'
import type { Variant } from '../../domain/experiments/shopper'
import { HttpError, notFound, tooManyRequests } from '../../http/http-error'
import { hit } from '../../http/rate-limit'

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
 * One event from a store's shopper, counted like the share page's (experiments/counts.ts): the
 * visitor once for the variant they were first seen with, a conversion once per visitor (checkout),
 * a buy click per add to cart. Only the visitor's id and variant come from the client; the
 * experiment must run on a page published in that shop, and on the event's product when it names one.
 */
export async function recordStoreEvent(deps: ApiDeps, input: StoreEvent, clientIp: string): Promise<{ counted: boolean }> {
  const now = deps.clock()
  const { db } = deps.database
  const limit = await hit(db, `store-events:ip:${clientIp}`, 60_000, now)
  if (limit.count > STORE_EVENTS_PER_MINUTE)
    throw tooManyRequests('Too many events from your network. Please try again later.', limit.resetIn)
  const day = now.toISOString().slice(0, 10)
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ taskId: experiments.taskId, productGid: publications.productGid })
      .from(experiments)
      // A page being published again is still in the store: its shoppers keep counting meanwhile.
      .innerJoin(
        publications,
        and(eq(publications.taskId, experiments.taskId), notInArray(publications.status, ['unpublished', 'unpublishing'])),
      )
      .innerJoin(shopifyStores, and(eq(shopifyStores.id, publications.storeId), eq(shopifyStores.shopDomain, input.shop)))
      .where(and(eq(experiments.id, input.experiment_id), eq(experiments.status, 'running')))
    if (!found?.productGid || (input.product_id && productGid(input.product_id) !== found.productGid))
      throw notFound('No experiment runs on a page published in this shop.')
    let counted = false
    const [added] = await tx
      .insert(experimentVisitors)
      .values({ experimentId: input.experiment_id, visitorId: input.visitor, variant: input.variant, day })
      .onConflictDoNothing()
      .returning()
    if (added) {
      counted = true
      await tx
        .insert(experimentDaily)
        .values({ experimentId: input.experiment_id, variant: input.variant, day, visitors: 1 })
        .onConflictDoUpdate({
          target: [experimentDaily.experimentId, experimentDaily.variant, experimentDaily.day],
          set: { visitors: sql`${experimentDaily.visitors} + 1` },
        })
    } else {
      const [seen] = await tx
        .select({ variant: experimentVisitors.variant })
        .from(experimentVisitors)
        .where(and(eq(experimentVisitors.experimentId, input.experiment_id), eq(experimentVisitors.visitorId, input.visitor)))
      if (seen && seen.variant !== input.variant) throw new HttpError(409, 'This visitor was counted for the other version.')
    }
    if (input.event === 'checkout') {
      const converted = await tx
        .update(experimentVisitors)
        .set({ converted: true })
        .where(
          and(
            eq(experimentVisitors.experimentId, input.experiment_id),
            eq(experimentVisitors.visitorId, input.visitor),
            eq(experimentVisitors.converted, false),
          ),
        )
        .returning({ variant: experimentVisitors.variant })
      if (converted.length > 0) {
        counted = true
        await tx
          .insert(experimentDaily)
          .values({ experimentId: input.experiment_id, variant: input.variant, day, conversions: 1 })
          .onConflictDoUpdate({
            target: [experimentDaily.experimentId, experimentDaily.variant, experimentDaily.day],
            set: { conversions: sql`${experimentDaily.conversions} + 1` },
          })
      }
    }
    // The page's own analytics: a new visitor, and an add to cart as the store's buy click.
    const clicks = input.event === 'add_to_cart' ? 1 : 0
    if (added || clicks) {
      counted = true
      await tx
        .insert(pageViewsDaily)
        .values({ taskId: found.taskId, day, visitors: added ? 1 : 0, buyClicks: clicks })
        .onConflictDoUpdate({
          target: [pageViewsDaily.taskId, pageViewsDaily.day],
          set: {
            visitors: sql`${pageViewsDaily.visitors} + ${added ? 1 : 0}`,
            buyClicks: sql`${pageViewsDaily.buyClicks} + ${clicks}`,
          },
        })
    }
    return { counted }
  })
}
