import type { AnyNode, Element, Text } from 'domhandler'

/** A page's header, menus and footer: what the site shows on every page, around the page's own part. */
export const SITE_CHROME = 'header, nav, footer, [role="banner"], [role="navigation"], [role="contentinfo"]'

/** Elements whose contents a visitor never reads as words. */
const NOT_SHOWN = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg'])

/** Elements that start a line of their own: their words never run into the next ones. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'button',
  'dd',
  'div',
  'dl',
  'dt',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'label',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
])

/**
 * The words `root` shows, whitespace collapsed: no script, style or what `skip` holds, and its lines
 * and blocks words apart ("ingresa a<br/>tu cuenta" says "a tu", not "atu"). One walk over the page
 * as parsed, no copy of it: it stops after `limit` characters shown or `maxNodes` nodes, so a hostile page
 * of a million elements costs no more than a long one.
 */
export function shownText(root: AnyNode, opts: { skip?: ReadonlySet<AnyNode>; limit?: number; maxNodes?: number } = {}): string {
  const { skip, limit = 6000, maxNodes = 500_000 } = opts
  const parts: string[] = []
  let length = 0
  let visited = 0
  const stack: (AnyNode | ' ')[] = [root]
  while (stack.length > 0 && length < limit && visited < maxNodes) {
    const node = stack.pop() as AnyNode | ' '
    if (node === ' ') {
      parts.push(' ')
      continue
    }
    visited++
    if (node.type === 'text') {
      const words = (node as Text).data
      parts.push(words)
      // Counted as shown, whitespace collapsed: a page's indentation is no words.
      length += words.replace(/\s+/g, ' ').trim().length
      continue
    }
    if (node.type === 'tag') {
      const el = node as Element
      if (NOT_SHOWN.has(el.name) || skip?.has(el)) continue
      if (el.name === 'br') {
        parts.push(' ')
        continue
      }
      if (BLOCKS.has(el.name)) stack.push(' ')
    } else if (node.type !== 'root') continue
    const children = (node as Element).children
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  return parts.join('').replace(/\s+/g, ' ').trim()
}
