import type Stripe from 'stripe'
import { type Interval, type Wire } from './wire'

/**
 * Builders for every object the double answers with, each typed as the SDK's own type (wire form), so a field
 * Stripe renamed or moved fails to compile here rather than surprising the billing code.
 */

export type Customer = Wire<Stripe.Customer>
export type Price = Wire<Stripe.Price>
export type Subscription = Wire<Stripe.Subscription>
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>
export type Invoice = Wire<Stripe.Invoice>
export type InvoiceLine = Wire<Stripe.InvoiceLineItem>
export type CheckoutSession = Wire<Stripe.Checkout.Session>
export type PortalSession = Wire<Stripe.BillingPortal.Session>
export type PortalConfiguration = Wire<Stripe.BillingPortal.Configuration>
export type Product = Wire<Stripe.Product>
export type Metadata = Record<string, string>

export function customerObject(a: {
  id: string
  created: number
  email: string | null
  name: string | null
  phone: string | null
  description: string | null
  metadata: Metadata
  invoicePrefix: string
}): Customer {
  return {
    id: a.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: a.created,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: a.description,
    discount: null,
    email: a.email,
    invoice_prefix: a.invoicePrefix,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: a.metadata,
    name: a.name,
    next_invoice_sequence: 1,
    phone: a.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  }
}

/** A licensed, per-unit, recurring price. */
export function priceObject(a: {
  id: string
  created: number
  unitAmount: number
  currency: string
  interval: Interval
  intervalCount: number
  product: string
  lookupKey: string | null
  nickname: string | null
  metadata: Metadata
  active: boolean
}): Price {
  return {
    id: a.id,
    object: 'price',
    active: a.active,
    billing_scheme: 'per_unit',
    created: a.created,
    currency: a.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: a.lookupKey,
    metadata: a.metadata,
    nickname: a.nickname,
    product: a.product,
    recurring: { interval: a.interval, interval_count: a.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: a.unitAmount,
    unit_amount_decimal: String(a.unitAmount),
  }
}

/** The product a price given at start-up belongs to (one per price). */
export function productId(priceId: string): string {
  return `prod_${priceId.replace(/^price_/, '').slice(0, 14)}`
}

export function productObject(a: { id: string; created: number; name: string; metadata: Metadata; active: boolean }): Product {
  return {
    id: a.id,
    object: 'product',
    active: a.active,
    created: a.created,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: a.metadata,
    name: a.name,
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    updated: a.created,
    url: null,
  }
}

export function planObject(price: Price): Wire<Stripe.Plan> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product as string,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  }
}

export function subscriptionItemObject(a: {
  id: string
  subscription: string
  price: Price
  quantity: number
  created: number
  periodStart: number
  periodEnd: number
}): SubscriptionItem {
  return {
    id: a.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: a.created,
    current_period_end: a.periodEnd,
    current_period_start: a.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planObject(a.price),
    price: a.price,
    quantity: a.quantity,
    subscription: a.subscription,
    tax_rates: [],
  }
}

export function subscriptionObject(a: {
  id: string
  customer: string
  created: number
  item: SubscriptionItem
  metadata: Metadata
  status: Stripe.Subscription.Status
  saveDefaultPaymentMethod: 'off' | 'on_subscription'
}): Subscription {
  return {
    id: a.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: a.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: a.created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: a.created,
    currency: 'usd',
    customer: a.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [a.item], has_more: false, url: `/v1/subscription_items?subscription=${a.id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: a.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: a.saveDefaultPaymentMethod },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: a.created,
    status: a.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  }
}

export function checkoutSessionObject(a: {
  id: string
  created: number
  url: string
  customer: string | null
  customerEmail: string | null
  clientReferenceId: string | null
  metadata: Metadata
  successUrl: string | null
  cancelUrl: string | null
  amount: number
  expiresAt: number
  allowPromotionCodes: boolean | null
  automaticTax: boolean
}): CheckoutSession {
  return {
    id: a.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: a.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: a.amount,
    amount_total: a.amount,
    automatic_tax: a.automaticTax
      ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' }
      : { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: a.cancelUrl,
    client_reference_id: a.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: a.created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: a.customer,
    customer_account: null,
    customer_creation: a.customer ? null : 'always',
    customer_details: null,
    customer_email: a.customerEmail,
    discounts: [],
    expires_at: a.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: a.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: { allow_redisplay_filters: ['always'], payment_method_remove: null, payment_method_save: null },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: a.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: a.url,
    wallet_options: null,
  }
}

export function checkoutLineItem(id: string, price: Price, quantity: number): Wire<Stripe.LineItem> {
  const amount = (price.unit_amount ?? 0) * quantity
  return {
    id,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: 'usd',
    description: price.nickname ?? (price.product as string),
    metadata: {},
    price,
    quantity,
  }
}

export function portalSessionObject(a: {
  id: string
  created: number
  customer: string
  returnUrl: string | null
  url: string
  configuration: string
}): PortalSession {
  return {
    id: a.id,
    object: 'billing_portal.session',
    configuration: a.configuration,
    created: a.created,
    customer: a.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: a.returnUrl,
    url: a.url,
  }
}

/** A customer portal configuration: what the portal lets a customer do. */
export function portalConfigurationObject(a: {
  id: string
  created: number
  isDefault: boolean
  defaultReturnUrl: string | null
  headline: string | null
  metadata: Metadata
  features: PortalConfiguration['features']
}): PortalConfiguration {
  return {
    id: a.id,
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: { headline: a.headline, privacy_policy_url: null, terms_of_service_url: null },
    created: a.created,
    default_return_url: a.defaultReturnUrl,
    features: a.features,
    is_default: a.isDefault,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: a.metadata,
    name: null,
    updated: a.created,
  }
}
