import { type Billing } from './billing'
import { expandPaths, mergeMetadata, optBool, optInt, optList, optObject, optString, parseForm, reqString, type Form } from './form'
import { checkParams, PARAMS } from './params'
import { type EventRequest } from './webhooks'
import { API_VERSION, ApiError, invalid, missing, newId } from './wire'

interface Ctx {
  form: Form
  expand: string[]
  req: EventRequest
}
type Handler = (id: string, ctx: Ctx) => unknown

const INCOMPLETE_BEHAVIOURS = ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete']
const UNSUPPORTED_UPDATES = ['items', 'pause_collection', 'trial_end', 'cancel_at', 'billing_cycle_anchor', 'add_invoice_items']

function optUrl(form: Form, key: string): string | null {
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

/** The /v1 API: Bearer sk_test_ keys, form bodies, idempotency keys, Stripe's error shapes, `expand[]`. */
export class Api {
  private readonly idempotent = new Map<string, { fingerprint: string; body: string } | 'pending'>()
  private readonly routes: [string, RegExp, Handler][]

  constructor(private readonly billing: Billing) {
    const b = billing
    this.routes = [
      ['POST', /^\/v1\/customers$/, (_, c) => this.createCustomer(c)],
      ['GET', /^\/v1\/customers\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), b.customer(id))],
      ['POST', /^\/v1\/customers\/([^/]+)$/, (id, c) => this.updateCustomer(id, c)],
      ['GET', /^\/v1\/prices\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), b.price(id))],
      ['POST', /^\/v1\/checkout\/sessions$/, (_, c) => this.createCheckout(c)],
      [
        'GET',
        /^\/v1\/checkout\/sessions\/([^/]+)$/,
        (id, c) => (checkParams(c.form, PARAMS.retrieve), this.found(b.sessions, 'checkout.session', id)),
      ],
      [
        'GET',
        /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
        (id) => (this.found(b.sessions, 'checkout.session', id), b.sessionLineItems(id)),
      ],
      ['POST', /^\/v1\/subscriptions$/, (_, c) => this.createSubscription(c)],
      ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), b.subscription(id))],
      ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (id, c) => this.updateSubscription(id, c)],
      ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.subscriptionCancel), b.cancelNow(id, c.req))],
      ['GET', /^\/v1\/invoices$/, (_, c) => this.listInvoices(c)],
      ['GET', /^\/v1\/invoices\/([^/]+)$/, (id, c) => (checkParams(c.form, PARAMS.retrieve), this.found(b.invoices, 'invoice', id))],
      ['POST', /^\/v1\/billing_portal\/sessions$/, (_, c) => this.createPortal(c)],
    ]
  }

  async handle(request: Request): Promise<Response> {
    const requestId = newId('req')
    const headers = { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION }
    const url = new URL(request.url)
    try {
      this.authenticate(request.headers.get('authorization'))
      const version = request.headers.get('stripe-version')
      if (version && version !== API_VERSION) {
        throw invalid(
          'Stripe-Version',
          `The Stripe double renders API version ${API_VERSION} only (asked for ${version}).`,
          'api_version_invalid',
        )
      }
      const body = request.method === 'GET' || request.method === 'DELETE' ? url.search.slice(1) : await request.text()
      const key = request.method === 'POST' ? request.headers.get('idempotency-key') : null
      const fingerprint = `${request.method} ${url.pathname}\n${body}`
      const seen = key ? this.idempotent.get(key) : undefined
      if (seen === 'pending') {
        throw new ApiError(
          409,
          'idempotency_error',
          `There is currently another in-progress request using this Idempotent Key: ${key}.`,
          'idempotency_key_in_use',
        )
      }
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          throw new ApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          )
        }
        return new Response(seen.body, { status: 200, headers: { ...headers, 'idempotency-key': key!, 'idempotent-replayed': 'true' } })
      }
      if (key) this.idempotent.set(key, 'pending')
      try {
        const out = await this.route(request.method, url.pathname, body, { id: requestId, idempotency_key: key })
        const json = JSON.stringify(out, null, 2)
        if (key) this.idempotent.set(key, { fingerprint, body: json })
        return new Response(json, { status: 200, headers: key ? { ...headers, 'idempotency-key': key } : headers })
      } catch (err) {
        if (key) this.idempotent.delete(key)
        throw err
      }
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(500, 'api_error', `Stripe double failed: ${String(err)}`)
      return new Response(JSON.stringify(e.body(), null, 2), { status: e.status, headers })
    }
  }

  private authenticate(header: string | null): void {
    const m = header ? /^Bearer (.+)$/i.exec(header) : null
    if (!m) {
      throw new ApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      )
    }
    if (!m[1].startsWith('sk_test_')) {
      throw new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${m[1].slice(0, 8)}****${m[1].slice(-4)}`)
    }
  }

  private async route(method: string, path: string, body: string, req: EventRequest): Promise<unknown> {
    for (const [m, pattern, handler] of this.routes) {
      const match = pattern.exec(path)
      if (!match || m !== method) continue
      const form = parseForm(new URLSearchParams(body))
      const expand = expandPaths(form)
      const out = await handler(decodeURIComponent(match[1] ?? ''), { form, expand, req })
      return this.render(out, expand)
    }
    throw new ApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    )
  }

  private found<T>(map: Map<string, T>, kind: string, id: string): T {
    const v = map.get(id)
    if (!v) throw missing(kind, id)
    return v
  }

  /** A copy of the object with `expand[]` applied: ids become objects, includable fields (confirmation_secret, line_items) appear. */
  render(obj: unknown, expand: string[]): unknown {
    const out = structuredClone(obj)
    for (const path of expand) this.expand(out, path.split('.'), path)
    return out
  }

  private expand(node: unknown, keys: string[], path: string): void {
    if (keys.length === 0 || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((n) => this.expand(n, keys, path))
    const obj = node as Record<string, unknown>
    const [key, ...rest] = keys
    const cannot = () => invalid('expand', `This property cannot be expanded (${key}).`)
    if (obj.object === 'invoice' && key === 'confirmation_secret') {
      if (rest.length) throw cannot()
      obj.confirmation_secret = this.billing.confirmationSecret(obj.id as string)
      return
    }
    if (obj.object === 'checkout.session' && key === 'line_items') {
      obj.line_items = this.billing.sessionLineItems(obj.id as string)
    } else if (!(key in obj)) {
      throw cannot()
    } else if (typeof obj[key] === 'string') {
      obj[key] = this.lookup(obj[key] as string, cannot)
    } else if (rest.length === 0 && obj[key] !== null) {
      throw cannot()
    }
    this.expand(obj[key], rest, path)
  }

  private lookup(id: string, cannot: () => ApiError): unknown {
    const b = this.billing
    const prefix = id.slice(0, id.indexOf('_'))
    const maps: Record<string, Map<string, unknown>> = { cus: b.customers, sub: b.subscriptions, in: b.invoices, cs: b.sessions }
    if (prefix === 'price') return b.price(id)
    const found = maps[prefix]?.get(id)
    if (!found) throw cannot()
    return structuredClone(found)
  }

  private createCustomer({ form }: Ctx) {
    checkParams(form, PARAMS.customerCreate)
    return this.billing.createCustomer({
      email: optEmail(form, 'email'),
      name: optString(form, 'name') || null,
      phone: optString(form, 'phone') || null,
      description: optString(form, 'description') || null,
      metadata: mergeMetadata({}, form),
    })
  }

  private updateCustomer(id: string, { form }: Ctx) {
    checkParams(form, PARAMS.customerUpdate)
    const c = this.billing.customer(id)
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

  private createCheckout({ form }: Ctx) {
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
    const price = this.billing.price(reqString(lines[0], 'price', 'line_items[0][price]'), 'line_items[0][price]')
    const quantity = optInt(lines[0], 'quantity', 'line_items[0][quantity]')
    if (!quantity) throw invalid('line_items[0][quantity]', 'Quantity is required. Add `quantity` to `line_items[0]`', 'parameter_missing')
    const customer = optString(form, 'customer') || null
    const customerEmail = optEmail(form, 'customer_email')
    if (customer && customerEmail) {
      throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.', 'parameter_invalid_empty')
    }
    if (customer) this.billing.customer(customer, 'customer')
    const clientReferenceId = optString(form, 'client_reference_id') || null
    if (clientReferenceId && clientReferenceId.length > 200)
      throw invalid('client_reference_id', 'Invalid string: must be at most 200 characters')
    const subscriptionData = optObject(form, 'subscription_data') ?? {}
    return this.billing.createCheckout({
      customer,
      customerEmail,
      price,
      quantity,
      successUrl: optUrl(form, 'success_url'),
      cancelUrl: optUrl(form, 'cancel_url'),
      clientReferenceId,
      metadata: mergeMetadata({}, form),
      subscriptionMetadata: mergeMetadata({}, subscriptionData),
    })
  }

  private async createSubscription({ form, req }: Ctx) {
    checkParams(form, PARAMS.subscriptionCreate)
    const customer = this.billing.customer(reqString(form, 'customer'), 'customer')
    const items = optList(form, 'items')
    if (items.length === 0) throw invalid('items', 'Missing required param: items.', 'parameter_missing')
    if (items.length > 1) throw invalid('items', 'The Stripe double supports one item per subscription.')
    const price = this.billing.price(reqString(items[0], 'price', 'items[0][price]'), 'items[0][price]')
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
    return this.billing.createSubscription(
      { customer, price, quantity, metadata, incomplete: behaviour === 'default_incomplete', save },
      req,
    )
  }

  private async updateSubscription(id: string, { form, req }: Ctx) {
    checkParams(form, PARAMS.subscriptionUpdate)
    const unsupported = UNSUPPORTED_UPDATES.find((k) => k in form)
    if (unsupported) throw invalid(unsupported, `The Stripe double does not support updating ${unsupported}.`)
    const sub = this.billing.subscription(id)
    const metadata = form.metadata === undefined ? undefined : mergeMetadata(sub.metadata, form)
    return this.billing.updateSubscription(id, { cancelAtPeriodEnd: optBool(form, 'cancel_at_period_end'), metadata }, req)
  }

  private listInvoices({ form }: Ctx) {
    checkParams(form, PARAMS.invoiceList)
    const limit = optInt(form, 'limit') ?? 10
    if (limit < 1 || limit > 100) throw invalid('limit', `This value must be greater than or equal to 1 and less than or equal to 100.`)
    const status = optString(form, 'status')
    if (status && !['draft', 'open', 'paid', 'uncollectible', 'void'].includes(status)) throw invalid('status', `Invalid status: ${status}`)
    return this.billing.listInvoices({
      customer: optString(form, 'customer'),
      subscription: optString(form, 'subscription'),
      status,
      limit,
      startingAfter: optString(form, 'starting_after'),
      endingBefore: optString(form, 'ending_before'),
    })
  }

  private createPortal({ form }: Ctx) {
    checkParams(form, PARAMS.portalCreate)
    const customer = this.billing.customer(reqString(form, 'customer'), 'customer')
    return this.billing.createPortal(customer.id, optUrl(form, 'return_url'))
  }
}
