import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { pageSchema, themeSchema } from '../domain/page/schema'
import { SECTION_TYPES } from '../domain/page/section-types'
import { TEMPLATE_CATEGORIES } from '../domain/templates'
import { ERRORS, SIGNED_IN, json } from './common'

const tags = ['Page templates']

export const pageTemplateSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    best_for: z.string().describe('The products it is made for, in one line.'),
    categories: z.array(z.enum(TEMPLATE_CATEGORIES)),
    theme: themeSchema,
    order: z.array(z.enum(SECTION_TYPES)).describe('The preferred order of sections; sections the facts cannot support are left out.'),
  })
  .meta({ id: 'PageTemplate' })
export type PageTemplateItem = z.output<typeof pageTemplateSchema>

const withFavorite = pageTemplateSchema.extend({ is_favorite: z.boolean() }).meta({ id: 'PageTemplateWithFavorite' })

const samplePage = pageSchema.describe(
  'A page composed once from a demo-store product; a template’s preview is this page in the template’s theme and order.',
)

const listQuery = z.object({
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
})
const paging = { total: z.number().int(), page: z.number().int(), page_size: z.number().int() }
const id = z.object({ id: z.coerce.number().int().positive().max(1_000_000) })

export const list = createRoute({
  method: 'get',
  path: '/v2/page-templates/',
  tags,
  summary: 'Page templates, with the account’s favourites marked',
  description:
    'The built-in templates with the same filters and paging as the public list, each with whether the account marked it (`is_favorite`).',
  security: SIGNED_IN,
  request: { query: listQuery },
  responses: {
    200: json(z.object({ items: z.array(withFavorite), ...paging }).meta({ id: 'PageTemplateList' }), 'A page of templates.'),
    400: ERRORS[400],
    401: ERRORS[401],
  },
})

export const favorites = createRoute({
  method: 'get',
  path: '/v2/page-templates/user/favorites',
  tags,
  summary: 'The account’s favourite templates, most recently marked first',
  description: 'The templates the account marked, most recently marked first, and their ids.',
  security: SIGNED_IN,
  responses: {
    200: json(
      z.object({ items: z.array(pageTemplateSchema), ids: z.array(z.number().int()) }).meta({ id: 'FavoriteTemplates' }),
      'Favourites.',
    ),
    401: ERRORS[401],
  },
})

export const publicList = createRoute({
  method: 'get',
  path: '/v2/page-templates/public/',
  tags,
  summary: 'Page templates and the sample page of their previews (no sign-in)',
  description:
    'The built-in page templates, filtered by `category` and by `search` (every word must appear in the name, description, best-for line or categories), with the one sample page every preview is drawn from. No sign-in. Pass a template\u2019s `id` as `page_template_id` when making a page.',
  request: { query: listQuery },
  responses: {
    200: json(
      z.object({ items: z.array(pageTemplateSchema), ...paging, sample_page: samplePage }).meta({ id: 'PublicPageTemplateList' }),
      'A page of templates.',
    ),
    400: ERRORS[400],
  },
})

export const publicGet = createRoute({
  method: 'get',
  path: '/v2/page-templates/public/{id}',
  tags,
  summary: 'One page template and the sample page of its preview (no sign-in)',
  description:
    'One built-in template and the sample page its preview is drawn from (in the template\u2019s theme and section order). No sign-in; an unknown id is a 404.',
  request: { params: id },
  responses: {
    200: json(z.object({ template: pageTemplateSchema, sample_page: samplePage }).meta({ id: 'PublicPageTemplate' }), 'The template.'),
    400: ERRORS[400],
    404: ERRORS[404],
  },
})

export const get = createRoute({
  method: 'get',
  path: '/v2/page-templates/{id}',
  tags,
  summary: 'One page template, with whether the account marked it',
  description: 'One built-in template with whether the account marked it. An unknown id is a 404.',
  security: SIGNED_IN,
  request: { params: id },
  responses: { 200: json(withFavorite, 'The template.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404] },
})

const marked = <V extends boolean>(value: V) => z.object({ ok: z.literal(true), is_favorite: z.literal(value) })

export const addFavorite = createRoute({
  method: 'post',
  path: '/v2/page-templates/{id}/favorite',
  tags,
  summary: 'Mark a template as a favourite (idempotent)',
  description: 'Marks a template for the account; marking it again changes nothing. An unknown template is a 404.',
  security: SIGNED_IN,
  request: { params: id },
  responses: { 200: json(marked(true), 'Marked.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404] },
})

export const removeFavorite = createRoute({
  method: 'delete',
  path: '/v2/page-templates/{id}/favorite',
  tags,
  summary: 'Unmark a favourite template (idempotent)',
  description: 'Unmarks a template; unmarking one that is not marked changes nothing. An unknown template is a 404.',
  security: SIGNED_IN,
  request: { params: id },
  responses: { 200: json(marked(false), 'Unmarked.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404] },
})

/** Static paths first: `public` and `user` are not ids. */
export const routes = { publicList, publicGet, favorites, list, get, addFavorite, removeFavorite }
