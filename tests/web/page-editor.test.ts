/**
 * The page editor's JS-off posts against the real api and database: every kind of edit is a new
 * version, stale forms are refused without losing anything, restore and regenerate work.
 */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as editor from '~/routes/_blank.product-edit.$id'
import * as share from '~/routes/_blank.share.$id'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { body, get, location, post, run, runResponse, sessionCookie } from './helpers'

describe.each(DB_KINDS)('page editor on %s', (kind) => {
  let t: TestApi
  let cookie: string
  let id: string
  const ctx: AppLoadContext = { apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })), clientIp: '198.51.100.9' }

  beforeAll(async () => {
    t = await createTestApi(kind)
    const { token } = await t.signIn('owner@example.com', 'Olu Owner')
    await t.setUser('owner@example.com', { role: 'paid', credits: 4000 })
    cookie = await sessionCookie({ token })
    const created = await t.call('POST', '/v2/tasks/create', { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` }, token)
    await t.drainJobs()
    id = created.body.session_id
  })
  afterAll(() => t?.close())

  const params = () => ({ id })
  const load = async () => body(await runResponse(editor.loader, get(`/product-edit/${id}`, cookie), { context: ctx, params: params() }))
  const send = (fields: Record<string, string>) =>
    runResponse(editor.action, post(`/product-edit/${id}`, fields, cookie), { context: ctx, params: params() })
  const shopperHtml = async () =>
    JSON.stringify(await body(await runResponse(share.loader, get(`/share/${id}`), { context: ctx, params: params() })))

  it('shows the page, the owner facts and the history', async () => {
    const data = await load()
    expect(data).toMatchObject({ version: 1, history: [{ version: 1, kind: 'generated' }] })
    expect(data.page.sections[0].type).toBe('hero')
    // A store's own listing: its price and product page are the owner's defaults.
    expect(data.page.owner).toMatchObject({ price: 48, currency: 'USD' })
  })

  it('edits a section, returns to its anchor, and the shopper page shows it', async () => {
    const res = await send({
      intent: 'section',
      base_version: '1',
      section_id: 'hero',
      heading: 'Pour-over, perfected',
      subheading: 'One great cup.',
      ctaLabel: 'Get yours',
    })
    expect(res.status).toBe(302)
    expect(location(res)).toBe(`/product-edit/${id}#edit-hero`)
    expect((await load()).version).toBe(2)
    expect(await shopperHtml()).toContain('Pour-over, perfected')
  })

  it('a form from an older version is refused (409) and the page is unchanged', async () => {
    const res = await send({ intent: 'section', base_version: '1', section_id: 'hero', heading: 'Stale edit' })
    expect(res.status).toBe(409)
    expect((await body(res)).error).toMatch(/changed in another window/)
    const data = await load()
    expect(data.version).toBe(2)
    expect(data.page.sections[0].heading).toBe('Pour-over, perfected')
  })

  it('owner price and buy target reach shoppers; bad input is a 400 with the message', async () => {
    const bad = await send({
      intent: 'owner',
      base_version: '2',
      price: 'cheap',
      compare_at: '',
      currency: 'USD',
      buy_url: 'not a url',
      guarantee: '',
      shipping: '',
      returns: '',
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await body(bad))).toMatch(/Enter a price such as 24.99/)
    const ok = await send({
      intent: 'owner',
      base_version: '2',
      price: '24,99',
      compare_at: '39',
      currency: 'usd',
      buy_url: 'https://mystore.example/products/aurora',
      guarantee: 'Love it or send it back within 30 days.',
      shipping: 'Ships in 2–4 business days.',
      returns: '',
    })
    expect(ok.status).toBe(302)
    const html = await shopperHtml()
    expect(html).toContain('"amount":24.99')
    expect(html).toContain('https://mystore.example/products/aurora')
    expect(html).toContain('Ships in 2–4 business days.')
  })

  it('adds a guarantee section that asks for the owner’s text; moves, hides and removes sections', async () => {
    const added = await send({ intent: 'add', base_version: '3', type: 'faq', after: 'hero' })
    expect(location(added)).toMatch(/#edit-faq-\d+$/)
    let data = await load()
    const newId = data.page.sections[1].id
    expect(data.page.sections[1]).toMatchObject({ type: 'faq', items: [{ question: '', answer: '' }] })
    // An empty new section is not shown to shoppers until it is filled in.
    expect(await shopperHtml()).not.toContain(newId)
    await send({
      intent: 'section',
      base_version: String(data.version),
      section_id: newId,
      heading: 'Questions',
      'items.0.question': 'Is it dishwasher safe?',
      'items.0.answer': 'Yes, on the top rack.',
    })
    data = await load()
    await send({ intent: 'down', base_version: String(data.version), section_id: newId })
    data = await load()
    expect(data.page.sections[2].id).toBe(newId)
    await send({ intent: 'hide', base_version: String(data.version), section_id: newId })
    expect(await shopperHtml()).not.toContain('Is it dishwasher safe?')
    data = await load()
    await send({ intent: 'remove', base_version: String(data.version), section_id: newId })
    data = await load()
    expect(data.page.sections.some((s: { id: string }) => s.id === newId)).toBe(false)
  })

  it('a theme colour that breaks our colour rule (reference §8.2) is refused with its message', async () => {
    const data = await load()
    const res = await send({
      intent: 'theme',
      base_version: String(data.version),
      primary: 'red',
      accent: '#ff6600',
      background: '#ffffff',
      text: '#111111',
      font: 'serif',
      radius: 'large',
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await body(res))).toContain('Invalid format')
    const saved = await send({
      intent: 'theme',
      base_version: String(data.version),
      primary: '#0f3d3e',
      accent: '#ff6600',
      background: '#ffffff',
      text: '#111111',
      font: 'serif',
      radius: 'large',
    })
    expect(saved.status).toBe(302)
    expect((await load()).page.theme).toMatchObject({ primary: '#0f3d3e', font: 'serif' })
  })

  it('restores version 1 as a new version; the history keeps every step', async () => {
    const before = await load()
    const res = await send({ intent: 'restore', version: '1' })
    expect(location(res)).toBe(`/product-edit/${id}#versions`)
    const after = await load()
    expect(after.version).toBe(before.version + 1)
    expect(after.history[0]).toMatchObject({ kind: 'restore', restored_from: 1 })
    expect(after.history.map((v: { kind: string }) => v.kind)).toContain('owner_edit')
  })

  it('under a running experiment the editor says saving ends it; a save does, and the notice goes', async () => {
    const { token } = await t.signIn('owner@example.com')
    // A live page that says something else than version 1 (the api refuses to test a page against itself).
    const edited = await send({
      intent: 'section',
      base_version: String((await load()).version),
      section_id: 'hero',
      heading: 'Pour-over, live',
    })
    expect(edited.status).toBe(302)
    const before = await load()
    const started = await t.call('POST', `/v2/tasks/${id}/experiments`, { challenger_version: 1 }, token)
    expect(started.status).toBe(201)
    expect((await load()).experiment).toEqual({ control: before.version, challenger: 1 })
    const res = await send({ intent: 'section', base_version: String(before.version), section_id: 'hero', heading: 'Pour-over, again' })
    expect(res.status).toBe(302)
    expect((await load()).experiment).toBeNull()
    const list = await t.call('GET', `/v2/tasks/${id}/experiments`, undefined, token)
    expect(list.body.items[0]).toMatchObject({ id: started.body.id, status: 'stopped', stop_reason: 'page_changed' })
  })

  it('regenerate asks first, naming the cost; confirmed, it writes the page again', async () => {
    const ask = await send({ intent: 'regenerate' })
    expect(location(ask)).toBe(`/product-edit/${id}?confirm=regenerate#regenerate`)
    const confirmed = await send({ intent: 'regenerate', confirm: 'yes' })
    expect(location(confirmed)).toBe(`/guidev3/generating?session_id=${id}`)
    await t.drainJobs()
    const data = await load()
    expect(data.history[0].kind).toBe('regenerate')
  })

  it("another user's page is a 404", async () => {
    const { token } = await t.signIn('stranger@example.com')
    const stranger = await sessionCookie({ token })
    const res = await run(editor.loader, get(`/product-edit/${id}`, stranger), { context: ctx, params: params() })
    expect((res as Response).status).toBe(404)
  })
})
