import MarkdownIt from 'markdown-it'
import { sanitizeArticle, type SanitizedHtml } from '../../domain/sanitize'

/**
 * Markdown for our own articles. Raw HTML in the source is shown as text (`html: false`), links
 * may only be https, mailto, same-site paths or anchors (anything else stays plain text), and the
 * output goes through the project's sanitiser as well, so a mistake in a post cannot ship script.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: true })

const SAFE_LINK = /^(?:https:\/\/|mailto:|\/(?![/\\])|#)/i
md.validateLink = (url) => SAFE_LINK.test(url.trim())

export interface RenderedMarkdown {
  html: SanitizedHtml
  /** Levels of the headings in the body, in order (the page's title is its only h1). */
  headingLevels: number[]
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = md.parse(source, {})
  const headingLevels = tokens.filter((t) => t.type === 'heading_open').map((t) => Number(t.tag.slice(1)))
  return { html: sanitizeArticle(md.renderer.render(tokens, md.options, {})), headingLevels }
}
