import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../tests/helpers/api'
import { allRoutes } from '../contract'
import { openApiDocument } from './openapi'

/** Hono's form of a contract path: `{key}` → `:key`, no trailing slash. */
const served = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')

describe('the api serves its contract, and only its contract', () => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi('pglite')
  })
  afterAll(() => t.close())

  it('every route the api answers is described in the contract', () => {
    const described = new Set(allRoutes().map((r) => `${r.method.toUpperCase()} ${served(r.path)}`))
    const undocumented = t.app.routes().filter((r) => !described.has(`${r.method} ${r.path}`))
    expect(undocumented).toEqual([])
  })

  it('every contract route is served', () => {
    const answered = new Set(t.app.routes().map((r) => `${r.method} ${r.path}`))
    const missing = allRoutes().filter((r) => !answered.has(`${r.method.toUpperCase()} ${served(r.path)}`))
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([])
  })

  it('the OpenAPI document describes every route with a summary and its answers', () => {
    const doc = openApiDocument('https://app.example.com')
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { summary?: string; responses?: object }>).map(([method, op]) => ({ path, method, op })),
    )
    expect(operations).toHaveLength(allRoutes().length)
    for (const { path, method, op } of operations) {
      expect(op.summary, `${method} ${path}`).toBeTruthy()
      expect(Object.keys(op.responses ?? {}), `${method} ${path}`).toContain(method === 'post' && /create/.test(path) ? '201' : '200')
    }
  })
})
