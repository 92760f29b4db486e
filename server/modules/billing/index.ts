/**
 * Billing: Stripe checkout, the card form, the payment check, webhooks, the portal, prices. What other areas and
 * commands may use: the support console's view of an account's payments, the price check at start, and
 * `npm run stripe:prices`.
 */
export { checkPlanPrices, syncPlanPrices } from './prices'
export { billingForSupport } from './support'
