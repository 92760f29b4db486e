import { randomBytes } from 'node:crypto'
import { CookieJar, request } from '../../../scripts/bench/http'
import type { Product } from '../../../scripts/bench/product'
import { connectDemoShop, tokenClient } from '../../../scripts/bench/publish'
import { signUp, tokenOfCookie } from '../../../scripts/bench/session'
import type { DbKind } from '../../helpers/db'
import { startServerOn, type Server } from '../server-on'

export type { Server }

/** A signed-in account: its web cookie, its api access token, and what it owns. */
export interface Account {
  email: string
  cookie: string
  token: string
  uuid: string
  invitationCode: string
  /** session_id of a finished page. */
  task: string
}

/** The running server and the data the hostile requests aim at (real ids make them reach further). */
export interface World {
  product: Product
  owner: Account
  other: Account
  /** session_id of a page still at the outline step (owner's). */
  outlineTask?: string
  storeId?: string
  productIds: string[]
  /** A cookie of a sign-in waiting for its code (signed out, but /account/verify has a form). */
  signingInCookie: string
  notes: string[]
}

/** The built server on this database kind, with rate limits high enough that the hostile bodies reach the handlers. */
export const startServer = (kind: DbKind): Promise<Server> =>
  // The demo shop is off in a Postgres deployment unless turned on; the world connects one.
  startServerOn(kind, { AUTH_RATE_LIMIT_PER_IP: '1000000', LOG_LEVEL: 'info', DEMO_SHOP: 'on' })

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function api(product: Product, method: string, path: string, token: string, body?: unknown) {
  const res = await request(product.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = res.body.toString('utf8')
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = text
  }
  return { status: res.status, json, headers: res.headers }
}

/** A new account (staff domain, so its pages show at once) with a finished page. */
export async function newAccount(product: Product, opts: { withPage: boolean }): Promise<Account> {
  const { email, cookie } = await signUp(product)
  const token = tokenOfCookie(cookie)
  const me = await api(product, 'GET', '/v2/auth/me', token)
  if (me.status !== 200) throw new Error(`GET /v2/auth/me with the session's token answered ${me.status}`)
  const task = opts.withPage ? await generate(product, cookie, 'generate') : ''
  return { email, cookie, token, uuid: me.json.uuid, invitationCode: me.json.invitation_code, task }
}

/** POST /generate as the page's form does; for `generate`, waits until the page is written. Returns its session_id. */
async function generate(product: Product, cookie: string, intent: 'generate' | 'outline'): Promise<string> {
  const url = `${product.baseUrl}/demo-store/products/aurora-pour-over-set`
  const created = await request(`${product.baseUrl}/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form({ mode: 'url', intent, url }),
  })
  const location = String(created.headers.location ?? '')
  const id = new URL(location || '/', product.baseUrl).searchParams.get('session_id')
  if (created.status !== 302 || !id)
    throw new Error(`POST /generate (${intent}) answered ${created.status} → ${location || '(no location)'}`)
  const deadline = Date.now() + 60_000
  for (;;) {
    const res = await request(product.baseUrl + location, { headers: { cookie } })
    if (intent === 'outline' && res.status === 200 && /name="title"/.test(res.body.toString())) return id
    if (res.status === 302) {
      const next = String(res.headers.location)
      if (intent === 'generate' && next.startsWith('/productv2/')) return id
      if (intent === 'outline' && next.startsWith('/guidev3/outline')) return id
    }
    if (Date.now() > deadline)
      throw new Error(`${intent} of a page did not finish within 60 s (last: ${res.status} ${res.headers.location ?? ''})`)
    await sleep(100)
  }
}

/** The demo shop connected through its consent screen (as its owner's browser would), its catalogue synced. */
async function connectShop(product: Product, owner: Account): Promise<{ storeId: string; productIds: string[] }> {
  const { token } = owner
  const { storeId } = await connectDemoShop(product, tokenClient(product, token), owner.cookie)
  const deadline = Date.now() + 30_000
  for (;;) {
    const list = await api(product, 'GET', '/v2/shopify_products/', token)
    const items = (list.json?.items ?? []) as { id: number }[]
    if (items.length) return { storeId, productIds: items.map((i) => String(i.id)) }
    if (Date.now() > deadline) return { storeId, productIds: [] }
    await sleep(200)
  }
}

/** A cookie of a sign-up that waits for its code (POST /account/sign-up with a fresh e-mail). */
async function signingIn(product: Product): Promise<string> {
  const jar = new CookieJar()
  const res = await request(`${product.baseUrl}/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ name: 'Pending User', email: `pending-${randomBytes(5).toString('hex')}@staff.bench.test` }),
  })
  jar.update(res.headers)
  return jar.header()
}

/** Accounts, a page each, a page at its outline step, the demo shop: what the hostile requests aim at. */
export async function buildWorld(product: Product): Promise<World> {
  const notes: string[] = []
  const owner = await newAccount(product, { withPage: true })
  const other = await newAccount(product, { withPage: true })
  let outlineTask: string | undefined
  try {
    outlineTask = await generate(product, owner.cookie, 'outline')
  } catch (e) {
    notes.push(`no outline-step page: ${(e as Error).message}`)
  }
  let storeId: string | undefined
  let productIds: string[] = []
  try {
    ;({ storeId, productIds } = await connectShop(product, owner))
    if (!productIds.length) notes.push('the demo shop connected but no products were synced within 30 s')
  } catch (e) {
    notes.push(`demo shop not connected: ${(e as Error).message}`)
  }
  return { product, owner, other, outlineTask, storeId, productIds, signingInCookie: await signingIn(product), notes }
}

/** Is the token still signed in? */
export async function stillSignedIn(product: Product, token: string): Promise<boolean> {
  return (await api(product, 'GET', '/v2/auth/me', token)).status === 200
}
