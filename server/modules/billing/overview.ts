import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { creditLedger, plans, subscriptions } from '../../db/schema'
import { PAID_STATUSES } from '../../domain/billing'
import { mayCheckout } from '../../domain/entitlements'
import type { UserRow } from '../users'
import { currentCustomer } from './customers'
import { modeOf } from './stripe-calls'

type Invoice = {
  id: string
  number: string | null
  status: string
  amount: number
  currency: string
  created_at: string
  url: string | null
}

/** Subscriptions that were more than an attempt: "Manage billing" has something to show for them. */
const NOT_STARTED = ['incomplete', 'incomplete_expired']

/** GET /v2/subscription: plan, credits, the credit history and the invoices. */
export async function subscriptionOverview(deps: ApiDeps, user: UserRow) {
  const { db } = deps.database
  const [current] = await db
    .select({ sub: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, [...PAID_STATUSES]), isNull(subscriptions.duplicateOf)))
    .orderBy(desc(subscriptions.updatedAt))
    .limit(1)
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)).orderBy(desc(creditLedger.id)).limit(50)
  const customer = deps.stripe ? await currentCustomer(db, user.id, modeOf(deps)) : null
  let invoices: Invoice[] = []
  let invoicesFailed = false
  if (deps.stripe && customer) {
    try {
      const list = await deps.stripe.invoices.list({ customer, limit: 24 })
      invoices = list.data.map((i) => ({
        id: i.id ?? '',
        number: i.number ?? null,
        status: i.status ?? 'draft',
        amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
        currency: i.currency,
        created_at: new Date(i.created * 1000).toISOString(),
        url: i.hosted_invoice_url ?? null,
      }))
    } catch {
      invoicesFailed = true
    }
  }
  const [started] = customer
    ? await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, user.id),
            eq(subscriptions.stripeCustomerId, customer),
            notInArray(subscriptions.status, NOT_STARTED),
          ),
        )
        .limit(1)
    : []
  const periodEnd = current?.sub.currentPeriodEnd?.toISOString() ?? null
  const plan = current
    ? {
        name: current.plan.name,
        billing_cycle: current.plan.billingCycle,
        amount: Number(current.plan.amount),
        status: current.sub.status,
        renews_at: current.sub.cancelAtPeriodEnd ? null : periodEnd,
        ends_at: current.sub.cancelAtPeriodEnd ? periodEnd : null,
        payment_failed: current.sub.paymentFailedAt !== null || current.sub.status === 'past_due',
      }
    : !mayCheckout(user) && user.plan
      ? { name: user.plan, billing_cycle: null, amount: null, status: 'active', renews_at: null, ends_at: null, payment_failed: false }
      : null
  return {
    payments_configured: !!deps.stripe,
    plan,
    credits: user.remainingCreditCount,
    last_credit_reset: user.lastCreditReset?.toISOString() ?? null,
    // The portal has something to show: a subscription that started, or an invoice that is not an unpaid attempt.
    can_manage_billing: !!customer && (!!started || invoices.some((i) => i.status === 'paid' || i.status === 'uncollectible')),
    ledger: ledger.map((l) => ({
      delta: l.delta,
      balance_after: l.balanceAfter,
      reason: l.reason,
      note: l.note,
      created_at: l.createdAt.toISOString(),
    })),
    invoices,
    invoices_failed: invoicesFailed,
  }
}
