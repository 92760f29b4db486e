/**
 * Setup command: Pagewright's plans as prices in your Stripe account, checked, and their ids remembered.
 *   STRIPE_SECRET_KEY=sk_… STRIPE_WEBHOOK_SECRET=whsec_… npm run stripe:prices
 * A plan's price is found by its lookup key (the plan's slug) and compared with the plan table (amount, currency,
 * interval, interval count). A price that differs is never adopted: a new price is made, the lookup key moves to it,
 * and the command says so. Test keys fill the plans' stripe_price_id_dev, live keys stripe_price_id. Safe to run again.
 * Works on DATABASE_URL, or on the embedded PGlite folder (DATA_DIR) while the server is stopped.
 */
import { stripeModeOf } from '../server/domain/billing'
import { ConfigError, loadServerEnv } from '../server/env'
import { createStripeClient } from '../server/integrations/stripe'
import { syncPlanPrices } from '../server/modules/billing'
import { openCommandDatabase } from './support/database'

async function main() {
  const env = loadServerEnv()
  const stripe = await createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE })
  if (!stripe || !env.STRIPE_SECRET_KEY) throw new ConfigError('Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) first.')
  const mode = stripeModeOf(env.STRIPE_SECRET_KEY)
  const database = await openCommandDatabase(env)
  try {
    const done = await syncPlanPrices(stripe, database.db, mode)
    for (const line of done) console.log(line.said)
    const changed = done.filter((d) => d.action !== 'kept').length
    console.log(`Done: ${done.length} plans have their ${mode} Stripe prices (${changed} made now).`)
    const replaced = done.filter((d) => d.action === 'replaced')
    if (replaced.length) console.log(`Check ${replaced.length} replaced price(s) above: a price that did not match its plan was not used.`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
