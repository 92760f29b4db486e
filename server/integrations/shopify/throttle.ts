/**
 * Shopify's GraphQL Admin limit as this process sees it, one leaky bucket per shop (the limit is per
 * app and shop, so every call and job of this process to a shop shares it). Before a call, the
 * caller reserves the points the call is expected to ask for and waits until the bucket, refilled
 * at the shop's restore rate, holds them; concurrent callers queue behind each other's reservations
 * instead of all failing THROTTLED. Every answer's `throttleStatus` (Shopify's own figures) corrects
 * the estimate, and a 429's `Retry-After` pauses the whole shop.
 */

export interface ThrottleStatus {
  maximumAvailable: number
  currentlyAvailable: number
  restoreRate: number
}

interface Bucket {
  maximum: number
  /** Points left after every reservation made so far (negative: callers are queued for that many). */
  available: number
  restoreRate: number
  /** Epoch ms of `available`. */
  at: number
  /** A 429 asked the app to stay away until then (epoch ms). */
  blockedUntil: number
  /** Reservations sent and not yet answered. */
  inFlight: number
}

/** Shopify's standard plan until a shop tells us otherwise (bucket 2000, 100 points a second). */
const DEFAULT = { maximum: 2000, restoreRate: 100 }
/** What a call is expected to cost before its document was ever answered (a mutation costs 10). */
export const DEFAULT_CALL_COST = 10

export interface ShopThrottle {
  /** Reserves `cost` points of the shop's bucket; resolves to the milliseconds to wait before sending. */
  reserve(shop: string, cost: number): number
  /** After an answer: the reservation is settled with Shopify's own figures (and the cost actually charged). */
  settle(shop: string, reserved: number, status: ThrottleStatus | undefined, actualCost: number | null): void
  /** A THROTTLED answer: the reservation is given up and the bucket set to what Shopify says. */
  throttled(shop: string, reserved: number, status: ThrottleStatus | undefined): void
  /** A 429 (or a 5xx with Retry-After): nothing goes to the shop for `seconds`. */
  pause(shop: string, seconds: number): void
  /** The cost to reserve for a document: what Shopify asked for it last time, else DEFAULT_CALL_COST. */
  expectedCost(query: string): number
  rememberCost(query: string, requested: number | undefined): void
}

export function createShopThrottle(now: () => number = Date.now): ShopThrottle {
  const buckets = new Map<string, Bucket>()
  const costs = new Map<string, number>()

  function bucket(shop: string): Bucket {
    let b = buckets.get(shop)
    const t = now()
    if (!b) {
      b = { ...DEFAULT, available: DEFAULT.maximum, at: t, blockedUntil: 0, inFlight: 0 }
      buckets.set(shop, b)
    }
    // Refill, never above the bucket's size.
    b.available = Math.min(b.maximum, b.available + (Math.max(0, t - b.at) / 1000) * b.restoreRate)
    b.at = t
    return b
  }

  function adopt(b: Bucket, status: ThrottleStatus | undefined) {
    if (!status) return
    b.maximum = status.maximumAvailable
    if (status.restoreRate > 0) b.restoreRate = status.restoreRate
    // Shopify's count is the truth for what it has seen; reservations not yet sent still stand.
    b.available = b.inFlight === 0 ? status.currentlyAvailable : Math.min(b.available, status.currentlyAvailable)
  }

  return {
    reserve(shop, cost) {
      const b = bucket(shop)
      const want = Math.min(cost, b.maximum)
      b.available -= want
      b.inFlight += 1
      const refill = b.available >= 0 ? 0 : Math.ceil((-b.available / b.restoreRate) * 1000)
      return Math.max(refill, b.blockedUntil - now(), 0)
    },
    settle(shop, reserved, status, actualCost) {
      const b = bucket(shop)
      b.inFlight = Math.max(0, b.inFlight - 1)
      // A call that cost less than reserved gives the rest back (Shopify refunds it the same way).
      if (actualCost !== null) b.available += Math.max(0, Math.min(reserved, b.maximum) - actualCost)
      adopt(b, status)
    },
    throttled(shop, reserved, status) {
      const b = bucket(shop)
      b.inFlight = Math.max(0, b.inFlight - 1)
      b.available += Math.min(reserved, b.maximum)
      adopt(b, status)
    },
    pause(shop, seconds) {
      const b = bucket(shop)
      b.blockedUntil = Math.max(b.blockedUntil, now() + seconds * 1000)
    },
    expectedCost: (query) => costs.get(query) ?? DEFAULT_CALL_COST,
    rememberCost(query, requested) {
      if (typeof requested === 'number' && requested > 0) costs.set(query, requested)
    },
  }
}
