import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { pageSchema } from '../domain/page/schema'
import { PAGE_VERSION_KINDS } from '../domain/page/versions'
import { ERRORS, SIGNED_IN, json, jsonBody } from './common'
import { key } from './task-schemas'

/** The owner's editor: a finished page, its versions and its reviews (part of /v2/tasks). */
const tags = ['Pages']

/** Every route here works on a finished page the owner may see. */
const EDITABLE =
  'Only a finished page can be edited (409), and a free account\u2019s page only once the hide window has passed (409 with `hidden_until`).'
/** Every save here is conditional on the version the edit started from. */
const CONDITIONAL =
  'Saved only if `base_version` is still the current version: otherwise nothing is written and the 409 carries the current `version`.'

const pageVersionSchema = z.object({
  version: z.number().int().min(1),
  kind: z
    .enum(PAGE_VERSION_KINDS)
    .describe(
      'What made it: generated, regenerate, rewrite (one section), owner_edit, restore, reviews, published, variant (saved not live, to test: POST /v2/tasks/{key}/variants).',
    ),
  restored_from: z.number().int().nullable(),
  created_at: z.string(),
})
const versionParams = key.extend({ version: z.coerce.number().int().min(1).max(1_000_000) })
export const currentPageSchema = z
  .object({
    session_id: z.string(),
    version: z.number().int(),
    page: pageSchema,
    imported: z
      .object({
        images: z.array(z.string()).describe('Every image the source had (the gallery is chosen from these).'),
        price: z.number().nullable(),
        compare_at: z.number().nullable(),
        currency: z.string().nullable(),
        platform: z.string(),
        source_name: z.string(),
        source_url: z.string(),
      })
      .nullable()
      .describe('What was imported, for the owner: shown beside their own facts, never to shoppers.'),
  })
  .meta({ id: 'CurrentPage' })

// ------------------------------------------------------------------------------------------ page versions

export const getPage = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/page',
  tags,
  summary: 'The current page and its version number (for editing)',
  description: `The page with the owner\u2019s facts, its current version (send it back as \`base_version\` when saving) and what was imported. ${EDITABLE}`,
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: json(currentPageSchema, 'The page.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const putPage = createRoute({
  method: 'put',
  path: '/v2/tasks/{key}/page',
  tags,
  summary: 'Save an edited page as a new version; a stale base_version is a 409 carrying the current version',
  description: `Replaces the whole page (checked against the page model, 400) as a new version of kind \`owner_edit\`; nothing is overwritten. ${CONDITIONAL} ${EDITABLE}`,
  security: SIGNED_IN,
  request: {
    params: key,
    body: jsonBody(z.object({ page: pageSchema, base_version: z.number().int().min(1).describe('The version the edit started from.') })),
  },
  responses: { 200: json(currentPageSchema, 'Saved.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const versions = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/versions',
  tags,
  summary: 'The page\u2019s versions, newest first',
  description: `The 50 newest versions of the page, each with what made it, and the number of the current one. ${EDITABLE}`,
  security: SIGNED_IN,
  request: { params: key },
  responses: {
    200: json(z.object({ current: z.number().int(), items: z.array(pageVersionSchema) }), 'The history.'),
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const version = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/versions/{version}',
  tags,
  summary: 'One version of the page (for a preview)',
  description: `The page exactly as it was saved at that version, with what made it, to preview before restoring. A version the page never had is a 404. ${EDITABLE}`,
  security: SIGNED_IN,
  request: { params: versionParams },
  responses: {
    200: json(pageVersionSchema.extend({ page: pageSchema }), 'The version.'),
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const restoreVersion = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/versions/{version}/restore',
  tags,
  summary: 'Bring an older version back (itself a new version; nothing is lost)',
  description: `Copies that version\u2019s page into a new version of kind \`restore\` (with \`restored_from\`); the versions in between stay in the history. ${EDITABLE}`,
  security: SIGNED_IN,
  request: { params: versionParams },
  responses: { 200: json(currentPageSchema, 'Restored.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

// ------------------------------------------------------------------------------------------ reviews

const reviewEditSchema = z
  .object({
    index: z.number().int().min(0).max(10_000),
    hidden: z.boolean().optional(),
    pinned: z.boolean().optional(),
    body: z.string().max(5000).optional().describe('A typo fix only: a small edit distance from the text.'),
    title: z.string().max(300).nullable().optional(),
  })
  .strict()
  .describe('Author, rating and date are the reviewer\u2019s and cannot be sent.')

export const editReviews = createRoute({
  method: 'put',
  path: '/v2/tasks/{key}/reviews',
  tags,
  summary: 'Bulk review edits: hide, show, pin, reorder, fix typos (never author, rating or date)',
  description:
    'Applies every edit (by index into the reviews section) and the new order in one new version of kind `reviews`; any edit that is not allowed (unknown index, the same review twice, a rewrite rather than a typo fix) fails the whole request with a 400. ' +
    `A page without a reviews section is a 409. ${CONDITIONAL}`,
  security: SIGNED_IN,
  request: {
    params: key,
    body: jsonBody(
      z.object({
        base_version: z.number().int().min(1),
        edits: z.array(reviewEditSchema).max(200).default([]),
        order: z.array(z.number().int().min(0)).max(200).optional().describe('The new order, as indexes of the current items.'),
      }),
    ),
  },
  responses: { 200: json(currentPageSchema, 'Saved.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const importReviews = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/reviews/import',
  tags,
  summary: 'Import the store\u2019s own reviews from a review app\u2019s CSV export (\u2264 2 MB, 5,000 rows)',
  description:
    'Multipart upload of a CSV export (Judge.me, Shopify Product Reviews and look-alikes). Good rows are added to the reviews section (made, with a neutral disclosure, when the page has none) in one new version; ' +
    'bad rows are listed with the reason, and a page keeps at most 100 reviews. A file that cannot be read is a 400. ' +
    `${CONDITIONAL}`,
  security: SIGNED_IN,
  request: {
    params: key,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z.any().meta({ type: 'string', format: 'binary' }).describe('The CSV file.'),
            base_version: z.coerce.number().int().min(1),
          }),
        },
      },
    },
  },
  responses: {
    200: json(
      z.object({
        imported: z.number().int(),
        rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
        app: z.string().nullable(),
        version: z.number().int(),
      }),
      'Good rows kept, bad rows listed with the reason.',
    ),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const routes = { editReviews, importReviews, getPage, putPage, versions, version, restoreVersion }
