import { createHash } from 'node:crypto'
import { and, eq, lte } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { requestKeys, tasks } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { TaskRow } from './serialize'

/**
 * Idempotency keys of the requests that spend credits (the `Idempotency-Key` header, as the IETF
 * draft and Stripe spell it). Sending a form twice — a double click with scripts off, the same link
 * in two tabs, a retry after a lost answer — must make one page and take one price.
 */

/** How long a key answers for its first request; housekeeping forgets older ones. */
export const REQUEST_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** What a request asked, as a short stable digest: a key sent again must come with the same request. */
export function requestFingerprint(request: Record<string, string | number | null>): string {
  const ordered = Object.fromEntries(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)))
  return createHash('sha256').update(JSON.stringify(ordered)).digest('base64url')
}

/**
 * Claims `key` for this user inside the transaction that does the work. Returns null when the key
 * is new (the caller goes on and `settleRequestKey`s it with its page, in the same transaction, so a
 * failure frees the key again), or the page the first request made. A second request while the
 * first is still in its transaction waits on the key's row (its primary key) and then reads it.
 * The same key with another request is a 422, never a replay of something else.
 */
export async function claimRequestKey(tx: Tx, userId: number, key: string, fingerprint: string, now: Date): Promise<TaskRow | null> {
  const claimed = await tx
    .insert(requestKeys)
    .values({ userId, key, fingerprint, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: requestKeys.key })
  if (claimed.length > 0) return null
  const [first] = await tx
    .select({ fingerprint: requestKeys.fingerprint, task: tasks })
    .from(requestKeys)
    .leftJoin(tasks, eq(tasks.id, requestKeys.taskId))
    .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)))
  // Gone since the insert (housekeeping forgot it at that moment): nothing to answer; sent again, it is new.
  if (!first) throw new HttpError(409, 'This request was just being handled. Try again in a moment.')
  if (first.fingerprint !== fingerprint) {
    throw new HttpError(422, 'This Idempotency-Key was sent before with a different request. Use a new key for a new request.')
  }
  if (!first.task) throw new HttpError(409, 'The first request with this Idempotency-Key is still being handled. Try again in a moment.')
  return first.task
}

/** Ties a claimed key to the page its request made. */
export async function settleRequestKey(tx: Tx, userId: number, key: string, taskId: number) {
  await tx
    .update(requestKeys)
    .set({ taskId })
    .where(and(eq(requestKeys.userId, userId), eq(requestKeys.key, key)))
}

/** Housekeeping: keys past their day answer nothing more. */
export async function deleteOldRequestKeys(db: DbOrTx, now: Date) {
  await db.delete(requestKeys).where(lte(requestKeys.createdAt, new Date(now.getTime() - REQUEST_KEY_TTL_MS)))
}
