import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { creditLedger, type plans, users } from '../../db/schema'
import { creditsForPayment, grantDescription } from '../../domain/billing'
import type { Plan } from '../../domain/plans'

type PlanRow = typeof plans.$inferSelect

export function toPlan(p: PlanRow): Plan {
  return {
    id: p.id,
    type: p.type,
    active: p.active,
    billing_cycle: p.billingCycle,
    amount: Number(p.amount),
    value: p.value,
    name: p.name,
    credit_value_month: p.creditValueMonth,
    is_default: p.isDefault,
    stripe_price_id: p.stripePriceId,
    stripe_price_id_dev: p.stripePriceIdDev,
    version: p.version,
  }
}

/**
 * Makes an account Pro on a plan and grants what one paid period of it gives (spec §3/§9:
 * monthly credits, or twelve months upfront for a yearly plan), with a ledger row. The one path
 * for a paid invoice, the support console and `npm run user:role`. With `stripeInvoiceId` the
 * grant happens once per invoice, whatever order or number of times the events arrive.
 * Returns the credits granted (0 when that invoice was granted already).
 */
export async function grantPlan(
  tx: DbOrTx,
  userId: number,
  plan: PlanRow,
  opts: { now: Date; note?: string; stripeInvoiceId?: string; reason?: 'subscription' | 'support' },
): Promise<number> {
  const credits = creditsForPayment({ billing_cycle: plan.billingCycle, credit_value_month: plan.creditValueMonth })
  if (opts.stripeInvoiceId) {
    const [done] = await tx.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.stripeInvoiceId, opts.stripeInvoiceId))
    if (done) return 0
  }
  const [user] = await tx
    .update(users)
    .set({
      // Staff stay staff; anyone else becomes Pro.
      role: sql`CASE WHEN ${users.role} = 'admin' THEN 'admin' ELSE 'paid' END`,
      plan: plan.name,
      stripePlan: plan.slug,
      remainingCreditCount: sql`${users.remainingCreditCount} + ${credits}`,
      lastCreditReset: opts.now,
      updatedAt: opts.now,
    })
    .where(eq(users.id, userId))
    .returning({ balance: users.remainingCreditCount })
  const note = [grantDescription(toPlan(plan)), opts.note].filter(Boolean).join(' · ')
  // The unique invoice id makes a concurrent second grant of the same invoice fail (and roll back).
  await tx.insert(creditLedger).values({
    userId,
    delta: credits,
    balanceAfter: user.balance,
    reason: opts.reason ?? 'subscription',
    note,
    stripeInvoiceId: opts.stripeInvoiceId ?? null,
    createdAt: opts.now,
  })
  return credits
}

/** Back to the free plan (the credits already granted stay: they were paid for). Staff keep their role. */
export async function endPlan(tx: DbOrTx, userId: number, now: Date) {
  await tx
    .update(users)
    .set({ role: sql`CASE WHEN ${users.role} = 'admin' THEN 'admin' ELSE 'free' END`, plan: null, stripePlan: null, updatedAt: now })
    .where(and(eq(users.id, userId)))
}

/** Keeps the plan name on the account in step with the subscription, without granting anything. */
export async function setPlan(tx: DbOrTx, userId: number, plan: PlanRow, now: Date) {
  await tx
    .update(users)
    .set({
      role: sql`CASE WHEN ${users.role} = 'admin' THEN 'admin' ELSE 'paid' END`,
      plan: plan.name,
      stripePlan: plan.slug,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
}
