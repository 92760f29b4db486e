import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { pageSchema } from '../../domain/page/schema'
import { PAGE_TEMPLATES } from '../../domain/templates'

describe.each(DB_KINDS)('page templates api on %s', (kind) => {
  let t: TestApi
  let ana: { token: string }
  let ben: { token: string }

  beforeAll(async () => {
    t = await createTestApi(kind)
    ana = await t.signIn('ana@example.com', 'Ana')
    ben = await t.signIn('ben@example.com', 'Ben')
  })
  afterAll(() => t.close())

  const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id)

  it('lists every template publicly, without sign-in, with the sample page of the previews', async () => {
    const res = await t.call('GET', '/v2/page-templates/public/')
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(PAGE_TEMPLATES.length)
    expect(ids(res.body)).toEqual(PAGE_TEMPLATES.map((p) => p.id))
    expect(res.body.items[1]).toMatchObject({ id: 2, slug: 'social-proof', name: 'Social proof', theme: PAGE_TEMPLATES[1].theme })
    const sample = pageSchema.parse(res.body.sample_page)
    expect(sample.sections[0]).toMatchObject({ type: 'hero', heading: expect.stringContaining('Aurora') })
    // Images from our own paths, never another site.
    for (const s of sample.sections) if ('image' in s && s.image) expect(s.image.src).toMatch(/^\/demo-store\//)
    expect(JSON.stringify(sample)).not.toContain('http://')
  })

  it('filters by category and search, and pages', async () => {
    const pets = await t.call('GET', '/v2/page-templates/public/?category=pets')
    expect(pets.body.items.length).toBeGreaterThan(0)
    expect(pets.body.items.every((i: { categories: string[] }) => i.categories.includes('pets'))).toBe(true)
    const search = await t.call('GET', '/v2/page-templates/public/?search=skincare')
    expect(search.body.items.map((i: { slug: string }) => i.slug)).toEqual(['glow'])
    const second = await t.call('GET', '/v2/page-templates/public/?page=2&page_size=3')
    expect(ids(second.body)).toEqual(PAGE_TEMPLATES.slice(3, 6).map((p) => p.id))
    expect((await t.call('GET', '/v2/page-templates/public/?category=cars')).status).toBe(400)
  })

  it('answers one template publicly, 404 for an unknown id and 400 for a malformed one', async () => {
    const one = await t.call('GET', '/v2/page-templates/public/4')
    expect(one.status).toBe(200)
    expect(one.body.template).toMatchObject({ id: 4, slug: 'spec-sheet' })
    expect(one.body.sample_page.sections.length).toBeGreaterThan(3)
    const unknown = await t.call('GET', '/v2/page-templates/public/999')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatch(/no template/i)
    expect((await t.call('GET', '/v2/page-templates/public/abc')).status).toBe(400)
  })

  it('needs a sign-in for the lists with favourites', async () => {
    for (const path of ['/v2/page-templates/', '/v2/page-templates/1', '/v2/page-templates/user/favorites']) {
      const res = await t.call('GET', path)
      expect(res.status, path).toBe(401)
      expect(res.body.error).toBeTruthy()
    }
    expect((await t.call('POST', '/v2/page-templates/1/favorite', {})).status).toBe(401)
  })

  it('marks and unmarks favourites idempotently, for that user only', async () => {
    for (let i = 0; i < 2; i++) {
      const added = await t.call('POST', '/v2/page-templates/3/favorite', {}, ana.token)
      expect(added.status).toBe(200)
      expect(added.body).toEqual({ ok: true, is_favorite: true })
    }
    await t.call('POST', '/v2/page-templates/6/favorite', {}, ana.token)
    const favorites = await t.call('GET', '/v2/page-templates/user/favorites', undefined, ana.token)
    expect(favorites.body.ids.sort()).toEqual([3, 6])
    expect(favorites.body.items.map((i: { slug: string }) => i.slug).sort()).toEqual(['editorial', 'glow'])

    const list = await t.call('GET', '/v2/page-templates/?category=home', undefined, ana.token)
    const marked = list.body.items.filter((i: { is_favorite: boolean }) => i.is_favorite).map((i: { id: number }) => i.id)
    expect(marked).toEqual([3])
    expect((await t.call('GET', '/v2/page-templates/6', undefined, ana.token)).body).toMatchObject({ id: 6, is_favorite: true })

    // Another user never sees them.
    expect((await t.call('GET', '/v2/page-templates/user/favorites', undefined, ben.token)).body).toEqual({ items: [], ids: [] })
    expect((await t.call('GET', '/v2/page-templates/6', undefined, ben.token)).body.is_favorite).toBe(false)
    const bens = await t.call('GET', '/v2/page-templates/', undefined, ben.token)
    expect(bens.body.items.some((i: { is_favorite: boolean }) => i.is_favorite)).toBe(false)

    for (let i = 0; i < 2; i++) {
      const removed = await t.call('DELETE', '/v2/page-templates/3/favorite', undefined, ana.token)
      expect(removed.status).toBe(200)
      expect(removed.body).toEqual({ ok: true, is_favorite: false })
    }
    expect((await t.call('GET', '/v2/page-templates/user/favorites', undefined, ana.token)).body.ids).toEqual([6])
  })

  it('404 for favourites of an unknown template, nothing stored', async () => {
    const res = await t.call('POST', '/v2/page-templates/999/favorite', {}, ben.token)
    expect(res.status).toBe(404)
    expect(res.body.error).toMatch(/no template/i)
    expect((await t.call('DELETE', '/v2/page-templates/999/favorite', undefined, ben.token)).status).toBe(404)
    expect((await t.call('GET', '/v2/page-templates/999', undefined, ben.token)).status).toBe(404)
    expect((await t.call('GET', '/v2/page-templates/user/favorites', undefined, ben.token)).body.ids).toEqual([])
  })
})
