import { json, redirect, type AppLoadContext } from '@remix-run/node'
import { CREDITS_PER_PAGE } from '../../server/domain/entitlements'
import {
  addSection,
  applyTemplate,
  editSection,
  moveSection,
  removeSection,
  setGallery,
  setOwnerFacts,
  setSectionHidden,
  setTheme,
  type EditResult,
} from '../../server/domain/page/edit'
import { PAGE_SECTIONS_MAX, pageSchema, type Page } from '../../server/domain/page/schema'
import type { SectionType } from '../../server/domain/page/section-types'
import { templateById } from '../../server/domain/templates'
import { formObject } from '../forms/form-object'
import { EDIT_INTENT } from '../forms/intents'
import { galleryFromForm, pageEditSchema, sectionContentFromForm, type PageEditForm } from '../forms/page-edit'
import { ApiError, type ApiClient } from './api'
import { apiFailure } from './api-failure'
import { requireUser } from './auth'
import { denialFromApi, generateRefusal, redirectToDialog } from './denials'
import { onceKeyOf } from './once-key'
import { redirectWithToast } from './responses'

export const STALE_EDIT =
  'This page was changed in another window or by a rewrite. Your change was not saved: the editor now shows the latest version.'

/** Where the owner returns after a post: the part of the editor they were working in. */
function anchorFor(form: PageEditForm): string {
  if ('section_id' in form) return `edit-${form.section_id}`
  if (form.intent === EDIT_INTENT.add) return 'add'
  if (form.intent === EDIT_INTENT.restore) return 'versions'
  return form.intent
}

function applyEdit(page: Page, form: PageEditForm, raw: Record<string, unknown>): EditResult {
  switch (form.intent) {
    case EDIT_INTENT.section:
      return editSection(page, form.section_id, sectionContentFromForm(raw))
    case EDIT_INTENT.up:
    case EDIT_INTENT.down:
      return moveSection(page, form.section_id, form.intent)
    case EDIT_INTENT.hide:
    case EDIT_INTENT.show:
      return setSectionHidden(page, form.section_id, form.intent === EDIT_INTENT.hide)
    case EDIT_INTENT.remove:
      return removeSection(page, form.section_id)
    case EDIT_INTENT.add:
      return addSection(page, form.type as SectionType, form.after || null, PAGE_SECTIONS_MAX)
    case EDIT_INTENT.owner:
      return setOwnerFacts(page, {
        price: form.price,
        compareAt: form.compare_at,
        currency: form.currency,
        buyUrl: form.buy_url,
        guarantee: form.guarantee,
        shipping: form.shipping,
        returns: form.returns,
      })
    case EDIT_INTENT.theme:
      return setTheme(page, {
        primary: form.primary,
        accent: form.accent,
        background: form.background,
        text: form.text,
        font: form.font,
        radius: form.radius,
      })
    case EDIT_INTENT.template: {
      const template = templateById(form.page_template_id)
      return template ? applyTemplate(page, template) : { ok: false, message: 'There is no such template.' }
    }
    case EDIT_INTENT.gallery:
      return setGallery(page, galleryFromForm(raw))
    default:
      return { ok: false, message: 'That action is not available.' }
  }
}

const failed = (status: number, error: string, anchor: string, fields?: Record<string, string[]>) =>
  json({ error, anchor, fields: fields ?? {} }, { status })

/** The page editor's action: every button of /product-edit/{id}. */
export async function handlePageEdit(request: Request, context: AppLoadContext | undefined, id: string) {
  const { user, api } = await requireUser(request, context)
  const sent = await request.formData()
  const raw = formObject(sent)
  const parsed = pageEditSchema.safeParse(raw)
  const editor = `/product-edit/${id}`
  if (!parsed.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message)
    const first = parsed.error.issues[0]
    const anchor = typeof raw.section_id === 'string' ? `edit-${raw.section_id}` : typeof raw.intent === 'string' ? raw.intent : 'top'
    return failed(400, first?.message ?? 'That action is not available.', anchor, fields)
  }
  const form = parsed.data
  const anchor = anchorFor(form)
  try {
    switch (form.intent) {
      case EDIT_INTENT.restore: {
        const restored = await api.tasks.restoreVersion(id, form.version)
        return redirectWithToast(request, `${editor}#versions`, {
          type: 'success',
          text: `Version ${form.version} is back, saved as version ${restored.version}. Nothing was lost.`,
        })
      }
      case EDIT_INTENT.regenerate: {
        const requestKey = form.confirm === 'yes' ? onceKeyOf(sent, { regenerate: id }) : undefined
        const refused = generateRefusal(user, requestKey)
        if (refused) return redirectToDialog(request, refused)
        if (form.confirm !== 'yes') return redirect(`${editor}?confirm=regenerate#regenerate`)
        await api.tasks.regenerate(id, requestKey)
        return redirectWithToast(request, `/guidev3/generating?session_id=${id}`, {
          type: 'info',
          text: `Writing the page again for ${CREDITS_PER_PAGE} credits. The current version stays in the history.`,
        })
      }
      case EDIT_INTENT.rewrite: {
        const task = await api.tasks.rewriteSection(id, form.section_id, form.instruction || undefined)
        return redirectWithToast(request, `${editor}?highlight=${encodeURIComponent(form.section_id)}#edit-${form.section_id}`, {
          type: task.note ? 'info' : 'success',
          text: task.note ? `Section rewritten. ${task.note}` : 'Section rewritten.',
        })
      }
      default:
        return await saveEdit(request, api, id, form, raw, anchor)
    }
  } catch (error) {
    const denial = denialFromApi(error)
    if (denial) return redirectToDialog(request, denial)
    if (error instanceof ApiError && error.status === 409 && error.body.version !== undefined) return failed(409, STALE_EDIT, anchor)
    const failure = apiFailure(error, "We couldn't reach Pagewright's page service. Your change was not saved; please try again.")
    return failed(failure.status, failure.message, anchor)
  }
}

async function saveEdit(request: Request, api: ApiClient, id: string, form: PageEditForm, raw: Record<string, unknown>, anchor: string) {
  if (!('base_version' in form)) return failed(400, 'That action is not available.', anchor)
  const current = await api.tasks.getPage(id)
  if (current.version !== form.base_version) return failed(409, STALE_EDIT, anchor)
  const result = applyEdit(current.page, form, raw)
  if (!result.ok) return failed(400, result.message, anchor)
  const checked = pageSchema.safeParse(result.page)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    return failed(400, `${issue.message} (${issue.path.slice(2).join(' ') || issue.path.join('.')})`, anchor)
  }
  await api.tasks.putPage(id, result.page, form.base_version)
  const next =
    form.intent === EDIT_INTENT.add
      ? `edit-${result.page.sections.find((s) => !current.page.sections.some((c) => c.id === s.id))?.id}`
      : anchor
  return redirectWithToast(request, `/product-edit/${id}#${next}`, { type: 'success', text: 'Saved.' })
}
