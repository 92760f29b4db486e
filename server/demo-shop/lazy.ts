import { loadOnce } from '../generation/load-once'
import { demoShopOrigin } from './origin'
import type { DemoShop, DemoShopDeps } from './index'

/**
 * The demo shop of createDemoShop, loaded on its first use: its Admin GraphQL (graphql), its themes
 * (liquidjs) and its zips (fflate) cost a server's start about 0.3 s and its first answer about
 * 15 MB, which a process whose owners never open the demo shop never needs.
 */
export function lazyDemoShop(deps: DemoShopDeps): DemoShop {
  const load = loadOnce(() => import('./index').then(({ createDemoShop }) => createDemoShop(deps)))
  return {
    fetch: async (request) => (await load()).fetch(request),
    createShop: async (ownerId) => (await load()).createShop(ownerId),
    isDemoShop: async (shopDomain) => (await load()).isDemoShop(shopDomain),
    origin: (shopDomain) => demoShopOrigin(deps.publicUrl, shopDomain),
    setThrottle: async (shopDomain, limits) => (await load()).setThrottle(shopDomain, limits),
    configure: async (shopDomain, settings) => (await load()).configure(shopDomain, settings),
  }
}
