import { Hono } from 'hono'
import { and, eq } from 'drizzle-orm'
import type { ApiEnv } from '../../context'
import { requireAuth } from '../../auth-middleware'
import { taskFavorites } from '../../db/schema'
import { readQuery } from '../../validate'
import { findOwnTask, listTasks } from '../tasks/service'
import { listQuery, toStatuses } from '../tasks/routes'

/** /v2/task_favorites — spec §7 Task favorites (idempotent add and remove). */
export const taskFavoritesRoutes = new Hono<ApiEnv>({ strict: false })
  .use(requireAuth)
  .get('/', async (c) => {
    const q = readQuery(c, listQuery)
    return c.json(
      await listTasks(c.var.deps, c.var.user, { statuses: toStatuses(q.status), dataStatus: q.data_status, page: q.page, pageSize: q.page_size, favoritesOnly: true }),
    )
  })
  .post('/:key', async (c) => {
    const task = await findOwnTask(c.var.deps, c.var.user, c.req.param('key'))
    await c.var.deps.database.db.insert(taskFavorites).values({ userId: c.var.user.id, taskId: task.id, createdAt: c.var.deps.clock() }).onConflictDoNothing()
    return c.json({ ok: true, is_favorite: true })
  })
  .delete('/:key', async (c) => {
    const task = await findOwnTask(c.var.deps, c.var.user, c.req.param('key'))
    await c.var.deps.database.db.delete(taskFavorites).where(and(eq(taskFavorites.userId, c.var.user.id), eq(taskFavorites.taskId, task.id)))
    return c.json({ ok: true, is_favorite: false })
  })
