import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, TEST_ORIGIN, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { allRoutes } from '../../contract'
import { pageSchema } from '../../domain/page/schema'

describe.each(DB_KINDS)('public docs api on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  it('serves the OpenAPI 3.1 document without sign-in, cacheable, naming this server', async () => {
    const res = await t.call('GET', '/v2/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.body.openapi).toBe('3.1.0')
    expect(res.body.servers).toEqual([{ url: TEST_ORIGIN }])
    const operations = Object.values(res.body.paths as Record<string, object>).flatMap((item) => Object.keys(item))
    expect(operations).toHaveLength(allRoutes().length)
    expect(res.body.paths['/v2/openapi.json'].get.summary).toMatch(/OpenAPI/)
    const undescribed = Object.entries(res.body.paths as Record<string, Record<string, { description?: string }>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !op.description?.trim())
        .map(([method]) => `${method} ${path}`),
    )
    expect(undescribed).toEqual([])
    expect(res.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('other answers stay no-store', async () => {
    const res = await t.call('GET', '/v2/subscription/plans?version=2')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('writes a real, valid page from a demo-store product, images on our own paths', async () => {
    const res = await t.call('GET', '/v2/samples/page')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.body.product).toEqual({
      handle: 'aurora-pour-over-set',
      title: 'Aurora Ceramic Pour-Over Coffee Set',
      url: `${TEST_ORIGIN}/demo-store/products/aurora-pour-over-set`,
    })
    const page = pageSchema.parse(res.body.page)
    expect(page.sections[0].type).toBe('hero')
    expect(page.gallery?.length).toBeGreaterThan(0)
    for (const image of page.gallery ?? []) expect(image.src).toMatch(/^\/demo-store\/[a-z0-9-]+\.svg$/)
    expect(res.body.template).toBeTruthy()
  })

  it('the same product gives the same page; another product another page', async () => {
    const a = await t.call('GET', '/v2/samples/page?product=trailblazer-running-shoes')
    const b = await t.call('GET', '/v2/samples/page?product=trailblazer-running-shoes')
    expect(a.status).toBe(200)
    expect(a.body).toEqual(b.body)
    expect(a.body.product.title).not.toBe('Aurora Ceramic Pour-Over Coffee Set')
    expect(JSON.stringify(a.body.page)).not.toContain('Aurora')
  })

  it('an unknown product is a 404 with a message; a too-long one a 400', async () => {
    const missing = await t.call('GET', '/v2/samples/page?product=no-such-thing')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('There is no demo-store product with this handle.')
    const long = await t.call('GET', `/v2/samples/page?product=${'x'.repeat(101)}`)
    expect(long.status).toBe(400)
    expect(typeof long.body.error).toBe('string')
  })
})
