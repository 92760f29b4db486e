import type Stripe from 'stripe'
import { type Catalog } from './catalog'
import { invoiceObject, listInvoices, markFailed, markPaid, type LineSpec } from './invoice'
import {
  checkoutLineItem,
  checkoutSessionObject,
  customerObject,
  portalSessionObject,
  subscriptionItemObject,
  subscriptionObject,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type Metadata,
  type PortalSession,
  type Price,
  type Subscription,
} from './objects'
import { Payments } from './payments'
import { type EventRequest, type Outbox } from './webhooks'
import { ApiError, clone, diff, markLive, missing, newId, periodBoundary, type Interval, type Mode } from './wire'

export const intervalOf = (price: Price) => ({
  interval: (price.recurring?.interval ?? 'month') as Interval,
  count: price.recurring?.interval_count ?? 1,
})

/**
 * One mode's state (test or live: each has its own objects, and ids of one are unknown to the other) and the billing
 * life cycle: what Stripe does to subscriptions and invoices, and the events it sends.
 */
export class Billing {
  readonly customers = new Map<string, Customer>()
  readonly deletedCustomers = new Set<string>()
  readonly subscriptions = new Map<string, Subscription>()
  readonly invoices = new Map<string, Invoice>()
  readonly sessions = new Map<string, CheckoutSession>()
  readonly portals = new Map<string, PortalSession>()
  private readonly secrets = new Map<string, string>()
  readonly cycles = new Map<string, number>()
  /** Prorations waiting for the next renewal invoice (plan changes with create_prorations). */
  readonly pendingLines = new Map<string, LineSpec[]>()
  readonly sessionLines = new Map<string, { price: string; quantity: number; lineId: string; metadata: Metadata }>()
  readonly payments: Payments
  /** The other mode, to say "a similar object exists in test mode" as Stripe does. */
  other?: Billing

  constructor(
    readonly catalog: Catalog,
    private readonly clock: () => Date,
    readonly outbox: Outbox,
    readonly base: () => string,
    readonly mode: Mode = 'test',
  ) {
    this.payments = new Payments(
      () => this.now(),
      (type, object, previous, req) => this.emit(type, object, previous, req),
    )
  }

  get live(): boolean {
    return this.mode === 'live'
  }

  now(): number {
    return Math.floor(this.clock().getTime() / 1000)
  }

  /** Sends an event in this mode (a live mode's objects say `livemode: true`). */
  emit(type: Stripe.Event.Type, object: object, previous?: Record<string, unknown>, req?: EventRequest): Promise<void> {
    return this.outbox.emit(type, this.live ? markLive(clone(object)) : object, previous, req, this.live)
  }

  /** resource_missing, naming the other mode when the object lives there. */
  missing(kind: string, id: string, param: string | undefined, there: (b: Billing) => boolean): ApiError {
    const similar = this.other && there(this.other) ? { found: this.other.mode, asked: this.mode } : undefined
    return missing(kind, id, param, similar)
  }

  price(id: string, param?: string): Price {
    if (!this.catalog.prices.has(id)) throw this.missing('price', id, param, (b) => b.catalog.prices.has(id))
    return this.catalog.price(id, param)
  }

  customer(id: string, param?: string): Customer {
    const c = this.deletedCustomers.has(id) ? undefined : this.customers.get(id)
    if (!c) throw this.missing('customer', id, param, (b) => b.customers.has(id))
    return c
  }

  subscription(id: string): Subscription {
    const s = this.subscriptions.get(id)
    if (!s) throw this.missing('subscription', id, undefined, (b) => b.subscriptions.has(id))
    return s
  }

  /** DELETE /v1/customers/{id}: gone for every later use (retrieving it answers `deleted: true`). */
  deleteCustomer(id: string) {
    this.customer(id)
    this.deletedCustomers.add(id)
    for (const sub of this.subscriptions.values()) if (sub.customer === id && sub.status !== 'canceled') sub.status = 'canceled'
    return { id, object: 'customer' as const, deleted: true as const }
  }

  createCustomer(a: {
    email: string | null
    name: string | null
    phone: string | null
    description: string | null
    metadata: Metadata
  }): Customer {
    const id = newId('cus')
    const invoicePrefix = newId('x', 8).slice(2).toUpperCase()
    const c = customerObject({ id, created: this.now(), invoicePrefix, ...a })
    this.customers.set(id, c)
    return c
  }

  createCheckout(a: {
    customer: string | null
    customerEmail: string | null
    price: Price
    quantity: number
    successUrl: string | null
    cancelUrl: string | null
    clientReferenceId: string | null
    metadata: Metadata
    subscriptionMetadata: Metadata
    expiresAt: number
    allowPromotionCodes: boolean | null
    automaticTax: boolean
  }): CheckoutSession {
    const id = newId(`cs_${this.mode}`, 58)
    const amount = (a.price.unit_amount ?? 0) * a.quantity
    const session = checkoutSessionObject({ ...a, id, created: this.now(), url: `${this.base()}/checkout/${id}`, amount })
    this.sessions.set(id, session)
    this.sessionLines.set(id, { price: a.price.id, quantity: a.quantity, lineId: newId('li'), metadata: a.subscriptionMetadata })
    return session
  }

  sessionLineItems(id: string): unknown {
    const line = this.sessionLines.get(id)
    const data = line ? [checkoutLineItem(line.lineId, this.price(line.price), line.quantity)] : []
    return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` }
  }

  /** POST /v1/subscriptions: `default_incomplete` leaves it incomplete with an open invoice and a client secret; otherwise it is paid at once. */
  async createSubscription(
    a: { customer: Customer; price: Price; quantity: number; metadata: Metadata; incomplete: boolean; save: 'off' | 'on_subscription' },
    req: EventRequest,
  ): Promise<Subscription> {
    const { sub, invoice } = this.start(a.customer, a.price, a.quantity, a.metadata, a.save)
    if (a.incomplete) {
      this.secrets.set(invoice.id, `${newId('pi', 24)}_secret_${newId('x', 25).slice(2)}`)
      await this.emit('customer.subscription.created', sub, undefined, req)
    } else {
      sub.status = 'active'
      this.settle(invoice, this.now())
      await this.emit('customer.subscription.created', sub, undefined, req)
      await this.emit('invoice.paid', invoice, undefined, req)
    }
    return sub
  }

  confirmationSecret(invoiceId: string): { client_secret: string; type: string } | null {
    const secret = this.secrets.get(invoiceId)
    return secret ? { client_secret: secret, type: 'payment_intent' } : null
  }

  start(customer: Customer, price: Price, quantity: number, metadata: Metadata, save: 'off' | 'on_subscription') {
    const created = this.now()
    const id = newId('sub', 24)
    const { interval, count } = intervalOf(price)
    const periodEnd = periodBoundary(created, interval, 1, count)
    const item = subscriptionItemObject({ id: newId('si'), subscription: id, price, quantity, created, periodStart: created, periodEnd })
    const sub = subscriptionObject({
      id,
      customer: customer.id,
      created,
      item,
      metadata,
      status: 'incomplete',
      saveDefaultPaymentMethod: save,
    })
    this.subscriptions.set(id, sub)
    this.cycles.set(id, 0)
    customer.currency = price.currency
    const invoice = this.newInvoice(sub, 'subscription_create', { start: created, end: created }, created)
    return { sub, invoice }
  }

  /** An invoice is paid: its status, and the payment behind it (PaymentIntent, Charge, InvoicePayment). */
  settle(invoice: Invoice, at: number): void {
    markPaid(invoice, at)
    this.payments.record(invoice, at)
  }

  newInvoice(
    sub: Subscription,
    reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    period: { start: number; end: number },
    at: number,
    lines?: LineSpec[],
  ) {
    const customer = this.customer(sub.customer as string)
    const item = sub.items.data[0]
    const seq = customer.next_invoice_sequence ?? 1
    customer.next_invoice_sequence = seq + 1
    const id = newId('in', 24)
    const invoice = invoiceObject({
      id,
      lineId: newId('il', 24),
      number: `${customer.invoice_prefix}-${String(seq).padStart(4, '0')}`,
      created: at,
      customer,
      subscription: sub,
      billingReason: reason,
      period,
      linePeriod: { start: item.current_period_start, end: item.current_period_end },
      hostedUrl: `${this.base()}/invoice/${id}`,
      lines,
    })
    if (invoice.total < 0) customer.balance += invoice.total
    this.invoices.set(id, invoice)
    sub.latest_invoice = id
    return invoice
  }

  /** Pays an open invoice (the Payment Element confirming, or the hosted invoice page): invoice.paid, and the subscription active again. */
  async payInvoice(invoiceId: string): Promise<void> {
    const invoice = this.invoices.get(invoiceId)
    if (!invoice) throw new Error(`Stripe double: no invoice ${invoiceId}`)
    if (invoice.status !== 'open') throw new Error(`Stripe double: invoice ${invoiceId} is ${invoice.status}`)
    const sub = this.subscription(invoice.parent?.subscription_details?.subscription as string)
    const before = clone(sub)
    this.settle(invoice, this.now())
    if (sub.latest_invoice === invoice.id && ['incomplete', 'past_due', 'unpaid'].includes(sub.status)) sub.status = 'active'
    await this.emit('invoice.paid', invoice)
    const prev = diff(before, sub)
    if (prev) await this.emit('customer.subscription.updated', sub, prev)
  }

  async payIncomplete(subscriptionId: string): Promise<void> {
    const sub = this.subscription(subscriptionId)
    if (sub.status !== 'incomplete') throw new Error(`Stripe double: subscription ${subscriptionId} is ${sub.status}, not incomplete`)
    await this.payInvoice(sub.latest_invoice as string)
  }

  /**
   * The period turns over: the item moves to the next period and a subscription_cycle invoice is made, paid
   * (customer.subscription.updated, invoice.paid) or failed (customer.subscription.updated, invoice.payment_failed,
   * customer.subscription.updated to past_due). A subscription set to cancel at period end ends instead.
   */
  async renew(subscriptionId: string, fail = false): Promise<void> {
    const sub = this.subscription(subscriptionId)
    if (sub.status !== 'active' && sub.status !== 'past_due')
      throw new Error(`Stripe double: subscription ${subscriptionId} is ${sub.status}`)
    const item = sub.items.data[0]
    if (sub.cancel_at_period_end) return this.end(sub, item.current_period_end)
    const before = clone(sub)
    const n = (this.cycles.get(sub.id) ?? 0) + 1
    this.cycles.set(sub.id, n)
    const { interval, count } = intervalOf(item.price as Price)
    const ended = { start: item.current_period_start, end: item.current_period_end }
    item.current_period_start = periodBoundary(sub.billing_cycle_anchor, interval, n, count)
    item.current_period_end = periodBoundary(sub.billing_cycle_anchor, interval, n + 1, count)
    const at = Math.max(this.now(), item.current_period_start)
    // Prorations of plan changes made with create_prorations are billed on this invoice, after the new period's line.
    const pending = this.pendingLines.get(sub.id)
    this.pendingLines.delete(sub.id)
    const lines = pending && [this.itemLine(sub), ...pending]
    const invoice = this.newInvoice(sub, 'subscription_cycle', ended, at, lines)
    if (fail) {
      markFailed(invoice, at)
      await this.emit('customer.subscription.updated', sub, diff(before, sub))
      await this.emit('invoice.payment_failed', invoice)
      if (sub.status !== 'past_due') {
        const beforeStatus = clone(sub)
        sub.status = 'past_due'
        await this.emit('customer.subscription.updated', sub, diff(beforeStatus, sub))
      }
    } else {
      this.settle(invoice, at)
      sub.status = 'active'
      await this.emit('customer.subscription.updated', sub, diff(before, sub))
      await this.emit('invoice.paid', invoice)
    }
  }

  private async end(sub: Subscription, at: number, req?: EventRequest): Promise<void> {
    sub.status = 'canceled'
    sub.ended_at = at
    sub.canceled_at ??= at
    sub.cancellation_details = { ...sub.cancellation_details!, reason: sub.cancellation_details?.reason ?? 'cancellation_requested' }
    await this.emit('customer.subscription.deleted', sub, undefined, req)
  }

  /** The line of a subscription item's current period at its full price. */
  itemLine(sub: Subscription): LineSpec {
    const item = sub.items.data[0]
    const quantity = item.quantity ?? 1
    return {
      id: newId('il', 24),
      price: item.price as Price,
      quantity,
      amount: (item.price.unit_amount ?? 0) * quantity,
      proration: false,
      period: { start: item.current_period_start, end: item.current_period_end },
    }
  }

  private assertNotCanceled(sub: Subscription): void {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw new ApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.')
    }
  }

  /** Ends it now: customer.subscription.deleted. */
  async cancelNow(id: string, req?: EventRequest): Promise<Subscription> {
    const sub = this.subscription(id)
    this.assertNotCanceled(sub)
    sub.canceled_at = this.now()
    await this.end(sub, this.now(), req)
    return sub
  }

  /** Sets or clears cancel_at_period_end (and metadata): customer.subscription.updated when anything changed. */
  async updateSubscription(id: string, a: { cancelAtPeriodEnd?: boolean; metadata?: Metadata }, req?: EventRequest): Promise<Subscription> {
    const sub = this.subscription(id)
    if (a.cancelAtPeriodEnd !== undefined) this.assertNotCanceled(sub)
    const before = clone(sub)
    if (a.metadata) sub.metadata = a.metadata
    if (a.cancelAtPeriodEnd !== undefined && a.cancelAtPeriodEnd !== sub.cancel_at_period_end) {
      const on = a.cancelAtPeriodEnd
      sub.cancel_at_period_end = on
      sub.cancel_at = on ? sub.items.data[0].current_period_end : null
      sub.canceled_at = on ? this.now() : null
      sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: on ? 'cancellation_requested' : null }
    }
    const prev = diff(before, sub)
    if (prev) await this.emit('customer.subscription.updated', sub, prev, req)
    return sub
  }

  createPortal(customer: string, returnUrl: string | null, configuration: string): PortalSession {
    const id = newId('bps', 24)
    const session = portalSessionObject({
      id,
      created: this.now(),
      customer,
      returnUrl,
      url: `${this.base()}/billing/${id}`,
      configuration,
    })
    this.portals.set(id, session)
    return session
  }

  /** Newest first, like Stripe, with cursor paging. */
  listInvoices(f: Parameters<typeof listInvoices>[1]) {
    return listInvoices(this.invoices.values(), f)
  }
}
