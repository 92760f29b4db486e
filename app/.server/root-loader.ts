import { randomBytes } from 'node:crypto'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { isPaymentCheckId, PAYMENT_FAILED_MESSAGE, paymentSucceeded, UNEXPECTED_PAYMENT_ERROR } from '../../server/domain/billing'
import { isShopperPath } from '../../server/domain/share'
import { readUrlState } from '../../server/domain/url-state'
import { UTC_CLOCK } from '../lib/format-time'
import type { RootData } from '../lib/root-data'
import { ApiError } from './api'
import { getApi, loadUser } from './auth'
import { sendClickIdsOnce } from './click-ids'
import { env } from './env'
import { log } from './log'
import { destroySession, preferencesCookie, readPreferences, takeToasts, type Preferences } from './session'
import { viewerClock } from './time-zone'

/**
 * Root loader: the current user (re-fetched every 60 s by the client), flashed snackbars, click
 * ids kept in preferences, and the plans while the upgrade dialog is open.
 */
export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // Shoppers on a share link: no session is read or set.
  if (isShopperPath(url.pathname)) {
    const empty: RootData = {
      user: null,
      userFetchFailed: false,
      toasts: [],
      googleEnabled: false,
      publicUrl: env().publicUrl,
      plans: null,
      plansFailed: false,
      clock: UTC_CLOCK,
      paymentCheck: null,
    }
    return json(empty)
  }
  const headers = new Headers()
  const { session, api } = await getApi(request, context)
  const state = await loadUser(request, context)
  if (state.status === 'unauthorized') headers.append('Set-Cookie', await destroySession(session))

  const { toasts, setCookie } = await takeToasts(request)
  if (setCookie) headers.append('Set-Cookie', setCookie)

  await rememberClickIds(request, url, state.user !== null, context, headers)

  let plans: RootData['plans'] = null
  let plansFailed = false
  if (readUrlState(url.searchParams).dialog === 'upgrade') {
    try {
      plans = await api.plans.list()
    } catch (error) {
      plansFailed = true
      log.warn('plan loading failed', { error: String(error) })
    }
  }

  const extraToasts: RootData['toasts'] = []
  let paymentCheck: RootData['paymentCheck'] = null
  const checkId = url.searchParams.get('session_id')
  if (state.user && isPaymentCheckId(checkId)) {
    // reference §6.9: success only when the answer is success and the subscription is active.
    try {
      const answer = await api.payments.check(checkId)
      const ok = paymentSucceeded(answer)
      paymentCheck = { ok, message: ok ? answer.message : PAYMENT_FAILED_MESSAGE }
    } catch (error) {
      if (!(error instanceof ApiError)) log.warn('payment check failed', { error: String(error) })
      const text = error instanceof ApiError ? error.message : UNEXPECTED_PAYMENT_ERROR
      extraToasts.push({ type: 'error', text, id: randomBytes(6).toString('hex') })
    }
  }

  const data: RootData = {
    user: state.user,
    userFetchFailed: state.status === 'failed',
    toasts: [...toasts.map((t) => ({ ...t, id: randomBytes(6).toString('hex') })), ...extraToasts],
    googleEnabled: !!env().google,
    publicUrl: env().publicUrl,
    plans,
    plansFailed,
    clock: viewerClock(request),
    paymentCheck,
  }
  return json(data, { headers })
}

/** gclid / fbclid from any URL go into the preferences cookie, and to the api once signed in. */
async function rememberClickIds(
  request: Request,
  url: URL,
  signedIn: boolean,
  context: LoaderFunctionArgs['context'],
  headers: Headers,
): Promise<void> {
  const prefs = await readPreferences(request)
  let next: Preferences = { ...prefs }
  for (const key of ['gclid', 'fbclid'] as const) {
    const value = url.searchParams.get(key)?.slice(0, 255)
    if (value) next[key] = value
  }
  if (signedIn) next = await sendClickIdsOnce(next, (await getApi(request, context)).api)
  if (JSON.stringify(next) !== JSON.stringify(prefs)) headers.append('Set-Cookie', await preferencesCookie.serialize(next))
}
