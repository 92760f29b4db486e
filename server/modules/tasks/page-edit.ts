import type { ApiDeps } from '../../context'
import type { Tx } from '../../db/client'
import { taskHiddenUntil } from '../../domain/entitlements'
import type { Page } from '../../domain/page/schema'
import { withOwnerDefaults } from '../../domain/page/shopper'
import { TASK_STATUS } from '../../domain/task-status'
import { HttpError, notFound } from '../../http/http-error'
import type { UserRow } from '../users'
import type { TaskRow } from './serialize'
import { findOwnTask } from './service'
import { findVersion, listVersions, savePageVersion } from './versions'

export const STALE_VERSION =
  'This page was changed in another window or by a rewrite. Reload it to see the latest version, then make your edit again.'

/** The owner's finished page, or a 409 saying why it cannot be edited yet. */
export async function editableTask(deps: ApiDeps, user: UserRow, key: string): Promise<TaskRow & { page: Page }> {
  const row = await findOwnTask(deps, user, key)
  if (row.status !== TASK_STATUS.completed || !row.page) throw new HttpError(409, 'Only a finished page can be edited.')
  const hidden = taskHiddenUntil(user.role, row, deps.clock(), deps.env.HIDE_WINDOW_MINUTES)
  if (hidden) throw new HttpError(409, 'This page is not visible yet.', { hidden_until: hidden.toISOString() })
  return row as TaskRow & { page: Page }
}

const current = (row: TaskRow & { page: Page }) => {
  const facts = row.facts ?? null
  return {
    session_id: row.sessionId,
    version: row.pageVersion,
    page: withOwnerDefaults(row.page, facts),
    imported: facts
      ? {
          images: facts.images,
          price: facts.price,
          compare_at: facts.compareAtPrice,
          currency: facts.currency,
          platform: facts.source.platform,
          source_name: facts.source.name,
          source_url: facts.source.url,
        }
      : null,
  }
}

export async function getPage(deps: ApiDeps, user: UserRow, key: string) {
  return current(await editableTask(deps, user, key))
}

/** Runs a conditional save in a transaction: the new current page, or a 409 naming the latest version. */
export async function savedOrStale(deps: ApiDeps, user: UserRow, key: string, save: (tx: Tx) => Promise<TaskRow | null>) {
  const saved = await deps.database.db.transaction(save)
  if (!saved) {
    const latest = await findOwnTask(deps, user, key)
    throw new HttpError(409, STALE_VERSION, { version: latest.pageVersion })
  }
  return current(saved as TaskRow & { page: Page })
}

/** Saves the owner's edit as a new version, only if nobody saved since `baseVersion`. */
export async function putPage(deps: ApiDeps, user: UserRow, key: string, page: Page, baseVersion: number) {
  const row = await editableTask(deps, user, key)
  return savedOrStale(deps, user, key, (tx) =>
    savePageVersion(deps, tx, row.id, { page, kind: 'owner_edit', baseVersion, now: deps.clock() }),
  )
}

export async function pageVersions(deps: ApiDeps, user: UserRow, key: string) {
  const row = await editableTask(deps, user, key)
  const items = await listVersions(deps.database.db, row.id)
  return {
    current: row.pageVersion,
    items: items.map((v) => ({ version: v.version, kind: v.kind, restored_from: v.restoredFrom, created_at: v.createdAt.toISOString() })),
  }
}

export async function pageVersion(deps: ApiDeps, user: UserRow, key: string, version: number) {
  const row = await editableTask(deps, user, key)
  const v = await findVersion(deps.database.db, row.id, version)
  if (!v) throw notFound('This page has no such version.')
  return { version: v.version, kind: v.kind, restored_from: v.restoredFrom, created_at: v.createdAt.toISOString(), page: v.page }
}

/** Brings an older version back as the newest one. */
export async function restorePageVersion(deps: ApiDeps, user: UserRow, key: string, version: number) {
  const row = await editableTask(deps, user, key)
  const saved = await deps.database.db.transaction(async (tx) => {
    const v = await findVersion(tx, row.id, version)
    if (!v) throw notFound('This page has no such version.')
    return savePageVersion(deps, tx, row.id, { page: v.page, kind: 'restore', restoredFrom: version, now: deps.clock() })
  })
  if (!saved) throw notFound('There is no page with this id.')
  return current(saved as TaskRow & { page: Page })
}
