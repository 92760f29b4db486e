import { json, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { can, denialFor } from '../../server/domain/permissions'
import { ApiError } from './api'
import { requireUser } from './auth'
import { denialFromApi, redirectToDialog } from './denials'
import { env } from './env'
import { redirectWithToast } from './responses'

const taskActionSchema = z.object({
  intent: z.enum(['favorite', 'unfavorite', 'archive', 'unarchive', 'share', 'make-private', 'make-public', 'regenerate', 'rewrite']),
  session_id: z.string().regex(/^[0-9a-f-]{36}$/i),
  section_id: z.string().max(40).optional(),
  instruction: z.string().trim().max(300).optional(),
})

export const shareUrl = (sessionId: string) => `${env().publicUrl}/share/${sessionId}`

/**
 * The mutations on a page, shared by the lists and the product views. Permission checks happen
 * here first (the api checks again); a denial opens its dialog through the URL.
 */
export async function handleTaskAction(request: Request, context: AppLoadContext | undefined) {
  const { user, api } = await requireUser(request, context)
  const parsed = taskActionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return json({ error: 'That action is not available.' }, { status: 400 })
  const { intent, session_id: id } = parsed.data
  const back = backTo(request)
  try {
    switch (intent) {
      case 'favorite':
        await api.favorites.add(id)
        return redirectWithToast(request, back, { type: 'success', text: 'Added to favourites.' })
      case 'unfavorite':
        await api.favorites.remove(id)
        return redirectWithToast(request, back, { type: 'info', text: 'Removed from favourites.' })
      case 'archive':
        await api.tasks.update(id, { data_status: 2 })
        return redirectWithToast(request, back, { type: 'success', text: 'Page archived. Find it under Archived.' })
      case 'unarchive':
        await api.tasks.update(id, { data_status: 1 })
        return redirectWithToast(request, back, { type: 'success', text: 'Page restored.' })
      case 'share':
        if (!can(user, 'share')) return redirectToDialog(request, denialFor('share'))
        // Without JS the link is shown (sticky) so it can be copied by hand.
        return redirectWithToast(request, back, { type: 'info', title: 'Share link', text: shareUrl(id), duration: 0 })
      case 'make-private':
        if (user.role === 'free') return redirectToDialog(request, denialFor('set_private'))
        await api.tasks.update(id, { is_public: false })
        return redirectWithToast(request, back, { type: 'success', text: 'The page is private now: its share link no longer works.' })
      case 'make-public':
        await api.tasks.update(id, { is_public: true })
        return redirectWithToast(request, back, { type: 'success', text: 'The page is public: anyone with the link can see it.' })
      case 'regenerate':
        if (!can(user, 'generate')) return redirectToDialog(request, denialFor('generate'))
        await api.tasks.regenerate(id)
        return redirectWithToast(request, `/guidev3/generating?session_id=${id}`, { type: 'info', text: 'Writing the page again…' })
      case 'rewrite':
        if (!parsed.data.section_id) return json({ error: 'Choose a section to rewrite.' }, { status: 400 })
        await api.tasks.rewriteSection(id, parsed.data.section_id, parsed.data.instruction || undefined)
        return redirectWithToast(request, back, { type: 'success', text: 'Section rewritten.' })
    }
  } catch (error) {
    const denial = denialFromApi(error)
    if (denial) return redirectToDialog(request, denial)
    if (error instanceof ApiError && error.status < 500) return redirectWithToast(request, back, { type: 'error', text: error.message })
    throw error
  }
}

/** Back to the page the form was on, without dialog parameters or Remix's own. */
function backTo(request: Request) {
  const url = new URL(request.url)
  for (const k of ['index', '_data', 'dialog', 'reason']) url.searchParams.delete(k)
  const qs = url.searchParams.toString()
  return `${url.pathname}${qs ? `?${qs}` : ''}`
}
