import { changePrice, type ProrationBehavior } from './changes'
import { mergeMetadata, optBool, optInt, optList, optObject, optString, reqString, type Form } from './form'
import { checkParams, PARAMS } from './params'
import { type Ctx, type Route } from './routes'
import { expireCheckout } from './sessions'
import { invalid, missing } from './wire'

/** The customers, checkout sessions, subscriptions, invoices and portal sessions of /v1. */

const INCOMPLETE_BEHAVIOURS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete']
const PRORATIONS = ['create_prorations', 'always_invoice', 'none']
const UNSUPPORTED_UPDATES = ['pause_collection', 'trial_end', 'cancel_at', 'billing_cycle_anchor', 'add_invoice_items']
const MIN_EXPIRY = 30 * 60
const MAX_EXPIRY = 24 * 3600

export function optUrl(form: Form, key: string): string | null {
  const v = optString(form, key)
  if (v === undefined || v === '') return null
  if (!URL.canParse(v.replaceAll('{CHECKOUT_SESSION_ID}', 'x'))) throw invalid(key, 'Not a valid URL', 'url_invalid')
  return v
}

function optEmail(form: Form, key: string): string | null {
  const v = optString(form, key)
  if (!v) return null
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v)) throw invalid(key, `Invalid email address: ${v}`, 'email_invalid')
  return v
}

const nullable = (form: Form, key: string, current: string | null | undefined) => {
  const v = optString(form, key)
  return v === undefined ? (current ?? null) : v || null
}

function found<T>(map: Map<string, T>, kind: string, id: string): T {
  const v = map.get(id)
  if (!v) throw missing(kind, id)
  return v
}

function createCustomer({ form, b }: Ctx) {
  checkParams(form, PARAMS.customerCreate)
  return b.createCustomer({
    email: optEmail(form, 'email'),
    name: optString(form, 'name') || null,
    phone: optString(form, 'phone') || null,
    description: optString(form, 'description') || null,
    metadata: mergeMetadata({}, form),
  })
}

function retrieveCustomer(id: string, { form, b }: Ctx) {
  checkParams(form, PARAMS.retrieve)
  // A deleted customer is still found by id, as Stripe answers it.
  if (b.deletedCustomers.has(id)) return { id, object: 'customer', deleted: true }
  return b.customer(id)
}

function updateCustomer(id: string, { form, b }: Ctx) {
  checkParams(form, PARAMS.customerUpdate)
  const c = b.customer(id)
  if (optString(form, 'email')) optEmail(form, 'email')
  Object.assign(c, {
    email: nullable(form, 'email', c.email),
    name: nullable(form, 'name', c.name),
    phone: nullable(form, 'phone', c.phone),
    description: nullable(form, 'description', c.description),
    metadata: mergeMetadata(c.metadata, form),
  })
  return c
}

/** Seconds since the epoch, 30 minutes to 24 hours from now (Stripe's bounds for a Checkout Session). */
function expiresAt(form: Form, now: number): number {
  const at = optInt(form, 'expires_at')
  if (at === undefined) return now + MAX_EXPIRY
  if (at < now + MIN_EXPIRY)
    throw invalid('expires_at', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.')
  if (at > now + MAX_EXPIRY)
    throw invalid('expires_at', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.')
  return at
}

function createCheckout({ form, b }: Ctx) {
  checkParams(form, PARAMS.checkoutCreate)
  const mode = reqString(form, 'mode')
  if (mode !== 'subscription') throw invalid('mode', `The Stripe double only supports mode=subscription (got ${mode}).`)
  const ui = optString(form, 'ui_mode')
  if (ui && ui !== 'hosted_page') throw invalid('ui_mode', 'The Stripe double only serves hosted Checkout (ui_mode=hosted_page).')
  const lines = optList(form, 'line_items')
  if (lines.length === 0) {
    throw invalid(
      'line_items',
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'parameter_missing',
    )
  }
  if (lines.length > 1) throw invalid('line_items', 'The Stripe double supports one line item per Checkout Session.')
  const price = b.price(reqString(lines[0], 'price', 'line_items[0][price]'), 'line_items[0][price]')
  const quantity = optInt(lines[0], 'quantity', 'line_items[0][quantity]')
  if (!quantity) throw invalid('line_items[0][quantity]', 'Quantity is required. Add `quantity` to `line_items[0]`', 'parameter_missing')
  const customer = optString(form, 'customer') || null
  const customerEmail = optEmail(form, 'customer_email')
  if (customer && customerEmail) {
    throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.', 'parameter_invalid_empty')
  }
  if (customer) b.customer(customer, 'customer')
  const clientReferenceId = optString(form, 'client_reference_id') || null
  if (clientReferenceId && clientReferenceId.length > 200)
    throw invalid('client_reference_id', 'Invalid string: must be at most 200 characters')
  const subscriptionData = optObject(form, 'subscription_data') ?? {}
  const tax = optObject(form, 'automatic_tax')
  const automaticTax = tax ? optBool(tax, 'enabled') === true : false
  const update = optObject(form, 'customer_update') ?? {}
  // A known customer's address decides the tax, so Checkout must be allowed to save the address it collects.
  if (
    automaticTax &&
    customer &&
    !b.customer(customer).address &&
    optString(update, 'address') !== 'auto' &&
    optString(update, 'shipping') !== 'auto'
  ) {
    throw invalid(
      'automatic_tax[enabled]',
      "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
    )
  }
  const promo = optBool(form, 'allow_promotion_codes')
  if (promo && form.discounts !== undefined)
    throw invalid('allow_promotion_codes', 'You may only specify one of these parameters: allow_promotion_codes, discounts.')
  return b.createCheckout({
    customer,
    customerEmail,
    price,
    quantity,
    successUrl: optUrl(form, 'success_url'),
    cancelUrl: optUrl(form, 'cancel_url'),
    clientReferenceId,
    metadata: mergeMetadata({}, form),
    subscriptionMetadata: mergeMetadata({}, subscriptionData),
    expiresAt: expiresAt(form, b.now()),
    allowPromotionCodes: promo ?? null,
    automaticTax,
  })
}

async function createSubscription({ form, req, b }: Ctx) {
  checkParams(form, PARAMS.subscriptionCreate)
  const customer = b.customer(reqString(form, 'customer'), 'customer')
  const items = optList(form, 'items')
  if (items.length === 0) throw invalid('items', 'Missing required param: items.', 'parameter_missing')
  if (items.length > 1) throw invalid('items', 'The Stripe double supports one item per subscription.')
  const price = b.price(reqString(items[0], 'price', 'items[0][price]'), 'items[0][price]')
  const quantity = optInt(items[0], 'quantity', 'items[0][quantity]') ?? 1
  const behaviour = optString(form, 'payment_behavior') ?? 'allow_incomplete'
  if (!INCOMPLETE_BEHAVIOURS.includes(behaviour))
    throw invalid('payment_behavior', `Invalid payment_behavior: must be one of ${INCOMPLETE_BEHAVIOURS.join(', ')}`)
  const settings = optObject(form, 'payment_settings') ?? {}
  const save = optString(settings, 'save_default_payment_method', 'payment_settings[save_default_payment_method]') ?? 'off'
  if (save !== 'off' && save !== 'on_subscription') {
    throw invalid(
      'payment_settings[save_default_payment_method]',
      'Invalid save_default_payment_method: must be one of off, on_subscription',
    )
  }
  const metadata = mergeMetadata({}, form)
  return b.createSubscription({ customer, price, quantity, metadata, incomplete: behaviour === 'default_incomplete', save }, req)
}

async function updateSubscription(id: string, { form, req, b }: Ctx) {
  checkParams(form, PARAMS.subscriptionUpdate)
  const unsupported = UNSUPPORTED_UPDATES.find((k) => k in form)
  if (unsupported) throw invalid(unsupported, `The Stripe double does not support updating ${unsupported}.`)
  const sub = b.subscription(id)
  const items = optList(form, 'items')
  if (items.length > 1) throw invalid('items', 'The Stripe double supports one item per subscription.')
  if (items.length === 1) {
    const behavior = optString(form, 'proration_behavior') ?? 'create_prorations'
    if (!PRORATIONS.includes(behavior))
      throw invalid('proration_behavior', `Invalid proration_behavior: must be one of ${PRORATIONS.join(', ')}`)
    const itemId = reqString(items[0], 'id', 'items[0][id]')
    const price = b.price(reqString(items[0], 'price', 'items[0][price]'), 'items[0][price]')
    await changePrice(b, sub, { itemId, price, behavior: behavior as ProrationBehavior }, req)
  }
  const metadata = form.metadata === undefined ? undefined : mergeMetadata(sub.metadata, form)
  return b.updateSubscription(id, { cancelAtPeriodEnd: optBool(form, 'cancel_at_period_end'), metadata }, req)
}

function listInvoices({ form, b }: Ctx) {
  checkParams(form, PARAMS.invoiceList)
  const limit = optInt(form, 'limit') ?? 10
  if (limit < 1 || limit > 100) throw invalid('limit', `This value must be greater than or equal to 1 and less than or equal to 100.`)
  const status = optString(form, 'status')
  if (status && !['draft', 'open', 'paid', 'uncollectible', 'void'].includes(status)) throw invalid('status', `Invalid status: ${status}`)
  return b.listInvoices({
    customer: optString(form, 'customer'),
    subscription: optString(form, 'subscription'),
    status,
    limit,
    startingAfter: optString(form, 'starting_after'),
    endingBefore: optString(form, 'ending_before'),
  })
}

/** A portal session opens with `configuration`, or the one saved in the Dashboard; without either Stripe refuses. */
function createPortal({ form, b }: Ctx) {
  checkParams(form, PARAMS.portalCreate)
  const customer = b.customer(reqString(form, 'customer'), 'customer')
  const asked = optString(form, 'configuration')
  const config = asked ? b.catalog.portalConfig(asked, 'configuration') : b.catalog.defaultPortalConfig(b.mode)
  return b.createPortal(customer.id, optUrl(form, 'return_url') ?? config.default_return_url, config.id)
}

export const coreRoutes: Route[] = [
  ['POST', /^\/v1\/customers$/, (_, c) => createCustomer(c)],
  ['GET', /^\/v1\/customers\/([^/]+)$/, retrieveCustomer],
  ['POST', /^\/v1\/customers\/([^/]+)$/, updateCustomer],
  ['DELETE', /^\/v1\/customers\/([^/]+)$/, (id, c) => (checkParams(c.form, new Set()), c.b.deleteCustomer(id))],
  ['GET', /^\/v1\/prices\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), c.b.price(id))],
  ['POST', /^\/v1\/checkout\/sessions$/, (_, c) => createCheckout(c)],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (id, c) => (checkParams(c.form, PARAMS.retrieve), found(c.b.sessions, 'checkout.session', id)),
  ],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    (id, c) => (found(c.b.sessions, 'checkout.session', id), c.b.sessionLineItems(id)),
  ],
  [
    'POST',
    /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    (id, c) => (checkParams(c.form, PARAMS.retrieve), expireCheckout(c.b, id, c.req)),
  ],
  ['POST', /^\/v1\/subscriptions$/, (_, c) => createSubscription(c)],
  ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), c.b.subscription(id))],
  ['POST', /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
  ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.subscriptionCancel), c.b.cancelNow(id, c.req))],
  ['GET', /^\/v1\/invoices$/, (_, c) => listInvoices(c)],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), found(c.b.invoices, 'invoice', id))],
  ['POST', /^\/v1\/billing_portal\/sessions$/, (_, c) => createPortal(c)],
]
