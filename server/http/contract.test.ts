import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApi, type TestApi } from '../../tests/helpers/api'
import { allRoutes, type ContractRoute } from '../contract'
import { DATA_STATUSES, TASK_STATUSES } from '../domain/task-status'
import { openApiDocument } from './openapi'

/** Hono's form of a contract path: `{key}` → `:key`, no trailing slash. */
const served = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')

interface Operation {
  summary?: string
  description?: string
  responses?: object
}
const operationsOf = (doc: ReturnType<typeof openApiDocument>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method,
      path,
      op,
    })),
  )

/** Every zod schema a route takes or answers (params, query, bodies, answers). */
function routeSchemas(route: ContractRoute): z.ZodType[] {
  const contents = [route.request?.body, ...Object.values(route.responses)].flatMap((r) =>
    Object.values((r as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {}).map((c) => c.schema),
  )
  return [route.request?.params, route.request?.query, ...contents].filter((s): s is z.ZodType => s instanceof z.ZodType)
}

/** Each schema inside `schema` (object fields, items, options, wrapped and piped schemas …), itself included. */
function* nested(schema: z.ZodType, seen = new Set<unknown>()): Generator<z.ZodType> {
  if (seen.has(schema)) return
  seen.add(schema)
  yield schema
  for (const value of Object.values(schema._zod.def as unknown as Record<string, unknown>)) {
    const children =
      value instanceof z.ZodType ? [value] : Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []
    for (const child of children) if (child instanceof z.ZodType) yield* nested(child, seen)
  }
}

/** The schemas of a JSON Schema that describe one value: properties, items, variants (not free-form map values). */
function* valueSchemas(schema: Record<string, unknown>, at: string): Generator<{ at: string; schema: Record<string, unknown> }> {
  yield { at, schema }
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
  for (const [name, prop] of Object.entries(props)) yield* valueSchemas(prop, `${at}.${name}`)
  if (schema.items && typeof schema.items === 'object') yield* valueSchemas(schema.items as Record<string, unknown>, `${at}[]`)
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    for (const [i, variant] of ((schema[key] ?? []) as Record<string, unknown>[]).entries())
      yield* valueSchemas(variant, `${at}/${key}${i}`)
}
const SAYS_WHAT_IT_IS = ['type', '$ref', 'oneOf', 'anyOf', 'allOf', 'enum', 'const']

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
})

describe('the OpenAPI document', () => {
  const doc = openApiDocument('https://app.example.com')
  const operations = operationsOf(doc)

  it('has every route, each with its success answer', () => {
    expect(operations).toHaveLength(allRoutes().length)
    for (const { name, method, path, op } of operations)
      // Routes that make something answer 201: the create routes, starting an experiment, making a variant.
      expect(Object.keys(op.responses ?? {}), name).toContain(
        method === 'post' && /create|\/experiments$|\/variants$/.test(path) ? '201' : '200',
      )
  })

  it('gives every route a summary and a description of its own', () => {
    const text = (s: string | undefined) => s?.trim() ?? ''
    const withoutSummary = operations.filter(({ op }) => !text(op.summary)).map((o) => o.name)
    // A description says more than the summary: what the route does, who may call it, its errors and limits.
    const withoutDescription = operations
      .filter(({ op }) => text(op.description).length < 40 || text(op.description) === text(op.summary))
      .map((o) => o.name)
    expect(withoutSummary).toEqual([])
    expect(withoutDescription).toEqual([])
  })

  it('lists every value of a many-valued literal (the generator alone writes only the first)', () => {
    const collapsed = allRoutes().flatMap((route) =>
      routeSchemas(route).flatMap((schema) =>
        [...nested(schema)]
          .filter((s) => s instanceof z.ZodLiteral && s._zod.def.values.length > 1)
          .filter((s) => JSON.stringify(z.globalRegistry.get(s)?.enum) !== JSON.stringify((s as z.ZodLiteral)._zod.def.values))
          .map((s) => `${route.method} ${route.path}: ${JSON.stringify((s as z.ZodLiteral)._zod.def.values)}`),
      ),
    )
    expect(collapsed).toEqual([])
  })

  it('documents task status and data_status with all their codes and what each means', () => {
    const schemas = doc.components?.schemas as Record<string, { properties: Record<string, { enum?: number[]; description?: string }> }>
    for (const name of ['Task', 'TaskSummary']) {
      const { status, data_status } = schemas[name].properties
      expect(status.enum).toEqual(TASK_STATUSES)
      expect(status.description).toMatch(/1 queued.*4 outline ready.*10 completed.*90 failed/)
      expect(data_status.enum).toEqual(DATA_STATUSES)
      expect(data_status.description).toMatch(/1 active.*2 archived/)
    }
    const list = (doc.paths?.['/v2/tasks/']?.get?.parameters ?? []) as { name: string; schema: { enum?: number[] } }[]
    expect(list.find((p) => p.name === 'data_status')?.schema.enum).toEqual(DATA_STATUSES)
  })

  it('says what type every field is (no `{}` schema, except the values of free-form maps)', () => {
    const roots = [
      ...Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => ({ at: name, schema: s })),
      ...operations.flatMap(({ name, op }) => {
        const o = op as Operation & { requestBody?: { content?: object }; parameters?: { name: string; schema?: object }[] }
        const bodies = [['body', o.requestBody], ...Object.entries(o.responses ?? {})] as [string, { content?: object } | undefined][]
        return [
          ...bodies.flatMap(([label, r]) =>
            Object.values(r?.content ?? {}).map((c: { schema?: object }) => ({ at: `${name} ${label}`, schema: c.schema })),
          ),
          ...(o.parameters ?? []).map((p) => ({ at: `${name} ?${p.name}`, schema: p.schema })),
        ]
      }),
    ].filter((r): r is { at: string; schema: Record<string, unknown> } => !!r.schema)
    const untyped = roots.flatMap((r) =>
      [...valueSchemas(r.schema, r.at)].filter(({ schema }) => !SAYS_WHAT_IT_IS.some((k) => k in schema)).map((v) => v.at),
    )
    expect(untyped).toEqual([])
  })
})
