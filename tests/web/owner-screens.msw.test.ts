/**
 * Owner screens: local times for the hide window, waiting pages in favourites and archived,
 * sharing from a list without JS, the demo product button, the credits denial and the outline
 * editor's way back to the section that changed. Loaders and actions against contract-checked mocks.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '~/root'
import * as generate from '~/routes/_blank.generate'
import * as outlineRoute from '~/routes/_blank.guidev3.outline'
import * as myPages from '~/routes/_default._index'
import { contract } from '../../server/contract'
import type { TaskDetail, TaskSummary, WaitingTask } from '../../server/contract/tasks'
import { apiError, mockRoute } from './contract-mocks'
import { body, fakeUser, get, location, post, run, runResponse, sessionCookie } from './helpers'
import { createMsw } from './msw'

const msw = createMsw()
beforeAll(() => msw.server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => msw.reset())
afterEach(() => msw.server.resetHandlers())
afterAll(() => msw.server.close())

const TOKEN = 'pwt_owner'
const signedIn = () => sessionCookie({ token: TOKEN })
const me = (user = fakeUser()) => mockRoute(contract.auth.me, () => user)

const ID = '7d4c1e0a-5b7f-4a57-9f7e-6a3c1a2b9d10'
const READY = '2026-11-23T12:35:00.000Z'

const summary = (overrides: Partial<TaskSummary> = {}): TaskSummary => ({
  id: 1,
  session_id: ID,
  data_status: 1,
  page_template_id: null,
  created_at: '2026-11-23T11:50:00.000Z',
  url: 'https://shop.example/products/lamp',
  status: 10,
  flow: 'direct',
  step: null,
  failure_reason: null,
  note: null,
  title: 'Desk Lamp',
  image: null,
  platform: 'shopify',
  is_public: true,
  in_gallery: false,
  is_favorite: false,
  completed_at: '2026-11-23T11:51:00.000Z',
  refunded: false,
  ...overrides,
})

const detail = (overrides: Partial<TaskDetail> = {}): TaskDetail => ({
  ...summary(),
  status: 1,
  completed_at: null,
  outline: null,
  page: null,
  source: null,
  hidden_until: null,
  page_version: 0,
  ...overrides,
})

const waiting = (overrides: Partial<WaitingTask> = {}): WaitingTask => ({
  id: 2,
  session_id: ID,
  data_status: 1,
  created_at: '2026-11-23T11:50:00.000Z',
  url: 'https://shop.example/products/lamp',
  title: 'Desk Lamp',
  platform: 'shopify',
  is_favorite: true,
  hidden_until: READY,
  ...overrides,
})

describe('the viewer clock the server formats hide-window times with', () => {
  const clockFor = async (headers: Record<string, string>) => {
    const req = get('/')
    for (const [k, v] of Object.entries(headers)) req.headers.set(k, v)
    return (await body(await run(rootLoader, req))).clock
  }

  it('uses the tz cookie the browser set, when Intl knows the zone', async () => {
    expect(await clockFor({ cookie: 'tz=America%2FNew_York', 'accept-language': 'en-GB,en;q=0.8' })).toEqual({
      timeZone: 'America/New_York',
      locale: 'en-GB',
    })
  })

  it('ignores a tz cookie that is not a time zone, and guesses from Accept-Language, else UTC', async () => {
    expect(await clockFor({ cookie: 'tz=Mars%2FOlympus', 'accept-language': 'de-DE,de;q=0.9' })).toEqual({
      timeZone: 'Europe/Berlin',
      locale: 'de-DE',
    })
    expect(await clockFor({ cookie: 'tz=%3Cscript%3E', 'accept-language': 'fr-FR' })).toMatchObject({ timeZone: 'Europe/Paris' })
    // A region with several clocks (Portugal has the Azores, the US many), a bare language, or nothing at all: UTC.
    expect(await clockFor({ 'accept-language': 'pt-PT' })).toMatchObject({ timeZone: 'UTC' })
    expect(await clockFor({ 'accept-language': 'en-US,en;q=0.9' })).toEqual({ timeZone: 'UTC', locale: 'en-US' })
    expect(await clockFor({ 'accept-language': 'fr' })).toEqual({ timeZone: 'UTC', locale: 'fr' })
    expect(await clockFor({})).toEqual({ timeZone: 'UTC', locale: 'en-US' })
  })
})

describe('lists', () => {
  const listOf = (items: TaskSummary[], waitingItems: WaitingTask[]) => ({
    items,
    total: items.length,
    page: 1,
    page_size: 24,
    hidden: { count: waitingItems.length, next_ready_at: waitingItems[0]?.hidden_until ?? null },
    waiting: waitingItems,
  })

  it('favourites hand a hidden favourite to the screen as waiting (title and time, no page)', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.favorites.list, () => listOf([], [waiting()])),
    )
    const data = await body(await runResponse(myPages.loader, get('/?view=favorites', await signedIn())))
    expect(data.view).toBe('favorites')
    expect(data.items).toEqual([])
    expect(data.waiting).toEqual([waiting()])
    expect(data.waiting[0]).not.toHaveProperty('page')
  })

  it('archived too', async () => {
    msw.server.use(
      me(),
      mockRoute(contract.tasks.list, () => listOf([], [waiting({ data_status: 2 })])),
    )
    const data = await body(await runResponse(myPages.loader, get('/?view=archived', await signedIn())))
    expect(msw.to('/v2/tasks/')[0].path).toContain('data_status=2')
    expect(data.waiting).toEqual([waiting({ data_status: 2 })])
  })

  it('?share= opens the share link on that card (sharing without JS is a plain link)', async () => {
    const pro = fakeUser({ role: 'paid' })
    msw.server.use(
      me(pro),
      mockRoute(contract.tasks.list, () => listOf([summary()], [])),
    )
    const cookie = await signedIn()
    const data = await body(await runResponse(myPages.loader, get(`/?share=${ID.toUpperCase()}`, cookie)))
    expect(data).toMatchObject({ sharing: ID, canShare: true })
    expect((await body(await runResponse(myPages.loader, get('/?share=../../etc', cookie)))).sharing).toBeNull()
    expect((await body(await runResponse(myPages.loader, get('/', cookie)))).sharing).toBeNull()
  })
})

describe('/generate', () => {
  it('offers the demo product as a one-click form on the public URL', async () => {
    msw.server.use(me())
    const data = await body(await runResponse(generate.loader, get('/generate', await signedIn())))
    expect(data.demoUrl).toMatch(/^https?:\/\/[^/]+\/demo-store\/products\/aurora-pour-over-set$/)
  })

  it('the demo form posts that link and lands on the progress screen', async () => {
    msw.server.use(
      me(fakeUser({ remaining_credit_count: 200 })),
      mockRoute(contract.tasks.create, () => detail()),
    )
    const cookie = await signedIn()
    const { demoUrl } = await body(await runResponse(generate.loader, get('/generate', cookie)))
    const res = await run(generate.action, post('/generate', { mode: 'url', url: demoUrl, intent: 'generate' }, cookie))
    expect(location(res)).toBe(`/guidev3/generating?session_id=${ID}`)
    expect(await msw.to('/v2/tasks/create')[0].json()).toEqual({ url: demoUrl, page_template_id: null })
  })

  it('a Pro user with 40 credits gets the credits dialog, not a change-of-plan one', async () => {
    msw.server.use(me(fakeUser({ role: 'paid', remaining_credit_count: 40 })))
    const res = await run(
      generate.action,
      post('/generate', { mode: 'url', url: 'https://shop.example/products/lamp', intent: 'generate' }, await signedIn()),
    )
    expect(location(res)).toBe('/generate?mode=url&url=https%3A%2F%2Fshop.example%2Fproducts%2Flamp&dialog=upgrade&reason=generate')
    expect(msw.to('/v2/tasks/create')).toHaveLength(0)
  })

  it('pasted text and "review the outline first" start the page through their own api calls', async () => {
    msw.server.use(
      me(fakeUser({ remaining_credit_count: 200 })),
      mockRoute(contract.tasks.createFromText, () => detail()),
      mockRoute(contract.tasks.createByUrl, () => detail({ status: 1 })),
    )
    const cookie = await signedIn()
    const text = 'A hand-glazed ceramic dripper with a 600 ml glass carafe, dishwasher safe.'
    const fromText = await run(generate.action, post('/generate', { mode: 'text', text, intent: 'generate' }, cookie))
    expect(location(fromText)).toBe(`/guidev3/generating?session_id=${ID}`)
    expect(await msw.to('/v3/tasks/create')[0].json()).toMatchObject({ text })
    const url = 'https://shop.example/products/lamp'
    const outline = await run(generate.action, post('/generate', { mode: 'url', url, intent: 'outline' }, cookie))
    expect(location(outline)).toBe(`/guidev3/generating?session_id=${ID}`)
    expect(await msw.to('/v3/tasks/create_by_url')[0].json()).toMatchObject({ url })
  })

  it("the api's refusal opens its dialog; its failure is a message on the form, nothing started", async () => {
    const url = 'https://shop.example/products/lamp'
    msw.server.use(
      me(fakeUser({ remaining_credit_count: 200 })),
      mockRoute(contract.tasks.create, () => apiError(403, 'Not enough credits.', { permission: 'generate' })),
    )
    const cookie = await signedIn()
    const refused = await run(generate.action, post('/generate', { mode: 'url', url, intent: 'generate' }, cookie))
    expect(location(refused)).toMatch(/^\/generate\?mode=url&url=https%3A%2F%2Fshop\.example%2Fproducts%2Flamp&dialog=upgrade/)
    msw.server.use(mockRoute(contract.tasks.create, () => apiError(503, 'The page service is restarting.')))
    const failed = await runResponse(generate.action, post('/generate', { mode: 'url', url, intent: 'generate' }, cookie))
    expect(failed.status).toBe(503)
    expect(JSON.stringify(await failed.json())).toContain('The page service is restarting.')
  })
})

describe('outline editor', () => {
  const sections = [
    { id: 'hero1', type: 'hero', title: 'Hero', points: '' },
    { id: 'ben1', type: 'benefits', title: 'Benefits', points: 'Light' },
    { id: 'faq1', type: 'faq', title: 'FAQ', points: '' },
  ]
  const form = (intent: string) => {
    const body = new URLSearchParams({ intent })
    for (const s of sections) for (const [k, v] of Object.entries(s)) body.append(k, v)
    return body
  }
  const postOutline = async (intent: string) => {
    const req = post(`/guidev3/outline?session_id=${ID}`, {}, await signedIn())
    return run(outlineRoute.action, new Request(req.url, { method: 'POST', body: form(intent), headers: req.headers }))
  }

  beforeEach(() => {
    msw.server.use(
      me(),
      mockRoute(contract.tasks.saveOutline, () => detail({ status: 4 })),
    )
  })

  it.each([
    ['up:2', 'faq1'],
    ['down:0', 'hero1'],
    ['remove:1', 'faq1'],
  ])('%s comes back to #section-%s', async (intent, id) => {
    expect(location(await postOutline(intent))).toBe(`/guidev3/outline?session_id=${ID}#section-${id}`)
  })

  it('add comes back to the new section; save to the top', async () => {
    expect(location(await postOutline('add:specs'))).toMatch(new RegExp(`^/guidev3/outline\\?session_id=${ID}#section-s[0-9a-f]{8}$`))
    const saved = await msw.to(`/v3/tasks/outline/${ID}`, 'PUT')[0].json()
    expect(saved.outline.sections.at(-1)).toMatchObject({ type: 'specs' })
    expect(location(await postOutline('save'))).toBe(`/guidev3/outline?session_id=${ID}`)
  })

  it('a refused save still goes to the progress screen', async () => {
    msw.server.use(
      mockRoute(contract.tasks.saveOutline, () => apiError(409, 'The outline can only be changed before the page is written.')),
    )
    expect(location(await postOutline('up:1'))).toBe(`/guidev3/generating?session_id=${ID}`)
  })
})
