import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv } from '../../context'
import { requireAuth } from '../../auth-middleware'
import { outlineSchema } from '../../domain/outline'
import { requiredText } from '../../domain/validation'
import { readJson, readQuery } from '../../validate'
import {
  continueTask, createTask, findOwnTask, listTasks, regenerateTask, researchSection, researchTask, taskDetail, updateOutline, updateTask,
} from './service'
import { publicGallery, sharedPage } from './public'

const templateId = z.coerce.number().int().positive().nullish()
const urlBody = z.object({ url: requiredText({ max: 2048 }), page_template_id: templateId })
const textBody = z.object({ text: requiredText({ min: 20, max: 20_000 }), page_template_id: templateId })
const sessionBody = z.object({ session_id: z.string().min(1).max(64) })
const sectionBody = sessionBody.extend({ section_id: z.string().min(1).max(40), instruction: z.string().trim().max(300).optional() })
const patchBody = z
  .object({ data_status: z.union([z.literal(1), z.literal(2)]).optional(), is_public: z.boolean().optional() })
  .refine((b) => b.data_status !== undefined || b.is_public !== undefined, { message: 'Nothing to change', path: ['data_status'] })

const STATUS_LIST = /^(all|\d{1,2}(,\d{1,2})*)$/
export const listQuery = z.object({
  status: z.string().regex(STATUS_LIST, 'Invalid format').default('10'),
  data_status: z.coerce.number().int().min(1).max(2).default(1),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
})
export const toStatuses = (s: string) => (s === 'all' ? ('all' as const) : s.split(',').map(Number))
const galleryQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), page_size: z.coerce.number().int().min(1).max(60).default(24) })

/** /v2/tasks — spec §7 Tasks. Everything but the public views is owner-scoped. */
export const tasksV2 = new Hono<ApiEnv>({ strict: false })
  .get('/shared/:sessionId', async (c) => c.json(await sharedPage(c.var.deps, c.req.param('sessionId'))))
  .post('/public', async (c) => {
    const q = readQuery(c, galleryQuery)
    return c.json(await publicGallery(c.var.deps, q.page, q.page_size))
  })
  .use(requireAuth)
  .post('/create', async (c) => {
    const body = await readJson(c, urlBody)
    return c.json(await createTask(c.var.deps, c.var.user, { url: body.url, page_template_id: body.page_template_id, flow: 'direct' }), 201)
  })
  .post('/regenerate', async (c) => c.json(await regenerateTask(c.var.deps, c.var.user, (await readJson(c, sessionBody)).session_id)))
  .post('/research', async (c) => c.json(await researchTask(c.var.deps, c.var.user, (await readJson(c, sessionBody)).session_id)))
  .post('/research_section', async (c) => {
    const b = await readJson(c, sectionBody)
    return c.json(await researchSection(c.var.deps, c.var.user, b.session_id, b.section_id, b.instruction))
  })
  .get('/', async (c) => {
    const q = readQuery(c, listQuery)
    return c.json(await listTasks(c.var.deps, c.var.user, { statuses: toStatuses(q.status), dataStatus: q.data_status, page: q.page, pageSize: q.page_size }))
  })
  .get('/:key', async (c) => c.json(await taskDetail(c.var.deps, c.var.user, await findOwnTask(c.var.deps, c.var.user, c.req.param('key')))))
  .put('/:key', async (c) => c.json(await updateTask(c.var.deps, c.var.user, c.req.param('key'), await readJson(c, patchBody))))

/** /v3/tasks — the outline flow. */
export const tasksV3 = new Hono<ApiEnv>({ strict: false })
  .use(requireAuth)
  .post('/create_by_url', async (c) => {
    const body = await readJson(c, urlBody)
    return c.json(await createTask(c.var.deps, c.var.user, { url: body.url, page_template_id: body.page_template_id, flow: 'outline' }), 201)
  })
  .post('/create', async (c) => {
    const body = await readJson(c, textBody)
    return c.json(await createTask(c.var.deps, c.var.user, { text: body.text, page_template_id: body.page_template_id, flow: 'outline' }), 201)
  })
  .get('/outline/:key', async (c) => {
    const row = await findOwnTask(c.var.deps, c.var.user, c.req.param('key'))
    return c.json({ session_id: row.sessionId, status: row.status, outline: row.outline })
  })
  .put('/outline/:key', async (c) => {
    const { outline } = await readJson(c, z.object({ outline: outlineSchema }))
    return c.json(await updateOutline(c.var.deps, c.var.user, c.req.param('key'), outline))
  })
  .post('/continue/:key', async (c) => c.json(await continueTask(c.var.deps, c.var.user, c.req.param('key'))))
