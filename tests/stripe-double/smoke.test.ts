import Stripe from 'stripe'
import { it } from 'vitest'
import { createStripeDouble } from './index'

it('smoke', async () => {
  const d = createStripeDouble({ prices: { price_m: { unit_amount: 2900, interval: 'month' } } })
  await d.listen()
  const stripe = new Stripe('sk_test_x', { ...d.sdkOptions(), apiVersion: '2026-10-28.endive', maxNetworkRetries: 0 })
  const c = await stripe.customers.create({ email: 'a@b.co' })
  const s = await stripe.subscriptions.create({ customer: c.id, items: [{ price: 'price_m' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'] })
  console.log(JSON.stringify(s).slice(0, 3000))
  const p = await stripe.prices.retrieve('price_m')
  console.log(p.unit_amount_decimal, typeof p.unit_amount_decimal)
  await d.close()
})
