import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import type { DbOrTx } from '../../db/client'
import { plans } from '../../db/schema'
import { priceIdFor, priceMismatch, wantedPrice, type StripeMode } from '../../domain/billing'
import { formatCredits, PLAN_VERSION } from '../../domain/plans'
import { log } from '../../log'
import { toPlan } from '../accounts'
import { idempotencyKey, isMissing, stripeCall } from './stripe-calls'

/**
 * The plans as Stripe prices, checked rather than assumed (reference §6.9, decision 0012). A plan's price is found by
 * its lookup key (the plan's slug) with prices.list (exact, unlike products.search, which is eventually consistent and
 * not offered in every country); its amount, currency, interval and interval count are compared with the plan table.
 * A price that differs is never adopted: a new one is made and the lookup key moved to it (transfer_lookup_key). Old
 * prices are left as they are: subscriptions already on them keep their terms.
 */

type PlanRow = typeof plans.$inferSelect
type PriceAction = { plan: string; priceId: string; action: 'kept' | 'created' | 'replaced'; said: string }

/** One Stripe product per credit tier (its monthly and yearly prices), so the customer portal switches between tiers. */
async function productFor(stripe: Stripe, mode: StripeMode, plan: PlanRow): Promise<string> {
  const id = `pagewright_pro_${plan.creditValueMonth}`
  const found = await stripeCall(() => stripe.products.retrieve(id)).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)))
  if (found) return found.id
  const made = await stripeCall(() =>
    stripe.products.create(
      { id, name: `Pagewright Pro ${formatCredits(plan.creditValueMonth).toLowerCase()} a month` },
      { idempotencyKey: idempotencyKey('product', [mode, id]) },
    ),
  )
  return made.id
}

/** Finds or makes each active plan's price in this mode; says what it did, plan by plan. */
export async function syncPlanPrices(stripe: Stripe, db: DbOrTx, mode: StripeMode): Promise<PriceAction[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
  const out: PriceAction[] = []
  for (const plan of rows) {
    const want = wantedPrice(toPlan(plan))
    const [found] = (await stripeCall(() => stripe.prices.list({ lookup_keys: [plan.slug], limit: 1 }))).data
    const wrong = found ? priceMismatch(found, toPlan(plan)) : null
    let price = found
    let said = `${plan.name}: ${found?.id} matches the plan`
    if (!found || wrong) {
      const product = await productFor(stripe, mode, plan)
      // One price per plan, mismatch and mode: a re-run (or a retry after a crash) gets the same price back.
      price = await stripeCall(() =>
        stripe.prices.create(
          {
            product,
            currency: want.currency,
            unit_amount: want.unit_amount,
            recurring: { interval: want.interval, interval_count: want.interval_count },
            lookup_key: plan.slug,
            transfer_lookup_key: !!found,
            nickname: plan.name,
            metadata: { plan_slug: plan.slug, credits_per_month: String(plan.creditValueMonth) },
          },
          { idempotencyKey: idempotencyKey('price', [mode, plan.slug, want, found?.id ?? 'none']) },
        ),
      )
      said = found
        ? `${plan.name}: ${found.id} carried the lookup key "${plan.slug}" but ${wrong}. Not adopted: made ${price.id} and moved the key to it (${found.id} is left as it is).`
        : `${plan.name}: made ${price.id}`
    }
    await db
      .update(plans)
      .set(mode === 'live' ? { stripePriceId: price.id } : { stripePriceIdDev: price.id })
      .where(eq(plans.id, plan.id))
    out.push({ plan: plan.name, priceId: price.id, action: !found ? 'created' : wrong ? 'replaced' : 'kept', said })
  }
  return out
}

/**
 * At start (and for the support console): each active plan's price in this mode, asked of Stripe and compared with
 * the plan table. Answers the problems in words (also logged as warnings); an empty list means all is well.
 */
export async function checkPlanPrices(stripe: Stripe, db: DbOrTx, mode: StripeMode): Promise<string[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
  const problems: string[] = []
  for (const plan of rows) {
    const priceId = priceIdFor(toPlan(plan), mode === 'test')
    if (!priceId) {
      problems.push(`${plan.name} has no Stripe price for ${mode} mode: run npm run stripe:prices.`)
      continue
    }
    const price = await stripe.prices.retrieve(priceId).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)))
    const wrong = price ? priceMismatch(price, toPlan(plan)) : `Stripe has no price ${priceId} in ${mode} mode`
    if (wrong) problems.push(`${plan.name}: ${priceId} does not match the plan (${wrong}): run npm run stripe:prices.`)
  }
  for (const p of problems) log.warn(`stripe price check: ${p}`)
  return problems
}
