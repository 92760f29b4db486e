import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { PUBLICATION_STATUSES, PUBLISH_METHODS } from '../domain/shopify'
import { ERRORS, SIGNED_IN, json, jsonBody } from './common'

const tags = ['Publishing']

export const NEXT_STEP_KINDS = ['add_app_block', 'check_again', 'allow_description', 'retry_theme_files', 'approve_pixel'] as const

export const nextStepSchema = z
  .object({
    kind: z
      .enum(NEXT_STEP_KINDS)
      .describe(
        'add_app_block: open `url` (Shopify’s theme editor with the Pagewright block added; the owner presses Save). check_again: publish again (free) so Pagewright looks for the block. allow_description: PUT …/description_fallback `{ allowed: true }`. retry_theme_files: POST /v2/shopify/stores/{id}/theme_files. approve_pixel: connect the store again (POST /v2/shopify/oauth/begin) and approve the web pixel’s permission, so the store’s adds to cart and checkouts count in the experiment.',
      ),
    text: z.string().describe('What to do, in words for the owner.'),
    url: z.string().nullable(),
  })
  .meta({ id: 'PublicationNextStep' })
export type NextStep = z.output<typeof nextStepSchema>

export const publicationSchema = z
  .object({
    id: z.number().int(),
    session_id: z.string(),
    store_id: z.number().int(),
    shop_domain: z.string(),
    store_name: z.string().nullable(),
    status: z.enum(PUBLICATION_STATUSES),
    failure_reason: z.string().nullable(),
    method: z
      .enum(PUBLISH_METHODS)
      .nullable()
      .describe(
        'How shoppers get the page: app_block (the Pagewright block in the theme), template (Pagewright’s product template, where Shopify lets the app write theme files), description (the page as the product description), pending_block (saved in the product, shown once the block is added).',
      ),
    method_label: z.string().nullable().describe('The method in words, once published.'),
    live: z.boolean().describe('Shoppers see the page now.'),
    page_version: z.number().int(),
    storefront_url: z.string().nullable().describe('The live product page (while shoppers see the page).'),
    theme_editor_url: z
      .string()
      .nullable()
      .describe('Shopify’s theme editor with the Pagewright block being added to the product page (while the page needs it).'),
    next_steps: z
      .array(nextStepSchema)
      .describe('What would make the page live, or live in a better way; empty when nothing is left to do.'),
    notice: z
      .string()
      .nullable()
      .describe('What Shopify refused on the last publish (a theme file and why), when publishing went on another way.'),
    description_allowed: z.boolean().describe('The owner agreed that the page may replace this product’s own description.'),
    product_created: z.boolean().describe('Pagewright made the product in the store (its description is Pagewright’s to set).'),
    can_unpublish: z.boolean(),
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

const publicationId = z.object({ id: z.coerce.number().int().positive() })

export const unpublish = createRoute({
  method: 'post',
  path: '/v2/publications/{id}/unpublish',
  tags,
  summary: 'Take a published page out of the store (a job)',
  description:
    'Queues taking the page out of the product: Pagewright’s metafield is removed, the product gets back what publishing replaced (its own template and description), and a product Pagewright made is set to draft (never deleted). Poll GET /v2/tasks/{key}/publications: `unpublishing`, then `unpublished`. Publishing it again later is free. 404 for another account’s publication; 409 while it is being published or is not in the store, or when the store must be reconnected.',
  security: SIGNED_IN,
  request: { params: publicationId },
  responses: { 200: json(publicationSchema, 'Queued.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const descriptionFallback = createRoute({
  method: 'put',
  path: '/v2/publications/{id}/description_fallback',
  tags,
  summary: 'Agree (or not) that the page may replace this product’s own description',
  description:
    'Without the Pagewright block in the theme and without theme-file access, a page can still reach shoppers as the product description, but only once the owner agrees for that product: the merchant’s own description is kept and restored when the page is unpublished (or when the page is shown another way). Agreeing or withdrawing publishes the page again (free). 404 for another account’s publication; 409 while it is being published or taken out.',
  security: SIGNED_IN,
  request: { params: publicationId, body: jsonBody(z.object({ allowed: z.boolean() })) },
  responses: {
    200: json(publicationSchema, 'Saved (and queued again when the page is in the store).'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const routes = { publish, publications, publishTemplate, unpublish, descriptionFallback }
