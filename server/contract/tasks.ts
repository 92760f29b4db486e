/**
 * /v2/tasks and /v3/tasks: making, listing and sharing product pages. Their shapes are in
 * task-schemas.ts and the editor's routes (page, versions, reviews) in task-pages.ts; `routes` holds them all.
 */
import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { CREDITS_PER_PAGE } from '../domain/entitlements'
import { outlineSchema } from '../domain/outline'
import { sectionIdField } from '../domain/page/schema'
import { pastedTextField, productUrlField, rewriteInstructionField, templateIdField } from '../domain/task-input'
import { GALLERY_SORTS, TRENDING_PERIOD_NAMES } from '../domain/trending'
import { ERRORS, SIGNED_IN, idempotencyHeaders, json, jsonBody } from './common'
import { researchSchema } from './research'
import { routes as pageRoutes } from './task-pages'
import {
  dataStatus,
  galleryItemSchema,
  key,
  listQuery,
  sharedPageSchema,
  taskDetailSchema,
  taskListSchema,
  taskStatus,
} from './task-schemas'

export type { GalleryItem, SharedPage, TaskDetail, TaskSummary, WaitingTask } from './task-schemas'
export { toStatuses } from './task-schemas'

const tags = ['Pages']

const withTemplate = { page_template_id: templateIdField().nullish() }
const urlBody = z.object({ url: productUrlField(), ...withTemplate })
const textBody = z.object({ text: pastedTextField(), ...withTemplate })
const sessionBody = z.object({ session_id: z.string().min(1).max(64) })
const task = (description: string) => json(taskDetailSchema, description)

/** What every route that starts a generation checks and takes (reference §6.3). */
const GENERATION_RULES = `A generation costs ${CREDITS_PER_PAGE} credits and needs more than ${CREDITS_PER_PAGE} left (403 with \`permission: generate\`); the credits are taken when the job is queued and refunded if it fails. With an \`Idempotency-Key\` header a repeat is safe: the same key and request answer the page the first made, paid once.`

// ------------------------------------------------------------------------------------------ /v2/tasks

export const shared = createRoute({
  method: 'get',
  path: '/v2/tasks/shared/{session_id}',
  tags,
  summary: 'A shared page as shoppers see it (no sign-in)',
  description:
    'Answers a finished, public page in its published form: the owner\u2019s price and buy target, hidden sections left out, no supplier name, link or price. ' +
    'Anything else (unknown id, private, unfinished, or a free owner\u2019s page still inside the hide window) is a 404. ' +
    '`variant=challenger` answers the challenger\u2019s version while an experiment runs on the page (the live page otherwise).',
  request: {
    params: z.object({ session_id: z.string().max(64) }),
    query: z.object({ variant: z.enum(['control', 'challenger']).optional() }),
  },
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
    'Pages their owners chose to show in the gallery (finished, public, owner on Pro; a page is never listed just because its link works). `sort=trending` ranks by views in the ' +
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
  description:
    `Queues a task that imports the product at \`url\` and writes its page without stopping at the outline; poll GET /v2/tasks/{key} until \`status\` is 10 or 90. ${GENERATION_RULES} ` +
    'Free accounts may use Shopify product links only (403 `all_urls`); a link that is not a public http(s) address, or an unknown `page_template_id`, is a 400.',
  security: SIGNED_IN,
  request: { headers: idempotencyHeaders, body: jsonBody(urlBody) },
  responses: { 201: task('Queued; poll GET /v2/tasks/{key}.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 422: ERRORS[422] },
})

export const regenerate = createRoute({
  method: 'post',
  path: '/v2/tasks/regenerate',
  tags,
  summary: 'Write the page again from the same facts (costs a generation)',
  description:
    `Writes the page again from the facts and outline already imported (or starts over from the link when the import never finished); the result is a new page version. ${GENERATION_RULES} ` +
    'A page still being made is a 409.',
  security: SIGNED_IN,
  request: { headers: idempotencyHeaders, body: jsonBody(sessionBody) },
  responses: {
    200: task('Queued again.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
    422: ERRORS[422],
  },
})

export const research = createRoute({
  method: 'post',
  path: '/v2/tasks/research',
  tags,
  summary: 'Re-run the research step on the imported facts (free)',
  description:
    'Reads the imported facts again with the built-in reader and answers what they support (features, materials, sizes, questions, figures, each with its source); ' +
    'it costs nothing and changes no page. 409 until the product has been imported.',
  security: SIGNED_IN,
  request: { body: jsonBody(sessionBody) },
  responses: {
    200: json(z.object({ session_id: z.string(), research: researchSchema }), 'What the facts support.'),
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
  description:
    'Rewrites the section `section_id` from the imported facts (never inventing claims) and saves the page as a new version of kind `rewrite`; free of credits. ' +
    'Only a finished page can be rewritten (409); an unknown section id is a 404.',
  security: SIGNED_IN,
  request: { body: jsonBody(sessionBody.extend({ section_id: sectionIdField(), instruction: rewriteInstructionField() })) },
  responses: { 200: task('The page with the section rewritten.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const list = createRoute({
  method: 'get',
  path: '/v2/tasks/',
  tags,
  summary: 'The account\u2019s pages, newest first (free users: finished pages appear after the hide window)',
  description:
    'Finished, active pages by default (`status=10`, `data_status=1`); ask for other statuses, `all`, or the archive. ' +
    'A free account\u2019s pages finished less than the hide window ago are not in `items`: `hidden` counts them and `waiting` lists them without their content.',
  security: SIGNED_IN,
  request: { query: listQuery },
  responses: { 200: json(taskListSchema, 'A page of results.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const get = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}',
  tags,
  summary: 'One page of the account',
  description:
    'The task with its status, outline and page; poll it while a page is being made. Another account\u2019s id is a 404. ' +
    'A free account\u2019s finished page inside the hide window comes without its page (`page` null, `hidden_until` set).',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: task('The page.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const shareLink = createRoute({
  method: 'get',
  path: '/v2/tasks/{key}/share_link',
  tags,
  summary: 'The page\u2019s share link (Pro)',
  description:
    'The public address of the page (`/share/{session_id}`), for Pro and staff; 403 `share` on the free plan. The link works while the page ' +
    'is public and finished; it does not list the page in the gallery (that is `in_gallery` on PUT /v2/tasks/{key}).',
  security: SIGNED_IN,
  request: { params: key },
  responses: {
    200: json(z.object({ url: z.string() }).meta({ id: 'ShareLink' }), 'The link.'),
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
  },
})

export const update = createRoute({
  method: 'put',
  path: '/v2/tasks/{key}',
  tags,
  summary: 'Archive or restore (data_status), make public or private (is_public), list in the gallery (in_gallery)',
  description:
    'Send `data_status` 2 to archive the page or 1 to restore it, `is_public`, and/or `in_gallery`. Making a page private needs Pro ' +
    '(403 `set_private`); so does listing it in the public gallery at /trending (403 `share`): only pages their owners chose to show ' +
    'there are listed, and only while they are public and their owner is on Pro. A body with none of the fields is a 400.',
  security: SIGNED_IN,
  request: {
    params: key,
    body: jsonBody(
      z
        .object({
          data_status: dataStatus.optional(),
          is_public: z.boolean().optional(),
          in_gallery: z.boolean().optional().describe('true: show the page in the public gallery (/trending); false: take it out.'),
        })
        .refine((b) => b.data_status !== undefined || b.is_public !== undefined || b.in_gallery !== undefined, {
          message: 'Nothing to change',
          path: ['data_status'],
        }),
    ),
  },
  responses: { 200: task('The page after the change.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 404: ERRORS[404] },
})

// ------------------------------------------------------------------------------------------ /v3/tasks (outline flow)

export const createByUrl = createRoute({
  method: 'post',
  path: '/v3/tasks/create_by_url',
  tags,
  summary: 'Make a page from a product link, stopping at the outline (status 4) for review',
  description:
    `Like POST /v2/tasks/create, but the task stops at status 4 with a proposed outline; change it with PUT /v3/tasks/outline/{key} and approve it with POST /v3/tasks/continue/{key}. ${GENERATION_RULES} ` +
    'Free accounts may use Shopify product links only (403 `all_urls`).',
  security: SIGNED_IN,
  request: { headers: idempotencyHeaders, body: jsonBody(urlBody) },
  responses: { 201: task('Queued.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 422: ERRORS[422] },
})

export const createFromText = createRoute({
  method: 'post',
  path: '/v3/tasks/create',
  tags,
  summary: 'Make a page from a pasted product description, stopping at the outline',
  description: `For a product with no link: the facts are read from \`text\` (20 to 20,000 characters) and the task stops at the outline (status 4) for review. ${GENERATION_RULES}`,
  security: SIGNED_IN,
  request: { headers: idempotencyHeaders, body: jsonBody(textBody) },
  responses: { 201: task('Queued.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403], 422: ERRORS[422] },
})

export const outline = createRoute({
  method: 'get',
  path: '/v3/tasks/outline/{key}',
  tags,
  summary: 'The outline of a page',
  description:
    'The sections the page will have (or has), in order, each with its title and the points it will make; `outline` is null until the research step is done. Another account\u2019s id is a 404.',
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
  description:
    'Reorder, rename, add or drop sections (1 to 20) before the page is written. Only while the task waits at status 4 (otherwise 409); the outline is checked like any input (400).',
  security: SIGNED_IN,
  request: { params: key, body: jsonBody(z.object({ outline: outlineSchema })) },
  responses: { 200: task('Saved.'), 400: ERRORS[400], 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const continueOutline = createRoute({
  method: 'post',
  path: '/v3/tasks/continue/{key}',
  tags,
  summary: 'Approve the outline: write the page',
  description:
    'Moves the task from status 4 to 5 and queues the writing of the page from the saved outline; no further credits (they were taken when the task was made). ' +
    'A task not waiting for its outline is a 409.',
  security: SIGNED_IN,
  request: { params: key },
  responses: { 200: task('Writing.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const routes = {
  recordViews,
  ...pageRoutes,
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
  shareLink,
  createByUrl,
  createFromText,
  outline,
  saveOutline,
  continueOutline,
}
