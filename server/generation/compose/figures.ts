import { GUARANTEE_WORDS } from '../../domain/page/honesty'
import { ratingSummary, type ProductFacts } from '../../domain/product-facts'
import { specName, specValue } from './offline/specs'
import { formatMoney, joinList, lowerFirst } from './offline/text'
import type { Figure, Pricing } from './types'

/**
 * The figures a page may show, computed only from the facts. Shared by the offline composer (to
 * write them) and the honesty checker (to accept them).
 */

/** Money arithmetic in cents, so 7.98 − 3.99 is exactly 3.99. */
const cents = (n: number) => Math.round(n * 100)

export function computeSaving(price: number | null, compareAt: number | null): { amount: number; percent: number | null } | null {
  if (price == null || compareAt == null || compareAt <= price || compareAt <= 0) return null
  const diff = cents(compareAt) - cents(price)
  // A whole-number percentage only when it is exact: (diff / compareAt) * 100 has no remainder.
  const exact = (diff * 100) % cents(compareAt) === 0
  return { amount: diff / 100, percent: exact ? (diff * 100) / cents(compareAt) : null }
}

export function computePricing(facts: ProductFacts): Pricing | null {
  if (facts.price == null || !facts.currency) return null
  const money = (n: number) => formatMoney(n, facts.currency as string)
  const saving = computeSaving(facts.price, facts.compareAtPrice)
  let summary = `Priced at ${money(facts.price)}`
  if (saving && facts.compareAtPrice != null) {
    summary += `, down from ${money(facts.compareAtPrice)}`
    summary += saving.percent != null ? ` (${saving.percent}% less)` : ` (${money(saving.amount)} less)`
  }
  return { amount: facts.price, currency: facts.currency, compareAt: facts.compareAtPrice, saving, summary: `${summary}.` }
}

/** Options worth naming: at least one value and not Shopify's "Title / Default Title". */
export function realOptions(facts: ProductFacts): { name: string; values: string[] }[] {
  return facts.options
    .map((o) => ({ name: o.name.trim(), values: o.values.map((v) => v.trim()).filter(Boolean) }))
    .filter((o) => o.name && o.values.length > 0 && !(o.name === 'Title' && o.values.length === 1 && o.values[0] === 'Default Title'))
}

export function realVariants(facts: ProductFacts) {
  return facts.variants.filter((v) => v.title.trim() && v.title !== 'Default Title')
}

export function reviewSources(facts: ProductFacts): string[] {
  return [...new Set(facts.reviews.map((r) => r.source.trim()).filter(Boolean))]
}

export function provenanceText(facts: ProductFacts): string {
  return `Reviews from ${joinList(reviewSources(facts))}`
}

/**
 * Numbers that are not key figures: guarantee terms, package contents, model, product and article
 * codes (an MPN, an item or reference number), prices (the buy box shows them) and counts of
 * colours, sizes, variants or options (filler).
 */
const NOT_A_FIGURE = new RegExp(
  `${GUARANTEE_WORDS.source}|return|package|box|content|includ|model|sku|code|\\bpart\\b|\\basin\\b|isbn|\\bean\\b|\\bupc\\b|gtin|serial|\\bmpn\\b|\\bid\\b|item (?:no|number)|\\bart(?:ikel)?\\.?\\s?-?nr|reference|\\bref\\b|barcode|catalog|price|cost|msrp|\\b(colou?rs?|sizes?|variants?|combinations?|options?|styles?|quantity|pcs|pieces)\\b`,
  'i',
)

/** A numeric spec as a figure: "600 ml", "8 mm", "255 g" with "(US 9)" kept in the label. */
function specFigure(rawName: string, rawValue: string): Figure | null {
  const name = specName(rawName)
  const v = specValue(rawValue)
  const source = `The ${lowerFirst(name)} stated in the product's specifications`
  if (!/^\d/.test(v) || NOT_A_FIGURE.test(rawName) || NOT_A_FIGURE.test(v)) return null
  // A bare number of five or more digits with no unit is an identifier ("343026"), not a measure.
  if (/^\d{5,}$/.test(v.replace(/\s/g, ''))) return null
  if (v.length <= 16) return { key: `spec:${rawName}`, value: v, label: name, source }
  const m = /^(\d+(?:[.,]\d+)?\s?[a-zA-Z°%]{0,4})\b\s*(.*)$/.exec(v)
  if (!m) return null
  const rest = m[2].trim()
  if (/\d/.test(rest) && !/^\([^()]*\)$/.test(rest)) return null
  const label = /^\([^()]*\)$/.test(rest) ? `${name} ${rest}` : name
  return { key: `spec:${rawName}`, value: m[1].trim(), label: label.slice(0, 120), source }
}

/**
 * Key figures: the listing's stated rating, the average and count of the imported reviews, and
 * numeric specifications. Never a price (the buy box shows it) or a count of options or variants.
 */
export function computeFigures(facts: ProductFacts): Figure[] {
  const out: Figure[] = []
  const listing = facts.listingRating
  if (listing) {
    const n = listing.count
    out.push({
      key: 'listing-rating',
      value: `${listing.average} / 5`,
      label: `Rating on ${facts.source.name} from ${n.toLocaleString('en-US')} ${n === 1 ? 'rating' : 'ratings'}`,
      source: `The average rating the ${facts.source.name} listing states`,
    })
  }
  const summary = ratingSummary(facts.reviews)
  const sources = joinList(reviewSources(facts))
  if (summary) {
    const n = summary.count
    out.push({
      key: 'rating',
      value: `${summary.average} / 5`,
      label: `Average rating from ${n} ${n === 1 ? 'review' : 'reviews'} on ${sources}`,
      source: 'The average of the star ratings in the imported reviews',
    })
  }
  if (facts.reviews.length > 0 && (!summary || summary.count !== facts.reviews.length)) {
    const n = facts.reviews.length
    out.push({
      key: 'reviews',
      value: String(n),
      label: `${n === 1 ? 'Review' : 'Reviews'} imported from ${sources}`,
      source: 'The number of reviews imported with the product',
    })
  }
  for (const s of facts.specs) {
    const f = specFigure(s.name.trim(), s.value)
    if (f && !out.some((o) => o.key === f.key)) out.push(f)
  }
  return out
}
