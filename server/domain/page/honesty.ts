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

/**
 * A seller's terms of sale: how it ships and delivers, takes goods back, refunds or replaces them,
 * takes payment on delivery, what it assures of all it sells. They are the seller's promise, not a fact of the product: a page made
 * from another seller's listing must not make them the owner's ("30 Day Replacement Guarantee",
 * "Shop sunglasses with free shipping and free return"). A maker's warranty is the product's.
 */
export function isSellerTerm(sentence: string): boolean {
  return (
    SHIPPING_STATEMENT.test(sentence) ||
    /cash on delivery/i.test(sentence) ||
    /\bC\.?O\.?D\b/.test(sentence) ||
    // The store's assurance about all it sells ("Only Genuine Products", "100% Original Products"),
    // its offers on a basket ("15% off when you buy 2 items") and its lead time ("in 2 to 4 business days").
    /\b(?:genuine|original|authentic) products\b/i.test(sentence) ||
    /\d\s?% off (?:when you buy|orders?|your order|on orders)\b/i.test(sentence) ||
    /\b(?:business|working) days?\b/i.test(sentence) ||
    (GUARANTEE_STATEMENT.test(sentence) && /\breturn|refund|money[- ]back|replace|exchange/i.test(sentence))
  )
}

/** A specification row or an option that is a term of sale ("Shipping", "Return policy", "Ships From"). */
export const SELLER_TERM_SPEC =
  /^(?:free )?(?:shipping|delivery|dispatch|returns?|refunds?|exchanges?|cash on delivery|ships? from)\b(?! weight| dimensions| size)/i

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
