import { json, redirect, type AppLoadContext } from '@remix-run/node'
import { pageEditorPath } from '~/lib/paths'
import {
  galleryDecision,
  generateDecision,
  privateDecision,
  shareDecision,
  type Account,
  type Decision,
} from '../../server/domain/entitlements'
import { DATA_STATUS } from '../../server/domain/task-status'
import { formObject } from '../forms/form-object'
import { TASK_INTENT } from '../forms/intents'
import { taskActionSchema } from '../forms/task-actions'
import { apiFailure } from './api-failure'
import { requireUser } from './auth'
import { denialFromApi, redirectToDialog, refusalOf } from './denials'
import { backToForm, redirectWithToast } from './responses'

/** The allowance an intent needs that the account alone decides (publishing needs the page's facts: the api's). */
const ACCOUNT_ALLOWANCES: Partial<Record<string, (account: Account) => Decision>> = {
  [TASK_INTENT.share]: shareDecision,
  [TASK_INTENT.makePrivate]: privateDecision,
  [TASK_INTENT.showInGallery]: galleryDecision,
  [TASK_INTENT.regenerate]: generateDecision,
}

/**
 * The mutations on a page, shared by the lists and the product views. Allowances the account alone
 * decides are asked of server/domain/entitlements.ts here first, so the dialog opens without a
 * round trip (the api asks the same functions again); those that need the page's facts (publish)
 * are the api's answer. Either way a refusal opens its dialog through the URL.
 */
export async function handleTaskAction(request: Request, context: AppLoadContext | undefined) {
  const { user, api } = await requireUser(request, context)
  const parsed = taskActionSchema.safeParse(formObject(await request.formData()))
  if (!parsed.success) return json({ error: 'That action is not available.' }, { status: 400 })
  const action = parsed.data
  const id = action.session_id
  const back = backToForm(request)
  const allowance = ACCOUNT_ALLOWANCES[action.intent]?.(user)
  const denial = allowance && refusalOf(allowance)
  if (denial) return redirectToDialog(request, denial)
  try {
    switch (action.intent) {
      case TASK_INTENT.favorite:
        await api.favorites.add(id)
        return redirectWithToast(request, back, { type: 'success', text: 'Added to favourites.' })
      case TASK_INTENT.unfavorite:
        await api.favorites.remove(id)
        return redirectWithToast(request, back, { type: 'info', text: 'Removed from favourites.' })
      case TASK_INTENT.archive:
        await api.tasks.update(id, { data_status: DATA_STATUS.archived })
        return redirectWithToast(request, back, { type: 'success', text: 'Page archived. Find it under Archived.' })
      case TASK_INTENT.unarchive:
        await api.tasks.update(id, { data_status: DATA_STATUS.active })
        return redirectWithToast(request, back, { type: 'success', text: 'Page restored.' })
      case TASK_INTENT.share: {
        // Without JS the link is shown (sticky) so it can be copied by hand.
        const link = await api.tasks.shareLink(id)
        return redirectWithToast(request, back, { type: 'info', title: 'Share link', text: link.url, duration: 0 })
      }
      case TASK_INTENT.makePrivate:
        await api.tasks.update(id, { is_public: false })
        return redirectWithToast(request, back, { type: 'success', text: 'The page is private now: its share link no longer works.' })
      case TASK_INTENT.makePublic:
        await api.tasks.update(id, { is_public: true })
        return redirectWithToast(request, back, { type: 'success', text: 'The page is public: anyone with the link can see it.' })
      case TASK_INTENT.showInGallery:
        await api.tasks.update(id, { in_gallery: true })
        return redirectWithToast(request, back, {
          type: 'success',
          text: 'The page is in the gallery at /trending now, for as long as it is public.',
        })
      case TASK_INTENT.hideFromGallery:
        await api.tasks.update(id, { in_gallery: false })
        return redirectWithToast(request, back, { type: 'success', text: 'The page is out of the gallery. Its link still works.' })
      case TASK_INTENT.regenerate:
        // It spends credits: the editor's confirmation names the cost first.
        if (action.confirm !== 'yes') return redirect(`${pageEditorPath(id)}?confirm=regenerate#regenerate`)
        await api.tasks.regenerate(id)
        return redirectWithToast(request, `/guidev3/generating?session_id=${id}`, { type: 'info', text: 'Writing the page again…' })
      case TASK_INTENT.publish: {
        // Whether it may (hide window, re-publish, product room, slots) is the api's publishDecision:
        // a refusal comes back as a 403 and opens its dialog below ("Publish more pages" for slots).
        const publication = await api.publishing.publish(id, action.store_id)
        return redirectWithToast(request, back, {
          type: 'info',
          text: `Publishing to ${publication.store_name ?? publication.shop_domain}…`,
        })
      }
      case TASK_INTENT.publishTemplate: {
        const saved = await api.publishing.publishTemplate(id)
        return redirectWithToast(request, back, {
          type: 'success',
          text: `This page’s look and section order are now the design of every page you publish to that store (${saved.order.length} sections).`,
        })
      }
      case TASK_INTENT.rewrite:
        await api.tasks.rewriteSection(id, action.section_id, action.instruction)
        return redirectWithToast(request, back, { type: 'success', text: 'Section rewritten.' })
    }
  } catch (error) {
    const denial = denialFromApi(error)
    if (denial) return redirectToDialog(request, denial)
    const failure = apiFailure(error)
    if (failure.status >= 500) throw error
    return redirectWithToast(request, back, { type: 'error', text: failure.message })
  }
}
