import { describe, expect, it } from 'vitest'
import { createAdminClient, retryAfterSeconds, ShopifyApiError, throttleWait } from './admin-client'
import type { ShopNetwork } from './network'
import { createShopThrottle } from './throttle'

const cost = (available: number, requested = 700) => ({
  requestedQueryCost: requested,
  throttleStatus: { maximumAvailable: 1000, currentlyAvailable: available, restoreRate: 100 },
})

function networkAnswering(...answers: (() => Response)[]): ShopNetwork & { calls: number } {
  const net = {
    calls: 0,
    browserOrigin: async (shop: string) => `https://${shop}`,
    isDemoShop: async () => false,
    async fetch() {
      return answers[Math.min(net.calls++, answers.length - 1)]()
    },
  }
  return net
}

describe('Admin GraphQL client and Shopify’s cost-based limit', () => {
  it('waits as long as the bucket needs to refill', () => {
    expect(throttleWait(cost(300))).toBe(4)
    expect(throttleWait(cost(900))).toBe(0)
    expect(throttleWait(undefined)).toBe(1)
  })

  it('retries a THROTTLED answer after the wait the cost extension implies', async () => {
    const throttled = () =>
      Response.json({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: cost(100) } })
    const ok = () => Response.json({ data: { shop: { name: 'Shop' } }, extensions: { cost: cost(950) } })
    const net = networkAnswering(throttled, throttled, ok)
    const slept: number[] = []
    // A stopped clock: on a busy machine a millisecond passes between the answer and the wait.
    const client = createAdminClient({
      network: net,
      shop: 'a.myshopify.com',
      accessToken: 't',
      sleep: async (ms) => void slept.push(ms),
      throttle: createShopThrottle(() => 0),
    })
    expect(await client.request('{ shop { name } }')).toEqual({ shop: { name: 'Shop' } })
    expect(net.calls).toBe(3)
    expect(slept).toEqual([6000, 6000])
  })

  it('paces itself: a call that leaves the bucket low waits before the next one', async () => {
    const net = networkAnswering(() => Response.json({ data: { ok: true }, extensions: { cost: cost(200) } }))
    const slept: number[] = []
    const now = 0
    const client = createAdminClient({
      network: net,
      shop: 'a.myshopify.com',
      accessToken: 't',
      sleep: async (ms) => void slept.push(ms),
      throttle: createShopThrottle(() => now),
    })
    await client.request('{ a }')
    expect(slept).toEqual([])
    // 200 points left and the query asks 700: (700 - 200) / 100 a second.
    await client.request('{ a }')
    expect(slept).toEqual([5000])
  })

  it('one bucket per shop for every client of the process: concurrent calls queue behind each other', async () => {
    const now = 0
    const throttle = createShopThrottle(() => now)
    const answer = () => Response.json({ data: { ok: true }, extensions: { cost: { requestedQueryCost: 100, actualQueryCost: 100 } } })
    const slept: number[] = []
    const make = (shop: string) =>
      createAdminClient({ network: networkAnswering(answer), shop, accessToken: 't', sleep: async (ms) => void slept.push(ms), throttle })
    // Teach the throttle what the query costs, then empty most of the standard bucket (2000, 100/s).
    throttle.rememberCost('{ q }', 100)
    throttle.reserve('a.myshopify.com', 1900)
    throttle.settle('a.myshopify.com', 1900, undefined, null)
    const a1 = make('a.myshopify.com')
    const a2 = make('a.myshopify.com')
    await Promise.all([a1.request('{ q }'), a2.request('{ q }'), a1.request('{ q }')])
    // 100 points left: the first goes at once, the next two wait one and two seconds for theirs.
    expect(slept.sort((x, y) => x - y)).toEqual([1000, 2000])
    // Another shop has a bucket of its own.
    slept.length = 0
    await make('b.myshopify.com').request('{ q }')
    expect(slept).toEqual([])
  })

  it('honours Retry-After on a 429 for the whole shop', async () => {
    let now = 0
    const throttle = createShopThrottle(() => now)
    const slept: number[] = []
    const sleep = async (ms: number) => {
      slept.push(ms)
      now += ms
    }
    const net = networkAnswering(
      () => new Response('Too many', { status: 429, headers: { 'Retry-After': '3' } }),
      () => Response.json({ data: { ok: true } }),
    )
    const client = createAdminClient({ network: net, shop: 'a.myshopify.com', accessToken: 't', sleep, throttle })
    expect(await client.request('{ a }')).toEqual({ ok: true })
    expect(slept).toEqual([3000])
    expect(retryAfterSeconds('2.5')).toBe(2.5)
    expect(retryAfterSeconds(new Date(Date.now() + 4000).toUTCString())).toBeGreaterThanOrEqual(3)
    expect(retryAfterSeconds('soon')).toBeNull()
  })

  it('names the codes of top-level errors (ACCESS_DENIED)', async () => {
    const denied = () =>
      Response.json({
        errors: [{ message: 'Access denied for themeFilesUpsert field.', extensions: { code: 'ACCESS_DENIED' } }],
        data: { themeFilesUpsert: null },
      })
    const client = createAdminClient({ network: networkAnswering(denied), shop: 'a.myshopify.com', accessToken: 't' })
    await expect(client.request('mutation { x }')).rejects.toMatchObject({ failure: 'graphql', codes: ['ACCESS_DENIED'] })
  })

  it('gives up after bounded retries, and names a refused token', async () => {
    const throttled = () =>
      Response.json({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }], extensions: { cost: cost(0) } })
    const client = createAdminClient({
      network: networkAnswering(throttled),
      shop: 'a.myshopify.com',
      accessToken: 't',
      sleep: async () => {},
      maxThrottleRetries: 2,
    })
    await expect(client.request('{ a }')).rejects.toMatchObject({ failure: 'throttled' })
    const refused = createAdminClient({
      network: networkAnswering(() => new Response('{}', { status: 401 })),
      shop: 'a.myshopify.com',
      accessToken: 't',
    })
    await expect(refused.request('{ a }')).rejects.toBeInstanceOf(ShopifyApiError)
    await expect(refused.request('{ a }')).rejects.toMatchObject({ failure: 'unauthorized' })
  })
})
