import type Stripe from 'stripe'
import { type Form } from './form'
import { invalid } from './wire'

/**
 * The top-level parameters each endpoint takes, exactly the SDK's params type (the compiler checks both ways),
 * so a misspelt or retired parameter fails as Stripe fails it: 400 parameter_unknown.
 */
type Words<S extends string, Acc = never> = S extends `${infer H} ${infer T}` ? Words<T, Acc | H> : Acc | S
type Exactly<T, S extends string> = [Words<S>] extends [keyof T] ? ([keyof T] extends [Words<S>] ? S : never) : never

function keys<T>() {
  return <S extends string>(names: Exactly<T, S>): ReadonlySet<string> => new Set(names.split(' '))
}

export const PARAMS = {
  customerCreate: keys<Stripe.CustomerCreateParams>()(
    'address balance business_name cash_balance description email expand individual_name invoice_prefix invoice_settings metadata name next_invoice_sequence payment_method phone preferred_locales shipping source tax tax_exempt tax_id_data test_clock validate',
  ),
  customerUpdate: keys<Stripe.CustomerUpdateParams>()(
    'address balance business_name cash_balance default_source description email expand individual_name invoice_prefix invoice_settings metadata name next_invoice_sequence phone preferred_locales shipping source tax tax_exempt validate',
  ),
  retrieve: keys<Stripe.CustomerRetrieveParams>()('expand'),
  checkoutCreate: keys<Stripe.Checkout.SessionCreateParams>()(
    'adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency custom_fields custom_text customer customer_account customer_creation customer_email customer_update discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items locale managed_payments metadata mode name_collection optional_items origin_context payment_intent_data payment_method_collection payment_method_configuration payment_method_data payment_method_options permissions phone_number_collection redirect_on_completion return_url saved_payment_method_options setup_intent_data shipping_address_collection shipping_options submit_type subscription_data success_url tax_id_collection ui_mode wallet_options',
  ),
  subscriptionCreate: keys<Stripe.SubscriptionCreateParams>()(
    'add_invoice_items application_fee_percent automatic_tax backdate_start_date billing_cycle_anchor billing_cycle_anchor_config billing_mode billing_schedules billing_thresholds cancel_at cancel_at_period_end collection_method currency customer customer_account days_until_due default_payment_method default_source default_tax_rates description discounts expand invoice_settings items metadata off_session on_behalf_of payment_behavior payment_settings pending_invoice_item_interval proration_behavior transfer_data trial_end trial_from_plan trial_period_days trial_settings',
  ),
  subscriptionUpdate: keys<Stripe.SubscriptionUpdateParams>()(
    'add_invoice_items application_fee_percent automatic_tax billing_cycle_anchor billing_schedules billing_thresholds cancel_at cancel_at_period_end cancellation_details collection_method days_until_due default_payment_method default_source default_tax_rates description discounts expand invoice_settings items metadata off_session on_behalf_of pause_collection payment_behavior payment_settings pending_invoice_item_interval proration_behavior proration_date transfer_data trial_end trial_from_plan trial_settings',
  ),
  subscriptionCancel: keys<Stripe.SubscriptionCancelParams>()('cancellation_details expand invoice_now prorate'),
  invoiceList: keys<Stripe.InvoiceListParams>()(
    'collection_method created customer customer_account due_date ending_before expand limit starting_after status subscription',
  ),
  portalCreate: keys<Stripe.BillingPortal.SessionCreateParams>()(
    'after_expiration configuration customer customer_account expand flow_data locale on_behalf_of return_url',
  ),
  portalConfigCreate: keys<Stripe.BillingPortal.ConfigurationCreateParams>()(
    'business_profile default_return_url expand features login_page metadata name',
  ),
  priceList: keys<Stripe.PriceListParams>()(
    'active created currency ending_before expand limit lookup_keys product recurring starting_after type',
  ),
  priceCreate: keys<Stripe.PriceCreateParams>()(
    'active billing_scheme currency currency_options custom_unit_amount expand lookup_key metadata nickname product product_data recurring tax_behavior tiers tiers_mode transfer_lookup_key transform_quantity unit_amount unit_amount_decimal',
  ),
  priceUpdate: keys<Stripe.PriceUpdateParams>()(
    'active currency_options expand lookup_key metadata nickname tax_behavior transfer_lookup_key',
  ),
  productCreate: keys<Stripe.ProductCreateParams>()(
    'active default_price_data description expand id images marketing_features metadata name package_dimensions shippable statement_descriptor tax_code tax_details type unit_label url',
  ),
  invoicePaymentList: keys<Stripe.InvoicePaymentListParams>()('created ending_before expand invoice limit payment starting_after status'),
  refundCreate: keys<Stripe.RefundCreateParams>()(
    'amount charge currency customer expand instructions_email metadata origin payment_intent reason refund_application_fee reverse_transfer',
  ),
}

/** 400 parameter_unknown for the first parameter the endpoint does not take. */
export function checkParams(form: Form, allowed: ReadonlySet<string>): void {
  for (const key of Object.keys(form)) {
    if (!allowed.has(key)) throw invalid(key, `Received unknown parameter: ${key}`, 'parameter_unknown')
  }
}
