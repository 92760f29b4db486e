import { json, type AppLoadContext } from '@remix-run/node'
import { formObject } from '../forms/form-object'
import { REVIEW_INTENT } from '../forms/intents'
import { indexedFields, REVIEW_LISTS, reviewFormSchema } from '../forms/reviews'
import { ApiError } from './api'
import { apiFailure } from './api-failure'
import { requireUser } from './auth'
import { redirectWithToast } from './responses'

const STALE = 'These reviews were changed in another window. Nothing was saved: the list now shows the latest version.'
const UNREACHABLE = "We couldn't reach Pagewright's page service. Nothing was saved; please try again."

/** The review editor's action: bulk hide/show/pin/unpin, order and typo fixes, and CSV import. */
export async function handleReviewEdit(request: Request, context: AppLoadContext | undefined, id: string) {
  const { api } = await requireUser(request, context)
  const back = `/review-bulk-edit/${id}`
  const form = await request.formData()
  try {
    if (form.get('intent') === REVIEW_INTENT.import) {
      const file = form.get('file')
      const base = Number(form.get('base_version'))
      if (!(file instanceof Blob) || file.size === 0) return json({ error: 'Choose a CSV file to import.', rejected: [] }, { status: 400 })
      const result = await api.tasks.importReviews(id, file, base)
      if (result.rejected.length) return json({ imported: result.imported, app: result.app, rejected: result.rejected, error: null })
      return redirectWithToast(request, `${back}#reviews`, { type: 'success', text: `${result.imported} reviews imported.` })
    }
    const parsed = reviewFormSchema.safeParse(formObject(form, REVIEW_LISTS))
    if (!parsed.success) return json({ error: 'Choose the reviews first, then an action.', rejected: [] }, { status: 400 })
    const { intent, base_version, sel } = parsed.data
    const raw = formObject(form, REVIEW_LISTS)
    let body
    if (intent === REVIEW_INTENT.save) {
      const current = await api.tasks.getPage(id)
      const section = current.page.sections.find((s) => s.type === 'reviews')
      const items = section?.type === 'reviews' ? section.items : []
      const positions = indexedFields(raw, 'order')
      const texts = indexedFields(raw, 'body')
      const order = items
        .map((_, i) => i)
        .sort((a, b) => (Number(positions.get(a)) || a + 1) - (Number(positions.get(b)) || b + 1) || a - b)
      const edits = items.flatMap((item, index) => {
        const text = texts.get(index)?.trim()
        return text !== undefined && text !== item.body ? [{ index, body: text }] : []
      })
      body = { base_version, edits, order }
    } else {
      if (sel.length === 0) return json({ error: 'Choose the reviews first, then an action.', rejected: [] }, { status: 400 })
      const change =
        intent === REVIEW_INTENT.hide
          ? { hidden: true }
          : intent === REVIEW_INTENT.show
            ? { hidden: false }
            : { pinned: intent === REVIEW_INTENT.pin }
      body = { base_version, edits: [...new Set(sel)].map((index) => ({ index, ...change })) }
    }
    await api.tasks.editReviews(id, body)
    return redirectWithToast(request, `${back}#reviews`, { type: 'success', text: 'Reviews saved.' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.body.version !== undefined)
      return json({ error: STALE, rejected: [] }, { status: 409 })
    const failure = apiFailure(error, UNREACHABLE)
    return json({ error: failure.message, rejected: [] }, { status: failure.status })
  }
}
