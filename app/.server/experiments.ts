import { json, redirect, type AppLoadContext } from '@remix-run/node'
import { experimentDecision, type Account } from '../../server/domain/entitlements'
import type { Page } from '../../server/domain/page/schema'
import { pageVariant, VARIANT_ANGLE_RULES, VARIANT_ANGLES } from '../../server/domain/page/variants'
import { PAGE_VERSION_LABELS } from '../../server/domain/page/versions'
import { CONFIRM_PROMOTE } from '../forms/experiments'
import { experimentActionSchema } from '../forms/experiments.server'
import { formObject } from '../forms/form-object'
import { EXPERIMENT_INTENT } from '../forms/intents'
import { ApiError, type ApiClient } from './api'
import { apiFailure } from './api-failure'
import { requireUser } from './auth'
import { denialFromApi, redirectToDialog, refusalOf } from './denials'
import { backToForm, redirectWithToast } from './responses'

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** The api answer that means "nothing here" (no analytics yet, a page without versions to test). */
const missing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 409)

/**
 * What the page view shows beside the page: the newest experiment (running, or the last result),
 * the versions that may be its challenger, and the last 30 days of shoppers.
 */
export async function loadInsights(api: ApiClient, sessionId: string, account: Account, page: Page | null = null) {
  const [experiments, versions, analytics] = await Promise.all([
    api.experiments.list(sessionId).catch((e: unknown) => (missing(e) ? { items: [] } : Promise.reject(e))),
    api.tasks.versions(sessionId).catch((e: unknown) => (missing(e) ? null : Promise.reject(e))),
    api.experiments.analytics(sessionId, 30).catch((e: unknown) => (missing(e) ? null : Promise.reject(e))),
  ])
  const live = versions?.current ?? null
  return {
    /** Free accounts see the panel and a Pro badge; Start opens the upgrade dialog. */
    allowed: experimentDecision(account).allowed,
    experiment: experiments.items[0] ?? null,
    choices: (versions?.items ?? [])
      .filter((v) => v.version !== live)
      .map((v) => ({
        version: v.version,
        label: `Version ${v.version} · ${PAGE_VERSION_LABELS[v.kind]} · ${MONTH_DAY.format(new Date(v.created_at))}`,
      })),
    days: analytics?.days ?? [],
    /** The angles that would change what shoppers see of this page (Regenerate as a variant). */
    angles: page ? VARIANT_ANGLES.filter((angle) => pageVariant(page, angle) !== null) : [],
  }
}

/** The intents this module answers (the page view's other forms are task actions). */
export const isExperimentIntent = (intent: unknown) => Object.values<unknown>(EXPERIMENT_INTENT).includes(intent)

/** The page view without its dialog parameters and the promote confirmation, back at the panel. */
function backToPanel(request: Request) {
  const url = new URL(backToForm(request), 'http://x')
  url.searchParams.delete(CONFIRM_PROMOTE.param)
  return `${url.pathname}${url.search}#experiment`
}

/**
 * Start, stop, promote and make a variant from the page view's experiment panel. A free account's Start opens the
 * upgrade dialog (experimentDecision here, the api's 403 `experiments` too); a wrong version or split
 * comes back to the form as its message; promoting asks first (`?confirm=promote`, a dialog in the URL).
 */
export async function handleExperimentAction(request: Request, context: AppLoadContext | undefined) {
  const { user, api } = await requireUser(request, context)
  // The plan is asked first, so a free owner's Start opens the dialog at once; the api asks again.
  const denial = refusalOf(experimentDecision(user))
  if (denial) return redirectToDialog(request, denial)
  const parsed = experimentActionSchema.safeParse(formObject(await request.formData()))
  if (!parsed.success) {
    return json({ experimentError: parsed.error.issues[0]?.message ?? 'That action is not available.' }, { status: 400 })
  }
  const action = parsed.data
  const id = action.session_id
  const back = backToPanel(request)
  try {
    switch (action.intent) {
      case EXPERIMENT_INTENT.start: {
        const started = await api.experiments.start(id, { challenger_version: action.challenger_version, split: action.split })
        return redirectWithToast(request, back, {
          type: 'success',
          text: `Experiment started: ${started.split} % of new shoppers see version ${started.challenger_version}.`,
        })
      }
      case EXPERIMENT_INTENT.stop:
        await api.experiments.stop(id, action.experiment_id)
        return redirectWithToast(request, back, {
          type: 'info',
          text: 'Experiment stopped: every shopper sees the live version again. Its counts are kept.',
        })
      case EXPERIMENT_INTENT.promote: {
        if (action.confirm !== 'yes') {
          const url = new URL(back, 'http://x')
          url.searchParams.set(CONFIRM_PROMOTE.param, CONFIRM_PROMOTE.value)
          return redirect(`${url.pathname}${url.search}#experiment`)
        }
        const promoted = await api.experiments.promote(id, action.experiment_id)
        const where = promoted.stores_republished > 0 ? ', in your store too' : ''
        return redirectWithToast(request, back, {
          type: 'success',
          text: `Version ${promoted.challenger_version} is live: every shopper sees it now${where} (saved as version ${promoted.page_version}).`,
        })
      }
      case EXPERIMENT_INTENT.variant: {
        const made = await api.experiments.makeVariant(id, { angle: action.angle })
        return redirectWithToast(request, back, {
          type: 'success',
          text: `Version ${made.version} made (${VARIANT_ANGLE_RULES[made.angle].label.toLowerCase()}): the same words in another order, not live. It is the challenger chosen below.`,
        })
      }
    }
  } catch (error) {
    const denied = denialFromApi(error)
    if (denied) return redirectToDialog(request, denied)
    const failure = apiFailure(error)
    if (failure.status >= 500) throw error
    if (action.intent === EXPERIMENT_INTENT.start) return json({ experimentError: failure.message }, { status: failure.status })
    if (action.intent === EXPERIMENT_INTENT.variant) return json({ variantError: failure.message }, { status: failure.status })
    return redirectWithToast(request, back, { type: 'error', text: failure.message })
  }
}
