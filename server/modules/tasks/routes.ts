import { contract } from '../../contract'
import { toStatuses } from '../../contract/tasks'
import { shareDecision } from '../../domain/entitlements'
import { shareUrl } from '../../domain/share'
import { assertAllowed } from '../../http/allowed'
import { notFound, unauthorized } from '../../http/http-error'
import { contractRouter, implement } from '../../http/implement'
import { accountOf } from '../accounts'
import { publicGallery } from './gallery'
import { getPage, pageVersion, pageVersions, putPage, restorePageVersion } from './page-edit'
import { addPageViews, isPageViewsKey } from './page-views'
import { sharedPage } from './public'
import { editReviews, importReviews } from './reviews'
import {
  continueTask,
  createTask,
  findOwnTask,
  listTasks,
  regenerateTask,
  researchSection,
  researchTask,
  taskDetail,
  updateOutline,
  updateTask,
} from './service'
import { lookUpShareVersion } from './share-version'

const { tasks } = contract

/** /v2/tasks and /v3/tasks (the outline flow) — reference §3.4–§3.6. Everything but the public views is owner-scoped. */
export const taskRoutes = contractRouter()

implement(taskRoutes, tasks.shared, async (c) =>
  c.json(await sharedPage(c.var.deps, c.req.valid('param').session_id, c.req.valid('query').variant), 200),
)

implement(taskRoutes, tasks.sharedVersion, async (c) => {
  const id = c.req.valid('param').session_id
  const version = await (c.var.deps.shareVersions ?? ((key: string) => lookUpShareVersion(c.var.deps, key)))(id)
  if (!version) throw notFound('This page is not shared.')
  c.header('Cache-Control', 'no-store')
  return c.json({ version }, 200)
})

implement(taskRoutes, tasks.gallery, async (c) => {
  const q = c.req.valid('query')
  return c.json(await publicGallery(c.var.deps, q), 200)
})

implement(taskRoutes, tasks.recordViews, async (c) => {
  if (!isPageViewsKey(c.var.deps.env.AUTH_SECRET, c.req.header('authorization'))) throw unauthorized('This key may not record views.')
  await addPageViews(c.var.deps.database.db, c.req.valid('json').counts)
  return c.json({ ok: true as const }, 200)
})

implement(taskRoutes, tasks.create, async (c) => {
  const body = c.req.valid('json')
  const requestKey = c.req.valid('header')['idempotency-key']
  return c.json(
    await createTask(c.var.deps, c.var.user, { url: body.url, page_template_id: body.page_template_id, flow: 'direct', requestKey }),
    201,
  )
})

implement(taskRoutes, tasks.regenerate, async (c) =>
  c.json(await regenerateTask(c.var.deps, c.var.user, c.req.valid('json').session_id, c.req.valid('header')['idempotency-key']), 200),
)
implement(taskRoutes, tasks.research, async (c) => c.json(await researchTask(c.var.deps, c.var.user, c.req.valid('json').session_id), 200))

implement(taskRoutes, tasks.researchSection, async (c) => {
  const b = c.req.valid('json')
  return c.json(await researchSection(c.var.deps, c.var.user, b.session_id, b.section_id, b.instruction), 200)
})

implement(taskRoutes, tasks.list, async (c) => {
  const q = c.req.valid('query')
  return c.json(
    await listTasks(c.var.deps, c.var.user, {
      statuses: toStatuses(q.status),
      dataStatus: q.data_status,
      page: q.page,
      pageSize: q.page_size,
    }),
    200,
  )
})

implement(taskRoutes, tasks.get, async (c) => {
  const row = await findOwnTask(c.var.deps, c.var.user, c.req.valid('param').key)
  return c.json(await taskDetail(c.var.deps, c.var.user, row), 200)
})

implement(taskRoutes, tasks.shareLink, async (c) => {
  const row = await findOwnTask(c.var.deps, c.var.user, c.req.valid('param').key)
  assertAllowed(c.var.user, shareDecision(accountOf(c.var.user)))
  return c.json({ url: shareUrl(c.var.deps.env.PUBLIC_URL, row.sessionId) }, 200)
})

implement(taskRoutes, tasks.update, async (c) =>
  c.json(await updateTask(c.var.deps, c.var.user, c.req.valid('param').key, c.req.valid('json')), 200),
)

implement(taskRoutes, tasks.createByUrl, async (c) => {
  const body = c.req.valid('json')
  const requestKey = c.req.valid('header')['idempotency-key']
  return c.json(
    await createTask(c.var.deps, c.var.user, { url: body.url, page_template_id: body.page_template_id, flow: 'outline', requestKey }),
    201,
  )
})

implement(taskRoutes, tasks.createFromText, async (c) => {
  const body = c.req.valid('json')
  return c.json(
    await createTask(c.var.deps, c.var.user, {
      text: body.text,
      page_template_id: body.page_template_id,
      flow: 'outline',
      requestKey: c.req.valid('header')['idempotency-key'],
    }),
    201,
  )
})

implement(taskRoutes, tasks.outline, async (c) => {
  const row = await findOwnTask(c.var.deps, c.var.user, c.req.valid('param').key)
  return c.json({ session_id: row.sessionId, status: row.status, outline: row.outline }, 200)
})

implement(taskRoutes, tasks.saveOutline, async (c) =>
  c.json(await updateOutline(c.var.deps, c.var.user, c.req.valid('param').key, c.req.valid('json').outline), 200),
)

implement(taskRoutes, tasks.continueOutline, async (c) => c.json(await continueTask(c.var.deps, c.var.user, c.req.valid('param').key), 200))

implement(taskRoutes, tasks.getPage, async (c) => c.json(await getPage(c.var.deps, c.var.user, c.req.valid('param').key), 200))

implement(taskRoutes, tasks.putPage, async (c) => {
  const body = c.req.valid('json')
  return c.json(await putPage(c.var.deps, c.var.user, c.req.valid('param').key, body.page, body.base_version), 200)
})

implement(taskRoutes, tasks.versions, async (c) => c.json(await pageVersions(c.var.deps, c.var.user, c.req.valid('param').key), 200))

implement(taskRoutes, tasks.version, async (c) => {
  const p = c.req.valid('param')
  return c.json(await pageVersion(c.var.deps, c.var.user, p.key, p.version), 200)
})

implement(taskRoutes, tasks.restoreVersion, async (c) => {
  const p = c.req.valid('param')
  return c.json(await restorePageVersion(c.var.deps, c.var.user, p.key, p.version), 200)
})

implement(taskRoutes, tasks.editReviews, async (c) =>
  c.json(await editReviews(c.var.deps, c.var.user, c.req.valid('param').key, c.req.valid('json')), 200),
)

implement(taskRoutes, tasks.importReviews, async (c) => {
  const form = c.req.valid('form')
  return c.json(await importReviews(c.var.deps, c.var.user, c.req.valid('param').key, form.file, form.base_version), 200)
})
