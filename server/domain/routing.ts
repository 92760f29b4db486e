/**
 * Spec §2 routing rule: a trailing slash on any path other than the root is removed by a redirect
 * (the query is kept). Returns the target, or null when no redirect is needed.
 * Leading slashes are collapsed so that "//evil.example/" can never become a protocol-relative
 * redirect to another host.
 */
export function trailingSlashRedirect(pathname: string, search: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null
  const path = `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`
  return `${path}${search}`
}

/** Only same-site relative paths are accepted as post-login destinations. */
export function safeRedirectPath(to: string | null | undefined, fallback = '/'): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  return to
}
