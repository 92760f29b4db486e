/** The shapes of a task (a product page) that the /v2/tasks and /v3/tasks routes take and answer. */
import { z } from 'zod'
import { outlineSchema } from '../domain/outline'
import { pageSchema } from '../domain/page/schema'
import {
  DATA_STATUS,
  DATA_STATUSES,
  DEFAULT_LIST_STATUS,
  isTaskStatus,
  TASK_STATUS,
  TASK_STATUSES,
  type DataStatus,
  type TaskStatus,
} from '../domain/task-status'
import { codes } from './common'

const { queued, importing, researching, outlineReady, generating, completed, failed } = TASK_STATUS
/** What each task status means to a caller polling a task (docs/architecture.md, decisions). */
export const taskStatus = codes<TaskStatus>(TASK_STATUSES, {
  [queued]: 'queued: waiting for the worker',
  [importing]: 'importing: reading the product facts from the link or the pasted text',
  [researching]: 'researching: sorting the facts into what the page can say',
  [outlineReady]: 'outline ready: waiting for the owner to review and approve the outline (outline flow only)',
  [generating]: 'generating: writing the page',
  [completed]: 'completed: the page is ready',
  [failed]: 'failed: `failure_reason` says why, `refunded` whether the credits came back',
})
export const dataStatus = codes<DataStatus>(DATA_STATUSES, {
  [DATA_STATUS.active]: 'active: in the page lists',
  [DATA_STATUS.archived]: 'archived: listed only when asked for with data_status=2; restorable',
})

/** A task (product page) as lists show it: the Task fields of reference §4 plus what the screens need. */
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
    /** Not named `error`: the web's client raises any answer carrying one (reference §9.1). */
    failure_reason: z.string().nullable().describe('Why the task failed (status 90).'),
    note: z.string().nullable(),
    title: z.string().nullable(),
    image: z.string().nullable(),
    platform: z.string().nullable(),
    is_public: z.boolean(),
    in_gallery: z.boolean().describe('The owner chose to show the page in the public gallery (/trending).'),
    is_favorite: z.boolean(),
    completed_at: z.string().nullable(),
    refunded: z.boolean(),
    conversion_rate: z
      .number()
      .nullable()
      .optional()
      .describe('Buy clicks per visitor of the shared page over the last 30 days; null without visitors (lists only).'),
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
/** List queries (reference §5: status 10 by default). */
export const listQuery = z.object({
  status: z
    .string()
    .regex(STATUS_LIST, 'Invalid format')
    .default(DEFAULT_LIST_STATUS)
    .describe('Comma-separated task status codes (see `status` of a task, e.g. `1,2,3,5` for pages being made), or `all`.'),
  data_status: z.coerce
    .number()
    .pipe(dataStatus)
    .default(DATA_STATUS.active)
    .meta({
      type: 'integer',
      enum: [...DATA_STATUSES],
      default: DATA_STATUS.active,
      description: '1 active pages (default), 2 archived ones.',
    }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
})
/** The statuses a list query asks for; codes that are no status match nothing. */
export const toStatuses = (s: string) => (s === 'all' ? ('all' as const) : s.split(',').map(Number).filter(isTaskStatus))

export const key = z.object({ key: z.string().max(64).describe('The task\u2019s session_id (uuid) or numeric id.') })
