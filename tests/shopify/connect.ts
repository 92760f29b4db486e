import type { TestApi } from '../helpers/api'

/** The state cookies Shopify's library set, as the browser would send them back to the callback. */
export const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

/**
 * The owner's side of OAuth with the demo shop, as a browser does it: begin (our api), the consent
 * form (the shop), the callback query (the shop's redirect). Returns what the web would forward.
 */
export async function approveInShop(t: TestApi, token: string, shop: string, opts: { withoutThemes?: boolean } = {}) {
  const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, token)
  if (begun.status !== 200) throw new Error(`begin ${begun.status}: ${JSON.stringify(begun.body)}`)
  const approval = new URL(begun.body.url)
  const form = new URLSearchParams(approval.searchParams)
  if (!opts.withoutThemes) form.set('themes', '1')
  const approved = await t.demoShop.fetch(
    new Request(`${approval.origin}${approval.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    }),
  )
  const location = approved.headers.get('location')
  if (approved.status !== 302 || !location) throw new Error(`consent ${approved.status}: ${await approved.text()}`)
  return { query: new URL(location).search.slice(1), cookie: cookieHeader(begun.body.set_cookies), begun }
}

/** A demo shop connected to the account through the real OAuth flow, its catalogue synced. */
export async function connectDemoShop(t: TestApi, token: string, opts: { withoutThemes?: boolean; sync?: boolean } = {}) {
  const made = await t.call('POST', '/v2/shopify/demo-shop', undefined, token)
  if (made.status !== 200) throw new Error(`demo-shop ${made.status}: ${JSON.stringify(made.body)}`)
  const shop: string = made.body.shop
  const { query, cookie } = await approveInShop(t, token, shop, opts)
  const connected = await t.call('POST', '/v2/shopify/oauth/callback', { query, cookie }, token)
  if (connected.status !== 200) throw new Error(`callback ${connected.status}: ${JSON.stringify(connected.body)}`)
  if (opts.sync !== false) await t.drainShopifyJobs()
  return { shop, store: connected.body.store }
}
