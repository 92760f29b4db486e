import sanitizeHtml from 'sanitize-html'

/** HTML that went through `sanitize()`; the only HTML the app ever renders as markup. */
export type SanitizedHtml = string & { readonly __brand: 'SanitizedHtml' }

/**
 * The one allowlist for untrusted HTML (scraped descriptions, model output): text structure only,
 * https links and images, no style, class, svg, math, iframe or form. See docs/security.md.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https'],
  allowedSchemesByTag: { a: ['https', 'mailto'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: true,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer', target: '_blank' } }),
  },
  // Images only from absolute https addresses (relative ones would point at our own site).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
}
// rel/target are added by us after filtering, so they must be allowed on output.
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as object), a: ['href', 'title', 'rel', 'target'] }

export function sanitize(html: string): SanitizedHtml {
  return sanitizeHtml(html, OPTIONS) as SanitizedHtml
}

/** Same-site links in our own articles: "/path" or "#anchor" (never "//host" or "/\\host"). */
const SAME_SITE_HREF = /^(?:\/(?![\/\\])|#)/

/**
 * Our own articles (content/posts, rendered from markdown): the same allowlist plus code blocks.
 * Links to our own pages open in place; other links open in place too, without passing a referrer.
 */
const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'pre', 'code'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: SAME_SITE_HREF.test(attribs.href ?? '') ? attribs : { ...attribs, rel: 'noopener noreferrer' },
    }),
  },
}

export function sanitizeArticle(html: string): SanitizedHtml {
  return sanitizeHtml(html, ARTICLE_OPTIONS) as SanitizedHtml
}

/** Plain text of untrusted HTML (tags dropped, entities decoded, whitespace collapsed). */
export function htmlToText(html: string): string {
  // Block boundaries become line breaks, so "Size guide</span><p>Warranty" does not run together.
  const blocks = /<\/?(?:br|p|li|ul|ol|h\d|div|tr|table|blockquote|section)\b[^>]*>/gi
  const text = sanitizeHtml(html.replace(blocks, '\n$&'), { allowedTags: [], allowedAttributes: {} })
  return decodeEntities(text)
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
}
