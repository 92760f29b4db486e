import { type PriceSpec } from './catalog'
import { mergeMetadata, optBool, optInt, optList, optObject, optString, reqString, type Form, type FormValue } from './form'
import { type PortalConfiguration } from './objects'
import { checkParams, PARAMS } from './params'
import { type Ctx, type Route } from './routes'
import { invalid, missing, type Interval } from './wire'

/** Prices, products, portal configurations, and the money: charges, payment intents, invoice payments, refunds, disputes. */

const INTERVALS: Interval[] = ['day', 'week', 'month', 'year']

function limitOf(form: Form): number {
  const limit = optInt(form, 'limit') ?? 10
  if (limit < 1 || limit > 100) throw invalid('limit', 'This value must be greater than or equal to 1 and less than or equal to 100.')
  return limit
}

function strings(v: FormValue | undefined, param: string): string[] | undefined {
  if (v === undefined) return undefined
  const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : Object.values(v)
  return list.map((x) => {
    if (typeof x !== 'string') throw invalid(param, 'Invalid array')
    return x
  })
}

function listPrices({ form, b }: Ctx) {
  checkParams(form, PARAMS.priceList)
  const keys = strings(form.lookup_keys, 'lookup_keys')
  if (keys && keys.length > 10) throw invalid('lookup_keys', 'You may pass at most 10 lookup keys.')
  return b.catalog.listPrices({
    lookupKeys: keys,
    active: optBool(form, 'active'),
    product: optString(form, 'product'),
    currency: optString(form, 'currency'),
    limit: limitOf(form),
  })
}

function createPrice({ form, b }: Ctx) {
  checkParams(form, PARAMS.priceCreate)
  const currency = reqString(form, 'currency').toLowerCase()
  const amount = optInt(form, 'unit_amount')
  if (amount === undefined) throw invalid('unit_amount', 'The Stripe double needs `unit_amount` (a per-unit price).', 'parameter_missing')
  const recurring = optObject(form, 'recurring')
  if (!recurring)
    throw invalid('recurring', 'The Stripe double only makes recurring prices: add `recurring[interval]`.', 'parameter_missing')
  const interval = reqString(recurring, 'interval', 'recurring[interval]') as Interval
  if (!INTERVALS.includes(interval))
    throw invalid('recurring[interval]', `Invalid recurring[interval]: must be one of ${INTERVALS.join(', ')}`)
  const count = optInt(recurring, 'interval_count', 'recurring[interval_count]') ?? 1
  if (count < 1) throw invalid('recurring[interval_count]', 'Invalid positive integer')
  const productData = optObject(form, 'product_data')
  const product = optString(form, 'product') || null
  if (product && productData) throw invalid('product_data', 'You may only specify one of these parameters: product, product_data.')
  const spec: PriceSpec = {
    unit_amount: amount,
    currency,
    interval,
    interval_count: count,
    lookup_key: optString(form, 'lookup_key') || undefined,
  }
  if (optBool(form, 'active') === false) spec.active = false
  return b.catalog.createPrice({
    spec,
    product,
    productName: productData ? reqString(productData, 'name', 'product_data[name]') : null,
    transferLookupKey: optBool(form, 'transfer_lookup_key') === true,
    nickname: optString(form, 'nickname') || null,
    metadata: mergeMetadata({}, form),
  })
}

function updatePrice(id: string, { form, b }: Ctx) {
  checkParams(form, PARAMS.priceUpdate)
  const price = b.price(id)
  return b.catalog.updatePrice(id, {
    active: optBool(form, 'active'),
    lookupKey: optString(form, 'lookup_key'),
    transferLookupKey: optBool(form, 'transfer_lookup_key') === true,
    nickname: optString(form, 'nickname'),
    metadata: form.metadata === undefined ? undefined : mergeMetadata(price.metadata, form),
  })
}

function createProduct({ form, b }: Ctx) {
  checkParams(form, PARAMS.productCreate)
  return b.catalog.createProduct({
    id: optString(form, 'id') || undefined,
    name: reqString(form, 'name'),
    metadata: mergeMetadata({}, form),
  })
}

const bool = (form: Form, key: string, label: string, fallback: boolean) => {
  const v = optString(form, key, label)
  if (v === undefined) return fallback
  if (v !== 'true' && v !== 'false') throw invalid(label, `Invalid boolean: ${v}`)
  return v === 'true'
}

/** POST /v1/billing_portal/configurations: the features as given, Stripe's defaults for the rest. */
function createPortalConfig({ form, b }: Ctx) {
  checkParams(form, PARAMS.portalConfigCreate)
  const f = optObject(form, 'features')
  if (!f) throw invalid('features', 'Missing required param: features.', 'parameter_missing')
  const part = (k: string) => optObject(f, k, `features[${k}]`) ?? {}
  const [cu, ih, pm, sc, sp, su] = [
    'customer_update',
    'invoice_history',
    'payment_method_update',
    'subscription_cancel',
    'subscription_pause',
    'subscription_update',
  ].map(part)
  const cancelMode = optString(sc, 'mode', 'features[subscription_cancel][mode]') ?? 'at_period_end'
  if (!['at_period_end', 'immediately'].includes(cancelMode))
    throw invalid('features[subscription_cancel][mode]', `Invalid mode: ${cancelMode}`)
  const products = optList(su, 'products').map((p, i) => ({
    product: reqString(p, 'product', `features[subscription_update][products][${i}][product]`),
    prices: strings(p.prices, `features[subscription_update][products][${i}][prices]`) ?? [],
    adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
  }))
  const updateOn = bool(su, 'enabled', 'features[subscription_update][enabled]', false)
  if (updateOn && products.length === 0)
    throw invalid(
      'features[subscription_update][products]',
      'You must specify the products customers can switch between.',
      'parameter_missing',
    )
  const conditions = optList(optObject(su, 'schedule_at_period_end') ?? {}, 'conditions').map((c) => ({ type: reqString(c, 'type') }))
  const features: PortalConfiguration['features'] = {
    customer_update: {
      allowed_updates: strings(cu.allowed_updates, 'features[customer_update][allowed_updates]') ?? [],
      enabled: bool(cu, 'enabled', 'features[customer_update][enabled]', false),
    },
    invoice_history: { enabled: bool(ih, 'enabled', 'features[invoice_history][enabled]', false) },
    payment_method_update: {
      enabled: bool(pm, 'enabled', 'features[payment_method_update][enabled]', false),
      payment_method_configuration: null,
    },
    subscription_cancel: {
      cancellation_reason: { enabled: false, feedback_options: null, options: [] },
      enabled: bool(sc, 'enabled', 'features[subscription_cancel][enabled]', false),
      mode: cancelMode,
      proration_behavior: optString(sc, 'proration_behavior') ?? 'none',
    },
    subscription_pause: {
      duration: { interval_options: [], type: 'indefinite' },
      enabled: bool(sp, 'enabled', 'features[subscription_pause][enabled]', false),
    },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: (strings(su.default_allowed_updates, 'features[subscription_update][default_allowed_updates]') ??
        []) as PortalConfiguration['features']['subscription_update']['default_allowed_updates'],
      enabled: updateOn,
      products,
      proration_behavior: optString(su, 'proration_behavior') ?? 'none',
      schedule_at_period_end: { conditions },
      trial_update_behavior: 'end_trial',
    },
  }
  const profile = optObject(form, 'business_profile') ?? {}
  return b.catalog.createPortalConfig({
    features,
    defaultReturnUrl: optString(form, 'default_return_url') || null,
    headline: optString(profile, 'headline') || null,
    metadata: mergeMetadata({}, form),
  })
}

function listInvoicePayments({ form, b }: Ctx) {
  checkParams(form, PARAMS.invoicePaymentList)
  const payment = optObject(form, 'payment')
  if (payment && reqString(payment, 'type', 'payment[type]') !== 'payment_intent')
    throw invalid('payment[type]', 'The Stripe double finds invoice payments by payment_intent only.')
  return b.payments.listInvoicePayments({
    invoice: optString(form, 'invoice'),
    paymentIntent: payment ? reqString(payment, 'payment_intent', 'payment[payment_intent]') : undefined,
    status: optString(form, 'status'),
    limit: limitOf(form),
  })
}

function createRefund({ form, req, b }: Ctx) {
  checkParams(form, PARAMS.refundCreate)
  return b.payments.refund(
    {
      charge: optString(form, 'charge') || undefined,
      paymentIntent: optString(form, 'payment_intent') || undefined,
      amount: optInt(form, 'amount'),
      reason: optString(form, 'reason') || undefined,
      metadata: mergeMetadata({}, form),
    },
    req,
  )
}

function get<T>(map: Map<string, T>, kind: string) {
  return (id: string, c: Ctx) => {
    checkParams(c.form, PARAMS.retrieve)
    const v = map.get(id)
    if (!v) throw missing(kind, id)
    return v
  }
}

export const moneyRoutes: Route[] = [
  ['GET', /^\/v1\/prices$/, (_, c) => listPrices(c)],
  ['POST', /^\/v1\/prices$/, (_, c) => createPrice(c)],
  ['POST', /^\/v1\/prices\/([^/]+)$/, updatePrice],
  ['POST', /^\/v1\/products$/, (_, c) => createProduct(c)],
  ['GET', /^\/v1\/products\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), c.b.catalog.product(id))],
  ['POST', /^\/v1\/billing_portal\/configurations$/, (_, c) => createPortalConfig(c)],
  [
    'GET',
    /^\/v1\/billing_portal\/configurations\/([^/]+)$/,
    (id, c) => (checkParams(c.form, PARAMS.retrieve), c.b.catalog.portalConfig(id)),
  ],
  ['GET', /^\/v1\/invoice_payments$/, (_, c) => listInvoicePayments(c)],
  ['POST', /^\/v1\/refunds$/, (_, c) => createRefund(c)],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, (id, c) => get(c.b.payments.refunds, 'refund')(id, c)],
  ['GET', /^\/v1\/charges\/([^/]+)$/, (id, c) => get(c.b.payments.charges, 'charge')(id, c)],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (id, c) => get(c.b.payments.intents, 'payment_intent')(id, c)],
  ['GET', /^\/v1\/disputes\/([^/]+)$/, (id, c) => get(c.b.payments.disputes, 'dispute')(id, c)],
]
