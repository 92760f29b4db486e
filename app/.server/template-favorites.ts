import { createCookie, json, redirect, type AppLoadContext } from '@remix-run/node'
import { FAVORITE_INTENT } from '~/forms/templates'
import { ApiError, type ApiClient } from './api'
import { apiFailure } from './api-failure'
import { requireUser } from './auth'
import { env } from './env'

/** The favourite templates are kept for 24 hours (reference §9.6). */
const FAVORITE_TEMPLATES_TTL_SECONDS = 24 * 60 * 60

/**
 * The web's cache of GET /v2/page-templates/user/favorites, per user: a signed cookie holding the
 * user's id and their favourite template ids, living 24 hours.
 *
 * Why a cookie and not this process's memory: several web processes may answer one browser (the
 * scale-out of docs/architecture.md §1), so a cache in one process's memory would show a change
 * made through another process only when it expires. The cookie travels with the browser to
 * whichever process answers, and the action that changes a favourite rewrites it in the same
 * response (from the api's answer after the change), so the very next page shows the new state on
 * every process. It is signed (a browser
 * cannot mark favourites the api does not have) and names its user (another sign-in on the same
 * browser asks the api again). A change made elsewhere (another browser, an API key) shows here
 * within those 24 hours.
 */
let cookie: ReturnType<typeof createCookie> | undefined
const favoritesCookie = () =>
  (cookie ??= createCookie('pw_tpl_favs', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env().secureCookies,
    secrets: env().sessionSecrets,
    maxAge: FAVORITE_TEMPLATES_TTL_SECONDS,
  }))

interface Cached {
  user: number
  ids: number[]
}

const isCached = (v: unknown): v is Cached =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as Cached).user === 'number' &&
  Array.isArray((v as Cached).ids) &&
  (v as Cached).ids.every((id) => Number.isInteger(id))

/** The user's favourite template ids: from the cookie, or from the api (then `setCookie` keeps them). */
export async function favoriteTemplateIds(
  request: Request,
  api: ApiClient,
  userId: number,
): Promise<{ ids: number[]; setCookie: string | null }> {
  const cached: unknown = await favoritesCookie().parse(request.headers.get('Cookie'))
  if (isCached(cached) && cached.user === userId) return { ids: cached.ids, setCookie: null }
  const { ids } = await api.templates.favorites()
  return { ids, setCookie: await rememberFavoriteTemplates(userId, ids) }
}

/** The Set-Cookie header that stores these ids for the user (after a change, or a miss). */
export function rememberFavoriteTemplates(userId: number, ids: number[]): Promise<string> {
  return favoritesCookie().serialize({ user: userId, ids } satisfies Cached)
}

/** Marks or unmarks a template, then caches the api's list as it is now (the cache's invalidation). */
export async function changeFavoriteTemplate(api: ApiClient, userId: number, templateId: number, on: boolean): Promise<string> {
  await api.templates.favorite(templateId, on)
  const { ids } = await api.templates.favorites()
  return rememberFavoriteTemplates(userId, ids)
}

/**
 * The favourite toggle of /templates and /templates/{id} (a POST form; works without JS): marks
 * or unmarks, rewrites the cache, and goes back to `back`. Signed-out visitors go to the login.
 */
export async function templateFavoriteAction(request: Request, context: AppLoadContext | undefined, back: string) {
  const { api, user } = await requireUser(request, context)
  const form = await request.formData()
  const intent = form.get('intent')
  const id = Number(form.get('template_id'))
  if ((intent !== FAVORITE_INTENT.add && intent !== FAVORITE_INTENT.remove) || !Number.isInteger(id) || id < 1 || id > 1_000_000)
    return json({ error: 'Choose a template to save or remove.' }, { status: 400 })
  try {
    const setCookie = await changeFavoriteTemplate(api, user.id, id, intent === FAVORITE_INTENT.add)
    return redirect(back, { headers: { 'Set-Cookie': setCookie } })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return json({ error: 'There is no such template.' }, { status: 404 })
    const failure = apiFailure(error, "We couldn't save your favourite. Please try again in a moment.")
    return json({ error: failure.message }, { status: failure.status })
  }
}
