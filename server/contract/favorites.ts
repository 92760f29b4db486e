import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { ERRORS, SIGNED_IN, json } from './common'
import { listQuery, taskListSchema } from './tasks'

const tags = ['Pages']
const key = z.object({ key: z.string().max(64).describe('The task\u2019s session_id (uuid) or numeric id.') })

export const list = createRoute({
  method: 'get',
  path: '/v2/task_favorites/',
  tags,
  summary: 'The account\u2019s favourite pages',
  security: SIGNED_IN,
  request: { query: listQuery },
  responses: { 200: json(taskListSchema, 'A page of results.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const add = createRoute({
  method: 'post',
  path: '/v2/task_favorites/{key}',
  tags,
  summary: 'Mark a page as a favourite (idempotent)',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: json(z.object({ ok: z.literal(true), is_favorite: z.literal(true) }), 'Marked.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const remove = createRoute({
  method: 'delete',
  path: '/v2/task_favorites/{key}',
  tags,
  summary: 'Unmark a favourite (idempotent)',
  security: SIGNED_IN,
  request: { params: key },
  responses: {
    200: json(z.object({ ok: z.literal(true), is_favorite: z.literal(false) }), 'Unmarked.'),
    401: ERRORS[401],
    404: ERRORS[404],
  },
})

export const routes = { list, add, remove }
