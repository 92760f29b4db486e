import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { plans, stripeSettings } from '../../db/schema'
import { priceIdFor, type StripeMode } from '../../domain/billing'
import { PLAN_VERSION } from '../../domain/plans'
import { HttpError } from '../../http/http-error'
import { toPlan } from '../accounts'
import type { UserRow } from '../users'
import { currentCustomer } from './customers'
import { calling, digest, idempotencyKey, idOf, inWords, isMissing, modeOf, stripeCall, stripeOf } from './stripe-calls'

const NO_BILLING_ACCOUNT = 'There is no billing account yet: it is made with your first payment.'
const SETTING = 'portal_configuration'

/**
 * The customer portal as Pagewright sets it up (not whatever the Dashboard holds): invoices, card, billing details;
 * cancellation at the period's end (Pro until then, reference §6.9); switching between the plans' prices, an upgrade
 * invoiced at once (its credits follow the plan-change rule) and a downgrade or a shorter interval only at the end of
 * the period (no refund of unused time to pay for credits already granted); promotion codes when they are on.
 */
async function portalParams(deps: ApiDeps, stripe: Stripe, mode: StripeMode): Promise<Stripe.BillingPortal.ConfigurationCreateParams> {
  const rows = await deps.database.db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
  const byProduct = new Map<string, string[]>()
  for (const plan of rows) {
    const priceId = priceIdFor(toPlan(plan), mode === 'test')
    if (!priceId) continue
    const price = await stripeCall(() => stripe.prices.retrieve(priceId)).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)))
    const product = price?.active ? idOf(price.product as string | { id: string }) : null
    if (product) byProduct.set(product, [...(byProduct.get(product) ?? []), priceId])
  }
  const products = [...byProduct].map(([product, prices]) => ({ product, prices }))
  return {
    default_return_url: `${deps.env.PUBLIC_URL}/subscription`,
    features: {
      customer_update: { enabled: true, allowed_updates: ['email', 'address', 'name', 'tax_id'] },
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      subscription_update: products.length
        ? {
            enabled: true,
            default_allowed_updates: deps.env.STRIPE_PROMOTION_CODES ? ['price', 'promotion_code'] : ['price'],
            products,
            proration_behavior: 'always_invoice',
            schedule_at_period_end: { conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }] },
          }
        : { enabled: false },
    },
  }
}

/**
 * The portal configuration of this mode, made once and remembered (its id in stripe_settings, with a digest of what
 * it was made from: new plan prices make a new configuration).
 */
export async function portalConfiguration(deps: ApiDeps, stripe: Stripe): Promise<string> {
  const mode = modeOf(deps)
  const { db } = deps.database
  const params = await portalParams(deps, stripe, mode)
  const fingerprint = digest(params)
  const [saved] = await db
    .select()
    .from(stripeSettings)
    .where(and(eq(stripeSettings.mode, mode), eq(stripeSettings.name, SETTING)))
  if (saved?.fingerprint === fingerprint) return saved.value
  const config = await calling(() =>
    stripe.billingPortal.configurations.create(params, { idempotencyKey: idempotencyKey('portal-configuration', [mode, fingerprint]) }),
  )
  const row = { value: config.id, fingerprint, updatedAt: deps.clock() }
  await db
    .insert(stripeSettings)
    .values({ mode, name: SETTING, ...row })
    .onConflictDoUpdate({ target: [stripeSettings.mode, stripeSettings.name], set: row })
  return config.id
}

/** POST /v2/subscription/portal: Stripe's customer portal (card, invoices, plan, cancellation) with our configuration. */
export async function portalSession(deps: ApiDeps, user: UserRow) {
  const stripe = stripeOf(deps)
  const customer = await currentCustomer(deps.database.db, user.id, modeOf(deps))
  if (!customer) throw new HttpError(409, NO_BILLING_ACCOUNT)
  const configuration = await portalConfiguration(deps, stripe)
  try {
    const session = await stripeCall(() =>
      stripe.billingPortal.sessions.create({ customer, configuration, return_url: `${deps.env.PUBLIC_URL}/subscription` }),
    )
    return { url: session.url }
  } catch (error) {
    throw isMissing(error, 'customer') ? new HttpError(409, NO_BILLING_ACCOUNT) : inWords(error)
  }
}
