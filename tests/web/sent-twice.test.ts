/**
 * Forms that spend credits, sent twice as a browser with scripts off sends them on a double click
 * (or a second tab with the same screen): each loader renders a one-time key, the second sending
 * lands where the first did, and the account pays once. Against the real api and database.
 */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as generate from '~/routes/_blank.generate'
import * as pickV3 from '~/routes/_blank.guidev3.pick-product'
import * as editor from '~/routes/_blank.product-edit.$id'
import * as products from '~/routes/_default.products'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { connectDemoShop } from '../shopify/connect'
import { body, get, location, post, runResponse, sessionCookie } from './helpers'

const DEMO = `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set`

describe.each(DB_KINDS)('a form that spends credits, sent twice, on %s', (kind) => {
  let t: TestApi
  let token: string
  let cookie: string
  const ctx: AppLoadContext = { apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })), clientIp: '198.51.100.11' }
  const credits = async () => (await t.call('POST', '/v2/auth/me', {}, token)).body.remaining_credit_count as number
  const pages = async () => (await t.call('GET', '/v2/tasks/?status=all', undefined, token)).body.total as number

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('double@example.com', 'Dee Double'))
    await t.setUser('double@example.com', { role: 'paid', credits: 1000 })
    cookie = await sessionCookie({ token })
  })
  afterAll(() => t?.close())

  it('/generate: the same form twice is one page; the form changed after Back is a new one', async () => {
    const { onceKey } = await body(await runResponse(generate.loader, get('/generate', cookie), { context: ctx }))
    expect(onceKey).toMatch(/^[0-9a-f-]{36}$/)
    const send = (url: string) =>
      runResponse(generate.action, post('/generate', { once_key: onceKey, mode: 'url', url, intent: 'generate' }, cookie), { context: ctx })
    const [first, second] = await Promise.all([send(DEMO), send(DEMO)])
    expect(location(first)).toMatch(/^\/guidev3\/generating\?session_id=[0-9a-f-]{36}$/)
    expect(location(second)).toBe(location(first))
    expect(await credits()).toBe(960)
    expect(await pages()).toBe(1)

    // Back, another link in the same form: a new request, a new page.
    const other = await send(`${TEST_ORIGIN}/demo-store/products/nomad-canvas-backpack`)
    expect(location(other)).not.toBe(location(first))
    expect(await credits()).toBe(920)
    // A fresh screen renders a fresh key.
    const again = await body(await runResponse(generate.loader, get('/generate', cookie), { context: ctx }))
    expect(again.onceKey).not.toBe(onceKey)
  })

  it('sent again after the first left too few credits for another page: the first page, not the credits dialog', async () => {
    const low = await t.signIn('low@example.com', 'Lou Low')
    await t.setUser('low@example.com', { role: 'paid', credits: 60 })
    const lowCookie = await sessionCookie({ token: low.token })
    const { onceKey } = await body(await runResponse(generate.loader, get('/generate', lowCookie), { context: ctx }))
    const send = () =>
      runResponse(generate.action, post('/generate', { once_key: onceKey, mode: 'url', url: DEMO, intent: 'generate' }, lowCookie), {
        context: ctx,
      })
    const first = await send()
    const again = await send()
    expect(location(first)).toMatch(/^\/guidev3\/generating\?session_id=/)
    expect(location(again)).toBe(location(first))
  })

  it('a guide’s product, clicked twice: one page', async () => {
    const { onceKey } = await body(await runResponse(pickV3.loader, get('/guidev3/pick-product', cookie), { context: ctx }))
    const before = await credits()
    const send = () => runResponse(pickV3.action, post('/guidev3/pick-product', { once_key: onceKey, url: DEMO }, cookie), { context: ctx })
    const first = await send()
    const second = await send()
    expect(location(second)).toBe(location(first))
    expect(await credits()).toBe(before - 40)
  })

  it('the editor’s “Yes, regenerate” clicked twice: written again once, paid once', async () => {
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO }, token)
    await t.drainJobs()
    const id = created.body.session_id as string
    const before = await credits()
    const screen = await body(
      await runResponse(editor.loader, get(`/product-edit/${id}?confirm=regenerate`, cookie), { context: ctx, params: { id } }),
    )
    const send = () =>
      runResponse(editor.action, post(`/product-edit/${id}`, { intent: 'regenerate', confirm: 'yes', once_key: screen.onceKey }, cookie), {
        context: ctx,
        params: { id },
      })
    const [first, second] = await Promise.all([send(), send()])
    expect(location(first)).toBe(`/guidev3/generating?session_id=${id}`)
    expect(location(second)).toBe(location(first))
    expect(await credits()).toBe(before - 40)
  })

  it('a synced product’s “Make a page” clicked twice: one page', async () => {
    await connectDemoShop(t, token)
    const screen = await body(await runResponse(products.loader, get('/products', cookie), { context: ctx }))
    const productId = String(screen.list.items[0].id)
    const before = await credits()
    const send = () =>
      runResponse(products.action, post('/products', { intent: 'create', product_id: productId, once_key: screen.onceKey }, cookie), {
        context: ctx,
      })
    const first = await send()
    const second = await send()
    expect(location(first)).toMatch(/^\/guidev3\/generating\?session_id=/)
    expect(location(second)).toBe(location(first))
    expect(await credits()).toBe(before - 40)
  })
})
