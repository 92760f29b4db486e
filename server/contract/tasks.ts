import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { outlineSchema } from '../domain/outline'
import { pageSchema, sectionIdField } from '../domain/page/schema'
import { PAGE_VERSION_KINDS } from '../domain/page/versions'
import { pastedTextField, productUrlField, rewriteInstructionField, templateIdField } from '../domain/task-input'
import { DATA_STATUS, DATA_STATUSES, DEFAULT_LIST_STATUS, isTaskStatus, TASK_STATUSES } from '../domain/task-status'
import { GALLERY_SORTS, TRENDING_PERIOD_NAMES } from '../domain/trending'
import { ERRORS, SIGNED_IN, json, jsonBody } from './common'

const tags = ['Pages']

const taskStatus = z
  .literal(TASK_STATUSES)
  .describe('1 queued, 2 importing, 3 researching, 4 outline ready, 5 generating, 10 completed, 90 failed')
const dataStatus = z.literal(DATA_STATUSES).describe('1 active, 2 archived')

/** A task (product page) as lists show it: spec §3 Task fields plus what the screens need. */
export const taskSummarySchema = z
  .object({
    id: z.number().int(),
    session_id: z.string(),
    data_status: dataStatus,
    page_template_id: z.number().int().nullable(),
    created_at: z.string(),
    url: z.string().nullable(),
    status: taskStatus,
    flow: z.enum(['direct', 'outline']),
    step: z.string().nullable(),
    /** Not named `error`: spec §7 raises any answer carrying one. */
    failure_reason: z.string().nullable().describe('Why the task failed (status 90).'),
    note: z.string().nullable(),
    title: z.string().nullable(),
    image: z.string().nullable(),
    platform: z.string().nullable(),
    is_public: z.boolean(),
    is_favorite: z.boolean(),
    completed_at: z.string().nullable(),
    refunded: z.boolean(),
  })
  .meta({ id: 'TaskSummary' })
export type TaskSummary = z.output<typeof taskSummarySchema>

export const taskDetailSchema = taskSummarySchema
  .extend({
    outline: outlineSchema.nullable(),
    page: pageSchema.nullable(),
    source: z.object({ url: z.string(), platform: z.string(), name: z.string(), review_source: z.string().nullable() }).nullable(),
    hidden_until: z.string().nullable().describe('When a free user\u2019s finished page becomes visible; the page is withheld until then.'),
    page_version: z.number().int().describe('The number of the current page version (0: no page yet).'),
  })
  .meta({ id: 'Task' })
export type TaskDetail = z.output<typeof taskDetailSchema>

/**
 * A free user's finished page still inside the hide window, as a list shows it: enough to say what
 * it is and when it shows, never its content (no page, image or note).
 */
export const waitingTaskSchema = z
  .object({
    id: z.number().int(),
    session_id: z.string(),
    data_status: dataStatus,
    created_at: z.string(),
    url: z.string().nullable(),
    title: z.string().nullable(),
    platform: z.string().nullable(),
    is_favorite: z.boolean(),
    hidden_until: z.string().describe('When the page becomes visible.'),
  })
  .meta({ id: 'WaitingTask' })
export type WaitingTask = z.output<typeof waitingTaskSchema>

export const taskListSchema = z
  .object({
    items: z.array(taskSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    hidden: z
      .object({ count: z.number().int(), next_ready_at: z.string().nullable() })
      .describe('Finished pages still inside the hide window.'),
    waiting: z
      .array(waitingTaskSchema)
      .describe(
        'Those hidden pages themselves, soonest first, without their content (first result page only; at most page_size), so a list can show them as waiting.',
      ),
  })
  .meta({ id: 'TaskList' })

export const sharedPageSchema = z
  .object({
    session_id: z.string(),
    title: z.string().nullable(),
    page: pageSchema.describe('The published form: owner price and buy target, no supplier identity.'),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'SharedPage' })
export type SharedPage = z.output<typeof sharedPageSchema>

/** A shared page on a gallery card: what shoppers see of it, never the supplier (no platform, source or supplier price). */
export const galleryItemSchema = z
  .object({
    session_id: z.string(),
    title: z.string().describe('The page\u2019s headline as shoppers see it.'),
    image: z.string().nullable().describe('The page\u2019s first image, our own copy (/media/\u2026); null without one.'),
    price: z
      .object({ amount: z.number(), compare_at: z.number().nullable(), currency: z.string() })
      .nullable()
      .describe('The price the owner set; null when they set none.'),
    views: z.number().int().describe('Views of the shared page in the period (people, not bots; counted without cookies).'),
    share_url: z.string().describe('The public link of the page.'),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'GalleryItem' })
export type GalleryItem = z.output<typeof galleryItemSchema>

const STATUS_LIST = /^(all|\d{1,2}(,\d{1,2})*)$/
/** List queries (spec §4: status 10 by default). */
export const listQuery = z.object({
  status: z.string().regex(STATUS_LIST, 'Invalid format').default(DEFAULT_LIST_STATUS).describe('Comma-separated status codes, or "all".'),
  data_status: z.coerce.number().pipe(dataStatus).default(DATA_STATUS.active),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
})
/** The statuses a list query asks for; codes that are no status match nothing. */
export const toStatuses = (s: string) => (s === 'all' ? ('all' as const) : s.split(',').map(Number).filter(isTaskStatus))

const key = z.object({ key: z.string().max(64).describe('The task\u2019s session_id (uuid) or numeric id.') })
const withTemplate = { page_template_id: templateIdField().nullish() }
const urlBody = z.object({ url: productUrlField(), ...withTemplate })
const textBody = z.object({ text: pastedTextField(), ...withTemplate })
const sessionBody = z.object({ session_id: z.string().min(1).max(64) })
const task = (description: string) => json(taskDetailSchema, description)

// ------------------------------------------------------------------------------------------ /v2/tasks

export const shared = createRoute({
  method: 'get',
  path: '/v2/tasks/shared/{session_id}',
  tags,
  summary: 'A shared page as shoppers see it (no sign-in)',
  request: { params: z.object({ session_id: z.string().max(64) }) },
  responses: { 200: json(sharedPageSchema, 'The page.'), 404: ERRORS[404] },
})

export const sharedVersion = createRoute({
  method: 'get',
  path: '/v2/tasks/shared/{session_id}/version',
  tags,
  summary: 'The current version of a shared page, for caches (no sign-in)',
  description: 'Changes whenever anything the shared page shows changes; 404 while the page is not shared.',
  request: { params: z.object({ session_id: z.string().max(64) }) },
  responses: { 200: json(z.object({ version: z.string() }).meta({ id: 'SharedPageVersion' }), 'The version.'), 404: ERRORS[404] },
})

export const recordViews = createRoute({
  method: 'post',
  path: '/v2/tasks/shared/views',
  tags,
  summary: 'Views counted by a web deployed on its own (internal)',
  description:
    'A web without a database (API_URL) hands over the views it counted, every 10 s. Authorised by a key derived from AUTH_SECRET, ' +
    'which every process of a deployment shares (`Authorization: Bearer <key>`); not for API clients.',
  request: {
    body: jsonBody(
      z.object({
        counts: z
          .array(
            z.object({
              session_id: z.uuid(),
              day: z.iso.date(),
              views: z.number().int().min(1).max(10_000_000),
            }),
          )
          .max(10_000),
      }),
    ),
  },
  responses: { 200: json(z.object({ ok: z.literal(true) }), 'Added.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const gallery = createRoute({
  method: 'post',
  path: '/v2/tasks/public',
  tags,
  summary: 'Finished public pages, newest first or trending (no sign-in)',
  description:
    'Pages their owners share (finished, public; a free owner\u2019s only after the hide window). `sort=trending` ranks by views in the ' +
    'period and pages made from the same product lately, recent days weighing more; `views` counts people, not bots.',
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      page_size: z.coerce.number().int().min(1).max(60).default(24),
      sort: z.enum(GALLERY_SORTS).default('newest').describe('newest (default) or trending'),
      period: z
        .enum(TRENDING_PERIOD_NAMES)
        .default('week')
        .describe('The window of `views` and of the trending rank: week (7 days) or month (30).'),
    }),
  },
  responses: {
    200: json(
      z.object({ items: z.array(galleryItemSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
      'A page of results.',
    ),
    400: ERRORS[400],
  },
})

export const create = createRoute({
  method: 'post',
  path: '/v2/tasks/create',
  tags,
  summary: 'Make a page from a product link (import and write in one go)',
  security: SIGNED_IN,
  request: { body: jsonBody(urlBody) },
  responses: { 201: task('Queued; poll GET /v2/tasks/{key}.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] },
})

export const regenerate = createRoute({
  method: 'post',
  path: '/v2/tasks/regenerate',
  tags,
  summary: 'Write the page again from the same facts (costs a generation)',
  security: SIGNED_IN,
  request: { body: jsonBody(sessionBody) },
  responses: { 200: task('Queued again.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409] },
})

export const research = createRoute({
  method: 'post',
  path: '/v2/tasks/research',
  tags,
  summary: 'Re-run the research step on the imported facts (free)',
  security: SIGNED_IN,
  request: { body: jsonBody(sessionBody) },
  responses: {
    200: json(z.object({ session_id: z.string(), research: z.unknown() }), 'What the facts support.'),
    400: ERRORS[400],
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const researchSection = createRoute({
  method: 'post',
  path: '/v2/tasks/research_section',
  tags,
  summary: 'Rewrite one section of a finished page, optionally following an instruction',
  security: SIGNED_IN,
  request: { body: jsonBody(sessionBody.extend({ section_id: sectionIdField(), instruction: rewriteInstructionField() })) },
  responses: { 200: task('The page with the section rewritten.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const list = createRoute({
  method: 'get',
  path: '/v2/tasks/',
  tags,
  summary: 'The account\u2019s pages, newest first (free users: finished pages appear after the hide window)',
  security: SIGNED_IN,
  request: { query: listQuery },
  responses: { 200: json(taskListSchema, 'A page of results.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const get = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}',
  tags,
  summary: 'One page of the account',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: task('The page.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const update = createRoute({
  method: 'put',
  path: '/v2/tasks/{key}',
  tags,
  summary: 'Archive or restore (data_status), make public or private (is_public)',
  security: SIGNED_IN,
  request: {
    params: key,
    body: jsonBody(
      z
        .object({ data_status: dataStatus.optional(), is_public: z.boolean().optional() })
        .refine((b) => b.data_status !== undefined || b.is_public !== undefined, { message: 'Nothing to change', path: ['data_status'] }),
    ),
  },
  responses: { 200: task('The page after the change.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
})

// ------------------------------------------------------------------------------------------ page versions

const pageVersionSchema = z.object({
  version: z.number().int().min(1),
  kind: z.enum(PAGE_VERSION_KINDS).describe('What made it: generated, regenerate, rewrite, owner_edit, restore, reviews.'),
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

export const getPage = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/page',
  tags,
  summary: 'The current page and its version number (for editing)',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: json(currentPageSchema, 'The page.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const putPage = createRoute({
  method: 'put',
  path: '/v2/tasks/{key}/page',
  tags,
  summary: 'Save an edited page as a new version; a stale base_version is a 409 carrying the current version',
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
  security: SIGNED_IN,
  request: { params: key },
  responses: {
    200: json(z.object({ current: z.number().int(), items: z.array(pageVersionSchema) }), 'The history.'),
    401: ERRORS[401],
    404: ERRORS[404],
  },
})

export const version = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/versions/{version}',
  tags,
  summary: 'One version of the page (for a preview)',
  security: SIGNED_IN,
  request: { params: versionParams },
  responses: { 200: json(pageVersionSchema.extend({ page: pageSchema }), 'The version.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const restoreVersion = createRoute({
  method: 'post',
  path: '/v2/tasks/{key}/versions/{version}/restore',
  tags,
  summary: 'Bring an older version back (itself a new version; nothing is lost)',
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

// ------------------------------------------------------------------------------------------ /v3/tasks (outline flow)

export const createByUrl = createRoute({
  method: 'post',
  path: '/v3/tasks/create_by_url',
  tags,
  summary: 'Make a page from a product link, stopping at the outline (status 4) for review',
  security: SIGNED_IN,
  request: { body: jsonBody(urlBody) },
  responses: { 201: task('Queued.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] },
})

export const createFromText = createRoute({
  method: 'post',
  path: '/v3/tasks/create',
  tags,
  summary: 'Make a page from a pasted product description, stopping at the outline',
  security: SIGNED_IN,
  request: { body: jsonBody(textBody) },
  responses: { 201: task('Queued.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] },
})

export const outline = createRoute({
  method: 'get',
  path: '/v3/tasks/outline/{key}',
  tags,
  summary: 'The outline of a page',
  security: SIGNED_IN,
  request: { params: key },
  responses: {
    200: json(
      z.object({ session_id: z.string(), status: taskStatus, outline: outlineSchema.nullable() }),
      'The outline (null before research).',
    ),
    401: ERRORS[401],
    404: ERRORS[404],
  },
})

export const saveOutline = createRoute({
  method: 'put',
  path: '/v3/tasks/outline/{key}',
  tags,
  summary: 'Replace the outline (only while it waits for review)',
  security: SIGNED_IN,
  request: { params: key, body: jsonBody(z.object({ outline: outlineSchema })) },
  responses: { 200: task('Saved.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const continueOutline = createRoute({
  method: 'post',
  path: '/v3/tasks/continue/{key}',
  tags,
  summary: 'Approve the outline: write the page',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: task('Writing.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const routes = {
  recordViews,
  editReviews,
  importReviews,
  getPage,
  putPage,
  versions,
  version,
  restoreVersion,
  shared,
  sharedVersion,
  gallery,
  create,
  regenerate,
  research,
  researchSection,
  list,
  get,
  update,
  createByUrl,
  createFromText,
  outline,
  saveOutline,
  continueOutline,
}
