import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { PUBLICATION_STATUSES, PUBLISH_METHODS } from '../domain/shopify'
import { ERRORS, SIGNED_IN, json, jsonBody } from './common'

const tags = ['Publishing']

export const publicationSchema = z
  .object({
    id: z.number().int(),
    session_id: z.string(),
    store_id: z.number().int(),
    shop_domain: z.string(),
    store_name: z.string().nullable(),
    status: z.enum(PUBLICATION_STATUSES),
    failure_reason: z.string().nullable(),
    method: z.enum(PUBLISH_METHODS).nullable().describe('How shoppers get the page: template, app_block or description.'),
    page_version: z.number().int(),
    storefront_url: z.string().nullable().describe('The live product page.'),
    theme_editor_url: z.string().nullable().describe('Where the owner adds the Pagewright block once (app_block/description).'),
    requested_at: z.string(),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'Publication' })
export type Publication = z.output<typeof publicationSchema>

const publishBody = z.object({
  session_id: z.string().min(1).max(64),
  store_id: z.number().int().positive().optional().describe('Default: the current store.'),
})

export const publish = createRoute({
  method: 'post',
  path: '/v2/tasks/push_to_shopify_with_theme_queue',
  tags,
  summary: 'Publish a page into a store (a job; publishing again updates, never duplicates)',
  description:
    'Queues the publishing of a finished page (409 otherwise) into the current store or `store_id` as a product page (the product is made in the store when the page was not made from one of its products); poll GET /v2/tasks/{key}/publications. Publishing into the same store again updates the same product page. A page not made from a catalogue product needs the owner\u2019s selling price first (400). A free account spends one publish slot on a page\u2019s first publish (403 `publish` without one); re-publishing is free. 409 when no store is connected or it must be reconnected.',
  security: SIGNED_IN,
  request: { body: jsonBody(publishBody) },
  responses: {
    200: json(publicationSchema, 'Queued.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const publications = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/publications',
  tags,
  summary: 'Where a page is published, and how each publish went',
  description:
    'Every store the page was published into, newest request first, with the status of the last publish (queued, publishing, published, failed and why), how shoppers get the page, and the live URL once published.',
  security: SIGNED_IN,
  request: { params: z.object({ key: z.string().max(64) }) },
  responses: { 200: json(z.object({ items: z.array(publicationSchema) }), 'The publications.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const publishTemplate = createRoute({
  method: 'post',
  path: '/v2/publish_template_to_shopify',
  tags,
  summary: 'Make a page’s design (theme and section order) the store’s shared Pagewright design',
  description:
    'Makes this finished page\u2019s theme and section order (hidden sections left out) the store\u2019s shared Pagewright design: saved in the shop\u2019s Pagewright metafield, and every page already published there is published again to follow it. 409 for an unfinished page or a store to reconnect; 404 without a store; 502 when Shopify refuses it.',
  security: SIGNED_IN,
  request: { body: jsonBody(publishBody) },
  responses: {
    200: json(
      z.object({ store_id: z.number().int(), theme: z.record(z.string(), z.string()), order: z.array(z.string()) }),
      'Saved in Pagewright and in the shop.',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
    502: ERRORS[502],
  },
})

export const routes = { publish, publications, publishTemplate }
