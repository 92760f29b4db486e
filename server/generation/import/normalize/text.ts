import { escapeHtml } from '../../../domain/html-text'
import { htmlToText } from '../../../domain/sanitize'

/** A plain-text description (entities allowed, stray tags dropped) as escaped paragraphs. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => htmlToText(p))
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n')
}

/** Runs of whitespace as one space, trimmed ("  Soft toy,\n brown bear " → "Soft toy, brown bear"). */
/** A text matched as itself inside a regular expression. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export const collapseSpace = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim()

/**
 * One line of a page's text: its direction marks (LRM, RLM, embeddings), soft hyphens, zero-width
 * spaces and stray byte-order marks dropped (none is shown), whitespace collapsed.
 */
export const plainLine = (s: string): string => collapseSpace(s.replace(/[\u00ad\u200b\ufeff\u200e\u200f\u202a-\u202e]/g, ''))

/** Whitespace collapsed, trimmed, cut to `max` characters (with an ellipsis when cut). */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') return ''
  const s = plainLine(String(value))
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s
}

/** The text of each `<li>` in (sanitised) HTML: a description's own bullet list. */
export function listItems(html: string, max = 12): string[] {
  return [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)]
    .map((m) => htmlToText(m[1]))
    .filter(Boolean)
    .slice(0, max)
}

/**
 * A script element's data without the wrappers pages put around it for old browsers: an HTML
 * comment, a CDATA section, and a CDATA section inside line or block comments.
 */
export function scriptBody(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\/\*\s*\]\]>\s*\*\/|\]\]>)$/, '')
    .trim()
}

/**
 * A template's placeholder left unfilled by the page ("$metabrand", "{{ product.title }}", "${name}",
 * "%BRAND%", "[[brand]]"): the words of no product.
 */
export function isTemplateResidue(value: string): boolean {
  return /^\s*(?:\$[A-Za-z_][\w.]*|\$\{[^}]*\}|\{\{[^}]*\}\}|\{%[^%]*%\}|%[A-Za-z_][\w.]*%|\[\[[^\]]*\]\]|<%[^%]*%>)\s*$/.test(value)
}
