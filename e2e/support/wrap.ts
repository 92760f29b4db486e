import type { Page } from '@playwright/test'

/** Figures are checked at these widths (phones to wide desktops). */
export const WRAP_WIDTHS = [320, 390, 768, 1366, 1920]

/** Every figure-like token (digits, what is attached to them, and a unit word) that spans two lines. */
export function brokenTokens(view: Page) {
  return view.evaluate(() => {
    const out: string[] = []
    for (const el of document.querySelectorAll('.pw-stat__value, .pw-price__now, .pw-price__was, .pw-specs__list dd, .pw-table td')) {
      const node = el.firstChild
      const text = el.textContent ?? ''
      if (!node || node.nodeType !== Node.TEXT_NODE) continue
      for (const m of text.matchAll(/[$€£¥]?\d[\d.,]*(?:[\u00a0 ]?(?:%|[a-zA-Z]{1,5}\b))?/g)) {
        const range = document.createRange()
        range.setStart(node, m.index!)
        range.setEnd(node, m.index! + m[0].length)
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        if (lines.size > 1) out.push(`${m[0]} in “${text}”`)
      }
    }
    return out
  })
}
