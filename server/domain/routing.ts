/**
 * Routing rule of reference §2.9: a trailing slash on any path other than the root is removed by a redirect
 * (the query is kept). Returns the target, or null when no redirect is needed.
 * Leading slashes are collapsed so that "//evil.example/" can never become a protocol-relative
 * redirect to another host.
 */
export function trailingSlashRedirect(pathname: string, search: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null
  const path = `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`
  return `${path}${search}`
}

const SAME_SITE = 'http://same-site.invalid'

/**
 * Only same-site relative paths are accepted as destinations (after sign-in, after connecting a
 * store, back from checkout). The browser's own URL parser decides, so the tricks it forgives
 * (`//host`, `/\host`, a tab or line break inside `/\t/host`) cannot lead to another site; control
 * characters are refused outright (they could not go into a Location header anyway).
 */
export function safeRedirectPath(to: string | null | undefined, fallback = '/'): string {
  if (!to || to.length > 2048 || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  for (let i = 0; i < to.length; i++) {
    const c = to.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return fallback
  }
  try {
    if (new URL(to, SAME_SITE).origin !== SAME_SITE) return fallback
  } catch {
    return fallback
  }
  return to
}
