import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'

const DEMO = (handle: string) => `${TEST_ORIGIN}/demo-store/products/${handle}`

describe.each(DB_KINDS)('page versions on %s', (kind) => {
  let t: TestApi
  let owner: { token: string }
  let other: { token: string }
  let id: string

  beforeAll(async () => {
    t = await createTestApi(kind)
    owner = await t.signIn('editor@example.com', 'Eda Editor')
    await t.setUser('editor@example.com', { role: 'paid', credits: 4000 })
    other = await t.signIn('other@example.com', 'Otto Other')
    await t.setUser('other@example.com', { role: 'paid', credits: 4000 })
    const created = await t.call('POST', '/v2/tasks/create', { url: DEMO('aurora-pour-over-set') }, owner.token)
    await t.drainJobs()
    id = created.body.session_id
  })
  afterAll(() => t.close())

  const get = (path: string, token = owner.token) => t.call('GET', `/v2/tasks/${id}${path}`, undefined, token)

  it('a generated page is version 1, listed as generated', async () => {
    const page = await get('/page')
    expect(page.status).toBe(200)
    expect(page.body.version).toBe(1)
    const list = await get('/versions')
    expect(list.body).toMatchObject({ current: 1, items: [{ version: 1, kind: 'generated', restored_from: null }] })
  })

  it('two editors from the same base: one saves, the other gets 409 with the current version; nothing is lost', async () => {
    const { body } = await get('/page')
    const a = structuredClone(body.page)
    a.sections[0].heading = 'Editor A heading'
    const b = structuredClone(body.page)
    b.sections[0].heading = 'Editor B heading'
    const [ra, rb] = await Promise.all([
      t.call('PUT', `/v2/tasks/${id}/page`, { page: a, base_version: body.version }, owner.token),
      t.call('PUT', `/v2/tasks/${id}/page`, { page: b, base_version: body.version }, owner.token),
    ])
    const statuses = [ra.status, rb.status].sort()
    expect(statuses).toEqual([200, 409])
    const lost = ra.status === 409 ? ra : rb
    expect(lost.body).toMatchObject({ version: body.version + 1 })
    expect(lost.body.error).toMatch(/changed in another window/)
    const now = await get('/page')
    expect(now.body.version).toBe(body.version + 1)
    expect(['Editor A heading', 'Editor B heading']).toContain(now.body.page.sections[0].heading)
    const list = await get('/versions')
    expect(list.body.items.map((v: { kind: string }) => v.kind)).toEqual(['owner_edit', 'generated'])
  })

  it('restore brings an old version back as a new version', async () => {
    const before = await get('/page')
    const restored = await t.call('POST', `/v2/tasks/${id}/versions/1/restore`, {}, owner.token)
    expect(restored.status).toBe(200)
    expect(restored.body.version).toBe(before.body.version + 1)
    const v1 = await get('/versions/1')
    expect(restored.body.page).toEqual(v1.body.page)
    const list = await get('/versions')
    expect(list.body.items[0]).toMatchObject({ kind: 'restore', restored_from: 1 })
    // The edit that was replaced is still there.
    const edit = await get(`/versions/${before.body.version}`)
    expect(edit.body.kind).toBe('owner_edit')
    expect((await t.call('POST', `/v2/tasks/${id}/versions/999/restore`, {}, owner.token)).status).toBe(404)
  })

  it('bad page bodies are a 400 naming the field; HTML is sanitised on write', async () => {
    const { body } = await get('/page')
    const bad = structuredClone(body.page)
    bad.theme.primary = 'red'
    const r = await t.call('PUT', `/v2/tasks/${id}/page`, { page: bad, base_version: body.version }, owner.token)
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.body)).toMatch(/theme/)
    const tooMany = { ...body.page, sections: Array.from({ length: 26 }, () => body.page.sections[0]) }
    expect((await t.call('PUT', `/v2/tasks/${id}/page`, { page: tooMany, base_version: body.version }, owner.token)).status).toBe(400)
    const withHtml = structuredClone(body.page)
    const iwt = withHtml.sections.find((s: { type: string }) => s.type === 'image-with-text')
    if (iwt) {
      iwt.body = '<p>Fine<script>alert(1)</script><img src="x" onerror="alert(2)"></p>'
      const saved = await t.call('PUT', `/v2/tasks/${id}/page`, { page: withHtml, base_version: body.version }, owner.token)
      expect(saved.status).toBe(200)
      const text = JSON.stringify(saved.body.page)
      expect(text).not.toMatch(/script|onerror/)
    }
  })

  it('another user cannot read, edit or restore the page (404)', async () => {
    expect((await get('/page', other.token)).status).toBe(404)
    expect((await get('/versions', other.token)).status).toBe(404)
    const { body } = await get('/page')
    expect((await t.call('PUT', `/v2/tasks/${id}/page`, { page: body.page, base_version: body.version }, other.token)).status).toBe(404)
    expect((await t.call('POST', `/v2/tasks/${id}/versions/1/restore`, {}, other.token)).status).toBe(404)
  })

  it('rewrite and regenerate are versions too; regenerate keeps the owner facts', async () => {
    const { body } = await get('/page')
    const owned = {
      ...body.page,
      owner: {
        price: 39,
        compareAt: 49,
        currency: 'USD',
        buyUrl: 'https://shop.example/products/mug',
        guarantee: 'Love it or return it within 30 days.',
        shipping: null,
        returns: null,
      },
    }
    const saved = await t.call('PUT', `/v2/tasks/${id}/page`, { page: owned, base_version: body.version }, owner.token)
    expect(saved.status).toBe(200)
    const sectionId = body.page.sections[1].id
    const rw = await t.call('POST', '/v2/tasks/research_section', { session_id: id, section_id: sectionId }, owner.token)
    expect(rw.status).toBe(200)
    expect((await t.call('POST', '/v2/tasks/regenerate', { session_id: id }, owner.token)).status).toBe(200)
    await t.drainJobs()
    const after = await get('/page')
    expect(after.body.page.owner).toEqual(owned.owner)
    const kinds = (await get('/versions')).body.items.map((v: { kind: string }) => v.kind)
    expect(kinds.slice(0, 3)).toEqual(['regenerate', 'rewrite', 'owner_edit'])
  })
})
