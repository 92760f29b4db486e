import { describe, expect, it } from 'vitest'
import { loadServerEnv } from '../../env'
import { createShopNetwork } from './network'

describe('where shops live', () => {
  const seen: string[] = []
  const realFetch = (async (input: Request) => {
    seen.push(input.url)
    return new Response('ok')
  }) as typeof fetch
  const demoCalls: string[] = []
  const demo = {
    isDemoShop: async (shop: string) => shop.startsWith('pagewright-demo-'),
    origin: (shop: string) => `http://app.test/demo-shop/${shop}`,
    fetch: async (req: Request) => {
      demoCalls.push(req.url)
      return new Response('demo')
    },
  }
  const network = createShopNetwork({ overrides: { 'test-shop.myshopify.com': 'http://127.0.0.1:4555' }, demo, fetch: realFetch })

  it('a shop named in the test override goes to its local server, path and query kept', async () => {
    await network.fetch('https://test-shop.myshopify.com/admin/api/2026-10/graphql.json?x=1', { method: 'POST', body: '{}' })
    expect(seen.at(-1)).toBe('http://127.0.0.1:4555/admin/api/2026-10/graphql.json?x=1')
    expect(await network.browserOrigin('test-shop.myshopify.com')).toBe('http://127.0.0.1:4555')
  })

  it('a demo shop is answered in process; a real shop and anything else go to the network as asked', async () => {
    await network.fetch('https://pagewright-demo-ab12cd34.myshopify.com/admin/oauth/access_token', { method: 'POST', body: '{}' })
    expect(demoCalls.at(-1)).toBe('http://app.test/demo-shop/pagewright-demo-ab12cd34.myshopify.com/admin/oauth/access_token')
    await network.fetch('http://app.test/demo-shop/pagewright-demo-ab12cd34.myshopify.com/bulk/1.jsonl?key=k')
    expect(demoCalls.at(-1)).toContain('/bulk/1.jsonl?key=k')
    await network.fetch('https://real-store.myshopify.com/admin/api/2026-10/graphql.json')
    expect(seen.at(-1)).toBe('https://real-store.myshopify.com/admin/api/2026-10/graphql.json')
    expect(await network.browserOrigin('real-store.myshopify.com')).toBe('https://real-store.myshopify.com')
  })

  it('the override is for tests: refused in production unless ALLOW_TEST_OVERRIDES=1, and checked for shape', () => {
    const base = { AUTH_SECRET: 'a-long-enough-auth-secret', TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }
    const override = { SHOPIFY_SHOP_ORIGIN_OVERRIDE: 'test-shop.myshopify.com=http://127.0.0.1:4555' }
    expect(() => loadServerEnv({ ...base, ...override, NODE_ENV: 'production' })).toThrow(/refused in production/)
    expect(loadServerEnv({ ...base, ...override, NODE_ENV: 'production', ALLOW_TEST_OVERRIDES: '1' }).SHOPIFY_SHOP_ORIGIN_OVERRIDE).toEqual(
      {
        'test-shop.myshopify.com': 'http://127.0.0.1:4555',
      },
    )
    expect(() => loadServerEnv({ ...base, NODE_ENV: 'test', SHOPIFY_SHOP_ORIGIN_OVERRIDE: 'nonsense' })).toThrow(/expected shop=/)
    expect(() => loadServerEnv({ ...base, NODE_ENV: 'test', TOKEN_ENCRYPTION_KEY: 'short' })).toThrow(/TOKEN_ENCRYPTION_KEY/)
    expect(() => loadServerEnv({ ...base, NODE_ENV: 'test', SHOPIFY_API_KEY: 'k' })).toThrow(/both/)
  })
})
