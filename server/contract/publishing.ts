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

export const nextPublishSchema = z
  .object({
    store_id: z.number().int().describe('The account\u2019s current store, where Publish would put the page.'),
    allowed: z.boolean(),
    permission: z
      .string()
      .nullable()
      .describe('When not allowed: the refusal\u2019s name, as a 403 would carry it (publish, see_now, max_products).'),
    message: z.string().nullable().describe('When not allowed: why, in words.'),
    spends_slot: z.boolean().describe('Publishing now would spend one of a free account\u2019s publish slots.'),
  })
  .nullable()
  .meta({ id: 'NextPublish' })
export type NextPublish = z.output<typeof nextPublishSchema>

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
    'Queues the publishing of a finished page (409 otherwise) into the current store or `store_id` as a product page (the product is made in the store when the page was not made from one of its products); poll GET /v2/tasks/{key}/publications. Publishing into the same store again updates the same product page. A page not made from a catalogue product needs the owner\u2019s selling price first (400). A page still hidden from a free owner (inside the hide window) cannot be published (403 `see_now`); a first publish that would add a product beyond a free account\u2019s limit is refused before anything is spent (403 `max_products`); a free account spends one publish slot on a page\u2019s first publish (403 `publish` without one) and gets it back if that publish fails; re-publishing is free. 409 when no store is connected or it must be reconnected.',
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
    'Every store the page was published into, newest request first, with the status of the last publish (queued, publishing, published, failed and why), how shoppers get the page, and the live URL once published. ' +
    '`next_publish` is what a publish into the current store would answer now (the same rule the publish route applies; null without a store or a finished page).',
  security: SIGNED_IN,
  request: { params: z.object({ key: z.string().max(64) }) },
  responses: {
    200: json(z.object({ items: z.array(publicationSchema), next_publish: nextPublishSchema }), 'The publications.'),
    401: ERRORS[401],
    404: ERRORS[404],
  },
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
