import { type Customer, type Invoice, type InvoiceLine, type Subscription } from './objects'

export interface InvoiceInput {
  id: string
  lineId: string
  number: string
  created: number
  customer: Customer
  subscription: Subscription
  billingReason: 'subscription_create' | 'subscription_cycle'
  /** The invoice's own period (a creation invoice: a single instant; a renewal: the period just ended, as Stripe does). */
  period: { start: number; end: number }
  /** The period the line bills (the subscription's new current period). */
  linePeriod: { start: number; end: number }
  hostedUrl: string
}

/** An open (finalized, not yet paid) subscription invoice; `markPaid` / `markFailed` move it on. */
export function invoiceObject(a: InvoiceInput): Invoice {
  const item = a.subscription.items.data[0]
  const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1)
  const line: InvoiceLine = {
    id: a.lineId,
    object: 'line_item',
    amount,
    currency: 'usd',
    description: `${item.quantity ?? 1} × ${item.price.product as string} (at ${(item.price.unit_amount ?? 0) / 100} USD / ${item.price.recurring?.interval})`,
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
        proration: false,
        proration_details: { credited_items: null },
        subscription: a.subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { ...a.linePeriod },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: item.price.product as string },
      type: 'price_details',
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity ?? 1,
    quantity_decimal: String(item.quantity ?? 1),
    subscription: a.subscription.id,
    subtotal: amount,
    taxes: [],
  }
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
    currency: 'usd',
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
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: a.hostedUrl,
    invoice_pdf: `${a.hostedUrl}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${a.id}/lines` },
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
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
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
