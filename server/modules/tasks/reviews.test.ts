import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'

const JUDGE_ME = [
  'title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,product_handle,reply,picture_urls',
  'Love it,"Makes the best coffee, every morning.",5,2025-03-02 10:00:00 UTC,web,ok,Dana K.,dana@example.com,1,aurora,,',
  ',,4,2025-03-03,web,ok,Eli,eli@example.com,1,aurora,,',
  'Broken rating,Nice,9,2025-03-04,web,ok,Fay,fay@example.com,1,aurora,,',
  'Good,"Pours evenly; the glaze is lovely.",4,2025-03-05,web,ok,Gus,gus@example.com,1,aurora,,',
].join('\r\n')

describe.each(DB_KINDS)('review import and bulk edits on %s', (kind) => {
  let t: TestApi
  let token: string
  let id: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    ;({ token } = await t.signIn('reviews@example.com', 'Rae Reviews'))
    await t.setUser('reviews@example.com', { role: 'paid', credits: 4000 })
    const created = await t.call('POST', '/v2/tasks/create', { url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set` }, token)
    await t.drainJobs()
    id = created.body.session_id
  })
  afterAll(() => t.close())

  const upload = async (csv: string, baseVersion: number) => {
    const form = new FormData()
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'reviews.csv')
    form.set('base_version', String(baseVersion))
    const res = await t.app.fetch(
      new Request(`${TEST_ORIGIN}/v2/tasks/${id}/reviews/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      }),
    )
    return { status: res.status, body: await res.json() }
  }
  const page = async () => (await t.call('GET', `/v2/tasks/${id}/page`, undefined, token)).body
  const reviews = (p: any) => p.page.sections.find((s: any) => s.type === 'reviews')

  it('keeps good rows, lists bad ones with row and reason, and labels them as the store’s import', async () => {
    const before = await page()
    const count = reviews(before).items.length
    const res = await upload(JUDGE_ME, before.version)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ imported: 2, app: 'Judge.me', version: before.version + 1 })
    expect(res.body.rejected).toEqual([
      { row: 3, reason: expect.stringMatching(/no text/i) },
      { row: 4, reason: expect.stringMatching(/between 1 and 5/) },
    ])
    const after = await page()
    const items = reviews(after).items
    expect(items).toHaveLength(count + 2)
    expect(items.at(-1)).toMatchObject({ author: 'Gus', rating: 4, origin: 'owner', importedFrom: 'Judge.me' })
    expect(JSON.stringify(items)).not.toContain('gus@example.com')
    const shared = await t.call('GET', `/v2/tasks/shared/${id}`)
    expect(reviews(shared.body).provenance).toMatch(/imported by the store from Judge\.me/)
  })

  it('a stale base version or a broken file imports nothing', async () => {
    const before = await page()
    expect((await upload(JUDGE_ME, before.version - 1)).status).toBe(409)
    const broken = await upload('title,body\n"never closed,x', before.version)
    expect(broken.status).toBe(400)
    expect(broken.body.error).toMatch(/quote/i)
    expect((await page()).version).toBe(before.version)
  })

  it('bulk edits hide, pin and reorder; author and rating cannot change; a rewrite is not a typo fix', async () => {
    const before = await page()
    const items = reviews(before).items
    const last = items.length - 1
    const res = await t.call(
      'PUT',
      `/v2/tasks/${id}/reviews`,
      {
        base_version: before.version,
        edits: [
          { index: 0, hidden: true },
          { index: last, pinned: true },
        ],
      },
      token,
    )
    expect(res.status).toBe(200)
    const edited = reviews(res.body).items
    expect(edited[0].author).toBe(items[last].author)
    expect(edited[0].pinned).toBe(true)
    const shopper = reviews((await t.call('GET', `/v2/tasks/shared/${id}`)).body).items
    expect(shopper.some((r: any) => r.author === items[0].author && r.body === items[0].body)).toBe(false)
    const forbidden = await t.call(
      'PUT',
      `/v2/tasks/${id}/reviews`,
      { base_version: res.body.version, edits: [{ index: 0, rating: 5 }] },
      token,
    )
    expect(forbidden.status).toBe(400)
    const rewrite = await t.call(
      'PUT',
      `/v2/tasks/${id}/reviews`,
      { base_version: res.body.version, edits: [{ index: 0, body: 'Completely different words from another person entirely.' }] },
      token,
    )
    expect(rewrite.status).toBe(400)
    const typo = edited[0].body.replace(/e/, 'e ')
    const fixed = await t.call(
      'PUT',
      `/v2/tasks/${id}/reviews`,
      { base_version: res.body.version, edits: [{ index: 0, body: typo }] },
      token,
    )
    expect(fixed.status).toBe(200)
    expect(reviews(fixed.body).items[0]).toMatchObject({ edited: true })
  })
})
