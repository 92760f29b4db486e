/**
 * Where the browser hydrates the server's whole document.
 *
 * React hydrates `document` itself. Preact (the production browser build, see vite.config.ts) turns
 * `document` into `document.documentElement` and would then render a second `<html>` inside the
 * first one, so it gets a stand-in parent whose only child is the existing `<html>`: Preact adopts
 * it in place, and any (re)insertion goes to the real document.
 */
export function documentRoot(): Document | Element {
  if (!import.meta.env.PREACT_BROWSER) return document
  const html = document.documentElement
  const root = {
    namespaceURI: null,
    get firstChild() {
      return document.documentElement
    },
    get childNodes() {
      return [document.documentElement]
    },
    insertBefore(node: Node, before: Node | null) {
      // The adopted <html> is already in place: moving it would only reset the page.
      if (node === html && (before === null || before === html.nextSibling)) return node
      return document.insertBefore(node, before)
    },
    removeChild(node: Node) {
      return document.removeChild(node)
    },
  }
  return root as unknown as Element
}
