import { describe, expect, it } from 'vitest'
import { describeSchema, referenceGroups, schemasUsedBy, type OpenApiDocument } from './api-reference'

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/v2/tasks/{id}': {
      get: {
        tags: ['Tasks'],
        summary: 'One task',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Task' } } } } },
      },
    },
    '/v2/auth/me': {
      get: {
        tags: ['Auth and account'],
        summary: 'Me',
        security: [{ bearer: [] }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Task: { type: 'object', properties: { page: { $ref: '#/components/schemas/Page' }, status: { type: 'integer', enum: [1, 2, 3] } } },
      Page: { type: 'object', properties: { sections: { type: 'array', items: { $ref: '#/components/schemas/Section' } } } },
      Section: { type: 'object', properties: { title: { type: ['string', 'null'], maxLength: 80 } } },
      User: { type: 'object', properties: { email: { type: 'string' } } },
    },
  },
}

describe('the API reference', () => {
  it('groups operations by their first tag, each area with its own page name', () => {
    const groups = referenceGroups(doc)
    expect(groups.map((g) => [g.tag, g.area, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['Tasks', 'tasks', ['GET /v2/tasks/{id}']],
      ['Auth and account', 'auth-and-account', ['GET /v2/auth/me']],
    ])
    expect(groups[1].operations[0].signedIn).toBe(true)
    expect(groups[0].operations[0].parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true, limits: ['format uuid'] })
  })

  it('names the shared schemas an area uses, and the ones those use, and no others', () => {
    expect([...schemasUsedBy(doc, 'Tasks')].sort()).toEqual(['Page', 'Section', 'Task'])
    expect([...schemasUsedBy(doc, 'Auth and account')]).toEqual(['User'])
    expect(schemasUsedBy(doc, 'Nothing').size).toBe(0)
  })

  it('writes nullable fields, enums and limits in words', () => {
    const section = describeSchema(doc.components!.schemas!.Section)
    expect(section.fields[0]).toMatchObject({ name: 'title', type: 'string', nullable: true, limits: ['at most 80 characters'] })
    const task = describeSchema(doc.components!.schemas!.Task)
    expect(task.fields.find((f) => f.name === 'status')).toMatchObject({ type: 'integer', values: ['1', '2', '3'] })
    expect(task.fields.find((f) => f.name === 'page')).toMatchObject({ type: 'Page', ref: 'Page' })
  })
})
