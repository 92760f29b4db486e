import { decodeKey, type ServerEnv } from '../../env'
import { createShopNetwork, type DemoShopHost, type ShopNetwork } from '../../integrations/shopify/network'
import { createShopifyOAuth, type ShopifyOAuth } from '../../integrations/shopify/oauth'
import { createShopThrottle, type ShopThrottle } from '../../integrations/shopify/throttle'

/** What the Shopify area needs from outside: where shops live, OAuth, the demo shop, the token key. */
export interface ShopifyServices {
  network: ShopNetwork
  oauth: ShopifyOAuth
  /** Offline demo shops (server/demo-shop), when this process has them (DEMO_SHOP); each belongs to the user who made it. */
  demo: (DemoShopHost & { createShop(ownerId: number): Promise<string> }) | null
  tokenKey: Buffer
  /** Waits between throttled calls and while a bulk operation runs (tests pass a fast one). */
  sleep: (ms: number) => Promise<void>
  /** Shopify's cost-based limit, one bucket per shop for every call and job of this process. */
  throttle: ShopThrottle
}

export function createShopifyServices(
  env: ServerEnv,
  demo: ShopifyServices['demo'],
  opts: { fetch?: typeof fetch; sleep?: ShopifyServices['sleep'] } = {},
): ShopifyServices {
  const network = createShopNetwork({ overrides: env.SHOPIFY_SHOP_ORIGIN_OVERRIDE, demo: demo ?? undefined, fetch: opts.fetch })
  const { apiKey, apiSecret, appUrl } = env.shopifyApp
  return {
    network,
    oauth: createShopifyOAuth({ apiKey, apiSecret, appUrl, network }),
    demo,
    tokenKey: decodeKey(env.TOKEN_ENCRYPTION_KEY)!,
    sleep: opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    throttle: createShopThrottle(),
  }
}
