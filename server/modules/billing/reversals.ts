import { and, eq, sql } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import type { DbOrTx, Tx } from '../../db/client'
import { paymentReversals, stripeDisputes } from '../../db/schema'
import { AUDIT_ACTIONS } from '../../domain/admin'
import { creditsToTakeBack } from '../../domain/billing'
import { formatUsd } from '../../domain/plans'
import { creditsGrantedBy, lockAccount, takeBackCredits } from '../accounts'
import { ownerOf } from './customers'
import { billingAudit } from './duplicates'
import { idOf, isMissing } from './stripe-calls'
import { applySubscription, fetchSubscription, subscriptionIdOf } from './subscriptions'

/**
 * Refunds and disputes (reference §6.9): a refund, or a dispute lost, takes back the credits the payment granted and
 * that are not spent yet (never below zero; what was spent is recorded), in the credit history and the audit log. A
 * dispute opened freezes nothing: support sees it on the account's console page. Pro ends only if the subscription
 * ends (asked of Stripe here, so a subscription cancelled with the refund ends the plan).
 */

export const REVERSAL_EVENTS = new Set(['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'])

/** What Stripe says about the payment behind an event, asked before the transaction (no lock held across a call). */
export interface ReversalFacts {
  charge: Stripe.Charge
  invoice: Stripe.Invoice | null
  subscription: Stripe.Subscription | null
  dispute: Stripe.Dispute | null
}

export async function reversalFacts(stripe: Stripe, event: Stripe.Event): Promise<ReversalFacts | null> {
  const object = event.data.object as Stripe.Charge | Stripe.Dispute
  const dispute = object.object === 'dispute' ? (object as Stripe.Dispute) : null
  const chargeId = dispute ? idOf(dispute.charge) : object.id
  if (!chargeId) return null
  const charge = await stripe.charges.retrieve(chargeId).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)))
  if (!charge) return null
  const intent = idOf(charge.payment_intent)
  const paid = intent ? await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent }, limit: 1 }) : null
  const invoiceId = idOf(paid?.data[0]?.invoice ?? null)
  const invoice = invoiceId ? await stripe.invoices.retrieve(invoiceId) : null
  const subId = invoice ? subscriptionIdOf(invoice) : null
  const subscription = subId
    ? await fetchSubscription(stripe, subId).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)))
    : null
  return { charge, invoice, subscription, dispute }
}

/** Records a dispute (opened or closed) for support; returns whether it is newly lost. */
async function recordDispute(tx: DbOrTx, d: Stripe.Dispute, userId: number | null, invoiceId: string | null, now: Date) {
  const closed = ['won', 'lost', 'warning_closed'].includes(d.status)
  const row = {
    userId,
    chargeId: idOf(d.charge) ?? '',
    stripeInvoiceId: invoiceId,
    amount: d.amount,
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    closedAt: closed ? now : null,
  }
  const [before] = await tx.select({ status: stripeDisputes.status }).from(stripeDisputes).where(eq(stripeDisputes.disputeId, d.id))
  // A closed dispute stays closed, whatever order the events arrive in.
  if (before && ['won', 'lost', 'warning_closed'].includes(before.status) && !closed) return { opened: false, closedNow: false }
  await tx
    .insert(stripeDisputes)
    .values({ ...row, disputeId: d.id, createdAt: now })
    .onConflictDoUpdate({ target: stripeDisputes.disputeId, set: row })
  return { opened: !before, closedNow: closed && before?.status !== d.status }
}

/** Lost disputes of a charge, in cents (what the bank took back). */
async function lostCents(tx: DbOrTx, chargeId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${stripeDisputes.amount}), 0)`.mapWith(Number) })
    .from(stripeDisputes)
    .where(and(eq(stripeDisputes.chargeId, chargeId), eq(stripeDisputes.status, 'lost')))
  return row.cents
}

/** The handler's effect, in the webhook's transaction. */
export async function applyReversal(deps: ApiDeps, tx: Tx, facts: ReversalFacts): Promise<void> {
  const now = deps.clock()
  const { charge, invoice, dispute } = facts
  const grant = invoice?.id ? await creditsGrantedBy(tx, invoice.id) : null
  const owner = grant?.userId ?? (await ownerOf(tx, idOf(charge.customer), null, charge.livemode))?.id ?? null
  if (owner) await lockAccount(tx, owner)
  const money = (cents: number) => formatUsd(cents / 100)
  const what = invoice ? `invoice ${invoice.number ?? invoice.id}` : `charge ${charge.id}`
  if (dispute) {
    const state = await recordDispute(tx, dispute, owner, invoice?.id ?? null, now)
    if (owner && (state.opened || state.closedNow)) {
      await billingAudit(tx, {
        userId: owner,
        action: state.opened && !state.closedNow ? AUDIT_ACTIONS.disputeOpened : AUDIT_ACTIONS.disputeClosed,
        reason: `Dispute ${dispute.id} on ${what}: ${money(dispute.amount)}, ${dispute.reason}, ${dispute.status.replace(/_/g, ' ')}.`,
        after: { dispute: dispute.id, status: dispute.status },
        now,
      })
    }
  }
  if (owner && invoice?.id && grant && grant.credits > 0) {
    const [{ accounted }] = await tx
      .select({ accounted: sql<number>`coalesce(sum(${paymentReversals.creditsOwed}), 0)`.mapWith(Number) })
      .from(paymentReversals)
      .where(eq(paymentReversals.stripeInvoiceId, invoice.id))
    const reversedCents = charge.amount_refunded + (await lostCents(tx, charge.id))
    const owed = creditsToTakeBack({ granted: grant.credits, paidCents: charge.amount, reversedCents, accountedFor: accounted })
    if (owed > 0) {
      const kind = dispute ? 'dispute' : 'refund'
      const note = dispute
        ? `Dispute lost on ${what}: ${money(dispute.amount)} taken back by the bank`
        : `${what}: ${money(charge.amount_refunded)} of ${money(charge.amount)} refunded`
      const r = await takeBackCredits(tx, owner, owed, { reason: dispute ? 'payment_disputed' : 'payment_refunded', note, now })
      await tx.insert(paymentReversals).values({
        userId: owner,
        stripeInvoiceId: invoice.id,
        stripeChargeId: charge.id,
        kind,
        creditsOwed: owed,
        creditsTaken: r.taken,
        creditsSpent: r.spent,
        createdAt: now,
      })
      await billingAudit(tx, {
        userId: owner,
        action: dispute ? AUDIT_ACTIONS.disputeClosed : AUDIT_ACTIONS.paymentRefunded,
        reason: `${note}: ${owed.toLocaleString('en-US')} of the ${grant.credits.toLocaleString('en-US')} credits it granted are owed back; ${r.taken.toLocaleString('en-US')} taken, ${r.spent.toLocaleString('en-US')} already spent.`,
        before: { remaining_credit_count: r.balance + r.taken },
        after: { remaining_credit_count: r.balance },
        now,
      })
    }
  }
  // The plan follows the subscription: cancelled with the refund, Pro ends; still active, Pro stays.
  if (facts.subscription) await applySubscription(deps, tx, facts.subscription)
}
