import { ratingSummary, type ProductFacts } from '../../domain/product-facts'
import { htmlToText } from '../../domain/sanitize'
import { computeSaving, realOptions, realVariants } from './figures'

/**
 * Traceability: every number a page shows must come from the facts. A number is traceable when it
 * appears in the facts (any text, spec, option value, price, variant price or review), or is one of
 * the few figures computed from them: the review average and counts (and the "out of 5" scale when
 * there are ratings), the listing's stated rating and count, the compare-at saving (amount, and the percentage only when it is exact), and
 * the counts of options, option values, variants and images. Numbers are compared by value, so
 * "1,299", "1299.00" and "$1,299" are the same number.
 */

/** Digits as written: "1,299.50", "4.8", "25", "02". Signs and words ("four") are not numbers here. */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g

export interface FoundNumber {
  raw: string
  value: number
}

export function extractNumbers(text: string): FoundNumber[] {
  return [...text.matchAll(NUMBER)].map((m) => ({ raw: m[0], value: Number(m[0].replace(/,/g, '')) }))
}

const canon = (n: number) => (Math.round(n * 100) / 100).toString()

/** Every text in the facts a page may quote (the URL is left out: its ids are not facts to show). */
export function factTexts(facts: ProductFacts): string[] {
  return [
    facts.title,
    facts.descriptionText,
    htmlToText(facts.descriptionHtml),
    ...facts.bullets,
    ...facts.options.flatMap((o) => [o.name, ...o.values]),
    ...facts.variants.flatMap((v) => [v.title, v.sku ?? '']),
    facts.vendor ?? '',
    facts.productType ?? '',
    ...facts.tags,
    ...facts.specs.flatMap((s) => [s.name, s.value]),
    ...facts.reviews.flatMap((r) => [r.author, r.title ?? '', r.body, r.date ?? '', r.source]),
    facts.source.name,
  ]
}

/** The set of numbers (canonical form) that a page about these facts may contain. */
export function traceableNumbers(facts: ProductFacts): Set<string> {
  const out = new Set<string>()
  const add = (n: number | null | undefined) => {
    if (typeof n === 'number' && Number.isFinite(n)) out.add(canon(n))
  }
  for (const text of factTexts(facts)) for (const n of extractNumbers(text)) add(n.value)
  add(facts.price)
  add(facts.compareAtPrice)
  for (const v of facts.variants) add(v.price)
  for (const r of facts.reviews) add(r.rating)
  const summary = ratingSummary(facts.reviews)
  if (summary) {
    add(summary.average)
    add(summary.count)
    add(5) // the rating scale, "4.5 out of 5"
  }
  if (facts.reviews.length > 0) add(facts.reviews.length)
  // The listing's own stated rating ("4.6 out of 5, 12,408 ratings").
  if (facts.listingRating) {
    add(facts.listingRating.average)
    add(facts.listingRating.count)
    add(5)
  }
  const saving = computeSaving(facts.price, facts.compareAtPrice)
  if (saving) {
    add(saving.amount)
    add(saving.percent)
  }
  const options = realOptions(facts)
  if (options.length > 0) add(options.length)
  for (const o of options) add(o.values.length)
  const variants = realVariants(facts)
  if (variants.length > 0) add(variants.length)
  if (facts.images.length > 0) add(facts.images.length)
  return out
}

export interface PageText {
  /** Where it is, e.g. "sections[2].items[0].text". */
  path: string
  text: string
  /** Inside a reviews section's quoted items (checked as quotes, not as claims). */
  quoted: boolean
}

const SKIP_KEYS = new Set(['id', 'type', 'src', 'theme', 'imagePosition', 'language'])

/** Every text of a page (HTML turned into its text), with its path. Image URLs, ids and the theme are skipped. */
export function pageTexts(page: unknown): PageText[] {
  const out: PageText[] = []
  const walk = (value: unknown, path: string, quoted: boolean) => {
    if (typeof value === 'string') {
      const text = path.endsWith('.body') && /<[a-z]/i.test(value) ? htmlToText(value) : value
      if (text.trim()) out.push({ path, text, quoted })
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}[${i}]`, quoted))
    } else if (value && typeof value === 'object') {
      const isReviews = (value as { type?: unknown }).type === 'reviews'
      for (const [k, v] of Object.entries(value)) {
        if (SKIP_KEYS.has(k)) continue
        walk(v, path ? `${path}.${k}` : k, quoted || (isReviews && k === 'items'))
      }
    }
  }
  walk(page, '', false)
  return out
}

/** Numeric fields of a page (prices, ratings, review summary), with their paths. */
export function pageNumbers(page: unknown): { path: string; value: number }[] {
  const out: { path: string; value: number }[] = []
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'number') out.push({ path, value })
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`))
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (k !== 'theme') walk(v, path ? `${path}.${k}` : k)
  }
  walk(page, '')
  return out
}

export interface NumberIssue {
  path: string
  number: string
  text: string
}

/** Numbers in a piece of text (e.g. a rendered page's text) that the facts cannot account for. */
export function untraceableInText(text: string, facts: ProductFacts, allowed = traceableNumbers(facts)): string[] {
  return extractNumbers(text)
    .filter((n) => !allowed.has(canon(n.value)))
    .map((n) => n.raw)
}

/** Every number on the page — in text and in numeric fields — that cannot be traced to the facts. */
export function untraceableNumbers(page: unknown, facts: ProductFacts): NumberIssue[] {
  const allowed = traceableNumbers(facts)
  const issues: NumberIssue[] = []
  for (const t of pageTexts(page)) {
    for (const raw of untraceableInText(t.text, facts, allowed)) issues.push({ path: t.path, number: raw, text: t.text })
  }
  for (const n of pageNumbers(page)) {
    if (!allowed.has(canon(n.value))) issues.push({ path: n.path, number: String(n.value), text: String(n.value) })
  }
  return issues
}
