/**
 * What Pagewright's web pixel does, without Shopify's runtime (so a test drives it): for each
 * experiment cookie the Pagewright block set on the shop's domain (`pw_x{id}=<visitor>.<c|h>`), it
 * sends the shopper's product view, add to cart and completed checkout to Pagewright. Only the
 * cookie's random id, its variant and the product go out: nothing about the person.
 */

type ProductRef = { product?: { id?: string | null } | null } | null | undefined
interface PixelEvent {
  data?: {
    productVariant?: ProductRef
    cartLine?: { merchandise?: ProductRef } | null
    checkout?: { lineItems?: { variant?: ProductRef }[] | null } | null
  }
}
export interface PixelApi {
  analytics: { subscribe(name: string, handler: (event: PixelEvent) => void | Promise<void>): void }
  browser: { cookie: { get(name?: string): Promise<string> } }
  init: { data?: { shop?: { myshopifyDomain?: string | null } | null } | null }
  settings: { pagewrightUrl?: string }
}
type Send = (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string; keepalive: boolean }) => Promise<unknown>

const COOKIE = /(?:^|;\s*)pw_x(\d{1,10})=([A-Za-z0-9_-]{16,43})\.([ch])(?=;|$)/g

/** Every experiment this browser takes part in, from the cookie string (`browser.cookie.get()` gives them all). */
export function experimentCookies(cookies: string) {
  return [...cookies.matchAll(COOKIE)].map((m) => ({
    experiment_id: Number(m[1]),
    visitor: m[2],
    variant: m[3] === 'h' ? ('challenger' as const) : ('control' as const),
  }))
}

const EVENTS = {
  product_viewed: { event: 'view', products: (e: PixelEvent) => [e.data?.productVariant?.product?.id] },
  product_added_to_cart: { event: 'add_to_cart', products: (e: PixelEvent) => [e.data?.cartLine?.merchandise?.product?.id] },
  checkout_completed: {
    event: 'checkout',
    products: (e: PixelEvent) => (e.data?.checkout?.lineItems ?? []).map((l) => l.variant?.product?.id),
  },
} as const

/**
 * Subscribes to the three events. Each is sent once per experiment cookie and product of the event;
 * Pagewright counts it only for the experiment's own product in this shop. A `text/plain` body keeps
 * the request simple (no CORS preflight); `keepalive` lets it finish while the page changes.
 */
export function subscribeExperimentEvents(api: PixelApi, send: Send) {
  const base = (api.settings.pagewrightUrl ?? '').replace(/\/+$/, '')
  const shop = api.init.data?.shop?.myshopifyDomain
  if (!/^https?:\/\//.test(base) || !shop) return
  for (const [name, { event, products }] of Object.entries(EVENTS)) {
    api.analytics.subscribe(name, async (e) => {
      const joined = experimentCookies(await api.browser.cookie.get())
      if (joined.length === 0) return
      const ids = [...new Set(products(e).filter((id): id is string => !!id))]
      for (const x of joined)
        for (const product_id of ids)
          await send(`${base}/v2/experiments/store-events`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({ shop, ...x, event, product_id }),
            keepalive: true,
          }).catch(() => {})
    })
  }
}
