import { textToHtml } from '../../domain/html-text'
import type { ProductFacts } from '../../domain/product-facts'
import { buildFacts } from './normalize/facts'
import { detectCurrency, parsePrice } from './normalize/price'
import { ImportError } from './types'

const BULLET = /^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+)$/
// Bounded quantifiers only: pasted text is untrusted and may be long.
const PRICE_PATTERNS = [
  /(?<![\w$])(?:US\s?|CA|AU|C|A)?([$€£])\s?(\d{1,3}(?:,\d{3}){1,3}(?:\.\d{1,2})?|\d{1,9}(?:\.\d{1,2})?)(?![\d,.]?\d)/g,
  /(?<![\w.,])(\d{1,3}(?:[.,\s]\d{3}){1,3}(?:[.,]\d{2})?|\d{1,9}(?:[.,]\d{2})?)\s?(€|(?:EUR|USD|GBP)\b)/g,
]

function shortTitle(line: string): string {
  const t = line
    .replace(/^\s*#+\s*/, '')
    .replace(BULLET, '$1')
    .replace(/\s+/g, ' ')
    .trim()
  if (t.length <= 120) return t
  const cut = t.slice(0, 120)
  const space = cut.lastIndexOf(' ')
  return (space >= 60 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')
}

/** A price only when the text shows exactly one clear one ("$12.99", "12,99 €"); null when none or several. */
export function clearPrice(text: string): { amount: number; currency: string | null } | null {
  const found = new Map<number, string | null>()
  for (const re of PRICE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const p = parsePrice(m[0])
      if (p) found.set(p.amount, p.currency ?? detectCurrency(m[0]))
    }
  }
  if (found.size !== 1) return null
  const [[amount, currency]] = [...found]
  return { amount, currency }
}

/**
 * Facts from a product description pasted by the person: first line is the name (≤ 120 characters),
 * lines starting with -, *, • or "1." are bullets, the rest are paragraphs (escaped, then sanitised).
 * No images, no reviews, and a price only when one clear price appears.
 */
export function factsFromText(text: string, now: Date = new Date()): ProductFacts {
  const lines = String(text ?? '')
    .slice(0, 100_000)
    .replace(/\r\n?/g, '\n')
    .split('\n')
  const start = lines.findIndex((l) => l.trim())
  if (start < 0) throw new ImportError("We couldn't find the product's name in your description")
  const title = shortTitle(lines[start])
  const bullets: string[] = []
  const body: string[] = []
  const firstLineRest = lines[start].replace(/^\s*#+\s*/, '').trim().length > 120 ? [lines[start].trim()] : []
  for (const line of [...firstLineRest, ...lines.slice(start + 1)]) {
    const b = line.match(BULLET)
    if (b) bullets.push(b[1].trim())
    else body.push(line)
  }
  const price = clearPrice(lines.join('\n'))
  return buildFacts(
    {
      title,
      bullets,
      descriptionHtml: textToHtml(body.join('\n')),
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
    },
    { url: '', platform: 'text' },
    now,
  )
}
