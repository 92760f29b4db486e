import { and, eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { Tx } from '../../db/client'
import { publications } from '../../db/schema'
import { SHOPIFY_PUBLISH_QUEUE, type ShopifyPublishJob } from '../../jobs/definitions'

/**
 * Publishes a page again into every store where it is live, as a re-publish would (free, the same
 * job): the page changed without its owner pressing Publish (an experiment's challenger promoted).
 * Run inside the transaction that changed the page; call `wake` after it commits.
 */
export async function republishLive(deps: ApiDeps, tx: Tx, taskId: number, pageVersion: number, now: Date) {
  const queued = await tx
    .update(publications)
    .set({ status: 'queued', failureReason: null, pageVersion, requestedAt: now })
    .where(and(eq(publications.taskId, taskId), eq(publications.status, 'published')))
    .returning({ id: publications.id })
  for (const p of queued) await deps.queue.send(SHOPIFY_PUBLISH_QUEUE, { publicationId: p.id } satisfies ShopifyPublishJob, { tx })
  return {
    count: queued.length,
    wake: () => {
      if (queued.length > 0) deps.queue.wake(SHOPIFY_PUBLISH_QUEUE)
    },
  }
}
