/**
 * Setup command: create Pagewright's plans as prices in your Stripe account and remember their ids.
 *   STRIPE_SECRET_KEY=sk_… STRIPE_WEBHOOK_SECRET=whsec_… npm run stripe:prices
 * Idempotent: a plan's price is found again by its lookup key (the plan's slug). Test keys fill the
 * plans' stripe_price_id_dev, live keys stripe_price_id. Works on DATABASE_URL, or on the embedded
 * PGlite folder (DATA_DIR) while the server is stopped.
 */
import { and, eq } from 'drizzle-orm'
import { plans } from '../server/db/schema'
import { PLAN_VERSION } from '../server/domain/plans'
import { ConfigError, loadServerEnv } from '../server/env'
import { createStripeClient } from '../server/integrations/stripe'
import { openCommandDatabase } from './support/database'

const PRODUCT_NAME = 'Pagewright Pro'

async function main() {
  const env = loadServerEnv()
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE })
  if (!stripe || !env.STRIPE_SECRET_KEY) throw new ConfigError('Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) first.')
  const live = env.STRIPE_SECRET_KEY.includes('_live_')
  const database = await openCommandDatabase(env)
  try {
    const rows = await database.db
      .select()
      .from(plans)
      .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
    let productId: string | null = null
    for (const plan of rows) {
      const found = await stripe.prices.list({ lookup_keys: [plan.slug], active: true, limit: 1 })
      let price = found.data[0]
      if (!price) {
        productId ??= (await stripe.products.search({ query: `name:'${PRODUCT_NAME}'` })).data[0]?.id ?? null
        productId ??= (await stripe.products.create({ name: PRODUCT_NAME })).id
        price = await stripe.prices.create({
          product: productId,
          currency: 'usd',
          unit_amount: Math.round(Number(plan.amount) * 100),
          recurring: { interval: plan.billingCycle },
          lookup_key: plan.slug,
          nickname: plan.name,
          metadata: { plan_slug: plan.slug, credits_per_month: String(plan.creditValueMonth) },
        })
      }
      await database.db
        .update(plans)
        .set(live ? { stripePriceId: price.id } : { stripePriceIdDev: price.id })
        .where(eq(plans.id, plan.id))
      console.log(`${plan.name}: ${price.id}`)
    }
    console.log(`Done: ${rows.length} plans have their ${live ? 'live' : 'test'} Stripe prices.`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
