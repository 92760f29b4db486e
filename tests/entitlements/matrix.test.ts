/**
 * One allowance, one place: every allowance of the plans, driven through the web's actions (plain
 * form posts, JavaScript off) AND through the api, for a free, a Pro and a staff account. Each side
 * acts on an account of its own set up the same way; the matrix asserts both sides give the same
 * answer and that the answer is the one the plan table says. A rule changed on one side alone
 * (a web pre-check, an api service) makes a row disagree.
 */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeToasts } from '~/.server/session'
import * as connect from '~/routes/_blank.connect-shopify'
import * as generate from '~/routes/_blank.generate'
import * as productView from '~/routes/_blank.productv2.$id'
import { FREE_PRODUCT_LIMIT } from '../../server/domain/entitlements'
import type { Role } from '../../server/domain/user'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop } from '../shopify/connect'
import { CookieJar, body, get, post, run, runResponse, sessionCookie, WEB } from '../web/helpers'

const ROLES: Role[] = ['free', 'paid', 'admin']
const SIDES = ['web', 'api'] as const
type Side = (typeof SIDES)[number]
/** 'allowed', a refusal's permission name, or what else happened (a status, an error toast). */
type Outcome = string

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`
const MARKETPLACE = 'https://www.aliexpress.com/item/1005006.html'

/** What the plan table says, per allowance and role. */
const EXPECTED: Record<string, Record<Role, Outcome>> = {
  generate: { free: 'allowed', paid: 'allowed', admin: 'allowed' },
  'generate, 40 credits left': { free: 'generate', paid: 'generate', admin: 'generate' },
  outline: { free: 'allowed', paid: 'allowed', admin: 'allowed' },
  'marketplace import': { free: 'all_urls', paid: 'allowed', admin: 'allowed' },
  share: { free: 'share', paid: 'allowed', admin: 'allowed' },
  private: { free: 'set_private', paid: 'allowed', admin: 'allowed' },
  'gallery (trending)': { free: 'share', paid: 'allowed', admin: 'allowed' },
  'hide window: seeing a new page': { free: 'hidden', paid: 'visible', admin: 'visible' },
  'hide window: publishing a new page': { free: 'see_now', paid: 'allowed', admin: 'allowed' },
  'publish, first, one slot': { free: 'allowed', paid: 'allowed', admin: 'allowed' },
  'publish, first, no slot left': { free: 'publish', paid: 'allowed', admin: 'allowed' },
  're-publish, no slot left': { free: 'allowed', paid: 'allowed', admin: 'allowed' },
  'product maximum': { free: 'max_products', paid: 'allowed', admin: 'allowed' },
  'second store': { free: 'stores', paid: 'allowed', admin: 'allowed' },
  'referral slot from a demo shop': { free: 'no slot', paid: 'no slot', admin: 'no slot' },
  'gallery lists the page': { free: 'not listed', paid: 'listed', admin: 'listed' },
}

/** The web's answer: a dialog opened through the URL names its refusal; an error toast or status is kept as it is. */
const REASON_TO_PERMISSION: Record<string, string> = { private: 'set_private' }
async function webOutcome(res: Response): Promise<Outcome> {
  if (res.status >= 400) return `status ${res.status}`
  const url = new URL(res.headers.get('location') ?? '/', WEB)
  const dialog = url.searchParams.get('dialog')
  if (dialog === 'refer') return 'publish'
  if (dialog === 'upgrade') {
    const reason = url.searchParams.get('reason') ?? ''
    return REASON_TO_PERMISSION[reason] ?? reason
  }
  const flash = res.headers.getSetCookie().find((c) => c.startsWith('__pw_flash='))
  if (flash) {
    const { toasts } = await takeToasts(new Request(WEB, { headers: { cookie: flash.split(';')[0] } }))
    const error = toasts.find((toast) => toast.type === 'error')
    if (error) return `error: ${error.text}`
  }
  return 'allowed'
}

const apiOutcome = (res: { status: number; body: any }): Outcome =>
  res.status < 300 ? 'allowed' : res.status === 403 ? String(res.body.permission) : `status ${res.status}: ${res.body?.error}`

describe.each(DB_KINDS)('every allowance, the same through the web and the api, on %s', (kind) => {
  let t: TestApi
  const ctx: AppLoadContext = {
    apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })),
    clientIp: '198.51.100.20',
  }
  /** outcomes[allowance][role][side] */
  const outcomes: Record<string, Partial<Record<Role, Partial<Record<Side, Outcome>>>>> = {}
  const record = (allowance: string, role: Role, side: Side, outcome: Outcome) => {
    ;((outcomes[allowance] ??= {})[role] ??= {})[side] = outcome
  }

  interface Person {
    email: string
    token: string
    jar: CookieJar
  }
  let serial = 0
  async function person(role: Role, label: string, invitedBy?: string): Promise<Person> {
    const email = `${label.replace(/\W+/g, '-')}-${role}-${++serial}@example.com`
    let token: string
    if (invitedBy) {
      expect((await t.call('POST', '/v2/auth/send-code', { email, name: 'Ivy Invitee', invited_by: invitedBy })).status).toBe(200)
      const verified = await t.call('POST', '/v2/auth/verify', { email, code: t.mails.at(-1)!.code })
      token = verified.body.access_token
      t.clock.advance(31_000)
    } else {
      token = (await t.signIn(email, 'Matrix Person')).token
    }
    if (role !== 'free') await t.setUser(email, { role })
    const jar = new CookieJar()
    jar.take(`${await sessionCookie({ token })}; Path=/`)
    return { email, token, jar }
  }

  /** The account's page at `path`, posted as a browser without JS would. */
  const webPost = async (p: Person, path: string, fields: Record<string, string>, action: (args: any) => unknown) =>
    webOutcome(await runResponse(action as never, post(path, fields, p.jar), { context: ctx, params: { id: path.split('/').pop() } }))

  /** A finished page made from a catalogue product (no price needed to publish). */
  async function cataloguePage(p: Person, productId: number) {
    const made = await t.call('POST', '/v2/shopify_products/create_task', { product_id: productId }, p.token)
    expect(made.status).toBe(201)
    await t.drainJobs()
    return made.body.session_id as string
  }
  async function catalogue(p: Person): Promise<number[]> {
    const list = await t.call('GET', '/v2/shopify_products/?page_size=20', undefined, p.token)
    return list.body.items.map((i: { id: number }) => i.id)
  }
  const publishVia = (side: Side, p: Person, id: string, storeId: number) =>
    side === 'web'
      ? webPost(p, `/productv2/${id}`, { intent: 'publish', session_id: id, store_id: String(storeId) }, productView.action)
      : t.call('POST', '/v2/tasks/push_to_shopify_with_theme_queue', { session_id: id, store_id: storeId }, p.token).then(apiOutcome)

  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t?.close())

  it('generate, outline and marketplace imports', async () => {
    for (const role of ROLES)
      for (const side of SIDES) {
        const p = await person(role, 'gen')
        const url = DEMO('aurora-pour-over-set')
        record(
          'generate',
          role,
          side,
          side === 'web'
            ? await webPost(p, '/generate', { intent: 'generate', mode: 'url', url }, generate.action)
            : apiOutcome(await t.call('POST', '/v2/tasks/create', { url }, p.token)),
        )
        record(
          'outline',
          role,
          side,
          side === 'web'
            ? await webPost(p, '/generate', { intent: 'outline', mode: 'url', url }, generate.action)
            : apiOutcome(await t.call('POST', '/v3/tasks/create_by_url', { url }, p.token)),
        )
        record(
          'marketplace import',
          role,
          side,
          side === 'web'
            ? await webPost(p, '/generate', { intent: 'generate', mode: 'url', url: MARKETPLACE }, generate.action)
            : apiOutcome(await t.call('POST', '/v2/tasks/create', { url: MARKETPLACE }, p.token)),
        )
        await t.setUser(p.email, { credits: 40 })
        record(
          'generate, 40 credits left',
          role,
          side,
          side === 'web'
            ? await webPost(p, '/generate', { intent: 'generate', mode: 'url', url }, generate.action)
            : apiOutcome(await t.call('POST', '/v2/tasks/create', { url }, p.token)),
        )
      }
  })

  it('share, private, the gallery and the hide window', async () => {
    const chosen: { role: Role; side: Side; id: string }[] = []
    for (const role of ROLES)
      for (const side of SIDES) {
        const p = await person(role, 'share')
        const made = await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, p.token)
        await t.drainJobs()
        const id = made.body.session_id as string
        chosen.push({ role, side, id })
        const seen =
          side === 'web'
            ? (await body(await run(productView.loader as never, get(`/productv2/${id}`, p.jar), { context: ctx, params: { id } }))).readyAt
            : (await t.call('GET', `/v2/tasks/${id}`, undefined, p.token)).body.hidden_until
        record('hide window: seeing a new page', role, side, seen ? 'hidden' : 'visible')
        const act = async (intent: string, body: Record<string, unknown> | 'share') =>
          side === 'web'
            ? webPost(p, `/productv2/${id}`, { intent, session_id: id }, productView.action)
            : body === 'share'
              ? apiOutcome(await t.call('GET', `/v2/tasks/${id}/share_link`, undefined, p.token))
              : apiOutcome(await t.call('PUT', `/v2/tasks/${id}`, body, p.token))
        record('share', role, side, await act('share', 'share'))
        record('gallery (trending)', role, side, await act('show-in-gallery', { in_gallery: true }))
        record('private', role, side, await act('make-private', { is_public: false }))
        await act('make-public', { is_public: true })
      }
    // Past the hide window, the gallery shows the pages Pro owners chose to show, and no free page.
    t.clock.advance(46 * 60_000)
    const gallery = await t.call('POST', '/v2/tasks/public?page_size=60')
    const listed = new Set<string>(gallery.body.items.map((i: { session_id: string }) => i.session_id))
    for (const { role, side, id } of chosen) record('gallery lists the page', role, side, listed.has(id) ? 'listed' : 'not listed')
  })

  it('publishing: the hide window, slots, re-publishing and the product maximum', async () => {
    const people = new Map<string, { p: Person; storeId: number; products: number[]; pages: string[] }>()
    // 1. A page made just now, published at once.
    for (const role of ROLES)
      for (const side of SIDES) {
        const p = await person(role, 'pub')
        const { store } = await connectDemoShop(t, p.token)
        const products = await catalogue(p)
        const a = await cataloguePage(p, products[0])
        people.set(`${role}-${side}`, { p, storeId: store.id, products, pages: [a] })
        record('hide window: publishing a new page', role, side, await publishVia(side, p, a, store.id))
      }
    t.clock.advance(46 * 60_000)
    // 2. The same page once it shows: a free account's first publish spends its one slot.
    for (const role of ROLES)
      for (const side of SIDES) {
        const { p, storeId, pages } = people.get(`${role}-${side}`)!
        record('publish, first, one slot', role, side, await publishVia(side, p, pages[0], storeId))
      }
    await t.drainShopifyJobs()
    // 3. A second page: no slot left on the free plan.
    for (const role of ROLES)
      for (const side of SIDES) {
        const entry = people.get(`${role}-${side}`)!
        entry.pages.push(await cataloguePage(entry.p, entry.products[1]))
      }
    t.clock.advance(46 * 60_000)
    for (const role of ROLES)
      for (const side of SIDES) {
        const { p, storeId, pages } = people.get(`${role}-${side}`)!
        record('publish, first, no slot left', role, side, await publishVia(side, p, pages[1], storeId))
        // 4. Publishing the first page again is free.
        record('re-publish, no slot left', role, side, await publishVia(side, p, pages[0], storeId))
      }
    // 5. A page that would add a product to a catalogue already at the free maximum.
    for (const role of ROLES)
      for (const side of SIDES) {
        const { p, storeId, products } = people.get(`${role}-${side}`)!
        await t.db.database.sql.executeSql(
          `INSERT INTO shopify_products (store_id, shopify_id, handle, title, status)
             SELECT $1, 'gid://shopify/Product/77' || g, 'filler-' || g, 'Filler ' || g, 'ACTIVE' FROM generate_series(1, $2) g`,
          [storeId, FREE_PRODUCT_LIMIT - products.length],
        )
        const made = await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, p.token)
        await t.drainJobs()
        people.get(`${role}-${side}`)!.pages.push(made.body.session_id)
      }
    t.clock.advance(46 * 60_000)
    for (const role of ROLES)
      for (const side of SIDES) {
        const { p, storeId, pages } = people.get(`${role}-${side}`)!
        const id = pages[2]
        const current = await t.call('GET', `/v2/tasks/${id}/page`, undefined, p.token)
        const page = { ...current.body.page, owner: { ...current.body.page.owner, price: 19, compareAt: null, currency: 'USD' } }
        expect((await t.call('PUT', `/v2/tasks/${id}/page`, { page, base_version: current.body.version }, p.token)).status).toBe(200)
        record('product maximum', role, side, await publishVia(side, p, id, storeId))
      }
    // 6. A second store.
    for (const role of ROLES)
      for (const side of SIDES) {
        const { p } = people.get(`${role}-${side}`)!
        record(
          'second store',
          role,
          side,
          side === 'web'
            ? await webPost(p, '/connect-shopify', { intent: 'demo' }, connect.action)
            : apiOutcome(await t.call('POST', '/v2/shopify/demo-shop', undefined, p.token)),
        )
      }
  })

  it('referral slots: an invitee connecting a demo shop earns the referrer nothing', async () => {
    for (const role of ROLES)
      for (const side of SIDES) {
        const inviter = await person(role, 'inviter')
        const code = (await t.call('POST', '/v2/auth/me', {}, inviter.token)).body.invitation_code
        const slots = async () => (await t.call('POST', '/v2/auth/me', {}, inviter.token)).body.publish_pages_count as number
        const before = await slots()
        const invitee = await person('free', 'invitee', code)
        if (side === 'web') {
          // The web's button makes the shop and starts Shopify's approval; the rest is the same OAuth.
          expect(await webPost(invitee, '/connect-shopify', { intent: 'demo' }, connect.action)).toBe('allowed')
        }
        await connectDemoShop(t, invitee.token, { sync: false })
        record('referral slot from a demo shop', role, side, (await slots()) > before ? 'slot earned' : 'no slot')
      }
  })

  it('the web and the api agree on every row, and both follow the plan table', () => {
    const table = Object.entries(outcomes).flatMap(([allowance, byRole]) =>
      ROLES.map((role) => ({ allowance, role, web: byRole[role]?.web, api: byRole[role]?.api, expected: EXPECTED[allowance][role] })),
    )
    expect(table.length).toBe(Object.keys(EXPECTED).length * ROLES.length)
    for (const row of table) {
      expect(row.web, `${row.allowance} for ${row.role}: web and api disagree`).toBe(row.api)
      expect(row.web, `${row.allowance} for ${row.role}`).toBe(row.expected)
    }
  })
})
