import { createHash } from 'node:crypto'
import type Stripe from 'stripe'
import type { ApiDeps } from '../../context'
import { PAYMENTS_NOT_CONFIGURED, stripeModeOf, type StripeMode } from '../../domain/billing'
import { HttpError } from '../../http/http-error'
import { isStripeError, stripeMessage } from '../../integrations/stripe'

/** How Pagewright calls Stripe: the client, its mode, idempotency keys, and Stripe's failures in words. */

export function stripeOf(deps: ApiDeps): Stripe {
  if (!deps.stripe) throw new HttpError(409, PAYMENTS_NOT_CONFIGURED)
  return deps.stripe
}

/** test or live, from the secret key's prefix (each mode has its own customers, prices and portal configuration). */
export const modeOf = (deps: ApiDeps): StripeMode => stripeModeOf(deps.env.STRIPE_SECRET_KEY ?? '')

export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null))

/** A short stable digest of parameters (sorted keys), for idempotency keys and for "the same click" checks. */
export function digest(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v
  return createHash('sha256')
    .update(JSON.stringify(sorted(value)))
    .digest('base64url')
    .slice(0, 32)
}

/**
 * An idempotency key for a create: Pagewright's prefix, the action, and a digest of what makes this attempt this
 * attempt (the account, the mode, the plan, the parameters, the attempt it follows, the time window). Stripe answers a
 * second request with the same key with the first one's object, and refuses a key reused with other parameters, so
 * every parameter is either in the digest or fixed by it.
 */
export const idempotencyKey = (action: string, parts: unknown[]) => `pagewright-${action}-${digest(parts)}`

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A call to Stripe, waiting out "another request is using this idempotency key" (the double-click's twin still
 * running): Stripe answers that with 409 and the first result once it is done.
 */
export async function stripeCall<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn()
    } catch (error) {
      const inUse = isStripeError(error) && error.statusCode === 409 && error.type === 'StripeIdempotencyError'
      if (!inUse || attempt >= 8) throw error
      await pause(250 * (attempt + 1))
    }
  }
}

/** A Stripe failure as the api answers it: card and input errors as Stripe says them (4xx), anything else a 502. */
export function inWords(error: unknown): unknown {
  const known = stripeMessage(error)
  return known ? new HttpError(known.status, known.message) : error
}

/** Runs `fn` (which calls Stripe), its Stripe failures in words. */
export async function worded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw inWords(error)
  }
}

/** One call to Stripe, its failures in words. */
export const calling = <T>(fn: () => Promise<T>): Promise<T> => worded(() => stripeCall(fn))

/** Stripe does not know this object (any more): deleted, or made with the other mode's keys. */
export function isMissing(error: unknown, param?: string): boolean {
  return (
    isStripeError(error) &&
    error.code === 'resource_missing' &&
    (param === undefined || error.param === param || (param === 'id' && error.statusCode === 404))
  )
}
