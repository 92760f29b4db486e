import { and, asc, eq } from 'drizzle-orm'
import { contract } from '../../contract'
import { plans } from '../../db/schema'
import { PLAN_VERSION, type Plan } from '../../domain/plans'
import { contractRouter, implement } from '../../http/implement'
import { toPlan } from '../accounts'
import { createCheckout, createPaymentIntent } from './checkout'
import { subscriptionOverview } from './overview'
import { paymentCheck } from './payment-check'
import { portalSession } from './portal'
import { handleStripeWebhook } from './webhook'

export const billingRoutes = contractRouter()

implement(billingRoutes, contract.billing.plans, async (c) => {
  const { version = PLAN_VERSION } = c.req.valid('query')
  // Only the current catalogue is ever served, whatever version is asked for.
  if (version !== PLAN_VERSION) return c.json([], 200)
  const rows = await c.var.deps.database.db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
    .orderBy(asc(plans.billingCycle), asc(plans.creditValueMonth))
  const body: Plan[] = rows.map(toPlan)
  return c.json(body, 200)
})

const { payments } = contract

implement(billingRoutes, payments.checkout, async (c) => c.json(await createCheckout(c.var.deps, c.var.user, c.req.valid('form')), 201))
implement(billingRoutes, payments.paymentIntent, async (c) =>
  c.json(await createPaymentIntent(c.var.deps, c.var.user, c.req.valid('form')), 201),
)
implement(billingRoutes, payments.paymentSuccess, async (c) =>
  c.json(await paymentCheck(c.var.deps, c.var.user, c.req.valid('query').session_id), 200),
)
implement(billingRoutes, payments.overview, async (c) => c.json(await subscriptionOverview(c.var.deps, c.var.user), 200))
implement(billingRoutes, payments.portal, async (c) => c.json(await portalSession(c.var.deps, c.var.user), 200))
// The raw body is what Stripe signed: read as text, never re-serialised.
implement(billingRoutes, payments.webhook, async (c) =>
  c.json(await handleStripeWebhook(c.var.deps, await c.req.text(), c.req.header('stripe-signature') ?? ''), 200),
)
