import { GUARANTEE_WORDS } from '../../domain/page/honesty'
import { ratingSummary, type ProductFacts } from '../../domain/product-facts'
import { formatMoney, joinList, lowerFirst, plural, upperFirst } from './offline/text'
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

/** Numbers that are not figures: guarantee terms, package contents, model and product codes. */
const NOT_A_FIGURE = new RegExp(`${GUARANTEE_WORDS.source}|return|package|box|content|includ|model|sku|code`, 'i')

/** A numeric spec as a figure: "600 ml", "8 mm", "255 g" with "(US 9)" kept in the label. */
function specFigure(name: string, value: string): Figure | null {
  const v = value.trim()
  if (!/^\d/.test(v) || NOT_A_FIGURE.test(name) || NOT_A_FIGURE.test(v)) return null
  if (v.length <= 16) return { key: `spec:${name}`, value: v, label: name, source: `Specification: ${name}` }
  const m = /^(\d+(?:[.,]\d+)?\s?[a-zA-Z°%]{0,4})\b\s*(.*)$/.exec(v)
  if (!m) return null
  const rest = m[2].trim()
  if (/\d/.test(rest) && !/^\([^()]*\)$/.test(rest)) return null
  const label = /^\([^()]*\)$/.test(rest) ? `${name} ${rest}` : name
  return { key: `spec:${name}`, value: m[1].trim(), label: label.slice(0, 120), source: `Specification: ${name}` }
}

export function computeFigures(facts: ProductFacts): Figure[] {
  const out: Figure[] = []
  const pricing = computePricing(facts)
  if (pricing) {
    const money = (n: number) => formatMoney(n, pricing.currency)
    const compare = pricing.saving && pricing.compareAt != null ? `, compare at ${money(pricing.compareAt)}` : ''
    out.push({ key: 'price', value: money(pricing.amount), label: `Price${compare}`, source: 'Listed price' })
    if (pricing.saving) {
      const value = pricing.saving.percent != null ? `${pricing.saving.percent}%` : money(pricing.saving.amount)
      out.push({ key: 'saving', value, label: 'Off the compare-at price', source: 'Listed and compare-at prices' })
    }
  }
  const summary = ratingSummary(facts.reviews)
  const sources = joinList(reviewSources(facts))
  if (summary) {
    const n = summary.count
    out.push({
      key: 'rating',
      value: `${summary.average} / 5`,
      label: `Average rating from ${n} ${n === 1 ? 'review' : 'reviews'} on ${sources}`,
      source: 'Worked out from the imported reviews',
    })
  }
  if (facts.reviews.length > 0 && (!summary || summary.count !== facts.reviews.length)) {
    const n = facts.reviews.length
    out.push({
      key: 'reviews',
      value: String(n),
      label: `${n === 1 ? 'Review' : 'Reviews'} imported from ${sources}`,
      source: 'Counted from the imported reviews',
    })
  }
  const options = realOptions(facts).filter((o) => o.values.length >= 2)
  for (const o of options) {
    out.push({
      key: `option:${o.name}`,
      value: String(o.values.length),
      label: `${upperFirst(plural(lowerFirst(o.name)))} to choose from`,
      source: `Product options: ${o.name}`,
    })
  }
  const variants = realVariants(facts)
  if (options.length >= 2 && variants.length >= 2) {
    out.push({
      key: 'variants',
      value: String(variants.length),
      label: `${upperFirst(joinList(options.map((o) => lowerFirst(o.name))))} combinations`,
      source: 'Product variants',
    })
  }
  for (const s of facts.specs) {
    const f = specFigure(s.name.trim(), s.value)
    if (f && !out.some((o) => o.key === f.key)) out.push(f)
  }
  return out
}
