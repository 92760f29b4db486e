import { type AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { Api } from './api'
import { Billing } from './billing'
import { Catalog, type PriceSpec } from './catalog'
import { hostedPage } from './pages'
import { type Dispute, type Refund } from './payment-objects'
import { completeCheckout } from './sessions'
import { Outbox, type Delivery, type SentEvent, type WebhookTarget } from './webhooks'
import { type Mode } from './wire'

export type { PriceSpec }

/**
 * A local Stripe for tests and the end-to-end harness: the real `stripe` SDK talks to it (`sdkOptions()`), the browser
 * pays on its hosted Checkout page, and it sends signed webhook events in the pinned API version's shapes.
 * See README.md beside this file for what it answers and which events each step sends.
 */

export interface StripeDoubleOptions {
  /** Where Stripe sends webhook events (the app's POST /v2/stripe/webhook) and the signing secret (whsec_…). */
  webhook?: WebhookTarget
  /** The clock for created/period timestamps (seconds are derived from it). */
  clock?: () => Date
  /** The test-mode prices the double starts with, by Stripe price id (recurring, USD unless said). More can be made with prices.create. */
  prices?: Record<string, PriceSpec>
  /** The live-mode prices it starts with (used with `sk_live_` keys). */
  livePrices?: Record<string, PriceSpec>
  /**
   * Whether a customer portal configuration was saved in the Dashboard (then portal sessions without `configuration`
   * use it). Default false, as on a new Stripe account: such sessions are refused with Stripe's message.
   */
  portalSaved?: boolean
}

export interface StripeDouble {
  /** Serves the Stripe API (/v1/...) and the hosted pages (/checkout/{id}, /billing/{id}, /invoice/{id}); test controls under /_double/. */
  fetch(request: Request): Promise<Response>
  /** Starts an HTTP server on 127.0.0.1 (port 0 = any free one); returns the base URL (http://127.0.0.1:port). */
  listen(port?: number): Promise<string>
  close(): Promise<void>
  /** Options for `new Stripe(key, { ... })` pointing at this double (after `listen`). */
  sdkOptions(): { host: string; port: number; protocol: 'http' }
  /** Test controls. */
  setWebhook(webhook: StripeDoubleOptions['webhook']): void
  /** Completes a hosted Checkout Session as if the buyer paid (what the hosted page's "Pay" button does). */
  completeCheckout(sessionId: string, opts?: { eventOrder?: 'session-first' | 'invoice-first' }): Promise<void>
  /** Pays the first invoice of a `default_incomplete` subscription (what confirming the Payment Element does). */
  payIncomplete(subscriptionId: string): Promise<void>
  /** The next period: a paid invoice (billing_reason subscription_cycle) or a failed one (invoice.payment_failed, status past_due). */
  renew(subscriptionId: string, opts?: { fail?: boolean }): Promise<void>
  /** Ends a subscription now (customer.subscription.deleted) or at period end (updated with cancel_at_period_end). */
  cancel(subscriptionId: string, opts?: { atPeriodEnd?: boolean }): Promise<void>
  /** The buyer's bank disputes a charge: charge.dispute.created and charge.dispute.funds_withdrawn. */
  dispute(chargeId: string, opts?: { reason?: string }): Promise<Dispute>
  /** The bank decides: charge.dispute.closed (won or lost). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<Dispute>
  /** The charge that paid an invoice (null when nothing was charged). */
  chargeOf(invoiceId: string): string | null
  /** Refunds as the Dashboard would (charge.refunded, refund.created): all that is left, or `amount` cents. */
  refund(chargeId: string, amount?: number): Promise<Refund>
  /** One mode's state, to look at in tests. */
  state(mode?: Mode): Billing
  /** Every event sent so far (with its id), for replay tests. */
  events(): { id: string; type: string; payload: string }[]
  /** Every delivery attempt so far, in order, with the endpoint's HTTP status (null when it could not be reached or no webhook is set). */
  deliveries(): Delivery[]
  /** Sends an event again, byte for byte, with a fresh signature (a replayed delivery). */
  resend(eventId: string): Promise<Response>
}

const json = (body: unknown, status = 200) => Response.json(body, { status })

export function createStripeDouble(opts: StripeDoubleOptions = {}): StripeDouble {
  const clock = opts.clock ?? (() => new Date())
  const outbox = new Outbox(opts.webhook, () => Math.floor(clock().getTime() / 1000))
  let server: ServerType | undefined
  let listening: string | undefined
  let lastOrigin = 'http://127.0.0.1'
  const seconds = () => Math.floor(clock().getTime() / 1000)
  const origin = () => listening ?? lastOrigin
  const modes: Record<Mode, Billing> = {
    test: new Billing(new Catalog(opts.prices ?? {}, seconds, !!opts.portalSaved), clock, outbox, origin, 'test'),
    live: new Billing(new Catalog(opts.livePrices ?? {}, seconds, !!opts.portalSaved), clock, outbox, origin, 'live'),
  }
  modes.test.other = modes.live
  modes.live.other = modes.test
  const api = new Api(modes)
  /** The mode an object belongs to, by where its id is known. */
  const owner = (has: (b: Billing) => boolean) => (has(modes.live) ? modes.live : modes.test)
  const bySub = (id: string) => owner((b) => b.subscriptions.has(id))
  const byCharge = (id: string) => owner((b) => b.payments.charges.has(id))

  const double: StripeDouble = {
    async fetch(request) {
      lastOrigin = new URL(request.url).origin
      const path = new URL(request.url).pathname
      if (path.startsWith('/v1/')) return api.handle(request)
      if (path.startsWith('/_double/')) return control(request)
      return (await hostedPage(request, [modes.test, modes.live])) ?? new Response('Not found', { status: 404 })
    },
    async listen(port = 0) {
      if (listening) return listening
      const s = serve({ fetch: (req) => double.fetch(req), port, hostname: '127.0.0.1' })
      server = s
      await new Promise<void>((resolve, reject) => {
        s.once('listening', () => resolve())
        s.once('error', reject)
      })
      listening = `http://127.0.0.1:${(s.address() as AddressInfo).port}`
      return listening
    },
    async close() {
      const s = server
      server = undefined
      listening = undefined
      if (!s) return
      await new Promise<void>((resolve) => {
        s.close(() => resolve())
        if ('closeAllConnections' in s) s.closeAllConnections()
      })
    },
    sdkOptions() {
      if (!listening) throw new Error('Stripe double: call listen() before sdkOptions()')
      return { host: '127.0.0.1', port: Number(new URL(listening).port), protocol: 'http' }
    },
    setWebhook(webhook) {
      outbox.webhook = webhook
    },
    completeCheckout: (id, o) =>
      completeCheckout(
        owner((b) => b.sessions.has(id)),
        id,
        o?.eventOrder,
      ),
    payIncomplete: (id) => bySub(id).payIncomplete(id),
    renew: (id, o) => bySub(id).renew(id, o?.fail),
    async cancel(id, o) {
      if (o?.atPeriodEnd) await bySub(id).updateSubscription(id, { cancelAtPeriodEnd: true })
      else await bySub(id).cancelNow(id)
    },
    dispute: (id, o) => byCharge(id).payments.dispute(id, o?.reason),
    closeDispute: (id, outcome) => owner((b) => b.payments.disputes.has(id)).payments.closeDispute(id, outcome),
    chargeOf(invoiceId) {
      const b = owner((m) => m.invoices.has(invoiceId))
      const paid = b.payments.listInvoicePayments({ invoice: invoiceId, limit: 1 }).data[0]
      return paid ? (b.payments.intents.get(paid.payment.payment_intent as string)?.latest_charge as string) : null
    },
    refund: (id, amount) => byCharge(id).payments.refund({ charge: id, amount, metadata: {} }, { id: null, idempotency_key: null }),
    state: (mode = 'test') => modes[mode],
    events: (): SentEvent[] => outbox.events(),
    deliveries: () => outbox.deliveries.map((d) => ({ ...d })),
    resend: (id) => outbox.resend(id),
  }

  /** The test controls over HTTP, for a harness that runs the double in another process (Playwright's global setup). */
  async function control(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const q = url.searchParams
    const m = /^\/_double\/(checkout|subscriptions|events|charges|disputes)(?:\/([^/]+)\/([a-z-]+))?$/.exec(url.pathname)
    if (!m) return json({ error: 'unknown control' }, 404)
    const [, kind, id, action] = m
    try {
      if (request.method === 'GET' && kind === 'events' && !id) return json({ events: double.events(), deliveries: double.deliveries() })
      if (request.method !== 'POST') return json({ error: 'use POST' }, 405)
      if (kind === 'checkout' && action === 'complete') {
        await double.completeCheckout(id, { eventOrder: q.get('order') === 'invoice-first' ? 'invoice-first' : 'session-first' })
      } else if (kind === 'subscriptions' && action === 'pay-incomplete') await double.payIncomplete(id)
      else if (kind === 'subscriptions' && action === 'renew') await double.renew(id, { fail: q.get('fail') === '1' })
      else if (kind === 'subscriptions' && action === 'cancel') await double.cancel(id, { atPeriodEnd: q.get('at_period_end') === '1' })
      else if (kind === 'events' && action === 'resend') return json({ status: (await double.resend(id)).status })
      else if (kind === 'charges' && action === 'dispute') return json(await double.dispute(id))
      else if (kind === 'charges' && action === 'refund') return json(await double.refund(id))
      else if (kind === 'disputes' && action === 'close')
        return json(await double.closeDispute(id, q.get('status') === 'won' ? 'won' : 'lost'))
      else return json({ error: 'unknown control' }, 404)
      return json({ ok: true })
    } catch (err) {
      return json({ error: String(err instanceof Error ? err.message : err) }, 400)
    }
  }

  return double
}
