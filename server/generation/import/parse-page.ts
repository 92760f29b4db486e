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

/** The page parsed for reading, refused when it is nested deeper than a browser builds it. */
export function parsePage(html: string): CheerioAPI {
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
