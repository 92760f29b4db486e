/** The enforced Content-Security-Policy of every HTML page (docs/security.md). */
export function contentSecurityPolicy(nonce: string, extra: { formAction?: string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ['form-action', "'self'", ...(extra.formAction ?? [])].join(' '),
  ].join('; ')
}
