import { createCookie, createCookieSessionStorage, type Cookie } from '@remix-run/node'
import type { GuideFlow } from '../../server/domain/onboarding'
import { REFERRAL_COOKIE_DAYS } from '../../server/domain/referrals'
import type { SnackbarInput } from '../../server/domain/snackbar'
import { WEB_SESSION_COOKIE } from '../../server/domain/web-session'
import { env } from './env'

export interface SessionData {
  token: string
  /** The e-mail and name of a sign-in in progress (reference §4, web session). */
  email: string
  name: string
  /** ms timestamp of the last code request, for the resend wait (reference §8.2). */
  lastRequestCode: number
  redirectTo: string
  /** The guide a new account starts (a sign-up link's `?guide=`); ONBOARDING_FLOW otherwise. */
  guide: GuideFlow
  /** An install that started in Shopify, waiting for this sign-in (reference §2.5, §4 web session). */
  shopifyLoginSessionId: string
  fromShopifySignUp: boolean
}

const THIRTY_DAYS = 2_592_000

let storage: ReturnType<typeof makeStorage> | undefined
function makeStorage() {
  const e = env()
  return {
    session: createCookieSessionStorage<SessionData>({
      cookie: {
        name: WEB_SESSION_COOKIE,
        httpOnly: true,
        sameSite: 'lax',
        secure: e.secureCookies,
        secrets: e.sessionSecrets,
        path: '/',
        maxAge: THIRTY_DAYS,
      },
    }),
    flash: createCookieSessionStorage<Record<string, never>, { toasts: SnackbarInput[] }>({
      cookie: {
        name: '__pw_flash',
        httpOnly: true,
        sameSite: 'lax',
        secure: e.secureCookies,
        secrets: e.sessionSecrets,
        path: '/',
      },
    }),
  }
}
const stores = () => (storage ??= makeStorage())

export const getSession = (request: Request) => stores().session.getSession(request.headers.get('Cookie'))
export const commitSession = (session: Awaited<ReturnType<typeof getSession>>) => stores().session.commitSession(session)
export const destroySession = (session: Awaited<ReturnType<typeof getSession>>) => stores().session.destroySession(session)

/** Queues snackbar messages for the next page the browser shows (works without JS). */
export async function flashToast(request: Request, ...toasts: SnackbarInput[]): Promise<string> {
  const flash = await stores().flash.getSession(request.headers.get('Cookie'))
  flash.flash('toasts', [...(flash.get('toasts') ?? []), ...toasts])
  return stores().flash.commitSession(flash)
}

/** Reads and clears queued messages. */
export async function takeToasts(request: Request): Promise<{ toasts: SnackbarInput[]; setCookie: string | null }> {
  const flash = await stores().flash.getSession(request.headers.get('Cookie'))
  const toasts = flash.get('toasts') ?? []
  return { toasts, setCookie: toasts.length ? await stores().flash.commitSession(flash) : null }
}

/**
 * A short-lived cookie signed like the session (HttpOnly, SameSite=Lax, Secure over https), made on
 * first use because the secrets come from the environment.
 */
export function signedCookie(name: string, opts: { maxAgeSeconds: number; path?: string }): () => Cookie {
  let made: Cookie | undefined
  return () =>
    (made ??= createCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: env().secureCookies,
      secrets: env().sessionSecrets,
      path: opts.path ?? '/',
      maxAge: opts.maxAgeSeconds,
    }))
}

/** Persisted UI state (reference §4, preferences). Not secret, so only encoded. */
export interface Preferences {
  gclid?: string
  fbclid?: string
  isExpand?: boolean
  outlineWidth?: number
  prevPage?: string
  /** The click ids last sent to the api, so each is sent once. */
  clidSent?: string
}

export const preferencesCookie = createCookie('pw_prefs', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 86_400 })

export async function readPreferences(request: Request): Promise<Preferences> {
  const value = await preferencesCookie.parse(request.headers.get('Cookie'))
  return value && typeof value === 'object' ? (value as Preferences) : {}
}

/** Who invited this browser (set by /r/{invitation_code}). */
export const referralCookie = createCookie('pw_ref', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: REFERRAL_COOKIE_DAYS * 86_400 })
