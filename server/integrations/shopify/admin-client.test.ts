import { describe, expect, it } from 'vitest'
import { createAdminClient, ShopifyApiError, throttleWait } from './admin-client'
import type { ShopNetwork } from './network'

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
    const client = createAdminClient({ network: net, shop: 'a.myshopify.com', accessToken: 't', sleep: async (ms) => void slept.push(ms) })
    expect(await client.request('{ shop { name } }')).toEqual({ shop: { name: 'Shop' } })
    expect(net.calls).toBe(3)
    expect(slept).toEqual([6000, 6000])
  })

  it('paces itself: a call that leaves the bucket low waits before the next one', async () => {
    const net = networkAnswering(() => Response.json({ data: { ok: true }, extensions: { cost: cost(200) } }))
    const slept: number[] = []
    const client = createAdminClient({ network: net, shop: 'a.myshopify.com', accessToken: 't', sleep: async (ms) => void slept.push(ms) })
    await client.request('{ a }')
    expect(slept).toEqual([])
    await client.request('{ a }')
    expect(slept).toEqual([5000])
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
