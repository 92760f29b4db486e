import type { SanitizedHtml as SanitizedHtmlString } from '../../server/domain/sanitize'

/**
 * The only place in the app that renders HTML as markup (docs/security.md). It accepts only the
 * branded output of `sanitize()`, so a plain string does not type-check here.
 */
export function SanitizedHtml({ html, className }: { html: SanitizedHtmlString; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
