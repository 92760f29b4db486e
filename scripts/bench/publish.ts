import type { Publication } from '../../server/contract/publishing'
import { TASK_STATUS } from '../../server/domain/task-status'
import { request } from './http'
import { sleep, type Product } from './product'
import { signUp, tokenOfCookie } from './session'
import { num, type Column } from './table'

/** How long publishing one page into a shop takes, as the owner waits for it. */
export interface PublishTiming {
  flow: string
  runs: number
  medianMs: number
  p90Ms: number
  minMs: number
  maxMs: number
  goal: string
}

const POLL_MS = 25
const PRODUCT_HANDLE = 'aurora-pour-over-set'
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const ms = (n: number) => `${num(n)} ms`

export const TIMING_COLUMNS: Column<PublishTiming>[] = [
  { header: 'flow', align: 'left', cell: (r) => r.flow },
  { header: 'runs', cell: (r) => String(r.runs) },
  { header: 'median', cell: (r) => ms(r.medianMs) },
  { header: 'p90', cell: (r) => ms(r.p90Ms) },
  { header: 'min', cell: (r) => ms(r.minMs) },
  { header: 'max', cell: (r) => ms(r.maxMs) },
  { header: 'goal', align: 'left', cell: (r) => r.goal },
]

/**
 * Publishing into the offline demo shop through the api, as the web does it for a staff account:
 * connect a demo shop (OAuth begin → the shop's consent form → callback), wait for the catalogue
 * sync, make a page from a product, then `runs` times publish it and time until its publication
 * reads "published" (polled every 25 ms). Publishing again updates the same product page.
 */
export async function timePublishing(product: Product, runs = 10, step: (msg: string) => void = () => {}): Promise<PublishTiming> {
  // Signed up through the web: the demo shop's consent screen answers its owner's session cookie.
  const { cookie } = await signUp(product)
  const api = tokenClient(product, tokenOfCookie(cookie))
  step('connecting a demo shop through OAuth')
  const { shop } = await connectDemoShop(product, api, cookie)
  const productId = await syncedProduct(api, shop)
  step('making a page from a synced product')
  const sessionId = await finishedPage(api, productId)

  step(`timing ${runs} publishes into ${shop}`)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const queued = await api.json<Publication>('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: sessionId })
    if (queued.status !== 'queued') throw new Error(`publish answered status "${queued.status}", expected "queued"`)
    for (;;) {
      const { items } = await api.json<{ items: Publication[] }>('GET', `/v2/tasks/${sessionId}/publications`)
      const status = items[0]?.status
      if (status === 'published') break
      if (status === 'failed') throw new Error(`publishing failed: ${items[0]?.failure_reason ?? 'no reason given'}`)
      if (performance.now() - started > 60_000) throw new Error(`publishing took over 60 s (status ${status ?? 'none'})`)
      await sleep(POLL_MS)
    }
    times.push(performance.now() - started)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    flow: `publish one page to the demo shop, median of ${runs}`,
    runs,
    medianMs: pct(sorted, 50),
    p90Ms: pct(sorted, 90),
    minMs: sorted[0],
    maxMs: sorted.at(-1)!,
    goal: '≤ 2 s (GemPages: 10–20 s)',
  }
}

export interface ApiClient {
  /** A JSON call with the bearer token; anything but 2xx throws with the answer in the message. */
  json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>
}

/** Api calls as the holder of this bearer token. */
export function tokenClient(product: Product, token: string): ApiClient {
  return { json: (method, path, body) => call(product, method, path, body, token) }
}

async function call<T>(product: Product, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  const res = await request(product.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = res.body.toString('utf8')
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`)
  return JSON.parse(text) as T
}

/** A new demo shop connected to the account as its owner would: begin, approve the consent form (with themes), callback. */
export async function connectDemoShop(product: Product, api: ApiClient, ownerCookie: string): Promise<{ shop: string; storeId: string }> {
  const { shop } = await api.json<{ shop: string }>('POST', '/v2/shopify/demo-shop')
  const { store } = await approveAndConnect(product, api, shop, ownerCookie)
  return { shop, storeId: String(store.id) }
}

/**
 * The owner's side of OAuth with the demo shop: begin, approve the consent form (with themes) in
 * the owner's browser (its session cookie: the shop answers only the account that made it), callback.
 */
async function approveAndConnect(product: Product, api: ApiClient, shop: string, ownerCookie: string) {
  const begun = await api.json<{ url: string; set_cookies: string[] }>('POST', '/v2/shopify/oauth/begin', { shop })
  const consent = new URL(begun.url)
  const form = new URLSearchParams(consent.searchParams)
  form.set('themes', '1')
  const approved = await request(`${product.baseUrl}${consent.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: ownerCookie },
    body: form.toString(),
  })
  const location = approved.headers.location
  if (approved.status !== 302 || !location)
    throw new Error(`the consent form answered ${approved.status}: ${approved.body.toString().slice(0, 500)}`)
  const query = new URL(location, product.baseUrl).search.slice(1)
  const cookie = begun.set_cookies.map((c) => c.split(';')[0]).join('; ')
  return api.json<{ store: { id: number | string } }>('POST', '/v2/shopify/oauth/callback', { query, cookie })
}

/** Waits for the shop's catalogue sync and answers the catalogue id of the product to make a page from. */
async function syncedProduct(api: ApiClient, shop: string): Promise<number> {
  const deadline = performance.now() + 60_000
  for (;;) {
    const { items } = await api.json<{ items: { shop_domain: string; sync: { status: string; error: string | null } }[] }>(
      'GET',
      '/v2/shopify/stores',
    )
    const sync = items.find((s) => s.shop_domain === shop)?.sync
    if (sync?.status === 'done') break
    if (sync?.status === 'failed') throw new Error(`the catalogue sync failed: ${sync.error ?? 'no reason given'}`)
    if (performance.now() > deadline) throw new Error(`the catalogue sync took over 60 s (status ${sync?.status ?? 'no store'})`)
    await sleep(POLL_MS)
  }
  const { items } = await api.json<{ items: { id: number; handle: string }[] }>('GET', '/v2/shopify_products/?page_size=100')
  const found = items.find((p) => p.handle === PRODUCT_HANDLE)
  if (!found) throw new Error(`the synced catalogue has no ${PRODUCT_HANDLE} (${items.length} products)`)
  return found.id
}

/** A page made from the product (POST create_task), once it is completed; its session id. */
async function finishedPage(api: ApiClient, productId: number): Promise<string> {
  const task = await api.json<{ session_id: string }>('POST', '/v2/shopify_products/create_task', { product_id: productId })
  const deadline = performance.now() + 60_000
  for (;;) {
    const { status } = await api.json<{ status: number }>('GET', `/v2/tasks/${task.session_id}`)
    if (status === TASK_STATUS.completed) return task.session_id
    if (status === TASK_STATUS.failed) throw new Error('making the page failed')
    if (performance.now() > deadline) throw new Error(`making the page took over 60 s (status ${status})`)
    await sleep(POLL_MS)
  }
}
