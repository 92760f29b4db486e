import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { publications, referrals, slotLedger, users } from '../../db/schema'
import type { SlotReason } from '../../domain/credits'
import { referralEarnsSlot } from '../../domain/entitlements'

/**
 * Every write to a publish slot balance, each with its slot ledger row. A slot given back or taken
 * back is read from the ledger (or the publication's own flag), never re-derived from counts.
 */

async function record(
  tx: DbOrTx,
  row: { userId: number; delta: number; balance: number; reason: SlotReason; now: Date; referralId?: number; publicationId?: number },
) {
  await tx.insert(slotLedger).values({
    userId: row.userId,
    delta: row.delta,
    balanceAfter: row.balance,
    reason: row.reason,
    referralId: row.referralId ?? null,
    publicationId: row.publicationId ?? null,
    createdAt: row.now,
  })
}

/**
 * Spends one slot on a publication (a free account's first publish of a page), with one
 * conditional update: parallel publishes can never spend a slot twice or go below zero. Marks the
 * publication as holding it. Returns false when there is no slot left.
 */
export async function spendSlot(tx: DbOrTx, userId: number, publicationId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(users)
    .set({ publishPagesCount: sql`${users.publishPagesCount} - 1`, updatedAt: now })
    .where(and(eq(users.id, userId), gt(users.publishPagesCount, 0)))
    .returning({ balance: users.publishPagesCount })
  if (!row) return false
  await tx.update(publications).set({ slotSpent: true }).where(eq(publications.id, publicationId))
  await record(tx, { userId, delta: -1, balance: row.balance, reason: 'publish', publicationId, now })
  return true
}

/**
 * A publication that spent a slot and failed before it was ever live gives the slot back, once:
 * the conditional update of its flag is what makes a second call (retry, race) a no-op.
 */
export async function giveBackSlot(tx: DbOrTx, publicationId: number, userId: number, now: Date): Promise<boolean> {
  const [freed] = await tx
    .update(publications)
    .set({ slotSpent: false })
    .where(and(eq(publications.id, publicationId), eq(publications.slotSpent, true), isNull(publications.publishedAt)))
    .returning({ id: publications.id })
  if (!freed) return false
  const [row] = await tx
    .update(users)
    .set({ publishPagesCount: sql`${users.publishPagesCount} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ balance: users.publishPagesCount })
  await record(tx, { userId, delta: 1, balance: row.balance, reason: 'publish_failed', publicationId, now })
  return true
}

/**
 * A qualified referral earns its referrer one slot while the cap allows (entitlements.ts). Runs with
 * the referrer's row locked by the caller; the ledger's unique key makes a second earn of one
 * referral impossible. Returns whether a slot was added.
 */
export async function earnReferralSlot(tx: DbOrTx, inviterId: number, referralId: number, now: Date): Promise<boolean> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.inviterId, inviterId), isNotNull(referrals.qualifiedAt), isNull(referrals.disqualifiedAt)))
  // `n` counts this referral too (qualified by the caller just before).
  if (!referralEarnsSlot(n - 1)) return false
  const [row] = await tx
    .update(users)
    .set({ publishPagesCount: sql`${users.publishPagesCount} + 1`, updatedAt: now })
    .where(eq(users.id, inviterId))
    .returning({ balance: users.publishPagesCount })
  await record(tx, { userId: inviterId, delta: 1, balance: row.balance, reason: 'referral', referralId, now })
  return true
}

/**
 * A disqualified referral takes back the slot its qualification earned, if it earned one (read
 * from the ledger), never below zero: a slot already spent on a published page stays spent.
 * Returns the slots taken back (0 or 1) and the balance after.
 */
export async function takeBackReferralSlot(tx: DbOrTx, inviterId: number, referralId: number, now: Date) {
  const [earned] = await tx
    .select({ id: slotLedger.id })
    .from(slotLedger)
    .where(and(eq(slotLedger.referralId, referralId), eq(slotLedger.reason, 'referral')))
  const [before] = await tx.select({ balance: users.publishPagesCount }).from(users).where(eq(users.id, inviterId))
  if (!earned) return { taken: 0, balance: before.balance }
  const [row] = await tx
    .update(users)
    .set({ publishPagesCount: sql`GREATEST(${users.publishPagesCount} - 1, 0)`, updatedAt: now })
    .where(eq(users.id, inviterId))
    .returning({ balance: users.publishPagesCount })
  const taken = before.balance - row.balance
  await record(tx, { userId: inviterId, delta: -taken, balance: row.balance, reason: 'referral_taken_back', referralId, now })
  return { taken, balance: row.balance }
}
