import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { experimentVisitors, experiments, publications, tasks } from '../../db/schema'
import type { StopReason } from '../../domain/experiments/shopper'
import { SHOPIFY_EVENTS_QUEUE, type ShopifyEventJob } from '../../jobs/definitions'
import type { JobQueue } from '../../jobs/queue'

/**
 * Who was counted is needed only while an experiment runs (to count each visitor once): its ending
 * deletes that list; the daily counts stay.
 */
export const forgetVisitors = (tx: Tx, experimentId: number) =>
  tx.delete(experimentVisitors).where(eq(experimentVisitors.experimentId, experimentId))

/**
 * Starting or ending an experiment changes what the shared page shows without changing the page:
 * this touches the task row so every cache keyed on the share version forgets it (share-version.ts).
 */
export const touchTask = (tx: Tx, taskId: number) =>
  tx
    .update(tasks)
    .set({ updatedAt: sql`${tasks.updatedAt}` })
    .where(eq(tasks.id, taskId))

/**
 * Queues the challenger sync (server/modules/shopify/challenger.ts) for every store the page is in
 * or on its way into, so the store's challenger follows the experiment. Run inside the transaction
 * that started or ended it; `wake` after it commits spares the workers' next poll (a second).
 */
export async function queueChallengerSync(queue: JobQueue, tx: Tx, taskId: number) {
  const rows = await tx
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.taskId, taskId), notInArray(publications.status, ['unpublished', 'unpublishing'])))
  return sendChallengerJobs(
    queue,
    rows.map((p) => p.id),
    tx,
  )
}

/** One challenger sync job per publication (in `tx` when given); `wake` once they are committed. */
export async function sendChallengerJobs(queue: JobQueue, publicationIds: number[], tx?: Tx) {
  for (const publicationId of publicationIds)
    await queue.send(SHOPIFY_EVENTS_QUEUE, { kind: 'challenger', publicationId } satisfies ShopifyEventJob, tx ? { tx } : {})
  return {
    count: publicationIds.length,
    wake: () => {
      if (publicationIds.length > 0) queue.wake(SHOPIFY_EVENTS_QUEUE)
    },
  }
}

/** The pages whose running experiment ends: one page, or every page of an owner. */
type ExperimentScope = { taskId: number } | { ownerId: number }

/**
 * Ends the running experiment of the pages in `scope` for `reason`, in the caller's transaction:
 * stopped with the reason, its visitor list forgotten, the shared page's caches told, the stores'
 * challenger removed. Returns the experiments ended (none when nothing ran).
 */
export async function endRunningExperiments(queue: JobQueue, tx: Tx, scope: ExperimentScope, reason: StopReason, now: Date) {
  const pages =
    'taskId' in scope
      ? eq(experiments.taskId, scope.taskId)
      : inArray(experiments.taskId, tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, scope.ownerId)))
  const ended = await tx
    .update(experiments)
    .set({ status: 'stopped', stoppedAt: now, stopReason: reason })
    .where(and(eq(experiments.status, 'running'), pages))
    .returning({ id: experiments.id, taskId: experiments.taskId })
  for (const e of ended) {
    await forgetVisitors(tx, e.id)
    await touchTask(tx, e.taskId)
    await queueChallengerSync(queue, tx, e.taskId)
  }
  return ended
}
