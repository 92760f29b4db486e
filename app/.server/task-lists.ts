import type { AppLoadContext, HeadersFunction } from '@remix-run/node'
import { isSessionId } from '../../server/domain/ids'
import { isKeepableQuery, signedInPageHeaders } from '../../server/domain/page-cache'
import { ALL_STATUSES, DATA_STATUS } from '../../server/domain/task-status'
import { pageParam } from '../../server/domain/url-state'
import { keptErrorHeaders } from '../lib/error-headers'
import { requireUser } from './auth'

export type ListView = 'all' | 'favorites' | 'archived' | 'latest'

/**
 * Loads a page of the user's tasks for a list screen. The api applies the free-user hide window
 * (reference §6.7) before anything reaches the web: hidden pages are left out of `items`, counted in
 * `hidden` and listed, without their content, in `waiting`.
 */
export async function loadTaskList(request: Request, context: AppLoadContext | undefined, view: ListView) {
  const { user, api } = await requireUser(request, context)
  const query = new URL(request.url).searchParams
  const page = pageParam(query)
  const share = query.get('share')
  const params = { page, page_size: 24 } as const
  const list =
    view === 'favorites'
      ? await api.favorites.list(params)
      : view === 'archived'
        ? await api.tasks.list({ ...params, status: ALL_STATUSES, data_status: DATA_STATUS.archived })
        : view === 'latest'
          ? await api.tasks.list({ ...params, status: ALL_STATUSES })
          : await api.tasks.list(params)
  return {
    user,
    view,
    items: list.items,
    total: list.total,
    page,
    pages: Math.max(1, Math.ceil(list.total / list.page_size)),
    hidden: list.hidden,
    waiting: list.waiting,
    /** `?share={session_id}`: the card whose share link is open (how sharing works without JS). */
    sharing: share && isSessionId(share) ? share.toLowerCase() : null,
  }
}

/**
 * A list screen or a page view is a function of its address, the cookies and the viewer's own rows
 * (migrations 0008, 0011, 0017): the web may keep it for the viewer (server/http/signed-in-front.ts)
 * unless its query makes the root act, until `changesAt` (a waiting page's hide window ending).
 */
export function viewerPageHeaders(
  request: Request,
  user: { id: number },
  changesAt: readonly (string | null | undefined)[] = [],
): Record<string, string> {
  return isKeepableQuery(new URL(request.url).searchParams) ? signedInPageHeaders(user.id, changesAt) : {}
}

/** The document headers of a screen kept for its viewer: its layout's, with its loader's on top. */
export const withLoaderHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders)
  // Remix adds every loader's cookies itself.
  loaderHeaders.forEach((value, name) => name !== 'set-cookie' && headers.set(name, value))
  for (const [name, value] of Object.entries(keptErrorHeaders(errorHeaders))) headers.set(name, value)
  return headers
}
