import type { ProductFacts } from '../product-facts'
import { htmlToText } from '../sanitize'

/**
 * The honesty rules of a generated page, as data: which claims a page may make only when the
 * product's own facts make them. The composers follow them and the checker
 * (server/generation/compose/honesty.ts) enforces them on every page.
 */

/** Words of a guarantee, warranty or returns claim; a spec whose name has one is such a statement. */
export const GUARANTEE_WORDS = /warrant|guarantee|money[- ]back|refund|\breturns?\b/i

/** A warranty, guarantee or returns statement in the facts (not just any "returns to shape"). */
export const GUARANTEE_STATEMENT =
  /warrant|guarantee|money[- ]back|refund|\breturns? (?:within|accepted|policy|period|in \d)|\b\d+[- ]days? (?:free )?returns?\b|\bfree returns?\b|\breturn (?:it|them|the item|the product) within/i

/** A statement about shipping or delivery in the facts. */
export const SHIPPING_STATEMENT = /\b(?:ships?|shipped|shipping|delivery|dispatch(?:ed|es)?)\b|\bdelivered (?:in|within|to|by)\b/i

/** The facts' own words outside the reviews (a review saying "refund" is not a returns policy). */
export function ownText(facts: ProductFacts): string {
  return [
    facts.title,
    facts.descriptionText,
    htmlToText(facts.descriptionHtml),
    ...facts.bullets,
    ...facts.specs.flatMap((s) => [s.name, s.value]),
    ...facts.tags,
  ].join('\n')
}

/** Whether the facts state a warranty, guarantee or returns policy (a spec so named, or a statement). */
export function guaranteeStated(facts: ProductFacts, own: string): boolean {
  return GUARANTEE_STATEMENT.test(own) || facts.specs.some((s) => GUARANTEE_WORDS.test(s.name) && s.value.trim() !== '')
}

export interface Claim {
  name: string
  match: RegExp
  allowedWhen: (ownText: string, facts: ProductFacts) => boolean
}

/** Claims a page may only make when the facts (outside the reviews) make them too. */
export const CLAIMS: Claim[] = [
  {
    name: 'an "as seen on" claim',
    match: /\bas (seen|featured) (on|in)\b|\bfeatured in\b/i,
    allowedWhen: (f) => /\bas (seen|featured)|featured in/i.test(f),
  },
  {
    name: 'a best-seller claim',
    match: /best[- ]?sell|#\s?1\b|\bnumber one\b|top[- ]rated|most popular/i,
    allowedWhen: (f) => /best[- ]?sell|#\s?1\b|number one|top[- ]rated|most popular/i.test(f),
  },
  {
    name: 'a sales or customer count',
    match: /\b(thousands|millions|hundreds) of\b|\bsold\b(?! out)|happy customers|customers (love|rave)/i,
    allowedWhen: () => false,
  },
  {
    name: 'an award or clinical claim',
    match: /award[- ]winning|clinically|dermatologist|scientifically/i,
    allowedWhen: (f) => /award|clinical|dermatolog|scientific/i.test(f),
  },
  { name: 'a guarantee, warranty or returns promise', match: GUARANTEE_WORDS, allowedWhen: (f, facts) => guaranteeStated(facts, f) },
  {
    name: 'a shipping promise',
    match:
      /free shipping|free delivery|\bships? (in|within|today|fast)|\bdeliver(ed|y)? (in|within|by|fast)|next[- ]day|same[- ]day|express (shipping|delivery)/i,
    allowedWhen: (f) => SHIPPING_STATEMENT.test(f),
  },
]
