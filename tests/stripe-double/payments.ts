import type Stripe from 'stripe'
import { type Invoice } from './objects'
import {
  chargeObject,
  disputeObject,
  invoicePaymentObject,
  paymentIntentObject,
  refundObject,
  type Charge,
  type Dispute,
  type InvoicePayment,
  type PaymentIntent,
  type Refund,
} from './payment-objects'
import { type EventRequest } from './webhooks'
import { ApiError, formatAmount, invalid, missing, newId } from './wire'

type Emit = (type: Stripe.Event.Type, object: object, previous?: Record<string, unknown>, req?: EventRequest) => Promise<void>

const clone = <T>(x: T): T => structuredClone(x)
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer']

/**
 * The money behind paid invoices, for one mode: every invoice paid with an amount gets a PaymentIntent, its Charge and
 * an InvoicePayment (no events: Stripe's payment_intent.* and charge.succeeded are not modelled). Refunds move the
 * charge's `amount_refunded` and send charge.refunded and refund.created; disputes send charge.dispute.created (with
 * funds_withdrawn) and charge.dispute.closed.
 */
export class Payments {
  readonly intents = new Map<string, PaymentIntent>()
  readonly charges = new Map<string, Charge>()
  readonly invoicePayments = new Map<string, InvoicePayment>()
  readonly refunds = new Map<string, Refund>()
  readonly disputes = new Map<string, Dispute>()

  constructor(
    private readonly now: () => number,
    private readonly emit: Emit,
  ) {}

  /** An invoice was paid: its PaymentIntent, Charge and InvoicePayment (nothing for an amount of 0). */
  record(invoice: Invoice, at: number): void {
    if (invoice.amount_paid <= 0) return
    const pi = newId('pi', 24)
    const ch = newId('ch', 24)
    const paid = {
      created: at,
      amount: invoice.amount_paid,
      currency: invoice.currency,
      customer: invoice.customer as string,
      description: `Invoice ${invoice.number}`,
    }
    this.intents.set(pi, paymentIntentObject({ ...paid, id: pi, charge: ch }))
    this.charges.set(ch, chargeObject({ ...paid, id: ch, paymentIntent: pi }))
    const ip = newId('inpay', 24)
    const payment = invoicePaymentObject({
      id: ip,
      created: at,
      amount: paid.amount,
      currency: paid.currency,
      invoice: invoice.id,
      paymentIntent: pi,
    })
    this.invoicePayments.set(ip, payment)
  }

  charge(id: string, param?: string): Charge {
    const c = this.charges.get(id)
    if (!c) throw missing('charge', id, param)
    return c
  }

  intent(id: string, param?: string): PaymentIntent {
    const p = this.intents.get(id)
    if (!p) throw missing('payment_intent', id, param)
    return p
  }

  /** GET /v1/invoice_payments: by invoice, or by the PaymentIntent that paid it; newest first. */
  listInvoicePayments(f: { invoice?: string; paymentIntent?: string; status?: string; limit: number }) {
    const all = [...this.invoicePayments.values()]
      .reverse()
      .filter((p) => (!f.invoice || p.invoice === f.invoice) && (!f.status || p.status === f.status))
      .filter((p) => !f.paymentIntent || p.payment.payment_intent === f.paymentIntent)
    return { object: 'list' as const, data: all.slice(0, f.limit).map(clone), has_more: all.length > f.limit, url: '/v1/invoice_payments' }
  }

  /** POST /v1/refunds: all of what is left by default, or `amount`; refused as Stripe refuses (too much, refunded, disputed). */
  async refund(
    a: { charge?: string; paymentIntent?: string; amount?: number; reason?: string; metadata: Record<string, string> },
    req: EventRequest,
  ): Promise<Refund> {
    if (!a.charge && !a.paymentIntent) {
      throw new ApiError(
        400,
        'invalid_request_error',
        'One of the following params should be provided for this request: payment_intent or charge.',
        'parameter_missing',
      )
    }
    const charge = a.charge
      ? this.charge(a.charge, 'charge')
      : this.charge(this.intent(a.paymentIntent!, 'payment_intent').latest_charge as string)
    if (a.charge && a.paymentIntent && charge.payment_intent !== a.paymentIntent)
      throw invalid('payment_intent', `The charge ${charge.id} does not belong to the PaymentIntent ${a.paymentIntent}.`)
    if (a.reason && !REFUND_REASONS.includes(a.reason))
      throw invalid('reason', `Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`)
    if (charge.disputed) throw invalid('charge', `Charge ${charge.id} has been charged back; cannot issue a refund.`, 'charge_disputed')
    const left = charge.amount - charge.amount_refunded
    if (left <= 0) throw invalid('charge', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded')
    const amount = a.amount ?? left
    if (amount <= 0) throw invalid('amount', 'Invalid positive integer', 'parameter_invalid_integer')
    if (amount > left) {
      throw invalid(
        'amount',
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        'amount_too_large',
      )
    }
    const before = { amount_refunded: charge.amount_refunded, refunded: charge.refunded }
    const refund = refundObject({
      id: newId('re', 24),
      created: this.now(),
      amount,
      charge,
      reason: (a.reason as Stripe.Refund.Reason) ?? null,
      metadata: a.metadata,
    })
    this.refunds.set(refund.id, refund)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded >= charge.amount
    const previous: Record<string, unknown> = { amount_refunded: before.amount_refunded }
    if (before.refunded !== charge.refunded) previous.refunded = before.refunded
    await this.emit('charge.refunded', charge, previous, req)
    await this.emit('refund.created', refund, undefined, req)
    return clone(refund)
  }

  /** The buyer's bank disputes a charge (test control): charge.dispute.created, then charge.dispute.funds_withdrawn. */
  async dispute(chargeId: string, reason = 'fraudulent'): Promise<Dispute> {
    const charge = this.charge(chargeId)
    if (charge.disputed) throw new Error(`Stripe double: charge ${chargeId} is disputed already`)
    const dispute = disputeObject({
      id: newId('dp', 24),
      created: this.now(),
      amount: charge.amount - charge.amount_refunded,
      charge,
      reason,
    })
    this.disputes.set(dispute.id, dispute)
    charge.disputed = true
    await this.emit('charge.dispute.created', dispute)
    await this.emit('charge.dispute.funds_withdrawn', dispute)
    return clone(dispute)
  }

  /** The bank decides (test control): charge.dispute.closed with won or lost (won also sends funds_reinstated). */
  async closeDispute(id: string, outcome: 'won' | 'lost'): Promise<Dispute> {
    const dispute = this.disputes.get(id)
    if (!dispute) throw new Error(`Stripe double: no dispute ${id}`)
    if (dispute.status === 'won' || dispute.status === 'lost') throw new Error(`Stripe double: dispute ${id} is closed already`)
    const previous = { status: dispute.status }
    dispute.status = outcome
    await this.emit('charge.dispute.closed', dispute, previous)
    if (outcome === 'won') await this.emit('charge.dispute.funds_reinstated', dispute)
    return clone(dispute)
  }
}
