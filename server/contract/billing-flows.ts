import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { CREDIT_REASONS } from '../domain/credits'
import { ERRORS, SIGNED_IN, json } from './common'

const tags = ['Billing']

/** reference §9.1: these two take form-data (null or undefined fields are left out by the caller). */
function formBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema } } }
}
const priceId = z
  .string()
  .trim()
  .min(1, 'price_id: This field is required')
  .max(255)
  .describe('The plan’s Stripe price id (Plan.stripe_price_id).')

export const checkout = createRoute({
  method: 'post',
  path: '/v2/subscription/create',
  tags,
  summary: 'Start a hosted Stripe Checkout for a plan (subscription mode); answers the page to open',
  description:
    'Makes a Stripe Checkout Session for the plan with this price and answers its URL; after paying, Stripe sends the buyer to `success_url`, which must be on this site (400 otherwise), as must `cancel_url`. An account has one open session at a time: the same request again (a double-click, a second tab) answers the same session, another plan ends the older one, and each session expires within about an hour. Only free accounts can buy here (Pro changes plan through support: 403); 409 when payments are not configured on this server, or when an earlier checkout of this account was paid meanwhile; 502 when Stripe fails.',
  security: SIGNED_IN,
  request: {
    body: formBody(
      z.object({
        price_id: priceId,
        success_url: z
          .string()
          .url()
          .max(2048)
          .optional()
          .describe('Default: /subscription?session_id={CHECKOUT_SESSION_ID} on this site.'),
        cancel_url: z.string().url().max(2048).optional(),
      }),
    ),
  },
  responses: {
    201: json(z.object({ url: z.string() }), 'A Checkout Session was made: open it (a new tab with JavaScript; a redirect without).'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    409: ERRORS[409],
    502: ERRORS[502],
  },
})

export const paymentIntent = createRoute({
  method: 'post',
  path: '/v2/subscription/create-payment-intent',
  tags,
  summary: 'Start a subscription paid with the embedded card form; answers the client secret for Stripe.js',
  description:
    'Makes a Stripe subscription that waits for its first payment and answers the client secret to confirm with Stripe.js (the embedded card form) instead of the hosted Checkout. The plan starts when Stripe reports the payment. The account\u2019s waiting subscription for the same plan is answered again; any other open checkout of the account ends. Same rules as POST /v2/subscription/create: free accounts only (403), 409 without payments, when an earlier checkout was paid meanwhile, or when tax collection is on (Stripe\u2019s page asks for the address), 502 when Stripe fails.',
  security: SIGNED_IN,
  request: { body: formBody(z.object({ price_id: priceId })) },
  responses: {
    201: json(
      z.object({ client_secret: z.string(), subscription_id: z.string() }),
      'A subscription waits for the card: confirm it with Stripe.js (return_url /subscription).',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    409: ERRORS[409],
    502: ERRORS[502],
  },
})

const subscriptionSummary = z
  .object({ id: z.string(), status: z.string(), currency: z.string(), amount: z.number(), plan: z.string().nullable() })
  .meta({ id: 'PaymentSubscription' })

export const paymentSuccess = createRoute({
  method: 'get',
  path: '/v2/subscription/payment/success',
  tags,
  summary: 'The payment check after Checkout: success only when the subscription is active',
  description:
    'Asks Stripe about the Checkout Session (`cs_…`) or subscription (`sub_…`) the buyer came back with (the return URL alone proves nothing), applies what Stripe says (plan and credits, once per invoice) and answers success only for an active subscription, pending while the payment is not confirmed. Another account\u2019s payment is a 404; 409 when payments are not configured.',
  security: SIGNED_IN,
  request: { query: z.object({ session_id: z.string().min(1).max(255) }) },
  responses: {
    200: json(
      z.object({ status: z.enum(['success', 'pending', 'failed']), message: z.string(), subscription: subscriptionSummary.nullable() }),
      'How the payment went.',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
    502: ERRORS[502],
  },
})

export const overview = createRoute({
  method: 'get',
  path: '/v2/subscription',
  tags,
  summary: 'The account’s plan, credits, credit history and invoices',
  description:
    'Everything the billing page shows: the current plan (renewal or end date, failed payment), the credit balance, the 50 newest credit ledger rows and up to 24 Stripe invoices. `invoices_failed` is true when Stripe could not be asked just now; the rest is still answered.',
  security: SIGNED_IN,
  responses: {
    200: json(
      z
        .object({
          payments_configured: z.boolean(),
          plan: z
            .object({
              name: z.string(),
              billing_cycle: z.enum(['month', 'year']).nullable(),
              amount: z.number().nullable(),
              status: z.string(),
              renews_at: z.string().nullable(),
              ends_at: z.string().nullable().describe('Set when the plan was cancelled: Pro until then.'),
              payment_failed: z.boolean(),
            })
            .nullable(),
          credits: z.number().int(),
          last_credit_reset: z.string().nullable(),
          can_manage_billing: z.boolean(),
          ledger: z.array(
            z.object({
              delta: z.number().int(),
              balance_after: z.number().int(),
              reason: z.enum(CREDIT_REASONS),
              note: z.string().nullable(),
              created_at: z.string(),
            }),
          ),
          invoices: z.array(
            z.object({
              id: z.string(),
              number: z.string().nullable(),
              status: z.string(),
              amount: z.number(),
              currency: z.string(),
              created_at: z.string(),
              url: z.string().nullable(),
            }),
          ),
          invoices_failed: z.boolean().describe('Stripe could not be asked for the invoices just now.'),
        })
        .meta({ id: 'SubscriptionOverview' }),
      'The overview.',
    ),
    401: ERRORS[401],
  },
})

export const portal = createRoute({
  method: 'post',
  path: '/v2/subscription/portal',
  tags,
  summary: 'A Stripe customer portal session (card, invoices, cancellation)',
  description:
    'Answers the URL of a Stripe customer portal session with Pagewright\u2019s own portal configuration (made once per mode): the owner changes their card or billing details, downloads invoices, switches plan (an upgrade at once, a downgrade at the end of the period) or cancels at the end of the period; it returns to /subscription. 409 when payments are not configured or the account has no Stripe customer in this mode yet; 502 when Stripe fails.',
  security: SIGNED_IN,
  responses: { 200: json(z.object({ url: z.string() }), 'Open it.'), 401: ERRORS[401], 409: ERRORS[409], 502: ERRORS[502] },
})

export const webhook = createRoute({
  method: 'post',
  path: '/v2/stripe/webhook',
  tags,
  summary: 'Stripe events (signature checked on the raw body first; each event handled once)',
  description:
    'For Stripe only. The `Stripe-Signature` header is checked on the raw body before anything else (400 and nothing stored when it fails). Checkout, invoice and subscription events bring the account\u2019s plan and credits in step with a fresh copy of the subscription (credits by the invoice\u2019s billing_reason); refunds and lost disputes take back the credits of their payment; a second subscription paid by mistake is cancelled and refunded. Each event id is handled once (`duplicate` true on a repeat); 502 asks Stripe to deliver again when the refund of a second subscription could not be made yet.',
  responses: {
    200: json(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Handled.'),
    400: ERRORS[400],
    502: ERRORS[502],
  },
})

export const routes = { checkout, paymentIntent, paymentSuccess, overview, portal, webhook }
