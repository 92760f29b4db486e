import { getTableColumns } from 'drizzle-orm'
import type { TaskDetail, TaskSummary, WaitingTask } from '../../contract/tasks'
import { tasks } from '../../db/schema'
import { withOwnerDefaults } from '../../domain/page/shopper'

export type TaskRow = typeof tasks.$inferSelect

/** What a list shows of a task: everything but the heavy JSON (page, facts, research, outline). */
const {
  page: _page,
  facts: _facts,
  research: _research,
  outline: _outline,
  sourceText: _sourceText,
  ...LIST_COLUMNS
} = getTableColumns(tasks)
export { LIST_COLUMNS }
export type TaskListRow = Omit<TaskRow, 'page' | 'facts' | 'research' | 'outline' | 'sourceText'>

export function toSummary(row: TaskListRow, isFavorite: boolean): TaskSummary {
  return {
    id: row.id,
    session_id: row.sessionId,
    data_status: row.dataStatus,
    page_template_id: row.pageTemplateId,
    created_at: row.createdAt.toISOString(),
    url: row.url,
    status: row.status,
    flow: row.flow,
    step: row.step,
    failure_reason: row.error,
    note: row.note,
    title: row.title,
    image: row.image,
    platform: row.platform,
    is_public: row.isPublic,
    in_gallery: row.galleryAt !== null,
    is_favorite: isFavorite,
    completed_at: row.completedAt?.toISOString() ?? null,
    refunded: row.refundedAt !== null,
  }
}

export function toDetail(row: TaskRow, isFavorite: boolean, hiddenUntil: Date | null): TaskDetail {
  const facts = row.facts
  return {
    ...toSummary(row, isFavorite),
    outline: row.outline ?? null,
    page: hiddenUntil || !row.page ? null : withOwnerDefaults(row.page, facts ?? null),
    source: facts
      ? { url: facts.source.url, platform: facts.source.platform, name: facts.source.name, review_source: facts.reviews[0]?.source ?? null }
      : null,
    hidden_until: hiddenUntil?.toISOString() ?? null,
    page_version: hiddenUntil ? 0 : row.pageVersion,
  }
}

/**
 * A page still inside the free-user hide window, for the lists: what it is and when it shows.
 * Nothing of its content (page, image, note) leaves the api before then.
 */
export function toWaiting(row: TaskListRow, isFavorite: boolean, hiddenUntil: Date): WaitingTask {
  return {
    id: row.id,
    session_id: row.sessionId,
    data_status: row.dataStatus,
    created_at: row.createdAt.toISOString(),
    url: row.url,
    title: row.title,
    platform: row.platform,
    is_favorite: isFavorite,
    hidden_until: hiddenUntil.toISOString(),
  }
}
