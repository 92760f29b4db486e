import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { creditLedger, tasks, users } from '../../db/schema'
import { CREDITS_PER_PAGE } from '../../domain/plans'

/**
 * Takes the price of a page with one conditional update (spec §6: only while the balance is above
 * that price), so parallel requests can never drive it below zero. Returns the new balance, or
 * null when the user cannot afford it. Call inside the transaction that enqueues the job.
 */
export async function debitGeneration(tx: DbOrTx, userId: number, taskId: number, now: Date): Promise<number | null> {
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
export async function refundGeneration(tx: DbOrTx, taskId: number, now: Date): Promise<boolean> {
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

/** The sign-up grant, as the first ledger row of an account. */
export async function recordSignupGrant(tx: DbOrTx, userId: number, credits: number, now: Date) {
  await tx.insert(creditLedger).values({ userId, delta: credits, balanceAfter: credits, reason: 'signup', createdAt: now })
}
