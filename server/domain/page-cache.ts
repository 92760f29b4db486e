/**
 * A route that looks the same to every visitor without cookies (the sign-in screens) sends this
 * header with the seconds its page may be kept; the web then answers such visitors from memory
 * (server/http/anonymous-front.ts). The header never leaves the server.
 */
export const ANONYMOUS_CACHE_HEADER = 'x-pagewright-anonymous-cache'

/** How long the sign-in screens may be kept for visitors without cookies. */
const SIGN_IN_PAGE_SECONDS = 60

/** The loader headers of a sign-in screen (its route passes loader headers on). */
export const SIGN_IN_PAGE_HEADERS = { [ANONYMOUS_CACHE_HEADER]: String(SIGN_IN_PAGE_SECONDS) }

/**
 * A signed-in screen whose page is a function of the address, the cookies, the language and the
 * viewer's own rows (server/http/signed-in-front.ts) sends this header with the seconds its page
 * may be kept at most (time passing changes it: the hide window ends), and VIEWER_HEADER with the
 * viewer's user id, whose changes the database announces (migration 0008). Neither leaves the server.
 */
export const SIGNED_IN_CACHE_HEADER = 'x-pagewright-signed-in-cache'
export const VIEWER_HEADER = 'x-pagewright-viewer'

/** Every header the routes use to talk to the web's memory, dropped from what leaves the server. */
export const INTERNAL_CACHE_HEADERS = [ANONYMOUS_CACHE_HEADER, SIGNED_IN_CACHE_HEADER, VIEWER_HEADER]

/**
 * How long a signed-in screen may be kept at most. Its data's changes are announced (the viewer's
 * rows, and the shoppers' counts of their pages: migrations 0008, 0011, 0017), so time alone changes
 * little on it: a minute-rounded "in N minutes", the day's window of counts. The end of a free page's
 * hide window, which changes the screen at a known moment, ends its keep then (signedInPageHeaders).
 */
const SIGNED_IN_PAGE_SECONDS = 60

/**
 * Query parameters a kept signed-in page may have: the ones that only pick what to show. Others
 * (a payment check's session_id, click ids) make the root loader act, so such pages are rendered
 * every time.
 */
const KEEPABLE_QUERY = new Set(['view', 'page', 'share', 'dialog', 'reason', 'cycle', 'credits', 'panel', 'device'])
export const isKeepableQuery = (params: URLSearchParams) => [...params.keys()].every((k) => KEEPABLE_QUERY.has(k))

/**
 * The loader headers of a signed-in screen that may be kept for its viewer; `changesAt`: moments the
 * screen changes by itself (a page's hide window ending), which end its keep.
 */
export function signedInPageHeaders(userId: number, changesAt: readonly (string | null | undefined)[] = [], now = Date.now()) {
  const next = Math.min(...changesAt.map((at) => (at ? Date.parse(at) : NaN)).filter((at) => at > now))
  const seconds = Number.isFinite(next) ? Math.min(SIGNED_IN_PAGE_SECONDS, Math.ceil((next - now) / 1000)) : SIGNED_IN_PAGE_SECONDS
  return { [SIGNED_IN_CACHE_HEADER]: String(seconds), [VIEWER_HEADER]: String(userId) }
}
