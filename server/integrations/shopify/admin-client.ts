import { SHOPIFY_API_VERSION } from '../../domain/shopify'
import { log } from '../../log'
import type { ShopNetwork } from './network'

/** Why a call to a shop failed: the shop refused our token, it kept throttling, or it answered with errors. */
export type ShopifyFailure = 'unauthorized' | 'throttled' | 'graphql' | 'http' | 'network'

export class ShopifyApiError extends Error {
  constructor(
    public failure: ShopifyFailure,
    message: string,
    public status?: number,
  ) {
    super(message)
    this.name = 'ShopifyApiError'
  }
}

interface Cost {
  requestedQueryCost?: number
  actualQueryCost?: number
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number }
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

/**
 * Admin GraphQL for one shop. Shopify limits by query cost: a THROTTLED answer is retried after the
 * time the bucket needs to refill (read from `extensions.cost`), and a call that leaves the bucket
 * lower than it cost waits before the next one, so a long sync paces itself instead of failing.
 */
export function createAdminClient(opts: {
  network: ShopNetwork
  shop: string
  accessToken: string
  sleep?: (ms: number) => Promise<void>
  maxThrottleRetries?: number
}): AdminClient {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const url = `https://${opts.shop}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`
  let waitBeforeNext = 0
  return {
    async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        if (waitBeforeNext > 0) {
          await sleep(waitBeforeNext * 1000)
          waitBeforeNext = 0
        }
        let res: Response
        try {
          res = await opts.network.fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': opts.accessToken },
            body: JSON.stringify({ query, variables }),
          })
        } catch {
          throw new ShopifyApiError('network', `${opts.shop} could not be reached.`, undefined)
        }
        if (res.status === 401 || res.status === 403) {
          await res.body?.cancel()
          throw new ShopifyApiError('unauthorized', `${opts.shop} refused Pagewright's access.`, res.status)
        }
        if (res.status === 429 || res.status >= 500) {
          await res.body?.cancel()
          if (attempt < (opts.maxThrottleRetries ?? 5)) {
            await sleep(Math.min(2 ** attempt, 30) * 1000)
            continue
          }
          throw new ShopifyApiError(res.status === 429 ? 'throttled' : 'http', `${opts.shop} answered ${res.status}.`, res.status)
        }
        const body = (await res.json().catch(() => ({}))) as GraphqlAnswer<T>
        const errors = typeof body.errors === 'string' ? [{ message: body.errors }] : (body.errors ?? [])
        if (errors.some((e) => 'extensions' in e && e.extensions?.code === 'THROTTLED')) {
          if (attempt >= (opts.maxThrottleRetries ?? 5)) throw new ShopifyApiError('throttled', `${opts.shop} kept throttling our calls.`)
          const seconds = Math.max(1, throttleWait(body.extensions?.cost))
          log.debug('shopify throttled', { shop: opts.shop, seconds })
          await sleep(seconds * 1000)
          continue
        }
        if (errors.length) throw new ShopifyApiError('graphql', errors.map((e) => e.message).join('; '), res.status)
        if (!res.ok || !body.data) throw new ShopifyApiError('http', `${opts.shop} answered ${res.status}.`, res.status)
        const cost = body.extensions?.cost
        if (cost?.throttleStatus && cost.throttleStatus.currentlyAvailable < (cost.requestedQueryCost ?? 0)) {
          waitBeforeNext = throttleWait(cost)
        }
        return body.data
      }
    },
  }
}

/** Mutations answer `userErrors`; any is a failure with Shopify's own words. */
export function assertNoUserErrors(where: string, errors: { field?: string[] | null; message: string }[] | undefined | null) {
  if (errors?.length) throw new ShopifyApiError('graphql', `${where}: ${errors.map((e) => e.message).join('; ')}`)
}
