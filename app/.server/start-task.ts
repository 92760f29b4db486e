import { sourceDecision, type Account } from '../../server/domain/entitlements'
import type { ApiClient } from './api'
import { apiFailure, type ApiFailure } from './api-failure'
import { denialFromApi, generateRefusal, redirectToDialog, refusalOf } from './denials'

/** Where a new page comes from: a product link (with or without an outline to review first) or pasted text. */
export type TaskSource = { url: string; outline: boolean } | { text: string }

const UNREACHABLE = "We couldn't reach Pagewright's page service. Please try again in a moment."

/**
 * Starts a page as /generate and every guide do: the permission checks first (so the right dialog
 * opens), then the api, whose refusals become the same dialogs. Any other failure is handed back
 * for the caller's form to show. `requestKey` (onceKeyOf) makes a form sent twice start one page.
 */
export async function startTask(
  request: Request,
  { user, api }: { user: Account; api: ApiClient },
  source: TaskSource,
  opts: { templateId?: number | null; keep?: Record<string, string | undefined>; requestKey?: string } = {},
): Promise<{ sessionId: string } | { response: Response } | { failure: ApiFailure }> {
  const keep = opts.keep ?? {}
  const refused =
    generateRefusal(user, opts.requestKey) ?? refusalOf(sourceDecision(user, 'url' in source ? { url: source.url } : { text: true }))
  if (refused) return { response: redirectToDialog(request, refused, keep) }
  try {
    const page_template_id = opts.templateId ?? null
    const { requestKey } = opts
    const task =
      'text' in source
        ? await api.tasks.createFromText({ text: source.text, page_template_id }, requestKey)
        : source.outline
          ? await api.tasks.createByUrl({ url: source.url, page_template_id }, requestKey)
          : await api.tasks.create({ url: source.url, page_template_id }, requestKey)
    return { sessionId: task.session_id }
  } catch (error) {
    const denial = denialFromApi(error)
    if (denial) return { response: redirectToDialog(request, denial, keep) }
    return { failure: apiFailure(error, UNREACHABLE) }
  }
}
