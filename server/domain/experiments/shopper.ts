/**
 * Experiments as shoppers meet them (issue 25): which variant a visitor gets, the cookie that keeps
 * them on it, and how a shared page's version tells the front that an experiment runs. Pure rules,
 * used by the share front, /go, the api and tests.
 */

export const VARIANTS = ['control', 'challenger'] as const
export type Variant = (typeof VARIANTS)[number]

export const EXPERIMENT_STATUSES = ['running', 'stopped', 'promoted'] as const

/**
 * Why an experiment stopped: the owner stopped it; a new live version changed its control under it
 * (an edit, a restore, a regenerate); or the owner's plan no longer includes experiments.
 */
export const STOP_REASONS = ['owner', 'page_changed', 'plan_ended'] as const
export type StopReason = (typeof STOP_REASONS)[number]

/** The challenger's share of new visitors, in percent, when the owner sets none. */
export const DEFAULT_SPLIT = 50
/** How long a visitor stays on their variant (the cookie's Max-Age). */
export const EXPERIMENT_COOKIE_DAYS = 90
/** The page analytics' default and longest period. */
export const ANALYTICS_DEFAULT_DAYS = 30
export const ANALYTICS_MAX_DAYS = 365

/**
 * Experiment pages differ per visitor: no shared cache (ours, a CDN's, a proxy's) may keep one for
 * another visitor. Pages without an experiment keep SHARED_PAGE_CACHE_CONTROL (server/domain/share.ts).
 */
export const EXPERIMENT_PAGE_CACHE_CONTROL = 'private, no-store'

/** One cookie per experiment, so a new experiment assigns everyone afresh. */
export const experimentCookieName = (experimentId: number) => `pw_x${experimentId}`

const VISITOR_ID = /^[A-Za-z0-9_-]{16,43}$/

export interface Assignment {
  visitorId: string
  variant: Variant
}

/** The cookie's value: the random visitor id, a dot, `c` (control) or `h` (challenger). */
export const experimentCookieValue = (a: Assignment) => `${a.visitorId}.${a.variant === 'challenger' ? 'h' : 'c'}`

/** The assignment a cookie header holds for this experiment, or null (none, or not one of ours). */
export function assignmentFromCookies(cookieHeader: string | undefined, experimentId: number): Assignment | null {
  if (!cookieHeader) return null
  const name = `${experimentCookieName(experimentId)}=`
  for (const part of cookieHeader.split(';')) {
    const item = part.trim()
    if (!item.startsWith(name)) continue
    const value = item.slice(name.length)
    const dot = value.lastIndexOf('.')
    const visitorId = value.slice(0, dot)
    const flag = value.slice(dot + 1)
    if (dot > 0 && VISITOR_ID.test(visitorId) && (flag === 'c' || flag === 'h'))
      return { visitorId, variant: flag === 'h' ? 'challenger' : 'control' }
  }
  return null
}

/** The Set-Cookie header that keeps a visitor on their variant: first party, HttpOnly, Lax. */
export function experimentSetCookie(experimentId: number, a: Assignment, secure: boolean): string {
  const maxAge = EXPERIMENT_COOKIE_DAYS * 86_400
  return `${experimentCookieName(experimentId)}=${experimentCookieValue(a)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** A new visitor's variant: the challenger with probability split/100 (`random` uniform in [0, 1)). */
export const assignVariant = (split: number, random: number): Variant => (random * 100 < split ? 'challenger' : 'control')

/** What a shared page's version carries while an experiment runs on it. */
export interface RunningExperiment {
  id: number
  split: number
}

/**
 * A shared page's version with its running experiment appended: caches keyed on the version then
 * change when an experiment starts or ends. A page without one keeps its version exactly.
 */
export const versionWithExperiment = (version: string, x: RunningExperiment | null) => (x ? `${version}~x${x.id}s${x.split}` : version)

const EXPERIMENT_SUFFIX = /~x(\d+)s(\d+)$/
export function experimentOfVersion(version: string): RunningExperiment | null {
  const m = EXPERIMENT_SUFFIX.exec(version)
  return m ? { id: Number(m[1]), split: Number(m[2]) } : null
}

/** The buy button's address on shared pages: counted, then redirected to the page's own buy target. */
export const goPath = (sessionId: string) => `/go/${sessionId}`
const GO_PATH = /^\/go\/([^/?#]+)$/
export const goPageId = (pathname: string) => GO_PATH.exec(pathname)?.[1] ?? null

/** Only an http(s) address or a path on this site is ever a redirect target (never a script or `//host`). */
export function safeBuyTarget(target: string | null | undefined): string | null {
  if (!target) return null
  if (target.startsWith('/')) return /^\/(?![/\\])[^\s]*$/.test(target) ? target : null
  try {
    const url = new URL(target)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** Buy clicks per visitor; null without visitors (no rate to show). */
export const conversionRate = (buyClicks: number, visitors: number): number | null => (visitors > 0 ? buyClicks / visitors : null)

/**
 * How the share front tells the page's loader which variant to render (set by the front only: it
 * drops this header from what shoppers send).
 */
export const SHARE_VARIANT_HEADER = 'x-pagewright-variant'
