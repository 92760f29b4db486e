import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { FREE_PRODUCT_LIMIT, CREDITS_PER_PAGE } from '../domain/entitlements'
import { PUBLICATION_STATUSES } from '../domain/shopify'
import { templateIdField } from '../domain/task-input'
import { ERRORS, SIGNED_IN, idempotencyHeaders, json, jsonBody, okSchema } from './common'
import { taskDetailSchema, taskStatus } from './task-schemas'

const tags = ['Catalogue']

export const catalogProductSchema = z
  .object({
    id: z.number().int(),
    store_id: z.number().int(),
    shopify_id: z.string(),
    handle: z.string(),
    title: z.string(),
    vendor: z.string().nullable(),
    product_type: z.string().nullable(),
    status: z.string().describe('ACTIVE, DRAFT or ARCHIVED, as in Shopify.'),
    price: z.number().nullable(),
    compare_at_price: z.number().nullable(),
    currency: z.string().nullable(),
    image: z.string().nullable(),
    image_count: z.number().int(),
    variant_count: z.number().int(),
    total_inventory: z.number().int().nullable(),
    storefront_url: z.string(),
    is_favorite: z.boolean(),
    deleted: z.boolean(),
    synced_at: z.string(),
    pages: z
      .array(
        z.object({
          session_id: z.string(),
          title: z.string().nullable(),
          status: taskStatus,
          created_at: z.string(),
          publication: z.enum(PUBLICATION_STATUSES).nullable(),
        }),
      )
      .describe('Pages made from this product, newest first.'),
    google_shopping: z
      .object({
        title: z.string(),
        description: z.string(),
        category: z.string(),
        status: z.enum(['proposed', 'accepted', 'written', 'failed']),
        written_to: z.enum(['metafields', 'product']).nullable(),
        error: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'CatalogProduct' })
export type CatalogProduct = z.output<typeof catalogProductSchema>

const listAnswer = z
  .object({
    items: z.array(catalogProductSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    store_id: z.number().int().nullable(),
    product_limit: z
      .object({ count: z.number().int(), max: z.number().int() })
      .nullable()
      .describe('A free account’s products against its limit; null: no limit.'),
  })
  .meta({ id: 'CatalogList' })

export const listQuery = z.object({
  store_id: z.coerce.number().int().positive().optional().describe('Default: the current store.'),
  q: z.string().trim().max(200).optional(),
  favorite: z.enum(['1', '0']).optional(),
  status: z.enum(['ACTIVE', 'DRAFT', 'ARCHIVED']).optional(),
  has_pages: z.enum(['1', '0']).optional(),
  deleted: z.enum(['1', '0']).default('0').describe('1: products removed from the catalogue (restorable).'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
})
const id = z.object({ id: z.coerce.number().int().positive() })

export const list = createRoute({
  method: 'get',
  path: '/v2/shopify_products/',
  tags,
  summary: 'The current store’s synced products',
  description: `The synced products of the current store (or \`store_id\`), by title, with the pages made from each and their publish state; filter by favourite, Shopify status, has pages, or removed (\`deleted=1\`). Without a store: an empty list. \`product_limit\` shows a free account\u2019s products against its limit of ${FREE_PRODUCT_LIMIT}.`,
  security: SIGNED_IN,
  request: { query: listQuery },
  responses: { 200: json(listAnswer, 'A page of products.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const search = createRoute({
  method: 'get',
  path: '/v2/search/shopify_products',
  tags,
  summary: 'Search the current store’s products by title, vendor, type, tag or handle',
  description:
    'The product list with a required `q`, matched case-insensitively anywhere in the title, handle, vendor, product type or tags; the other filters and paging work as in GET /v2/shopify_products/.',
  security: SIGNED_IN,
  request: { query: listQuery.extend({ q: z.string().trim().min(1).max(200) }) },
  responses: { 200: json(listAnswer, 'Matches.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const get = createRoute({
  method: 'get',
  path: '/v2/shopify_products/{id}',
  tags,
  summary: 'One synced product',
  description:
    'One product of the account\u2019s catalogue as lists show it, with its pages and Google Shopping proposal. A product of another account\u2019s store is a 404.',
  security: SIGNED_IN,
  request: { params: id },
  responses: { 200: json(catalogProductSchema, 'The product.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const update = createRoute({
  method: 'put',
  path: '/v2/shopify_products/{id}',
  tags,
  summary: 'Change a product’s title or description in Shopify (and the catalogue)',
  description:
    'Changes the product\u2019s title or description in Shopify first (Shopify stays the source), then in the catalogue (the description sanitized); `is_favorite` marks it. 502 when Shopify refuses the change; 409 when the store must be reconnected.',
  security: SIGNED_IN,
  request: {
    params: id,
    body: jsonBody(
      z
        .object({
          title: z.string().trim().min(1).max(255).optional(),
          description_html: z.string().max(60_000).optional(),
          is_favorite: z.boolean().optional(),
        })
        .refine((b) => Object.keys(b).length > 0, 'Nothing to change.'),
    ),
  },
  responses: {
    200: json(catalogProductSchema, 'Changed.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
    502: ERRORS[502],
  },
})

export const remove = createRoute({
  method: 'delete',
  path: '/v2/shopify_products/{id}',
  tags,
  summary: 'Take a product out of the catalogue (hard_delete forgets it); the product in Shopify is never deleted',
  description:
    'Takes the product out of the catalogue: by default it stays out, even across syncs, until restored (PUT /v2/shopify_products/batch with `restore`); `hard_delete=true` forgets it, so the next sync brings it back. The product in Shopify is never touched; a free account\u2019s product allowance is recounted.',
  security: SIGNED_IN,
  request: { params: id, query: z.object({ hard_delete: z.enum(['true', 'false', '1', '0']).default('false') }) },
  responses: { 200: json(okSchema, 'Removed.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const batch = createRoute({
  method: 'put',
  path: '/v2/shopify_products/batch',
  tags,
  summary: 'Favourite, unfavourite, remove or restore many products at once',
  description: `Applies one action to up to 200 products; ids that are not in the account\u2019s catalogue are skipped, and \`changed\` counts the products that changed. Restoring more products than a free account\u2019s limit of ${FREE_PRODUCT_LIMIT} leaves room for is refused as a whole (403 \`max_products\`).`,
  security: SIGNED_IN,
  request: {
    body: jsonBody(
      z.object({
        ids: z.array(z.number().int().positive()).min(1).max(200),
        action: z.enum(['favorite', 'unfavorite', 'delete', 'restore']),
      }),
    ),
  },
  responses: { 200: json(z.object({ ok: z.literal(true), changed: z.number().int() }), 'Done.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const trending = createRoute({
  method: 'post',
  path: '/v2/shopify_products/trending',
  tags,
  summary: 'The current store’s products by how often pages were made and published for them in the last 30 days',
  description:
    'Ranks the current store\u2019s (or `store_id`\u2019s) products by pages made from them (1 point each) and published (3 points each) in the last 30 days; products with neither are left out. `limit` is 1 to 50 (default 10).',
  security: SIGNED_IN,
  request: {
    query: z.object({ store_id: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(50).default(10) }),
  },
  responses: {
    200: json(
      z.object({
        items: z.array(catalogProductSchema.extend({ pages_made: z.number().int(), pages_published: z.number().int(), score: z.number() })),
      }),
      'Ranked products.',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
  },
})

export const createTask = createRoute({
  method: 'post',
  path: '/v2/shopify_products/create_task',
  tags,
  summary: 'Make a page from a synced product (its facts come from the catalogue: nothing is fetched)',
  description: `Makes a page from a catalogue product: the facts (title, description, images, options, prices) come from the synced copy, so nothing is fetched and no marketplace rule applies; \`flow: outline\` stops at the outline. A generation costs ${CREDITS_PER_PAGE} credits and needs more than ${CREDITS_PER_PAGE} left (403 \`generate\`); a removed product is a 404; a product without enough facts to write from is a 400. An \`Idempotency-Key\` header makes a repeat answer the first page, paid once.`,
  security: SIGNED_IN,
  request: {
    headers: idempotencyHeaders,
    body: jsonBody(
      z.object({
        product_id: z.number().int().positive(),
        page_template_id: templateIdField().nullish(),
        flow: z.enum(['direct', 'outline']).default('direct'),
      }),
    ),
  },
  responses: {
    201: json(taskDetailSchema, 'Queued; poll GET /v2/tasks/{key}.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    422: ERRORS[422],
  },
})

export const optimize = createRoute({
  method: 'post',
  path: '/v2/shopify_products/gs_ai_optimizer',
  tags,
  summary: 'Propose Google Merchant titles, descriptions and categories grounded in the products’ facts; optionally accept and write them',
  description:
    'Proposes a Google Merchant title, description and product category for each product, from its own facts only. `action: accept` also writes them to Shopify: the Google & YouTube channel\u2019s metafields, and with `write_to: product` the product\u2019s title and description too. A product Shopify refuses comes back `failed` with its error; ids outside the catalogue are skipped (404 when none is left).',
  security: SIGNED_IN,
  request: {
    body: jsonBody(
      z.object({
        product_ids: z.array(z.number().int().positive()).min(1).max(50),
        action: z.enum(['propose', 'accept']).default('propose'),
        write_to: z.enum(['metafields', 'product']).default('metafields').describe('product: also the Shopify title and description.'),
      }),
    ),
  },
  responses: {
    200: json(
      z.object({
        items: z.array(
          z.object({
            product_id: z.number().int(),
            current: z.object({ title: z.string(), description: z.string() }),
            proposed: z.object({ title: z.string(), description: z.string(), category: z.string() }),
            status: z.enum(['proposed', 'accepted', 'written', 'failed']),
            error: z.string().nullable(),
          }),
        ),
      }),
      'Proposals (and what was written).',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
  },
})

export const feed = createRoute({
  method: 'get',
  path: '/v2/shopify/feeds/{token}',
  tags,
  summary: 'Merchant Center feed of the optimised products (`{token}.tsv` or `{token}.xml`; secret URL, no sign-in)',
  description:
    'A Merchant Center product feed of the store\u2019s active products whose optimised Google fields were written, with the price and storefront link the published pages use. No sign-in: the secret token is the store\u2019s `feed_url`; end it with `.tsv` or `.xml`. An unknown token is a 404.',
  request: { params: z.object({ token: z.string().max(80) }) },
  responses: { 200: { description: 'text/tab-separated-values or application/xml' }, 404: ERRORS[404] },
})

const favoriteAnswer = (value: boolean) =>
  json(z.object({ ok: z.literal(true), is_favorite: z.literal(value) }), value ? 'Marked.' : 'Unmarked.')

export const favorites = createRoute({
  method: 'get',
  path: '/v2/shopify_product_favorites/',
  tags,
  summary: 'The account’s favourite products (current store unless store_id)',
  description:
    'The product list (filters, paging and answer as in GET /v2/shopify_products/) limited to the products the account marked, in the current store or `store_id`.',
  security: SIGNED_IN,
  request: { query: listQuery.omit({ favorite: true }) },
  responses: { 200: json(listAnswer, 'A page of favourites.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const addFavorite = createRoute({
  method: 'post',
  path: '/v2/shopify_product_favorites/{id}',
  tags,
  summary: 'Mark a product as a favourite (idempotent)',
  description: 'Marks a catalogue product; marking it again changes nothing. A product outside the account\u2019s catalogue is a 404.',
  security: SIGNED_IN,
  request: { params: id },
  responses: { 200: favoriteAnswer(true), 401: ERRORS[401], 404: ERRORS[404] },
})

export const removeFavorite = createRoute({
  method: 'delete',
  path: '/v2/shopify_product_favorites/{id}',
  tags,
  summary: 'Unmark a favourite product (idempotent)',
  description:
    'Unmarks a catalogue product; unmarking one that is not marked changes nothing. A product outside the account\u2019s catalogue is a 404.',
  security: SIGNED_IN,
  request: { params: id },
  responses: { 200: favoriteAnswer(false), 401: ERRORS[401], 404: ERRORS[404] },
})

export const routes = {
  list,
  search,
  get,
  update,
  remove,
  batch,
  trending,
  createTask,
  optimize,
  feed,
  favorites,
  addFavorite,
  removeFavorite,
}
