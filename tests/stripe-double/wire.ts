import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

/** The pinned API version of the installed SDK: every event carries it. */
export const API_VERSION: string = Stripe.API_VERSION

/**
 * An object as Stripe sends it over the wire: the SDK's type with its decimals still strings
 * (the SDK turns `*_decimal` strings into `Stripe.Decimal` only after a request, never in webhook payloads).
 */
export type Wire<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : { [K in keyof T]: Wire<T[K]> }

/** An API failure, answered as `{ error: { type, code, message, param } }` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'card_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message)
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message }
    if (this.code) {
      error.code = this.code
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`
    }
    if (this.param) error.param = this.param
    return { error }
  }
}

/** Test or live: which keys, objects and events. Each mode has its own objects; `livemode` says which. */
export type Mode = 'test' | 'live'

/** The mode of a secret or restricted key (`sk_test_…`, `rk_live_…`), or null for anything else. */
export function modeOfKey(key: string): Mode | null {
  const m = /^(?:sk|rk)_(test|live)_[A-Za-z0-9_]+$/.exec(key)
  return m ? (m[1] as Mode) : null
}

/**
 * `No such customer: 'cus_x'`: 404 when the id is in the path, 400 naming the parameter when it is a parameter. When
 * the object exists in the other mode, Stripe says so (the classic test-to-live mistake).
 */
export function missing(kind: string, id: string, param?: string, similarIn?: { found: Mode; asked: Mode }): ApiError {
  const similar = similarIn
    ? `; a similar object exists in ${similarIn.found} mode, but a ${similarIn.asked} mode key was used to make this request.`
    : ''
  return new ApiError(param ? 400 : 404, 'invalid_request_error', `No such ${kind}: '${id}'${similar}`, 'resource_missing', param ?? 'id')
}

/** Every `livemode` in an object tree set to true (the live mode's copy of a payload). */
export function markLive<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(markLive)
  else if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>
    if ('livemode' in obj) obj.livemode = true
    for (const v of Object.values(obj)) if (v && typeof v === 'object') markLive(v)
  }
  return node
}

export function invalid(param: string, message: string, code = 'parameter_invalid'): ApiError {
  return new ApiError(400, 'invalid_request_error', message, code, param)
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A Stripe-looking id: `cus_` + 14 random base-62 characters (`cs_test_` + 58 for Checkout Sessions). */
export function newId(prefix: string, length = 14): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length]
  return `${prefix}_${out}`
}

export type Interval = 'day' | 'week' | 'month' | 'year'

/**
 * The start of billing period `n` of a subscription anchored at `anchor` (seconds): n months or years later,
 * on the anchor's day clamped to the month's length (Jan 31 → Feb 28 → Mar 31), like Stripe.
 */
export function periodBoundary(anchor: number, interval: Interval, n: number, count = 1): number {
  if (interval === 'day' || interval === 'week') return anchor + n * count * (interval === 'day' ? 1 : 7) * 86400
  n *= count
  const a = new Date(anchor * 1000)
  const months = a.getUTCMonth() + n * (interval === 'year' ? 12 : 1)
  const year = a.getUTCFullYear() + Math.floor(months / 12)
  const month = ((months % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const day = Math.min(a.getUTCDate(), lastDay)
  return Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds()) / 1000
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function formatAmount(cents: number, currency: string): string {
  return `${(cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() })}`
}

/** Stripe's previous_attributes: changed keys only, nested hashes by their changed keys, arrays whole. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> | undefined {
  const prev: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(before)) {
    const now = after[k]
    if (JSON.stringify(v) === JSON.stringify(now)) continue
    const nested = v && now && typeof v === 'object' && typeof now === 'object' && !Array.isArray(v) && !Array.isArray(now)
    prev[k] = nested ? diff(v as Record<string, unknown>, now as Record<string, unknown>) : v
  }
  return Object.keys(prev).length ? prev : undefined
}

export const clone = <T>(x: T): T => structuredClone(x)
