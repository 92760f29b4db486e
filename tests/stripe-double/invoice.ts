import { type Customer, type Invoice, type InvoiceLine, type Price, type Subscription } from './objects'
import { invalid } from './wire'

export interface InvoiceInput {
  id: string
  lineId: string
  number: string
  created: number
  customer: Customer
  subscription: Subscription
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update'
  /** The invoice's own period (a creation invoice: a single instant; a renewal: the period just ended, as Stripe does). */
  period: { start: number; end: number }
  /** The period the line bills (the subscription's new current period). */
  linePeriod: { start: number; end: number }
  hostedUrl: string
  /** Other lines than the subscription item's one for `linePeriod` (plan changes: prorations, the new price's period). */
  lines?: LineSpec[]
}

/** One invoice line of a subscription item: its price, amount (negative for unused time credited) and period. */
export interface LineSpec {
  id: string
  price: Price
  quantity: number
  amount: number
  proration: boolean
  period: { start: number; end: number }
  description?: string
}

function lineObject(a: InvoiceInput, spec: LineSpec): InvoiceLine {
  const item = a.subscription.items.data[0]
  const { price, quantity, amount } = spec
  return {
    id: spec.id,
    object: 'line_item',
    amount,
    currency: price.currency,
    description:
      spec.description ??
      `${quantity} × ${price.product as string} (at ${(price.unit_amount ?? 0) / 100} ${price.currency.toUpperCase()} / ${price.recurring?.interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: a.id,
    livemode: false,
    metadata: { ...a.subscription.metadata },
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: spec.proration,
        proration_details: { credited_items: null },
        subscription: a.subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { ...spec.period },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: price.id, product: price.product as string },
      type: 'price_details',
      unit_amount_decimal: price.unit_amount_decimal,
    },
    quantity,
    quantity_decimal: String(quantity),
    subscription: a.subscription.id,
    subtotal: amount,
    taxes: [],
  }
}

/**
 * An open (finalized, not yet paid) subscription invoice; `markPaid` / `markFailed` move it on. A total below zero (a
 * downgrade's credit) is due as 0, and the credit goes to the customer's balance.
 */
export function invoiceObject(a: InvoiceInput): Invoice {
  const item = a.subscription.items.data[0]
  const quantity = item.quantity ?? 1
  const specs: LineSpec[] = a.lines ?? [
    { id: a.lineId, price: item.price, quantity, amount: (item.price.unit_amount ?? 0) * quantity, proration: false, period: a.linePeriod },
  ]
  const lines = specs.map((spec) => lineObject(a, spec))
  const total = lines.reduce((sum, l) => sum + l.amount, 0)
  const amount = Math.max(0, total)
  return {
    id: a.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe double',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: a.billingReason,
    collection_method: 'charge_automatically',
    created: a.created,
    currency: item.price.currency,
    custom_fields: null,
    customer: a.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: a.customer.email,
    customer_name: a.customer.name ?? null,
    customer_phone: a.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: a.created,
    ending_balance: Math.min(0, total),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: a.hostedUrl,
    invoice_pdf: `${a.hostedUrl}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${a.id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: a.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...a.subscription.metadata }, subscription: a.subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: a.period.end,
    period_start: a.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: { finalized_at: a.created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: a.created,
  }
}

export function markPaid(invoice: Invoice, at: number): void {
  invoice.status = 'paid'
  invoice.amount_paid = invoice.amount_due
  invoice.amount_remaining = 0
  invoice.attempted = true
  invoice.attempt_count += 1
  invoice.next_payment_attempt = null
  invoice.status_transitions.paid_at = at
}

/** A failed automatic collection: still open, with Smart Retries' next attempt three days on. */
export function markFailed(invoice: Invoice, at: number): void {
  invoice.attempted = true
  invoice.attempt_count += 1
  invoice.next_payment_attempt = at + 3 * 86400
}

/** Newest first, like Stripe, with cursor paging. */
export function listInvoices(
  invoices: Iterable<Invoice>,
  f: {
    customer?: string
    subscription?: string
    status?: string
    limit: number
    startingAfter?: string
    endingBefore?: string
  },
) {
  let all = [...invoices]
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
