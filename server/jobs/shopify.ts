import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../context'
import { followThemeChange, forgetShop, refreshProduct, runChallengerSync, runPublish, runSync } from '../modules/shopify'
import {
  SHOPIFY_EVENTS_QUEUE,
  SHOPIFY_PUBLISH_QUEUE,
  SHOPIFY_SYNC_QUEUE,
  type ShopifyEventJob,
  type ShopifyPublishJob,
  type ShopifySyncJob,
} from './definitions'
import { rememberWorker } from './queue'

/** Runs one Shopify job by queue name (the worker, and tests draining the queues in-process). */
export async function runShopifyJob(deps: ApiDeps, queue: string, data: unknown, attempt: { retryCount: number; retryLimit: number }) {
  if (queue === SHOPIFY_SYNC_QUEUE) return runSync(deps, (data as ShopifySyncJob).storeId)
  if (queue === SHOPIFY_PUBLISH_QUEUE)
    return runPublish(deps, (data as ShopifyPublishJob).publicationId, { last: attempt.retryCount >= attempt.retryLimit })
  const job = data as ShopifyEventJob
  if (job.kind === 'product-refresh') return refreshProduct(deps, job.storeId, job.productGid)
  if (job.kind === 'theme-published') return followThemeChange(deps, job.storeId, job.themeGid)
  if (job.kind === 'challenger') return runChallengerSync(deps, job.publicationId, { last: attempt.retryCount >= attempt.retryLimit })
  return forgetShop(deps, job.shopDomain)
}

export const SHOPIFY_QUEUES = [SHOPIFY_SYNC_QUEUE, SHOPIFY_PUBLISH_QUEUE, SHOPIFY_EVENTS_QUEUE]

export async function registerShopify(boss: PgBoss, deps: ApiDeps) {
  for (const queue of SHOPIFY_QUEUES) {
    const id = await boss.work(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      await runShopifyJob(deps, queue, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
    })
    rememberWorker(queue, id)
  }
}
