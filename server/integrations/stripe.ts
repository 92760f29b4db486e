import Stripe from 'stripe'

/** Every call and every webhook payload is read in this API version (the SDK's own, pinned). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const

export type StripeClient = Stripe

/**
 * The Stripe SDK, or null when payments are not configured. `apiBase` (tests only) points the SDK
 * at a local Stripe double through its host/port/protocol options.
 */
export function createStripeClient(opts: { secretKey?: string; apiBase?: string }): Stripe | null {
  if (!opts.secretKey) return null
  const base = opts.apiBase ? new URL(opts.apiBase) : null
  return new Stripe(opts.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  })
}

/** A Stripe error a person can act on (card declined, invalid input) versus anything else. */
export function stripeMessage(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof Stripe.errors.StripeError)) return null
  if (error.type === 'StripeCardError' || error.type === 'StripeInvalidRequestError') return { status: 400, message: error.message }
  return { status: 502, message: 'The payment provider did not answer as expected. Please try again in a moment.' }
}

/** Verifies a webhook's signature on the raw body (Stripe's own check); throws when it does not match. */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, signature: string, secret: string): Stripe.Event {
  return stripe.webhooks.constructEvent(rawBody, signature, secret)
}
