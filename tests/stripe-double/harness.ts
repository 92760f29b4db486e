import Stripe from 'stripe'
import { createStripeDouble, type StripeDouble } from './index'

export const SECRET = 'whsec_test_double_secret'
export const PRICES = {
  price_pro_month: { unit_amount: 2900, interval: 'month' as const },
  price_pro_year: { unit_amount: 29000, interval: 'year' as const },
}

export interface Harness {
  double: StripeDouble
  stripe: Stripe
  base: string
  /** Events the in-process webhook receiver accepted, verified with the SDK's constructEvent. */
  received: Stripe.Event[]
  /** The raw requests (payload and Stripe-Signature) as they arrived. */
  raw: { payload: string; signature: string }[]
  clock: { now: Date }
  /** The status the receiver answers with (tests flip it to 500 to see failed deliveries recorded). */
  reply: { status: number }
}

/** A listening double with an in-process webhook receiver that verifies every delivery like the app does. */
export async function startHarness(start = '2027-01-31T12:00:00Z'): Promise<Harness> {
  const clock = { now: new Date(start) }
  const received: Stripe.Event[] = []
  const raw: Harness['raw'] = []
  const reply = { status: 200 }
  const verifier = new Stripe('sk_test_verifier')
  const double = createStripeDouble({
    prices: PRICES,
    clock: () => clock.now,
    webhook: {
      url: 'http://app.test/v2/stripe/webhook',
      secret: SECRET,
      deliver: async (req) => {
        const payload = await req.text()
        const signature = req.headers.get('stripe-signature') ?? ''
        raw.push({ payload, signature })
        received.push(verifier.webhooks.constructEvent(payload, signature, SECRET))
        return new Response(null, { status: reply.status })
      },
    },
  })
  const base = await double.listen()
  const stripe = new Stripe('sk_test_x', { ...double.sdkOptions(), apiVersion: '2026-10-28.endive', maxNetworkRetries: 0 })
  return { double, stripe, base, received, raw, clock, reply }
}

/** The types of the events received since `from`. */
export const typesSince = (h: Harness, from: number) => h.received.slice(from).map((e) => e.type)

/** The last received event of a type, narrowed. */
export function lastEvent<T extends Stripe.Event['type']>(h: Harness, type: T): Extract<Stripe.Event, { type: T }> {
  const e = [...h.received].reverse().find((x) => x.type === type)
  if (!e) throw new Error(`no ${type} event received`)
  return e as Extract<Stripe.Event, { type: T }>
}

export const seconds = (iso: string) => Date.parse(iso) / 1000
