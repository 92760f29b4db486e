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
