import { and, eq } from 'drizzle-orm'
import { contract } from '../../contract'
import { toStatuses } from '../../contract/tasks'
import { taskFavorites } from '../../db/schema'
import { contractRouter, implement } from '../../http/implement'
import { findOwnTask, listTasks } from '../tasks'

const { favorites } = contract

/** /v2/task_favorites — reference §3.7 (favourite pages; idempotent add and remove). */
export const taskFavoritesRoutes = contractRouter()

implement(taskFavoritesRoutes, favorites.list, async (c) => {
  const q = c.req.valid('query')
  const list = await listTasks(c.var.deps, c.var.user, {
    statuses: toStatuses(q.status),
    dataStatus: q.data_status,
    page: q.page,
    pageSize: q.page_size,
    favoritesOnly: true,
  })
  return c.json(list, 200)
})

implement(taskFavoritesRoutes, favorites.add, async (c) => {
  const task = await findOwnTask(c.var.deps, c.var.user, c.req.valid('param').key)
  await c.var.deps.database.db
    .insert(taskFavorites)
    .values({ userId: c.var.user.id, taskId: task.id, createdAt: c.var.deps.clock() })
    .onConflictDoNothing()
  return c.json({ ok: true as const, is_favorite: true as const }, 200)
})

implement(taskFavoritesRoutes, favorites.remove, async (c) => {
  const task = await findOwnTask(c.var.deps, c.var.user, c.req.valid('param').key)
  await c.var.deps.database.db.delete(taskFavorites).where(and(eq(taskFavorites.userId, c.var.user.id), eq(taskFavorites.taskId, task.id)))
  return c.json({ ok: true as const, is_favorite: false as const }, 200)
})
