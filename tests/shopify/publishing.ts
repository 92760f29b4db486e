import type { TestApi } from '../helpers/api'
import { shopQuery } from './connect'

/** Helpers of the publishing suites: pages from the catalogue, publishing them, and what the shop got. */

/** A finished page made from one of the store's synced products (matched by `q`). */
export async function catalogPage(t: TestApi, token: string, q: string): Promise<{ id: string; handle: string }> {
  const products = await t.call('GET', `/v2/search/shopify_products?q=${encodeURIComponent(q)}`, undefined, token)
  const product = products.body.items[0]
  if (!product) throw new Error(`no synced product for ${q}`)
  const created = await t.call('POST', '/v2/shopify_products/create_task', { product_id: product.id }, token)
  if (created.status !== 201) throw new Error(`create_task ${created.status}: ${JSON.stringify(created.body)}`)
  await t.drainJobs()
  return { id: created.body.session_id as string, handle: product.handle as string }
}

export const publish = (t: TestApi, token: string, id: string) =>
  t.call('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: id }, token)

/** The page's publication in the current store, after the queued jobs ran. */
export async function publishedNow(t: TestApi, token: string, id: string) {
  await t.drainShopifyJobs()
  const pubs = await t.call('GET', `/v2/tasks/${id}/publications`, undefined, token)
  return pubs.body.items[0]
}

export async function publishAndWait(t: TestApi, token: string, id: string) {
  const queued = await publish(t, token, id)
  if (queued.status !== 200) throw new Error(`publish ${queued.status}: ${JSON.stringify(queued.body)}`)
  return publishedNow(t, token, id)
}

/** The Admin GraphQL operations Pagewright sends from now on (by operation name), until `stop`. */
export function watchCalls(t: TestApi) {
  const network = t.deps.shopify.network
  const real = network.fetch
  const names: string[] = []
  network.fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : ''
    let query = ''
    try {
      query = String((JSON.parse(body) as { query?: unknown }).query ?? '')
    } catch {
      // not a GraphQL call
    }
    const m = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)
    if (m) names.push(m[1])
    return real(input, init)
  }
  return {
    names,
    count: (name: string) => names.filter((n) => n === name).length,
    stop: () => {
      network.fetch = real
    },
  }
}

export interface ShopProductState {
  descriptionHtml: string
  templateSuffix: string | null
  status: string
  metafield: { value: string } | null
}

/** The product as the shop has it now (read with Pagewright's token). */
export async function shopProduct(t: TestApi, shop: string, gid: string): Promise<ShopProductState> {
  const data = await shopQuery<{ product: ShopProductState }>(
    t,
    shop,
    `query($id: ID!) { product(id: $id) { descriptionHtml templateSuffix status metafield(namespace: "$app:pagewright", key: "page") { value } } }`,
    { id: gid },
  )
  return data.product
}

/** The product's gid, as the shop knows it, by handle. */
export async function productGid(t: TestApi, shop: string, handle: string): Promise<string> {
  const data = await shopQuery<{ products: { nodes: { id: string; handle: string }[] } }>(
    t,
    shop,
    '{ products(first: 50) { nodes { id handle } } }',
  )
  const found = data.products.nodes.find((p) => p.handle === handle)
  if (!found) throw new Error(`no product ${handle} in ${shop}`)
  return found.id
}

/** The storefront's product page. */
export async function storefront(t: TestApi, shop: string, handle: string): Promise<string> {
  const res = await t.demoShop.fetch(new Request(`${t.demoShop.origin(shop)}/products/${handle}`))
  return res.text()
}

/** What the owner's click on the theme-editor deep link does: the editor opens, Save adds the block. */
export async function addBlockInThemeEditor(t: TestApi, token: string, url: string) {
  const cookie = await t.webCookie(token)
  const opened = await t.demoShop.fetch(new Request(url, { headers: { cookie } }))
  const page = await opened.text()
  const saved = await t.demoShop.fetch(
    new Request(url, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: '' }),
  )
  return { opened: opened.status, page, saved: saved.status, location: saved.headers.get('location') }
}

/** A heading of the page that the product's own page does not have (the hero repeats the product's title). */
export async function pageMarker(t: TestApi, token: string, id: string): Promise<string> {
  const task = (await t.call('GET', `/v2/tasks/${id}`, undefined, token)).body
  const sections = task.page.sections as { type: string; heading?: string }[]
  const found = sections.find((s) => s.type !== 'hero' && s.heading && !s.heading.includes(task.title ?? '\u0000'))
  if (!found?.heading) throw new Error('the page has no heading of its own')
  return found.heading
}
