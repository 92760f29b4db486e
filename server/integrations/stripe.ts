import type Stripe from 'stripe'

/** Every call and every webhook payload is read in this API version (the SDK's own, pinned). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const

export type StripeClient = Stripe

/**
 * The SDK's module once a client is made: a process without payments never loads it (~6 MB of heap),
 * and a Stripe error can only come from a client, so its classes are known whenever one can be thrown.
 */
let sdk: typeof Stripe | undefined

/**
 * The Stripe SDK, or null when payments are not configured. `apiBase` (tests only) points the SDK
 * at a local Stripe double through its host/port/protocol options.
 */
export async function createStripeClient(opts: { secretKey?: string; apiBase?: string }): Promise<Stripe | null> {
  if (!opts.secretKey) return null
  sdk ??= (await import('stripe')).default
  const base = opts.apiBase ? new URL(opts.apiBase) : null
  return new sdk(opts.secretKey, {
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

/** An error the Stripe SDK threw (a call refused, a signature that does not match). */
export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return sdk !== undefined && error instanceof sdk.errors.StripeError
}

/** A Stripe error a person can act on (card declined, invalid input) versus anything else. */
export function stripeMessage(error: unknown): { status: number; message: string } | null {
  if (!isStripeError(error)) return null
  if (error.type === 'StripeCardError' || error.type === 'StripeInvalidRequestError') return { status: 400, message: error.message }
  return { status: 502, message: 'The payment provider did not answer as expected. Please try again in a moment.' }
}

/** Verifies a webhook's signature on the raw body (Stripe's own check); throws when it does not match. */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, signature: string, secret: string): Stripe.Event {
  return stripe.webhooks.constructEvent(rawBody, signature, secret)
}
