/** Shopper pages: /share/{id} and /sharev2/{id} (no app script, no session; the id is checked later). */
const SHOPPER_PATH = /^\/share(?:v2)?\/([^/?#]+)$/
export const isShopperPath = (pathname: string) => /^\/share(v2)?\//.test(pathname)
/** The session id a shopper page path names, or null when the path is not a shopper page. */
export const shopperPageId = (pathname: string) => SHOPPER_PATH.exec(pathname)?.[1] ?? null

/** Where shoppers see a shared page (/share/{id}, reference §2.6). */
export const sharePath = (sessionId: string) => `/share/${sessionId}`

/** The full link an owner copies: the public address of the app, then the share path. */
export const shareUrl = (publicUrl: string, sessionId: string) => `${publicUrl.replace(/\/+$/, '')}${sharePath(sessionId)}`

/**
 * What shared pages may be cached for outside our servers: browsers ask again each time (answered
 * 304 while the page is unchanged); a CDN may keep a copy 10 s and serve it up to 50 s longer while
 * it fetches a new one (purge the page's URL to drop it sooner). Our own servers never serve a page
 * whose version has changed (server/http/share-front.ts).
 */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=50'

/**
 * A shared page's current version: a short string that changes whenever anything the page shows
 * changes, or null while it is not shared. Caches key on it (server/modules/tasks/share-version.ts).
 */
export type ShareVersions = (sessionId: string) => Promise<string | null>
