import { selectAll } from 'css-select'
import type { AnyNode, Element } from 'domhandler'
import { findAll, textContent } from 'domutils'

/**
 * Prices a page strikes through in its own style sheet rather than with a tag or a class we know
 * (`.product__prices_small{text-decoration:line-through}` over "63 499 грн" above "50 899 грн"): the
 * elements the page's inline `<style>` rules draw with a line through, found with a CSS selector
 * engine, once per page.
 */

const struckBySheet = new WeakMap<AnyNode, Set<Element>>()

/** A rule's selectors and declarations (the innermost braces: a rule inside `@media {…}` too). */
const RULE = /([^{}]+)\{([^{}]*)\}/g

/** Selectors matched against the page, at most: a page strikes a few kinds of price, and each match walks the page. */
const MAX_SELECTORS = 40

/** Style text read, at most (a page may inline its whole theme). */
const MAX_STYLE_CHARS = 2_000_000

export function struckByStyleSheet(el: Element): boolean {
  let root: AnyNode = el
  while (root.parent) root = root.parent
  let struck = struckBySheet.get(root)
  if (!struck) {
    struck = elementsStruck(root)
    struckBySheet.set(root, struck)
  }
  return struck.has(el)
}

function elementsStruck(root: AnyNode): Set<Element> {
  const out = new Set<Element>()
  const children = 'children' in root ? (root.children as AnyNode[]) : []
  const css = findAll((e) => e.name === 'style', children)
    .map((style) => textContent(style))
    .join('\n')
    .slice(0, MAX_STYLE_CHARS)
  let selectors = 0
  for (const [, selectorList, declarations] of css.matchAll(RULE)) {
    if (!/text-decoration(?:-line)?\s*:[^;]*line-through/i.test(declarations)) continue
    for (const raw of selectorList.split(',')) {
      const selector = raw.replace(/\/\*[\s\S]*?\*\//g, '').trim()
      // A state's (":hover") or a generated part's ("::before") line is not the price's own.
      if (!selector || /[:@]/.test(selector)) continue
      if (++selectors > MAX_SELECTORS) return out
      try {
        for (const e of selectAll<AnyNode, Element>(selector, root)) out.add(e)
      } catch {
        /* a selector the engine does not know: not ours to read */
      }
    }
  }
  return out
}
