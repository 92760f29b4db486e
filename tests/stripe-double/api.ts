import { type Billing } from './billing'
import { expandPaths, parseForm } from './form'
import { coreRoutes } from './handlers'
import { moneyRoutes } from './handlers-more'
import { type Route } from './routes'
import { sweep } from './sessions'
import { type EventRequest } from './webhooks'
import { API_VERSION, ApiError, clone, invalid, markLive, modeOfKey, newId, type Mode } from './wire'

/** Stripe forgets an idempotency key after 24 hours (a reuse after that is a new request). */
const KEY_LIFETIME_SECONDS = 24 * 3600

interface Saved {
  fingerprint: string
  body: string
  status: number
  at: number
}

/**
 * The /v1 API: Bearer keys (test or live, each mode with its own objects), form bodies, idempotency keys with Stripe's
 * rules, Stripe's error shapes, `expand[]`.
 */
export class Api {
  private readonly idempotent = new Map<string, Saved | 'pending'>()
  private readonly routes: Route[] = [...coreRoutes, ...moneyRoutes]

  constructor(private readonly modes: Record<Mode, Billing>) {}

  async handle(request: Request): Promise<Response> {
    const requestId = newId('req')
    const headers = { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION }
    const url = new URL(request.url)
    try {
      const b = this.modes[this.authenticate(request.headers.get('authorization'))]
      const version = request.headers.get('stripe-version')
      if (version && version !== API_VERSION) {
        throw invalid(
          'Stripe-Version',
          `The Stripe double renders API version ${API_VERSION} only (asked for ${version}).`,
          'api_version_invalid',
        )
      }
      await sweep(b)
      const body = request.method === 'GET' || request.method === 'DELETE' ? url.search.slice(1) : await request.text()
      const key = request.method === 'POST' ? request.headers.get('idempotency-key') : null
      const slot = key ? `${b.mode} ${key}` : null
      const fingerprint = `${request.method} ${url.pathname}\n${body}`
      this.forget(b.now())
      const seen = slot ? this.idempotent.get(slot) : undefined
      if (seen === 'pending') {
        throw new ApiError(
          409,
          'idempotency_error',
          `There is currently another in-progress request using this Idempotent Key: ${key}.`,
          'idempotency_key_in_use',
        )
      }
      if (seen) {
        // Stripe compares the endpoint and the parameters: the same key for another request is refused, not replayed.
        if (seen.fingerprint !== fingerprint) {
          throw new ApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          )
        }
        return new Response(seen.body, {
          status: seen.status,
          headers: { ...headers, 'idempotency-key': key!, 'idempotent-replayed': 'true' },
        })
      }
      if (slot) this.idempotent.set(slot, 'pending')
      try {
        const out = await this.route(request.method, url.pathname, body, { id: requestId, idempotency_key: key }, b)
        const json = JSON.stringify(out, null, 2)
        if (slot) this.idempotent.set(slot, { fingerprint, body: json, status: 200, at: b.now() })
        return new Response(json, { status: 200, headers: key ? { ...headers, 'idempotency-key': key } : headers })
      } catch (err) {
        // A request refused before it ran saves nothing (a corrected retry may use the key); one that failed while
        // running is saved, so its retry answers the same error.
        if (slot && err instanceof ApiError && err.status >= 500) {
          this.idempotent.set(slot, { fingerprint, body: JSON.stringify(err.body(), null, 2), status: err.status, at: b.now() })
        } else if (slot) this.idempotent.delete(slot)
        throw err
      }
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(500, 'api_error', `Stripe double failed: ${String(err)}`)
      return new Response(JSON.stringify(e.body(), null, 2), { status: e.status, headers })
    }
  }

  private forget(now: number): void {
    for (const [k, v] of this.idempotent) if (v !== 'pending' && now - v.at > KEY_LIFETIME_SECONDS) this.idempotent.delete(k)
  }

  private authenticate(header: string | null): Mode {
    const m = header ? /^Bearer (.+)$/i.exec(header) : null
    if (!m) {
      throw new ApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      )
    }
    const mode = modeOfKey(m[1])
    if (!mode) throw new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${m[1].slice(0, 8)}****${m[1].slice(-4)}`)
    return mode
  }

  private async route(method: string, path: string, body: string, req: EventRequest, b: Billing): Promise<unknown> {
    for (const [m, pattern, handler] of this.routes) {
      const match = pattern.exec(path)
      if (!match || m !== method) continue
      const form = parseForm(new URLSearchParams(body))
      const expand = expandPaths(form)
      const out = await handler(decodeURIComponent(match[1] ?? ''), { form, expand, req, b })
      const rendered = this.render(b, out, expand)
      return b.live ? markLive(rendered) : rendered
    }
    throw new ApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    )
  }

  /** A copy of the object with `expand[]` applied: ids become objects, includable fields (confirmation_secret, line_items, payments) appear. */
  render(b: Billing, obj: unknown, expand: string[]): unknown {
    const out = clone(obj)
    for (const path of expand) this.expand(b, out, path.split('.'))
    return out
  }

  private expand(b: Billing, node: unknown, keys: string[]): void {
    if (keys.length === 0 || node === null || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((n) => this.expand(b, n, keys))
    const obj = node as Record<string, unknown>
    const [key, ...rest] = keys
    const cannot = () => invalid('expand', `This property cannot be expanded (${key}).`)
    if (obj.object === 'invoice' && key === 'confirmation_secret') {
      if (rest.length) throw cannot()
      obj.confirmation_secret = b.confirmationSecret(obj.id as string)
      return
    }
    if (obj.object === 'checkout.session' && key === 'line_items') {
      obj.line_items = b.sessionLineItems(obj.id as string)
    } else if (obj.object === 'invoice' && key === 'payments') {
      obj.payments = b.payments.listInvoicePayments({ invoice: obj.id as string, limit: 10 })
    } else if (obj.object === 'list' && key === 'data') {
      // `data.product` on a list expands each item.
    } else if (!(key in obj)) {
      throw cannot()
    } else if (typeof obj[key] === 'string') {
      obj[key] = this.lookup(b, obj[key] as string, cannot)
    } else if (rest.length === 0 && obj[key] !== null) {
      throw cannot()
    }
    this.expand(b, obj[key], rest)
  }

  private lookup(b: Billing, id: string, cannot: () => ApiError): unknown {
    const prefix = id.slice(0, id.indexOf('_'))
    const p = b.payments
    const maps: Record<string, Map<string, unknown>> = {
      cus: b.customers,
      sub: b.subscriptions,
      in: b.invoices,
      cs: b.sessions,
      prod: b.catalog.products,
      bpc: b.catalog.portalConfigs,
      pi: p.intents,
      ch: p.charges,
      re: p.refunds,
      dp: p.disputes,
    }
    if (prefix === 'price') return b.price(id)
    const found = maps[prefix]?.get(id)
    if (!found) throw cannot()
    return clone(found)
  }
}
