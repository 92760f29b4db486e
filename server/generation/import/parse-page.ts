import { load, type CheerioAPI } from 'cheerio'
import { ImportError } from './types'

/**
 * How deep a browser builds a page's tree: Chromium's parser stops nesting at 512 levels. A page
 * nested deeper is no product page a person reads, and every selector over it costs time in
 * proportion to its depth (20,000 levels: 16 s of one process), so it is refused.
 */
export const MAX_PAGE_DEPTH = 512

export const TOO_DEEP =
  "We couldn't read this page: its markup is nested deeper than a browser would show. Paste the product page's text instead, or use your store's own product."

/**
 * Before parsing, a count of open tags over the bytes: far past MAX_PAGE_DEPTH even counting every
 * close, the page is refused without being parsed (parsing 20,000 nested levels alone takes seconds).
 * The margin is wide because the count cannot know the tags a parser closes for the page (an
 * unclosed `<p>` or `<li>`); between the two, the parsed tree decides.
 */
export const MAX_OPEN_TAGS = MAX_PAGE_DEPTH * 8

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'])

/** Whether the page's tags, counted over its bytes, ever stand more than `max` open. */
function opensDeeperThan(html: string, max: number): boolean {
  const tag = /<(script|style)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/gi
  let open = 0
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (!m[3]) continue // a script, a style or a comment: its text holds no tags
    if (m[2]) open = Math.max(0, open - 1)
    else if (!m[4] && !VOID.has(m[3].toLowerCase()) && ++open > max) return true
  }
  return false
}

/** The page parsed for reading, refused when it is nested deeper than a browser builds it. */
export function parsePage(html: string): CheerioAPI {
  if (opensDeeperThan(html, MAX_OPEN_TAGS)) throw new ImportError(TOO_DEEP)
  const $ = load(html)
  if (deeperThan($.root()[0] as unknown as TreeNode, MAX_PAGE_DEPTH)) throw new ImportError(TOO_DEEP)
  return $
}

/** What the walk reads of a parsed node. */
interface TreeNode {
  type: string
  children?: TreeNode[]
}

/** Whether any element lies more than `max` levels below `root` (walked without recursion). */
function deeperThan(root: TreeNode, max: number): boolean {
  const stack: [TreeNode, number][] = [[root, 0]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (depth > max) return true
    for (const child of node.children ?? [])
      if (child.type === 'tag' || child.type === 'script' || child.type === 'style') stack.push([child, depth + 1])
  }
  return false
}

/** Fewer letters than this outside scripts and styles: the page shows nothing without a browser. */
const SHELL_TEXT_MAX = 200

/**
 * A page drawn by script: it runs scripts and, without them, shows next to no text (an app's empty
 * root, `<div id="root"></div>`). What such a page lacks is not proof there is no product.
 */
export function drawnByScript($: CheerioAPI): boolean {
  if (!$('script').length) return false
  const body = $('body').clone()
  body.find('script, style, noscript, template, svg').remove()
  return body.text().replace(/\s+/g, ' ').trim().length < SHELL_TEXT_MAX
}
