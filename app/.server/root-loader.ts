import { randomBytes } from 'node:crypto'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { UTC_CLOCK } from '../lib/format-time'
import type { RootData } from '../lib/root-data'
import { isShopperPath } from '../lib/shopper-view'
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
  if (url.searchParams.get('dialog') === 'upgrade') {
    try {
      plans = await api.plans.list()
    } catch (error) {
      plansFailed = true
      log.warn('plan loading failed', { error: String(error) })
    }
  }

  const data: RootData = {
    user: state.user,
    userFetchFailed: state.status === 'failed',
    toasts: toasts.map((t) => ({ ...t, id: randomBytes(6).toString('hex') })),
    googleEnabled: !!env().google,
    publicUrl: env().publicUrl,
    plans,
    plansFailed,
    clock: viewerClock(request),
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
