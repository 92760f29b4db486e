import type Stripe from 'stripe'
import { type Metadata } from './objects'
import { type Wire } from './wire'

/**
 * Builders for the money side (payment intents, charges, invoice payments, refunds, disputes), each typed as the
 * SDK's own type in wire form, like objects.ts.
 */

export type PaymentIntent = Wire<Stripe.PaymentIntent>
export type Charge = Wire<Stripe.Charge>
export type InvoicePayment = Wire<Stripe.InvoicePayment>
export type Refund = Wire<Stripe.Refund>
export type Dispute = Wire<Stripe.Dispute>

interface Paid {
  created: number
  amount: number
  currency: string
  customer: string
  description: string | null
}

/** The PaymentIntent that paid an invoice (Stripe makes one per invoice; it succeeded when the invoice was paid). */
export function paymentIntentObject(a: Paid & { id: string; charge: string }): PaymentIntent {
  return {
    id: a.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: a.amount,
    amount_capturable: 0,
    amount_received: a.amount,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: null,
    confirmation_method: 'automatic',
    created: a.created,
    currency: a.currency,
    customer: a.customer,
    customer_account: null,
    description: a.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: a.charge,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_group: null,
  }
}

export function chargeObject(a: Paid & { id: string; paymentIntent: string }): Charge {
  return {
    id: a.id,
    object: 'charge',
    amount: a.amount,
    amount_captured: a.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: true,
    created: a.created,
    currency: a.currency,
    customer: a.customer,
    description: a.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: a.paymentIntent,
    payment_method: null,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  }
}

export function invoicePaymentObject(a: {
  id: string
  created: number
  amount: number
  currency: string
  invoice: string
  paymentIntent: string
}): InvoicePayment {
  return {
    id: a.id,
    object: 'invoice_payment',
    amount_paid: a.amount,
    amount_requested: a.amount,
    created: a.created,
    currency: a.currency,
    invoice: a.invoice,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: a.paymentIntent },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: a.created },
  }
}

export function refundObject(a: {
  id: string
  created: number
  amount: number
  charge: Charge
  reason: Stripe.Refund.Reason | null
  metadata: Metadata
}): Refund {
  return {
    id: a.id,
    object: 'refund',
    amount: a.amount,
    balance_transaction: null,
    charge: a.charge.id,
    created: a.created,
    currency: a.charge.currency,
    customer: a.charge.customer as string | null,
    customer_account: null,
    metadata: a.metadata,
    payment_intent: a.charge.payment_intent as string | null,
    payment_method: null,
    reason: a.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  }
}

const NO_EVIDENCE = {
  access_activity_log: null,
  billing_address: null,
  cancellation_policy: null,
  cancellation_policy_disclosure: null,
  cancellation_rebuttal: null,
  customer_communication: null,
  customer_email_address: null,
  customer_name: null,
  customer_purchase_ip: null,
  customer_signature: null,
  duplicate_charge_documentation: null,
  duplicate_charge_explanation: null,
  duplicate_charge_id: null,
  enhanced_evidence: {},
  product_description: null,
  receipt: null,
  refund_policy: null,
  refund_policy_disclosure: null,
  refund_refusal_explanation: null,
  service_date: null,
  service_documentation: null,
  shipping_address: null,
  shipping_carrier: null,
  shipping_date: null,
  shipping_documentation: null,
  shipping_tracking_number: null,
  uncategorized_file: null,
  uncategorized_text: null,
} satisfies Dispute['evidence']

/** A card dispute (chargeback) opened by the buyer's bank: needs a response by `due_by`. */
export function disputeObject(a: { id: string; created: number; amount: number; charge: Charge; reason: string }): Dispute {
  return {
    id: a.id,
    object: 'dispute',
    amount: a.amount,
    balance_transactions: [],
    charge: a.charge.id,
    created: a.created,
    currency: a.charge.currency,
    enhanced_eligibility_types: [],
    evidence: { ...NO_EVIDENCE },
    evidence_details: {
      due_by: a.created + 7 * 86400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: a.charge.payment_intent as string | null,
    reason: a.reason,
    status: 'needs_response',
  }
}
