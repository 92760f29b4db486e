import { isMyshopifyDomain } from '../../domain/shopify'

/** What the demo shop offers the network (server/demo-shop): its shops are answered in-process. */
export interface DemoShopHost {
  isDemoShop(shop: string): Promise<boolean>
  origin(shop: string): string
  fetch(request: Request): Promise<Response>
}

export interface ShopNetwork {
  /** Where a browser goes for `https://{shop}`: the real shop, a test server, or our demo shop pages. */
  browserOrigin(shop: string): Promise<string>
  /** `fetch` for `https://{shop}/…` that reaches the same place (in-process for demo shops). */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
  isDemoShop(shop: string): Promise<boolean>
}

/**
 * One place decides where a shop lives: a test server named in SHOPIFY_SHOP_ORIGIN_OVERRIDE, a demo
 * shop of ours, or the real `https://{shop}`. Everything that talks to shops (OAuth through the
 * Shopify library, Admin GraphQL, token refresh) goes through here.
 */
export function createShopNetwork(opts: { overrides: Record<string, string>; demo?: DemoShopHost; fetch?: typeof fetch }): ShopNetwork {
  const realFetch = opts.fetch ?? fetch
  const demoShops = new Set<string>()
  const isDemoShop = async (shop: string) => {
    if (demoShops.has(shop)) return true
    const yes = !!opts.demo && isMyshopifyDomain(shop) && (await opts.demo.isDemoShop(shop))
    if (yes) demoShops.add(shop)
    return yes
  }
  async function browserOrigin(shop: string) {
    const s = shop.toLowerCase()
    if (opts.overrides[s]) return opts.overrides[s]
    if (opts.demo && (await isDemoShop(s))) return opts.demo.origin(s)
    return `https://${s}`
  }
  return {
    browserOrigin,
    isDemoShop,
    async fetch(input, init) {
      const request = new Request(input, init)
      const url = new URL(request.url)
      const shop = url.hostname.toLowerCase()
      // A demo shop's own addresses (its bulk files) are answered in-process too.
      if (opts.demo && request.url.startsWith(opts.demo.origin(''))) return opts.demo.fetch(request)
      if (!isMyshopifyDomain(shop)) return realFetch(request)
      const target = new URL(`${await browserOrigin(shop)}${url.pathname}${url.search}`)
      const routed = new Request(target, request)
      if (opts.demo && (await isDemoShop(shop))) return opts.demo.fetch(routed)
      return realFetch(routed)
    },
  }
}
