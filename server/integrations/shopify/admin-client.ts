import { SHOPIFY_API_VERSION } from '../../domain/shopify'
import { log } from '../../log'
import type { ShopNetwork } from './network'
import { createShopThrottle, type ShopThrottle, type ThrottleStatus } from './throttle'

/** Why a call to a shop failed: the shop refused our token, it kept throttling, or it answered with errors. */
export type ShopifyFailure = 'unauthorized' | 'throttled' | 'graphql' | 'http' | 'network'

export class ShopifyApiError extends Error {
  constructor(
    public failure: ShopifyFailure,
    message: string,
    public status?: number,
    /** The `extensions.code` of each top-level GraphQL error (e.g. ACCESS_DENIED), or of each user error. */
    public codes: string[] = [],
  ) {
    super(message)
    this.name = 'ShopifyApiError'
  }
}

interface Cost {
  requestedQueryCost?: number
  actualQueryCost?: number | null
  throttleStatus?: ThrottleStatus
}
interface GraphqlAnswer<T> {
  data?: T
  errors?: { message: string; extensions?: { code?: string } }[] | string
  extensions?: { cost?: Cost }
}

export interface AdminClient {
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>
}

/** Seconds until the bucket holds `needed` points again. */
export function throttleWait(cost: Cost | undefined, needed?: number): number {
  const status = cost?.throttleStatus
  if (!status || status.restoreRate <= 0) return 1
  const want = Math.min(needed ?? cost?.requestedQueryCost ?? 50, status.maximumAvailable)
  return Math.max(0, Math.ceil((want - status.currentlyAvailable) / status.restoreRate))
}

/** `Retry-After` in seconds (a number or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.min(Number(value), 600)
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.min(Math.max(0, Math.ceil((at - now) / 1000)), 600)
}

/** How many times a throttled call is sent again before the caller is told (the waits between are Shopify's). */
const MAX_THROTTLE_RETRIES = 8

/**
 * Admin GraphQL for one shop. Shopify limits by query cost per app and shop: every call first
 * reserves its expected cost in the shop's bucket (`throttle`, shared by every client of this
 * process for that shop) and waits for the points to be there; a THROTTLED answer is sent again
 * once the bucket has refilled (Shopify's `throttleStatus` says how far and how fast); a 429 pauses
 * the shop for its `Retry-After`. A long sync or fifty publishes at once pace themselves instead of failing.
 */
export function createAdminClient(opts: {
  network: ShopNetwork
  shop: string
  accessToken: string
  sleep?: (ms: number) => Promise<void>
  throttle?: ShopThrottle
  maxThrottleRetries?: number
}): AdminClient {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const throttle = opts.throttle ?? createShopThrottle()
  const maxRetries = opts.maxThrottleRetries ?? MAX_THROTTLE_RETRIES
  const { shop } = opts
  const url = `https://${shop}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`
  return {
    async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        const reserved = throttle.expectedCost(query)
        const wait = throttle.reserve(shop, reserved)
        if (wait > 0) await sleep(wait)
        let res: Response
        try {
          res = await opts.network.fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': opts.accessToken },
            body: JSON.stringify({ query, variables }),
          })
        } catch {
          throttle.throttled(shop, reserved, undefined)
          throw new ShopifyApiError('network', `${shop} could not be reached.`, undefined)
        }
        if (res.status === 401 || res.status === 403) {
          throttle.throttled(shop, reserved, undefined)
          await res.body?.cancel()
          throw new ShopifyApiError('unauthorized', `${shop} refused Pagewright's access.`, res.status)
        }
        if (res.status === 429 || res.status >= 500) {
          await res.body?.cancel()
          throttle.throttled(shop, reserved, undefined)
          const after = retryAfterSeconds(res.headers.get('retry-after'))
          if (after !== null) throttle.pause(shop, after)
          if (attempt < maxRetries) {
            if (after === null) await sleep(Math.min(2 ** attempt, 30) * 1000)
            continue
          }
          throw new ShopifyApiError(res.status === 429 ? 'throttled' : 'http', `${shop} answered ${res.status}.`, res.status)
        }
        const body = (await res.json().catch(() => ({}))) as GraphqlAnswer<T>
        const cost = body.extensions?.cost
        throttle.rememberCost(query, cost?.requestedQueryCost)
        const errors = typeof body.errors === 'string' ? [{ message: body.errors }] : (body.errors ?? [])
        if (errors.some((e) => 'extensions' in e && e.extensions?.code === 'THROTTLED')) {
          throttle.throttled(shop, reserved, cost?.throttleStatus)
          if (attempt >= maxRetries) throw new ShopifyApiError('throttled', `${shop} kept throttling our calls.`, res.status, ['THROTTLED'])
          log.debug('shopify throttled', { shop, attempt })
          // Without Shopify's figures, back off; with them, the next reservation waits as long as the refill takes.
          if (!cost?.throttleStatus) await sleep(Math.min(2 ** attempt, 30) * 1000)
          continue
        }
        throttle.settle(shop, reserved, cost?.throttleStatus, cost?.actualQueryCost ?? null)
        if (errors.length)
          throw new ShopifyApiError(
            'graphql',
            errors.map((e) => e.message).join('; '),
            res.status,
            errors.map((e) => ('extensions' in e ? (e.extensions?.code ?? '') : '')),
          )
        if (!res.ok || !body.data) throw new ShopifyApiError('http', `${shop} answered ${res.status}.`, res.status)
        return body.data
      }
    },
  }
}

/** Mutations answer `userErrors`; any is a failure with Shopify's own words (and codes, when it gives them). */
export function assertNoUserErrors(
  where: string,
  errors: { field?: string[] | null; message: string; code?: string | null }[] | undefined | null,
) {
  if (errors?.length)
    throw new ShopifyApiError(
      'graphql',
      `${where}: ${errors.map((e) => e.message).join('; ')}`,
      undefined,
      errors.map((e) => e.code ?? ''),
    )
}
