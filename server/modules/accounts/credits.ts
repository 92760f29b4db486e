import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { creditLedger, tasks, users } from '../../db/schema'
import type { CreditReason } from '../../domain/credits'
import { CREDITS_PER_PAGE } from '../../domain/entitlements'

/**
 * Every write to a credit balance, each with its ledger row (the balance after it). Callers run
 * these inside the transaction of what the credits pay for.
 */

/**
 * Takes the price of a page with one conditional update (only while the balance is above that
 * price: the generate rule of entitlements.ts), so parallel requests can never drive it below zero.
 * Returns the new balance, or null when the account cannot afford it.
 */
export async function spendForPage(tx: DbOrTx, userId: number, taskId: number, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ remainingCreditCount: sql`${users.remainingCreditCount} - ${CREDITS_PER_PAGE}`, updatedAt: now })
    .where(and(eq(users.id, userId), gt(users.remainingCreditCount, CREDITS_PER_PAGE)))
    .returning({ balance: users.remainingCreditCount })
  if (!row) return null
  await tx
    .insert(creditLedger)
    .values({ userId, delta: -CREDITS_PER_PAGE, balanceAfter: row.balance, reason: 'generation', taskId, createdAt: now })
  await tx.update(tasks).set({ creditsCharged: CREDITS_PER_PAGE, refundedAt: null }).where(eq(tasks.id, taskId))
  return row.balance
}

/** Gives back the task's last charge, once: a second call (retry, crash, race) changes nothing. */
export async function refundPage(tx: DbOrTx, taskId: number, now: Date): Promise<boolean> {
  const [task] = await tx
    .update(tasks)
    .set({ refundedAt: now })
    .where(and(eq(tasks.id, taskId), isNull(tasks.refundedAt), gt(tasks.creditsCharged, 0)))
    .returning({ userId: tasks.userId, amount: tasks.creditsCharged })
  if (!task) return false
  const [user] = await tx
    .update(users)
    .set({ remainingCreditCount: sql`${users.remainingCreditCount} + ${task.amount}`, updatedAt: now })
    .where(eq(users.id, task.userId))
    .returning({ balance: users.remainingCreditCount })
  await tx
    .insert(creditLedger)
    .values({ userId: task.userId, delta: task.amount, balanceAfter: user.balance, reason: 'refund', taskId, createdAt: now })
  return true
}

/**
 * Adds (or, with a negative amount, removes) credits with one conditional update: the balance never
 * goes below zero. Returns the new balance, or null when removing would go below zero. With
 * `stripeInvoiceId` the ledger's unique invoice id makes a concurrent second grant of one invoice
 * fail and roll back.
 */
export async function changeCredits(
  tx: DbOrTx,
  userId: number,
  amount: number,
  entry: { reason: Exclude<CreditReason, 'generation' | 'refund'>; note?: string | null; stripeInvoiceId?: string; now: Date },
): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({ remainingCreditCount: sql`${users.remainingCreditCount} + ${amount}`, updatedAt: entry.now })
    .where(and(eq(users.id, userId), sql`${users.remainingCreditCount} + ${amount} >= 0`))
    .returning({ balance: users.remainingCreditCount })
  if (!row) return null
  await tx.insert(creditLedger).values({
    userId,
    delta: amount,
    balanceAfter: row.balance,
    reason: entry.reason,
    note: entry.note ?? null,
    stripeInvoiceId: entry.stripeInvoiceId ?? null,
    createdAt: entry.now,
  })
  return row.balance
}

/**
 * Takes back up to `credits` (a refunded or disputed payment's credits), never below zero: what the balance holds is
 * taken, the rest had been spent. One conditional update on the locked row, one ledger row saying both. Returns what
 * was taken, what had been spent, and the balance after.
 */
export async function takeBackCredits(
  tx: DbOrTx,
  userId: number,
  credits: number,
  entry: { reason: 'payment_refunded' | 'payment_disputed'; note: string; now: Date },
): Promise<{ taken: number; spent: number; balance: number }> {
  const [before] = await tx.select({ balance: users.remainingCreditCount }).from(users).where(eq(users.id, userId)).for('update')
  if (!before || credits <= 0) return { taken: 0, spent: 0, balance: before?.balance ?? 0 }
  const [row] = await tx
    .update(users)
    .set({ remainingCreditCount: sql`GREATEST(${users.remainingCreditCount} - ${credits}, 0)`, updatedAt: entry.now })
    .where(eq(users.id, userId))
    .returning({ balance: users.remainingCreditCount })
  const taken = before.balance - row.balance
  const spent = credits - taken
  const words =
    spent > 0
      ? `${taken.toLocaleString('en-US')} taken back, ${spent.toLocaleString('en-US')} already spent`
      : `${taken.toLocaleString('en-US')} taken back`
  await tx.insert(creditLedger).values({
    userId,
    delta: -taken,
    balanceAfter: row.balance,
    reason: entry.reason,
    note: `${entry.note} · ${words}`,
    createdAt: entry.now,
  })
  return { taken, spent, balance: row.balance }
}

/** The credits an invoice granted (0 when it granted none), read from its ledger row. */
export async function creditsGrantedBy(tx: DbOrTx, stripeInvoiceId: string): Promise<{ userId: number; credits: number } | null> {
  const [row] = await tx
    .select({ userId: creditLedger.userId, credits: creditLedger.delta })
    .from(creditLedger)
    .where(eq(creditLedger.stripeInvoiceId, stripeInvoiceId))
  return row ?? null
}

/** Whether an invoice's credits were granted already (a grant happens once per invoice). */
export async function invoiceGranted(tx: DbOrTx, stripeInvoiceId: string): Promise<boolean> {
  const [done] = await tx.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.stripeInvoiceId, stripeInvoiceId))
  return !!done
}
