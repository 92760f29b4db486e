/**
 * A shared page's visitors per UTC day, with nothing stored about anyone: a browser is one visitor of
 * a page on each day it loads it, however often.
 * - Pages without an experiment are revalidated by the browser on every view (max-age=0): their
 *   ETag carries the day, so a browser asking with a tag of today was counted today, and the first
 *   view of a new day (yesterday's tag, or none) is counted. No cookie: a CDN may keep these pages.
 * - Pages under an experiment are never kept (no-store, they already set the assignment cookie): a
 *   first-party cookie holding only the day, gone at the next UTC midnight, says the same.
 */

let lastDay = { n: Number.NaN, iso: '' }
/** `2026-11-28` for any time that day (UTC): the day counts are kept under. Remembered for the day: every counted view asks. */
export const isoDay = (now: Date) => {
  const n = Math.floor(now.getTime() / 86_400_000)
  if (n !== lastDay.n) lastDay = { n, iso: now.toISOString().slice(0, 10) }
  return lastDay.iso
}

/** `20261128` for any time that day (UTC): the day in an ETag or a cookie. */
export const dayStamp = (now: Date) => isoDay(now).replaceAll('-', '')

/** The page's ETag (a quoted tag) with the day in it: `"abc"` → `"abc.20261128"`. */
export const dailyEtag = (etag: string, day: string) => `${etag.slice(0, -1)}.${day}"`

/** Whether an If-None-Match holds a tag of `day` (this browser loaded the page that day). */
export const etagOfDay = (ifNoneMatch: string | undefined, day: string) => !!ifNoneMatch && ifNoneMatch.includes(`.${day}"`)

/** The day cookie of a page under an experiment (one per experiment, as the assignment's). */
export const dayCookieName = (experimentId: number) => `pw_d${experimentId}`

/** Whether the cookie header says this browser loaded the experiment's page on `day`. */
export function dayCookieOf(cookieHeader: string | undefined, experimentId: number, day: string): boolean {
  if (!cookieHeader) return false
  const wanted = `${dayCookieName(experimentId)}=${day}`
  return cookieHeader.split(';').some((part) => part.trim() === wanted)
}

/** The day cookie, kept until the next UTC midnight: HttpOnly, Lax, nothing but the day. */
export function daySetCookie(experimentId: number, now: Date, secure: boolean): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  const maxAge = Math.max(1, Math.ceil((midnight - now.getTime()) / 1000))
  return `${dayCookieName(experimentId)}=${dayStamp(now)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
