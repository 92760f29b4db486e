import type { ApiDeps } from '../../context'
import { applyReviewEdits, reviewDisclosure, type ReviewEdit, type ReviewItem } from '../../domain/page/reviews'
import { parseReviewCsv, REVIEW_FILE_MAX_BYTES, ReviewFileError } from '../../domain/page/reviews-csv'
import type { Page, Section } from '../../domain/page/schema'
import { ratingSummary } from '../../domain/product-facts'
import { badRequest, HttpError } from '../../http/http-error'
import type { UserRow } from '../users'
import { editableTask, savedOrStale } from './page-edit'
import { savePageVersion } from './versions'

/** A page keeps at most this many reviews (the page schema's cap). */
const REVIEWS_MAX = 100
type ReviewsSection = Extract<Section, { type: 'reviews' }>

const reviewsOf = (page: Page) => page.sections.find((s): s is ReviewsSection => s.type === 'reviews') ?? null

function withReviews(page: Page, items: ReviewItem[], provenance?: string): Page {
  const existing = reviewsOf(page)
  const summary = ratingSummary(items)
  if (existing) {
    return {
      ...page,
      sections: page.sections.map((s) => (s === existing ? { ...existing, items, summary, ...(provenance ? { provenance } : {}) } : s)),
    }
  }
  const section: ReviewsSection = {
    id: 'reviews',
    type: 'reviews',
    heading: 'What customers say',
    provenance: provenance ?? reviewDisclosure(items),
    summary,
    items,
  }
  const at = page.sections.findIndex((s) => s.type === 'faq' || s.type === 'cta')
  const sections = [...page.sections]
  sections.splice(at === -1 ? sections.length : at, 0, section)
  return { ...page, sections }
}

/** Hide, show, pin, reorder, fix typos: one new version, or a 400 saying what is not allowed. */
export async function editReviews(
  deps: ApiDeps,
  user: UserRow,
  key: string,
  body: { base_version: number; edits: ReviewEdit[]; order?: number[] },
) {
  const row = await editableTask(deps, user, key)
  const section = reviewsOf(row.page)
  if (!section) throw new HttpError(409, 'This page has no reviews to edit. Import your reviews first.')
  const result = applyReviewEdits(section.items, { edits: body.edits, order: body.order })
  if (!result.ok) throw badRequest(result.error)
  const page = withReviews(row.page, result.items)
  return savedOrStale(deps, user, key, (tx) =>
    savePageVersion(deps, tx, row.id, { page, kind: 'reviews', baseVersion: body.base_version, now: deps.clock() }),
  )
}

/** Adds the store's own reviews from a CSV export; good rows are kept, bad rows listed, all in one version. */
export async function importReviews(deps: ApiDeps, user: UserRow, key: string, file: unknown, baseVersion: number) {
  const row = await editableTask(deps, user, key)
  if (!(file instanceof Blob)) throw badRequest('Choose a CSV file to import.', { field: 'file' })
  if (file.size > REVIEW_FILE_MAX_BYTES) throw badRequest('The file is larger than 2 MB.', { field: 'file' })
  let parsed
  try {
    parsed = parseReviewCsv(await file.text())
  } catch (error) {
    if (error instanceof ReviewFileError) throw badRequest(error.message, { field: 'file' })
    throw error
  }
  const existing = reviewsOf(row.page)?.items ?? []
  const room = Math.max(0, REVIEWS_MAX - existing.length)
  const kept = parsed.reviews.slice(0, room)
  const rejected = [...parsed.rejected]
  if (parsed.reviews.length > room) {
    // Rows past the page's cap are listed too, so the owner knows exactly what was left out.
    rejected.push({
      row: 0,
      reason: `${parsed.reviews.length - room} reviews were not added: a page keeps at most ${REVIEWS_MAX} reviews.`,
    })
  }
  if (kept.length === 0) return { imported: 0, rejected, app: parsed.app, version: row.pageVersion }
  const items = [...existing, ...kept]
  const page = withReviews(row.page, items, existing.length ? undefined : reviewDisclosure(items))
  const saved = await savedOrStale(deps, user, key, (tx) =>
    savePageVersion(deps, tx, row.id, { page, kind: 'reviews', baseVersion, now: deps.clock() }),
  )
  return { imported: kept.length, rejected, app: parsed.app, version: saved.version }
}
