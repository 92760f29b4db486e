/** The review editor's posts (JS off) against the real api: bulk hide and pin, order, CSV import with bad rows listed. */
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as reviews from '~/routes/_blank.review-bulk-edit.$id'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../helpers/api'
import { DB_KINDS } from '../helpers/db'
import { body, get, location, post, runResponse, sessionCookie, WEB } from './helpers'

describe.each(DB_KINDS)('review editor on %s', (kind) => {
  let t: TestApi
  let cookie: string
  let id: string
  const ctx: AppLoadContext = { apiFetch: (req) => Promise.resolve(t.app.fetch(req, { inProcess: true })), clientIp: '198.51.100.10' }

  beforeAll(async () => {
    t = await createTestApi(kind)
    const { token } = await t.signIn('rev@example.com', 'Rev Owner')
    await t.setUser('rev@example.com', { role: 'paid', credits: 4000 })
    cookie = await sessionCookie({ token })
    const created = await t.call('POST', '/v2/tasks/create', { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` }, token)
    await t.drainJobs()
    id = created.body.session_id
  })
  afterAll(() => t?.close())

  const load = async () => body(await runResponse(reviews.loader, get(`/review-bulk-edit/${id}`, cookie), { context: ctx, params: { id } }))

  it('hides and pins the selected reviews in one post', async () => {
    const data = await load()
    expect(data.items.length).toBeGreaterThan(1)
    const form = new URLSearchParams({ intent: 'hide', base_version: String(data.version) })
    form.append('sel', '0')
    const res = await runResponse(
      reviews.action,
      new Request(new URL(`/review-bulk-edit/${id}`, WEB), { method: 'POST', body: form, headers: { cookie } }),
      { context: ctx, params: { id } },
    )
    expect(location(res)).toBe(`/review-bulk-edit/${id}#reviews`)
    const after = await load()
    expect(after.items[0].hidden).toBe(true)
    expect(after.version).toBe(data.version + 1)
  })

  it('refuses an action with nothing selected, and a stale form', async () => {
    const data = await load()
    const none = await runResponse(
      reviews.action,
      post(`/review-bulk-edit/${id}`, { intent: 'pin', base_version: String(data.version) }, cookie),
      {
        context: ctx,
        params: { id },
      },
    )
    expect(none.status).toBe(400)
    const form = new URLSearchParams({ intent: 'pin', base_version: String(data.version - 1), sel: '1' })
    const stale = await runResponse(
      reviews.action,
      new Request(new URL(`/review-bulk-edit/${id}`, WEB), { method: 'POST', body: form, headers: { cookie } }),
      { context: ctx, params: { id } },
    )
    expect(stale.status).toBe(409)
  })

  it('imports a CSV and lists the rows it could not use', async () => {
    const data = await load()
    const csv = 'title,body,rating,review_date,reviewer_name\nGreat,Lovely set,5,2025-01-02,Ann\nBad,Too high,7,2025-01-03,Bo\n'
    const form = new FormData()
    form.set('intent', 'import')
    form.set('base_version', String(data.version))
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'reviews.csv')
    const res = await runResponse(
      reviews.action,
      new Request(new URL(`/review-bulk-edit/${id}`, WEB), { method: 'POST', body: form, headers: { cookie } }),
      { context: ctx, params: { id } },
    )
    expect(res.status).toBe(200)
    const result = await body(res)
    expect(result).toMatchObject({ imported: 1, rejected: [{ row: 3, reason: expect.stringMatching(/between 1 and 5/) }] })
    const after = await load()
    expect(after.items.at(-1)).toMatchObject({ author: 'Ann', origin: 'owner' })
  })
})
