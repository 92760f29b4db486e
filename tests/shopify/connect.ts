import { openSecret } from '../../server/crypto'
import { adminGraphql } from '../../server/demo-shop/driver'
import type { TestApi } from '../helpers/api'

/** The state cookies Shopify's library set, as the browser would send them back to the callback. */
export const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

/**
 * The demo shop's approval screen for an approval URL, approved by the browser with this Cookie
 * header (the screen answers only the shop owner's signed-in session); returns where it sends the browser.
 */
export async function consentInShop(t: TestApi, approvalUrl: string, cookie: string, opts: { withoutThemes?: boolean } = {}): Promise<URL> {
  const approval = new URL(approvalUrl)
  const form = new URLSearchParams(approval.searchParams)
  if (!opts.withoutThemes) form.set('themes', '1')
  const approved = await t.demoShop.fetch(
    new Request(`${approval.origin}${approval.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: form,
    }),
  )
  const location = approved.headers.get('location')
  if (approved.status !== 302 || !location) throw new Error(`consent ${approved.status}: ${await approved.text()}`)
  return new URL(location)
}

/**
 * Begins connecting `shop` as `token` and approves it in the shop as its owner: the same account,
 * or `shopOwner` (the owner's token) when another account connects a shop it does not own.
 */
export async function approveInShop(t: TestApi, token: string, shop: string, opts: { withoutThemes?: boolean; shopOwner?: string } = {}) {
  const begun = await t.call('POST', '/v2/shopify/oauth/begin', { shop }, token)
  if (begun.status !== 200) throw new Error(`begin ${begun.status}: ${JSON.stringify(begun.body)}`)
  const back = await consentInShop(t, begun.body.url, await t.webCookie(opts.shopOwner ?? token), opts)
  return { query: back.search.slice(1), cookie: cookieHeader(begun.body.set_cookies), begun }
}

/** A demo shop made for the account and connected to it through the real OAuth flow, its catalogue synced. */
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

/** A demo shop admin button, pressed as the holder of `token` would (same-origin form post, their web session cookie). */
export async function adminPost(t: TestApi, token: string, shop: string, path: string, form: Record<string, string> = {}) {
  const res = await t.demoShop.fetch(
    new Request(`${t.demoShop.origin(shop)}/admin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: await t.webCookie(token) },
      body: new URLSearchParams(form),
    }),
  )
  return { status: res.status, text: await res.text() }
}

/** Pagewright's token for the shop, read back from the sealed column (tests only). */
export async function storeToken(t: TestApi, shop: string): Promise<string> {
  const rows = await t.db.database.sql.executeSql('SELECT access_token_enc FROM shopify_stores WHERE shop_domain = $1', [shop])
  return openSecret(t.deps.shopify.tokenKey, String(rows.rows[0].access_token_enc))
}

/** One Admin GraphQL call to the demo shop with Pagewright's own token. */
export async function shopQuery<T = any>(t: TestApi, shop: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { body } = await adminGraphql<{ data: T; errors?: unknown }>(t.demoShop, shop, await storeToken(t, shop), query, variables)
  if (body.errors) throw new Error(JSON.stringify(body.errors))
  return body.data
}

export async function themeIds(t: TestApi, shop: string): Promise<Record<string, { id: string; role: string }>> {
  const data = await shopQuery<{ themes: { nodes: { id: string; name: string; role: string }[] } }>(
    t,
    shop,
    '{ themes(first: 10) { nodes { id name role } } }',
  )
  return Object.fromEntries(data.themes.nodes.map((n) => [n.name, { id: n.id, role: n.role }]))
}
