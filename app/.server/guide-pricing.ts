import { json, redirect, type AppLoadContext } from '@remix-run/node'
import { mayCheckout } from '../../server/domain/entitlements'
import { guidePath, guideProgress } from '../../server/domain/onboarding'
import { monthlyAmount } from '../../server/domain/plans'
import { taskIdParam } from '../../server/domain/url-state'
import { requireUser } from './auth'
import { log } from './log'
import { httpError, orHttpError } from './responses'

/**
 * The plan step of guides v2 and v3 (the page is written meanwhile). Pro accounts have nothing to
 * choose and go straight on; the step after it is the page's progress.
 */
export async function loadGuidePricing(request: Request, context: AppLoadContext | undefined, flow: 'v2' | 'v3', path: string) {
  const { user, api } = await requireUser(request, context)
  const sessionId = taskIdParam(new URL(request.url).search)
  if (!sessionId) throw httpError(404, 'There is no page in the making here.')
  const task = await orHttpError(api.tasks.get(sessionId))
  const next = guidePath(flow, flow === 'v2' ? '/guidev2/generating' : '/guidev3/generating', task.session_id)
  if (!mayCheckout(user)) throw redirect(next)
  let cheapest: { perMonth: number; credits: number } | null = null
  let plansFailed = false
  try {
    for (const plan of await api.plans.list()) {
      const perMonth = monthlyAmount(plan)
      if (!cheapest || perMonth < cheapest.perMonth) cheapest = { perMonth, credits: plan.credit_value_month }
    }
  } catch (error) {
    plansFailed = true
    log.warn('plan loading failed', { error: String(error) })
  }
  return json({ progress: guideProgress(flow, path), credits: user.remaining_credit_count, next, cheapest, plansFailed })
}
