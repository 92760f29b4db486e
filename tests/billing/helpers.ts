import Stripe from 'stripe'
import { expect } from 'vitest'
import { createTestApi, type TestApi } from '../helpers/api'
import type { DbKind } from '../helpers/db'
import { createStripeDouble, type StripeDouble } from '../stripe-double'

export const SECRET = 'whsec_pagewright_safety'
export const TEST_KEY = 'sk_test_pagewright'
export const LIVE_KEY = 'sk_live_pagewright'

/** The seeded plans as test prices (what `npm run stripe:prices` sets up), by plan slug. */
export const PRICES = {
  price_month_2000: { unit_amount: 3900, interval: 'month' as const, product: 'pagewright_pro_2000' },
  price_year_2000: { unit_amount: 37440, interval: 'year' as const, product: 'pagewright_pro_2000' },
  price_month_4000: { unit_amount: 5900, interval: 'month' as const, product: 'pagewright_pro_4000' },
  price_year_4000: { unit_amount: 56640, interval: 'year' as const, product: 'pagewright_pro_4000' },
}
/** The live account's prices (live keys see only these). */
export const LIVE_PRICES = { price_live_month_2000: { unit_amount: 3900, interval: 'month' as const, product: 'pagewright_pro_2000' } }
const SLUGS: Record<keyof typeof PRICES, string> = {
  price_month_2000: 'v2-month-2000',
  price_year_2000: 'v2-year-2000',
  price_month_4000: 'v2-month-4000',
  price_year_4000: 'v2-year-4000',
}

export interface Billing {
  t: TestApi
  double: StripeDouble
  /** The SDK as the api uses it (test keys). */
  stripe: Stripe
  /** A new free account: its token, e-mail and uuid. */
  freeUser(): Promise<{ token: string; email: string; uuid: string; id: number }>
  me(token: string): Promise<any>
  /** A form POST to the api, as the web sends them. */
  form(token: string, path: string, fields: Record<string, string>): Promise<Response>
  /** Opens hosted Checkout; answers the session id. */
  checkout(token: string, price: string): Promise<string>
  check(token: string, id: string): Promise<{ status: number; body: any }>
  overview(token: string): Promise<any>
  sql(query: string, params?: unknown[]): Promise<any[]>
  /** Delivers webhooks again (or not at all while paused): Stripe's events late, as a down endpoint sees them. */
  pauseWebhooks(): void
  resumeWebhooks(): void
  close(): Promise<void>
}

/** The api with Stripe test keys against a local Stripe double that shares its clock, the seeded plans priced. */
export async function startBilling(kind: DbKind, env: Record<string, string> = {}): Promise<Billing> {
  // The double keeps the api's clock (made just below): sessions expire by it.
  const clock = { now: () => new Date('2026-11-23T10:00:00Z') }
  const double = createStripeDouble({ prices: PRICES, livePrices: LIVE_PRICES, clock: () => clock.now() })
  const base = await double.listen()
  const api = await createTestApi(kind, {}, { STRIPE_SECRET_KEY: TEST_KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: base, ...env })
  clock.now = api.clock.now
  const webhook = {
    url: 'http://api.test/v2/stripe/webhook',
    secret: SECRET,
    deliver: (req: Request) => api.app.fetch(req, { inProcess: true }),
  }
  double.setWebhook(webhook)
  for (const [price, slug] of Object.entries(SLUGS)) {
    await api.db.database.sql.executeSql(`UPDATE plans SET stripe_price_id_dev = $1 WHERE slug = $2`, [price, slug])
  }
  const stripe = new Stripe(TEST_KEY, { ...double.sdkOptions(), apiVersion: '2026-10-28.endive', maxNetworkRetries: 0 })
  let n = 0
  const sql = async (query: string, params: unknown[] = []) => (await api.db.database.sql.executeSql(query, params)).rows as any[]
  const form = (token: string, path: string, fields: Record<string, string>) =>
    api.app.fetch(
      new Request(`http://api.test${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
      { inProcess: true },
    )
  return {
    t: api,
    double,
    stripe,
    async freeUser() {
      const email = `safety${++n}-${kind}@example.com`
      const { token, user } = await api.signIn(email, `Buyer ${n}`)
      const [row] = await sql('SELECT id FROM users WHERE uuid = $1', [user.uuid])
      return { token, email, uuid: user.uuid as string, id: row.id as number }
    },
    me: async (token) => (await api.call('POST', '/v2/auth/me', {}, token)).body,
    form,
    async checkout(token, price) {
      const res = await form(token, '/v2/subscription/create', { price_id: price })
      expect(res.status, await res.clone().text()).toBe(201)
      const { url } = (await res.json()) as { url: string }
      return url.split('/').pop()!
    },
    check: (token, id) => api.call('GET', `/v2/subscription/payment/success?session_id=${id}`, undefined, token),
    overview: async (token) => (await api.call('GET', '/v2/subscription', undefined, token)).body,
    sql,
    pauseWebhooks: () => double.setWebhook(undefined),
    resumeWebhooks: () => double.setWebhook(webhook),
    async close() {
      await api.close()
      await double.close()
    },
  }
}

/** The subscriptions the double holds for a customer, by status. */
export function subscriptionsOf(double: StripeDouble, customer: string) {
  return [...double.state().subscriptions.values()].filter((s) => s.customer === customer)
}
