import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { ERRORS, SIGNED_IN, json } from './common'
import { key, listQuery, taskListSchema } from './task-schemas'

const tags = ['Pages']

export const list = createRoute({
  method: 'get',
  path: '/v2/task_favorites/',
  tags,
  summary: 'The account\u2019s favourite pages',
  description:
    'The same list, filters and paging as GET /v2/tasks/ (finished, active pages by default; a free account\u2019s pages inside the hide window counted in `hidden`), limited to the pages the account marked.',
  security: SIGNED_IN,
  request: { query: listQuery },
  responses: { 200: json(taskListSchema, 'A page of results.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const add = createRoute({
  method: 'post',
  path: '/v2/task_favorites/{key}',
  tags,
  summary: 'Mark a page as a favourite (idempotent)',
  description:
    'Marking a page that is marked already changes nothing and answers the same. Only the account\u2019s own pages: another id is a 404.',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: json(z.object({ ok: z.literal(true), is_favorite: z.literal(true) }), 'Marked.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const remove = createRoute({
  method: 'delete',
  path: '/v2/task_favorites/{key}',
  tags,
  summary: 'Unmark a favourite (idempotent)',
  description:
    'Unmarking a page that is not marked changes nothing and answers the same. Only the account\u2019s own pages: another id is a 404.',
  security: SIGNED_IN,
  request: { params: key },
  responses: {
    200: json(z.object({ ok: z.literal(true), is_favorite: z.literal(false) }), 'Unmarked.'),
    401: ERRORS[401],
    404: ERRORS[404],
  },
})

export const routes = { list, add, remove }
