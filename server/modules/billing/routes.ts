import { and, asc, eq } from 'drizzle-orm'
import { contract } from '../../contract'
import { plans } from '../../db/schema'
import { PLAN_VERSION, type Plan } from '../../domain/plans'
import { contractRouter, implement } from '../../http/implement'

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
  const body: Plan[] = rows.map((p) => ({
    id: p.id,
    type: p.type,
    active: p.active,
    billing_cycle: p.billingCycle,
    amount: Number(p.amount),
    value: p.value,
    name: p.name,
    credit_value_month: p.creditValueMonth,
    is_default: p.isDefault,
    stripe_price_id: p.stripePriceId,
    stripe_price_id_dev: p.stripePriceIdDev,
    version: p.version,
  }))
  return c.json(body, 200)
})
