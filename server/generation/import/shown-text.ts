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

/**
 * Class names that hide an element in the frameworks' own style sheets (Magento's "no-display",
 * Bootstrap's "d-none" and "hidden", Tailwind's "hidden"), unless a class shows it again at some
 * width ("hidden md:block", "d-none d-lg-flex").
 */
const HIDING_CLASSES = new Set(['no-display', 'd-none', 'hidden', 'hide', 'is-hidden'])
const DISPLAY_VALUES =
  /^!?(?:block|flex|inline|inline-block|inline-flex|grid|inline-grid|table|inline-table|table-cell|table-row|table-row-group|contents|flow-root|list-item)!?$/
/** Variants that show an element only on a state or medium a shopper's first look has not (hover, print, dark mode). */
const STATE_VARIANT = /^(?:print|hover|focus(?:-.*)?|active|visited|dark|group-.*|peer-.*|max-.*|motion-.*|aria-.*|data-.*)$/

/** A class that shows the element at some width: Tailwind's "md:block", "min-[640px]:inline", "@md:flex", "lg:!grid"; Bootstrap's "d-lg-flex". */
function showsAtWidth(c: string): boolean {
  if (/^d-(?:sm|md|lg|xl|xxl)-/.test(c)) return DISPLAY_VALUES.test(c.replace(/^d-\w+-/, ''))
  const parts = c.split(':')
  return parts.length > 1 && DISPLAY_VALUES.test(parts.at(-1)!) && !parts.slice(0, -1).some((v) => STATE_VARIANT.test(v))
}

export function hiddenByClass(e: Element): boolean {
  const classes = (e.attribs.class ?? '').split(/\s+/)
  return classes.some((c) => HIDING_CLASSES.has(c)) && !classes.some(showsAtWidth)
}

/** Whether the element hides itself outright: `hidden`, `display: none`, `visibility: hidden` in its own style. */
export const hiddenOutright = (e: Element) =>
  'hidden' in e.attribs || /display\s*:\s*none|visibility\s*:\s*hidden/i.test(e.attribs.style ?? '')

/** Whether a style sheet or the element itself hides it from the shopper: hidden outright, or by a hiding class. */
export const hiddenFromShopper = (e: Element) => hiddenOutright(e) || hiddenByClass(e)

/** Words only a screen reader says (eBay's "Details about", "Opens in a new window"). */
const SCREEN_READER_CLASSES = new Set(['sr-only', 'visually-hidden', 'screen-reader-text', 'g-hdn'])

/** Elements whose text is never shown: a style sheet (CSS-in-JS writes its own inside a heading), a script, a template. */
const NEVER_SHOWN = new Set(['style', 'script', 'template'])

/** Whether a shopper looking at the page never sees the element's words: hidden, code, or for screen readers only. */
export const unseen = (e: Element) =>
  NEVER_SHOWN.has(e.name) || hiddenFromShopper(e) || (e.attribs.class ?? '').split(/\s+/).some((c) => SCREEN_READER_CLASSES.has(c))
