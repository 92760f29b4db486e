import { and, desc, eq, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { stripeCheckouts } from '../../db/schema'
import type { StripeMode } from '../../domain/billing'

/** The account's attempts to pay (stripe_checkouts): what Stripe holds open for it, one at a time. */

export type Attempt = typeof stripeCheckouts.$inferSelect
type NewAttempt = Omit<typeof stripeCheckouts.$inferInsert, 'id'>

/** Open attempts of the account in this mode, newest first; `before` keeps those older than a row. */
export async function openAttempts(db: DbOrTx, userId: number, mode: StripeMode, before?: number): Promise<Attempt[]> {
  return db
    .select()
    .from(stripeCheckouts)
    .where(
      and(
        eq(stripeCheckouts.userId, userId),
        eq(stripeCheckouts.mode, mode),
        eq(stripeCheckouts.status, 'open'),
        before === undefined ? undefined : lt(stripeCheckouts.id, before),
      ),
    )
    .orderBy(desc(stripeCheckouts.id))
}

/** The newest attempt of the account in this mode, whatever became of it (a new attempt follows it). */
export async function latestAttempt(db: DbOrTx, userId: number, mode: StripeMode): Promise<Attempt | null> {
  const [row] = await db
    .select()
    .from(stripeCheckouts)
    .where(and(eq(stripeCheckouts.userId, userId), eq(stripeCheckouts.mode, mode)))
    .orderBy(desc(stripeCheckouts.id))
    .limit(1)
  return row ?? null
}

/** Records an attempt once (a replayed create answers the same Stripe object: the same row). */
export async function recordAttempt(db: DbOrTx, row: NewAttempt): Promise<Attempt> {
  await db.insert(stripeCheckouts).values(row).onConflictDoNothing({ target: stripeCheckouts.stripeId })
  const [saved] = await db.select().from(stripeCheckouts).where(eq(stripeCheckouts.stripeId, row.stripeId))
  return saved
}

/** What became of an attempt (paid: complete; expired or cancelled: expired). Open only changes to something else. */
export async function markAttempt(db: DbOrTx, stripeId: string, status: 'complete' | 'expired') {
  await db
    .update(stripeCheckouts)
    .set({ status })
    .where(and(eq(stripeCheckouts.stripeId, stripeId), eq(stripeCheckouts.status, 'open')))
}
