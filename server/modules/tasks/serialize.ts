import type { tasks } from '../../db/schema'
import type { Page } from '../../domain/page'
import type { Outline } from '../../domain/outline'
import type { ProductFacts } from '../../domain/product-facts'

export type TaskRow = typeof tasks.$inferSelect

/** A task as lists show it (spec §3 Task fields plus what the screens need). */
export interface TaskSummary {
  id: number
  session_id: string
  data_status: number
  page_template_id: number | null
  created_at: string
  url: string | null
  status: number
  flow: 'direct' | 'outline'
  step: string | null
  /** Why the task failed (status 90). Not named `error`: spec §7 raises any answer carrying one. */
  failure_reason: string | null
  note: string | null
  title: string | null
  image: string | null
  platform: string | null
  is_public: boolean
  is_favorite: boolean
  completed_at: string | null
  refunded: boolean
}

export interface TaskDetail extends TaskSummary {
  outline: Outline | null
  page: Page | null
  source: { url: string; platform: string; name: string; review_source: string | null } | null
  /** When a free user's finished page becomes visible; the page is withheld until then. */
  hidden_until: string | null
}

export function toSummary(row: TaskRow, isFavorite: boolean): TaskSummary {
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
    is_favorite: isFavorite,
    completed_at: row.completedAt?.toISOString() ?? null,
    refunded: row.refundedAt !== null,
  }
}

export function toDetail(row: TaskRow, isFavorite: boolean, hiddenUntil: Date | null): TaskDetail {
  const facts = row.facts as ProductFacts | null
  return {
    ...toSummary(row, isFavorite),
    outline: (row.outline as Outline | null) ?? null,
    page: hiddenUntil ? null : ((row.page as Page | null) ?? null),
    source: facts
      ? { url: facts.source.url, platform: facts.source.platform, name: facts.source.name, review_source: facts.reviews[0]?.source ?? null }
      : null,
    hidden_until: hiddenUntil?.toISOString() ?? null,
  }
}
