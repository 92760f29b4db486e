import { eq, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client'
import { type plans, users } from '../../db/schema'
import { creditsForPayment, grantDescription } from '../../domain/billing'
import { experimentDecision } from '../../domain/entitlements'
import type { Plan } from '../../domain/plans'
import type { Role } from '../../domain/user'
import type { JobQueue } from '../../jobs/queue'
import { endRunningExperiments } from '../running-experiments'
import { changeCredits, invoiceGranted } from './credits'

/** Every write to an account's role and plan. */

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

/** Staff stay staff; anyone else takes `role`. */
const unlessStaff = (role: Role) => sql`CASE WHEN ${users.role} = 'admin' THEN 'admin' ELSE ${role} END`

/** Keeps the plan name on the account in step with the subscription (Pro), without granting anything. */
export async function setPlan(tx: DbOrTx, userId: number, plan: PlanRow, now: Date) {
  await tx
    .update(users)
    .set({ role: unlessStaff('paid'), plan: plan.name, stripePlan: plan.slug, updatedAt: now })
    .where(eq(users.id, userId))
}

/**
 * Makes an account Pro on a plan and grants what one paid period of it gives (monthly credits, or
 * twelve months upfront for a yearly plan), with a ledger row. The one path for a paid invoice, the
 * support console and `npm run user:role`. With `stripeInvoiceId` the grant happens once per
 * invoice, whatever order or number of times the events arrive. Returns the credits granted (0 when
 * that invoice was granted already).
 */
export async function grantPlan(
  tx: DbOrTx,
  userId: number,
  plan: PlanRow,
  opts: {
    now: Date
    note?: string
    stripeInvoiceId?: string
    reason?: 'subscription' | 'support' | 'plan_change'
    /** Another amount than a period's credits (a plan change's difference, billing's rule in server/domain/billing.ts). */
    credits?: number
  },
): Promise<number> {
  if (opts.stripeInvoiceId && (await invoiceGranted(tx, opts.stripeInvoiceId))) return 0
  const credits = opts.credits ?? creditsForPayment({ billing_cycle: plan.billingCycle, credit_value_month: plan.creditValueMonth })
  await setPlan(tx, userId, plan, opts.now)
  if (opts.credits === undefined) await tx.update(users).set({ lastCreditReset: opts.now }).where(eq(users.id, userId))
  await changeCredits(tx, userId, credits, {
    reason: opts.reason ?? 'subscription',
    note: [opts.credits === undefined ? grantDescription(toPlan(plan)) : null, opts.note].filter(Boolean).join(' · '),
    stripeInvoiceId: opts.stripeInvoiceId,
    now: opts.now,
  })
  return credits
}

/**
 * What an account no longer allowed ends with the allowance: running experiments stop (plan_ended),
 * so a page does not go on splitting shoppers for an owner who cannot see or stop it.
 */
async function endWhatIsNoLongerAllowed(queue: JobQueue, tx: Tx, userId: number, role: Role, now: Date) {
  if (!experimentDecision({ role }).allowed) await endRunningExperiments(queue, tx, { ownerId: userId }, 'plan_ended', now)
}

/** Back to the free plan (the credits already granted stay: they were paid for). Staff keep their role. */
export async function endPlan(deps: { queue: JobQueue }, tx: Tx, userId: number, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ role: unlessStaff('free'), plan: null, stripePlan: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ role: users.role })
  if (row) await endWhatIsNoLongerAllowed(deps.queue, tx, userId, row.role, now)
}

/** Support's explicit role change (after grantPlan or endPlan did the plan's part): staff may stop being staff here. */
export async function setRole(deps: { queue: JobQueue }, tx: Tx, userId: number, role: Role, now: Date) {
  await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId))
  await endWhatIsNoLongerAllowed(deps.queue, tx, userId, role, now)
}
