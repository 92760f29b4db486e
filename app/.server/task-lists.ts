import type { AppLoadContext } from '@remix-run/node'
import { applyHideWindow } from '../../server/domain/visibility'
import { ALL_STATUSES } from '../../server/domain/task-status'
import { requireUser } from './auth'
import { env } from './env'

export type ListView = 'all' | 'favorites' | 'archived' | 'latest'

/**
 * Loads a page of the user's tasks for a list screen, with the free-user hide window applied here
 * too (the api already leaves hidden pages out; this keeps the rule true whatever the api).
 */
export async function loadTaskList(request: Request, context: AppLoadContext | undefined, view: ListView) {
  const { user, api } = await requireUser(request, context)
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
  const params = { page, page_size: 24 } as const
  const list =
    view === 'favorites'
      ? await api.favorites.list(params)
      : view === 'archived'
        ? await api.tasks.list({ ...params, status: ALL_STATUSES, data_status: 2 })
        : view === 'latest'
          ? await api.tasks.list({ ...params, status: ALL_STATUSES })
          : await api.tasks.list(params)
  const now = new Date()
  const finished = list.items.filter((t) => t.status === 10)
  const { visible } = applyHideWindow(user.role, finished, now, env().hideWindowMinutes)
  const visibleIds = new Set(visible.map((t) => t.id))
  const items = list.items.filter((t) => t.status !== 10 || visibleIds.has(t.id))
  return {
    user,
    view,
    items,
    total: list.total,
    page,
    pages: Math.max(1, Math.ceil(list.total / list.page_size)),
    hidden: list.hidden,
  }
}
