import { invoiceObject, markFailed, markPaid } from './invoice'
import {
  checkoutLineItem,
  checkoutSessionObject,
  customerObject,
  portalSessionObject,
  priceObject,
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
import { type EventRequest, type Outbox } from './webhooks'
import { ApiError, invalid, missing, newId, periodBoundary, type Interval } from './wire'

export interface PriceSpec {
  unit_amount: number
  interval: Interval
}

/** Stripe's previous_attributes: changed keys only, nested hashes by their changed keys, arrays whole. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const prev: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(before)) {
    const now = after[k]
    if (JSON.stringify(v) === JSON.stringify(now)) continue
    const nested = v && now && typeof v === 'object' && typeof now === 'object' && !Array.isArray(v) && !Array.isArray(now)
    prev[k] = nested ? diff(v as Record<string, unknown>, now as Record<string, unknown>) : v
  }
  return Object.keys(prev).length ? prev : undefined
}

const clone = <T>(x: T): T => structuredClone(x)

/** The double's state and the billing life cycle: what Stripe does to subscriptions and invoices, and the events it sends. */
export class Billing {
  readonly customers = new Map<string, Customer>()
  readonly subscriptions = new Map<string, Subscription>()
  readonly invoices = new Map<string, Invoice>()
  readonly sessions = new Map<string, CheckoutSession>()
  readonly portals = new Map<string, PortalSession>()
  private readonly secrets = new Map<string, string>()
  private readonly cycles = new Map<string, number>()
  private readonly sessionLines = new Map<string, { price: string; quantity: number; lineId: string; metadata: Metadata }>()
  private readonly startedAt: number

  constructor(
    private readonly prices: Record<string, PriceSpec>,
    private readonly clock: () => Date,
    readonly outbox: Outbox,
    readonly base: () => string,
  ) {
    this.startedAt = this.now()
  }

  now(): number {
    return Math.floor(this.clock().getTime() / 1000)
  }

  price(id: string, param?: string): Price {
    const spec = Object.hasOwn(this.prices, id) ? this.prices[id] : undefined
    if (!spec) throw missing('price', id, param)
    return priceObject(id, spec.unit_amount, spec.interval, this.startedAt)
  }

  customer(id: string, param?: string): Customer {
    const c = this.customers.get(id)
    if (!c) throw missing('customer', id, param)
    return c
  }

  subscription(id: string): Subscription {
    const s = this.subscriptions.get(id)
    if (!s) throw missing('subscription', id)
    return s
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
  }): CheckoutSession {
    const id = newId('cs_test', 58)
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

  /** The buyer paid on the hosted page: customer (if new), an active subscription, its paid first invoice, and the events. */
  async completeCheckout(id: string, order: 'session-first' | 'invoice-first' = 'session-first'): Promise<void> {
    const session = this.sessions.get(id)
    if (!session) throw new Error(`Stripe double: no checkout session ${id}`)
    if (session.status !== 'open') throw new Error(`Stripe double: checkout session ${id} is ${session.status}`)
    const line = this.sessionLines.get(id)!
    const customer = session.customer
      ? this.customer(session.customer as string)
      : this.createCustomer({ email: session.customer_email, name: null, phone: null, description: null, metadata: {} })
    const { sub, invoice } = this.start(customer, this.price(line.price), line.quantity, line.metadata, 'on_subscription')
    sub.status = 'active'
    markPaid(invoice, this.now())
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      subscription: sub.id,
      invoice: invoice.id,
      url: null,
      customer_details: {
        address: null,
        business_name: null,
        email: customer.email,
        individual_name: null,
        name: customer.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      collected_information: { business_name: null, individual_name: null, shipping_details: null },
    } satisfies Partial<CheckoutSession>)
    const created = () => this.outbox.emit('customer.subscription.created', sub)
    const completed = () => this.outbox.emit('checkout.session.completed', session)
    const paid = () => this.outbox.emit('invoice.paid', invoice)
    for (const send of order === 'invoice-first' ? [created, paid, completed] : [completed, created, paid]) await send()
  }

  /** POST /v1/subscriptions: `default_incomplete` leaves it incomplete with an open invoice and a client secret; otherwise it is paid at once. */
  async createSubscription(
    a: { customer: Customer; price: Price; quantity: number; metadata: Metadata; incomplete: boolean; save: 'off' | 'on_subscription' },
    req: EventRequest,
  ): Promise<Subscription> {
    const { sub, invoice } = this.start(a.customer, a.price, a.quantity, a.metadata, a.save)
    if (a.incomplete) {
      this.secrets.set(invoice.id, `${newId('pi', 24)}_secret_${newId('x', 25).slice(2)}`)
      await this.outbox.emit('customer.subscription.created', sub, undefined, req)
    } else {
      sub.status = 'active'
      markPaid(invoice, this.now())
      await this.outbox.emit('customer.subscription.created', sub, undefined, req)
      await this.outbox.emit('invoice.paid', invoice, undefined, req)
    }
    return sub
  }

  confirmationSecret(invoiceId: string): { client_secret: string; type: string } | null {
    const secret = this.secrets.get(invoiceId)
    return secret ? { client_secret: secret, type: 'payment_intent' } : null
  }

  private start(customer: Customer, price: Price, quantity: number, metadata: Metadata, save: 'off' | 'on_subscription') {
    const created = this.now()
    const id = newId('sub', 24)
    const interval = (price.recurring?.interval ?? 'month') as Interval
    const periodEnd = periodBoundary(created, interval, 1)
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
    customer.currency = 'usd'
    const invoice = this.newInvoice(sub, 'subscription_create', { start: created, end: created }, created)
    return { sub, invoice }
  }

  private newInvoice(
    sub: Subscription,
    reason: 'subscription_create' | 'subscription_cycle',
    period: { start: number; end: number },
    at: number,
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
    })
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
    markPaid(invoice, this.now())
    if (sub.latest_invoice === invoice.id && ['incomplete', 'past_due', 'unpaid'].includes(sub.status)) sub.status = 'active'
    await this.outbox.emit('invoice.paid', invoice)
    const prev = diff(before, sub)
    if (prev) await this.outbox.emit('customer.subscription.updated', sub, prev)
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
    const interval = (item.price.recurring?.interval ?? 'month') as Interval
    const ended = { start: item.current_period_start, end: item.current_period_end }
    item.current_period_start = periodBoundary(sub.billing_cycle_anchor, interval, n)
    item.current_period_end = periodBoundary(sub.billing_cycle_anchor, interval, n + 1)
    const at = Math.max(this.now(), item.current_period_start)
    const invoice = this.newInvoice(sub, 'subscription_cycle', ended, at)
    if (fail) {
      markFailed(invoice, at)
      await this.outbox.emit('customer.subscription.updated', sub, diff(before, sub))
      await this.outbox.emit('invoice.payment_failed', invoice)
      if (sub.status !== 'past_due') {
        const beforeStatus = clone(sub)
        sub.status = 'past_due'
        await this.outbox.emit('customer.subscription.updated', sub, diff(beforeStatus, sub))
      }
    } else {
      markPaid(invoice, at)
      sub.status = 'active'
      await this.outbox.emit('customer.subscription.updated', sub, diff(before, sub))
      await this.outbox.emit('invoice.paid', invoice)
    }
  }

  private async end(sub: Subscription, at: number, req?: EventRequest): Promise<void> {
    sub.status = 'canceled'
    sub.ended_at = at
    sub.canceled_at ??= at
    sub.cancellation_details = { ...sub.cancellation_details!, reason: sub.cancellation_details?.reason ?? 'cancellation_requested' }
    await this.outbox.emit('customer.subscription.deleted', sub, undefined, req)
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
    if (prev) await this.outbox.emit('customer.subscription.updated', sub, prev, req)
    return sub
  }

  createPortal(customer: string, returnUrl: string | null): PortalSession {
    const id = newId('bps', 24)
    const session = portalSessionObject({ id, created: this.now(), customer, returnUrl, url: `${this.base()}/billing/${id}` })
    this.portals.set(id, session)
    return session
  }

  /** Newest first, like Stripe, with cursor paging. */
  listInvoices(f: {
    customer?: string
    subscription?: string
    status?: string
    limit: number
    startingAfter?: string
    endingBefore?: string
  }) {
    let all = [...this.invoices.values()]
      .reverse()
      .sort((a, b) => b.created - a.created)
      .filter((i) => (!f.customer || i.customer === f.customer) && (!f.status || i.status === f.status))
      .filter((i) => !f.subscription || i.parent?.subscription_details?.subscription === f.subscription)
    let hasMore: boolean
    if (f.endingBefore) {
      const at = all.findIndex((i) => i.id === f.endingBefore)
      if (at < 0) throw invalid('ending_before', `No such invoice: '${f.endingBefore}'`, 'resource_missing')
      all = all.slice(Math.max(0, at - f.limit), at)
      hasMore = at - f.limit > 0
    } else {
      if (f.startingAfter) {
        const at = all.findIndex((i) => i.id === f.startingAfter)
        if (at < 0) throw invalid('starting_after', `No such invoice: '${f.startingAfter}'`, 'resource_missing')
        all = all.slice(at + 1)
      }
      hasMore = all.length > f.limit
      all = all.slice(0, f.limit)
    }
    return { object: 'list' as const, data: all, has_more: hasMore, url: '/v1/invoices' }
  }
}
