import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { ERRORS, json } from './common'

const tags = ['Posts']

export const postSummarySchema = z
  .object({
    slug: z.string().describe('The post’s address: /posts/{slug}.'),
    title: z.string(),
    description: z.string().describe('One or two sentences: what the reader will get.'),
    date: z.string().describe('Publication day, YYYY-MM-DD.'),
    updated: z.string().nullable().describe('Day of the last real revision, YYYY-MM-DD; null: never revised.'),
    author: z.string(),
    tags: z.array(z.string()),
    reading_minutes: z.number().int().describe('Minutes to read, at about 220 words a minute.'),
  })
  .meta({ id: 'PostSummary' })
export type PostSummary = z.output<typeof postSummarySchema>

export const postSchema = postSummarySchema
  .extend({
    html: z.string().describe('The article as HTML: rendered from markdown with raw HTML off, then sanitized.'),
  })
  .meta({ id: 'Post' })
export type Post = z.output<typeof postSchema>

export const list = createRoute({
  method: 'get',
  path: '/v2/posts/',
  tags,
  summary: 'Articles for store owners, newest first (no sign-in)',
  description:
    'Every published article (guides for store owners) with its title, description, dates, tags and reading time, newest first. No sign-in; the list is read once when the server starts.',
  responses: { 200: json(z.object({ items: z.array(postSummarySchema) }), 'Every post.') },
})

export const get = createRoute({
  method: 'get',
  path: '/v2/posts/{slug}',
  tags,
  summary: 'One article with its HTML (no sign-in)',
  description:
    'One article with its body as sanitized HTML, rendered from markdown with raw HTML off. No sign-in; an unknown slug is a 404.',
  request: { params: z.object({ slug: z.string().max(120) }) },
  responses: { 200: json(postSchema, 'The post.'), 400: ERRORS[400], 404: ERRORS[404] },
})

export const routes = { list, get }
