import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { plans } from '../../db/schema'
import { checkoutWindow, TAX_NEEDS_HOSTED_PAGE } from '../../domain/billing'
import { mayCheckout } from '../../domain/entitlements'
import { DEFAULT_UPGRADE_TITLE_PAID } from '../../domain/permissions'
import { PLAN_VERSION } from '../../domain/plans'
import { HttpError, badRequest, forbidden } from '../../http/http-error'
import type { UserRow } from '../users'
import { latestAttempt, recordAttempt } from './attempt-rows'
import { endOlderAttempts, settleOpenAttempts } from './attempts'
import { withCustomer } from './customers'
import { digest, idempotencyKey, modeOf, stripeCall, stripeOf, worded } from './stripe-calls'
import { applySubscription } from './subscriptions'

/** Live keys use the plan's live price, test keys its test price (reference §6.9: stripe_price_id / stripe_price_id_dev). */
async function planForPrice(deps: ApiDeps, priceId: string) {
  const rows = await deps.database.db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
  const found = rows.find((p) => p.stripePriceId === priceId || p.stripePriceIdDev === priceId)
  if (!found) throw badRequest('price_id: There is no plan with this price.', { field: 'price_id' })
  return found
}

/** reference §6.1: paid users cannot change plan in the app. */
function assertFree(user: UserRow) {
  if (!mayCheckout(user)) throw forbidden(DEFAULT_UPGRADE_TITLE_PAID)
}

/** Our own pages only: Stripe sends the buyer back there. */
function ownUrl(deps: ApiDeps, raw: string | undefined, fallback: string, field: string): string {
  if (!raw) return fallback
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw badRequest(`${field}: Invalid format`, { field })
  }
  if (url.origin !== new URL(deps.env.PUBLIC_URL).origin)
    throw badRequest(`${field}: Stripe may only send buyers back to this site.`, { field })
  return url.toString()
}

/** The optional Checkout settings (README "Taking payments"): tax worked out by Stripe, promotion codes. */
function checkoutOptions(deps: ApiDeps): Partial<Stripe.Checkout.SessionCreateParams> {
  const options: Partial<Stripe.Checkout.SessionCreateParams> = {}
  if (deps.env.STRIPE_AUTOMATIC_TAX) {
    // Tax follows the buyer's address: Checkout asks for it and saves it (and a tax id) on the customer.
    options.automatic_tax = { enabled: true }
    options.customer_update = { address: 'auto', name: 'auto' }
    options.tax_id_collection = { enabled: true }
  }
  if (deps.env.STRIPE_PROMOTION_CODES) options.allow_promotion_codes = true
  return options
}

/**
 * POST /v2/subscription/create: a hosted Checkout Session in subscription mode, one open per account. The same click
 * (same plan and return addresses, a session with time left) gets the same session; another plan expires the older one.
 */
export async function createCheckout(deps: ApiDeps, user: UserRow, input: { price_id: string; success_url?: string; cancel_url?: string }) {
  assertFree(user)
  const stripe = stripeOf(deps)
  const mode = modeOf(deps)
  const plan = await planForPrice(deps, input.price_id)
  const base = deps.env.PUBLIC_URL
  const success = ownUrl(deps, input.success_url, `${base}/subscription?session_id={CHECKOUT_SESSION_ID}`, 'success_url')
  const cancel = ownUrl(deps, input.cancel_url, `${base}/subscription`, 'cancel_url')
  return worded(() =>
    withCustomer(deps, stripe, user, async (customer) => {
      const metadata = { user_uuid: user.uuid, plan_id: String(plan.id) }
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer,
        client_reference_id: user.uuid,
        line_items: [{ price: input.price_id, quantity: 1 }],
        // Stripe fills the placeholder itself; our URL keeps it literal.
        success_url: success.replace(encodeURIComponent('{CHECKOUT_SESSION_ID}'), '{CHECKOUT_SESSION_ID}'),
        cancel_url: cancel,
        metadata,
        subscription_data: { metadata },
        ...checkoutOptions(deps),
      }
      const paramsHash = digest(params)
      // The attempt this one follows is read before the open ones are looked at: a double-click's second
      // request then either sees the first one's attempt (and reuses it) or shares its key (Stripe answers
      // with the same session). Read after, it could follow the first one's new row and make a second session.
      const { window, expiresAt } = checkoutWindow(deps.clock())
      const after = await latestAttempt(deps.database.db, user.id, mode)
      const reuse = await settleOpenAttempts(deps, stripe, user, mode, { kind: 'session', paramsHash })
      if (reuse?.url) return { url: reuse.url }
      // The key is the account, the mode, these parameters, the attempt this one follows and a 15-minute window: two
      // clicks (or a retried request) before anything was recorded make one session; a new attempt after a recorded
      // one, or in a later window, gets a new key. `expires_at` comes from the window, so one key always carries the
      // same parameters (Stripe refuses a key reused with different ones).
      const key = idempotencyKey('checkout', [mode, user.uuid, paramsHash, after?.id ?? 'first', window])
      const session = await stripeCall(() => stripe.checkout.sessions.create({ ...params, expires_at: expiresAt }, { idempotencyKey: key }))
      const row = await recordAttempt(deps.database.db, {
        userId: user.id,
        mode,
        kind: 'session',
        stripeId: session.id,
        priceId: input.price_id,
        paramsHash,
        status: 'open',
        expiresAt: new Date(session.expires_at * 1000),
        createdAt: deps.clock(),
      })
      await endOlderAttempts(deps, stripe, user, mode, row.id)
      if (!session.url) throw new HttpError(502, 'The payment provider gave no checkout page.')
      return { url: session.url }
    }),
  )
}

/**
 * POST /v2/subscription/create-payment-intent: a subscription waiting for the embedded card form. The account's
 * incomplete subscription for the same plan is handed out again (the form opened twice); any other open attempt ends.
 */
export async function createPaymentIntent(deps: ApiDeps, user: UserRow, input: { price_id: string }) {
  assertFree(user)
  const stripe = stripeOf(deps)
  if (deps.env.STRIPE_AUTOMATIC_TAX) throw new HttpError(409, TAX_NEEDS_HOSTED_PAGE)
  const mode = modeOf(deps)
  const plan = await planForPrice(deps, input.price_id)
  return worded(() =>
    withCustomer(deps, stripe, user, async (customer) => {
      const params: Stripe.SubscriptionCreateParams = {
        customer,
        items: [{ price: input.price_id }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { user_uuid: user.uuid, plan_id: String(plan.id) },
        expand: ['latest_invoice.confirmation_secret'],
      }
      const paramsHash = digest(params)
      // Read before the open attempts, as in createCheckout (a double-click makes one subscription).
      const { window } = checkoutWindow(deps.clock())
      const after = await latestAttempt(deps.database.db, user.id, mode)
      const reuse = await settleOpenAttempts(deps, stripe, user, mode, { kind: 'subscription', paramsHash })
      if (reuse?.secret) return { client_secret: reuse.secret, subscription_id: reuse.stripeId }
      // Same rule as Checkout's key: one subscription (and so one payment intent) per click, a new one per attempt.
      const key = idempotencyKey('subscription', [mode, user.uuid, paramsHash, after?.id ?? 'first', window])
      const sub = await stripeCall(() => stripe.subscriptions.create(params, { idempotencyKey: key }))
      const row = await recordAttempt(deps.database.db, {
        userId: user.id,
        mode,
        kind: 'subscription',
        stripeId: sub.id,
        priceId: input.price_id,
        paramsHash,
        status: 'open',
        // Stripe gives an incomplete subscription 23 hours to be paid.
        expiresAt: new Date((sub.created + 23 * 3600) * 1000),
        createdAt: deps.clock(),
      })
      await endOlderAttempts(deps, stripe, user, mode, row.id)
      const invoice = typeof sub.latest_invoice === 'string' ? null : sub.latest_invoice
      const secret = invoice?.confirmation_secret?.client_secret
      if (!secret) throw new HttpError(502, 'The payment provider gave no payment to confirm.')
      await deps.database.db.transaction((tx) => applySubscription(deps, tx, sub))
      return { client_secret: secret, subscription_id: sub.id }
    }),
  )
}
