import type { Page } from '../../domain/page/schema'
import { ratingSummary, type ProductFacts } from '../../domain/product-facts'
import { htmlToText } from '../../domain/sanitize'
import { guaranteeStated, reviewSources, SHIPPING_STATEMENT } from './figures'
import { sentenceKey } from './offline/text'
import { pageTexts, untraceableNumbers } from './trace'

/**
 * The honesty rules as a check on a finished page (used on every model answer, and in tests on the
 * offline composer): no invented reviews, ratings, counts, guarantees, shipping promises, "as seen
 * on" claims or numbers. Returns what is wrong, in words; an empty list means the page is honest.
 */
export interface HonestyIssue {
  path: string
  message: string
}

/** Words a page may use about guarantees only when the facts make such a statement. */
const GUARANTEE_WORDS = /warrant|guarantee|money[- ]back|refund|\breturns?\b/i

/** Claims a page may only make when the facts (outside the reviews) make them too. */
const CLAIMS: { name: string; match: RegExp; allowedWhen: (factText: string, facts: ProductFacts) => boolean }[] = [
  { name: 'an "as seen on" claim', match: /\bas (seen|featured) (on|in)\b|\bfeatured in\b/i, allowedWhen: (f) => /\bas (seen|featured)|featured in/i.test(f) },
  { name: 'a best-seller claim', match: /best[- ]?sell|#\s?1\b|\bnumber one\b|top[- ]rated|most popular/i, allowedWhen: (f) => /best[- ]?sell|#\s?1\b|number one|top[- ]rated|most popular/i.test(f) },
  { name: 'a sales or customer count', match: /\b(thousands|millions|hundreds) of\b|\bsold\b(?! out)|happy customers|customers (love|rave)/i, allowedWhen: () => false },
  { name: 'an award or clinical claim', match: /award[- ]winning|clinically|dermatologist|scientifically/i, allowedWhen: (f) => /award|clinical|dermatolog|scientific/i.test(f) },
  { name: 'a guarantee, warranty or returns promise', match: GUARANTEE_WORDS, allowedWhen: (f, facts) => guaranteeStated(facts, f) },
  { name: 'a shipping promise', match: /free shipping|free delivery|\bships? (in|within|today|fast)|\bdeliver(ed|y)? (in|within|by|fast)|next[- ]day|same[- ]day|express (shipping|delivery)/i, allowedWhen: (f) => SHIPPING_STATEMENT.test(f) },
]

/** The facts' own words outside the reviews (a review saying "refund" is not a returns policy). */
function ownText(facts: ProductFacts): string {
  return [facts.title, facts.descriptionText, htmlToText(facts.descriptionHtml), ...facts.bullets, ...facts.specs.flatMap((s) => [s.name, s.value]), ...facts.tags].join('\n')
}

export function checkPageHonesty(page: Page, facts: ProductFacts): HonestyIssue[] {
  const issues: HonestyIssue[] = []
  for (const n of untraceableNumbers(page, facts)) {
    issues.push({ path: n.path, message: `The number ${n.number} does not come from the product facts.` })
  }
  const own = ownText(facts)
  const stated = guaranteeStated(facts, own)
  for (const t of pageTexts(page)) {
    if (t.quoted) continue
    for (const c of CLAIMS) {
      if (c.match.test(t.text) && !c.allowedWhen(own, facts)) issues.push({ path: t.path, message: `The page makes ${c.name} that the facts do not make.` })
    }
  }
  const factReviews = new Map(facts.reviews.map((r) => [`${sentenceKey(r.author)}|${sentenceKey(r.body)}`, r]))
  const summary = ratingSummary(facts.reviews)
  page.sections.forEach((s, i) => {
    const at = `sections[${i}]`
    if (s.type === 'reviews') {
      if (facts.reviews.length === 0) issues.push({ path: at, message: 'The page shows reviews, but the product has none.' })
      s.items.forEach((item, j) => {
        const source = factReviews.get(`${sentenceKey(item.author)}|${sentenceKey(item.body)}`)
        if (!source) issues.push({ path: `${at}.items[${j}]`, message: `The review by ${item.author} is not one of the imported reviews.` })
        else if (source.rating !== item.rating || (item.date ?? null) !== (source.date ?? null) || (item.title && sentenceKey(item.title) !== sentenceKey(source.title ?? ''))) {
          issues.push({ path: `${at}.items[${j}]`, message: `The review by ${item.author} differs from the imported one.` })
        }
      })
      const same = (a: typeof summary, b: typeof s.summary) => (a === null ? b === null : !!b && a.average === b.average && a.count === b.count)
      if (!same(summary, s.summary)) issues.push({ path: `${at}.summary`, message: 'The rating summary is not computed from the imported reviews.' })
      const named = reviewSources(facts).filter((src) => sentenceKey(s.provenance).includes(sentenceKey(src)))
      if (named.length === 0) issues.push({ path: `${at}.provenance`, message: 'The reviews do not say where they come from.' })
    }
    if (s.type === 'guarantee' && !stated) {
      issues.push({ path: at, message: 'The page has a guarantee section, but the facts state no warranty, guarantee or returns policy.' })
    }
    if ((s.type === 'hero' || s.type === 'cta') && s.price) {
      const ok = facts.price != null && s.price.amount === facts.price && s.price.currency === facts.currency && (s.price.compareAt == null || s.price.compareAt === facts.compareAtPrice)
      if (!ok) issues.push({ path: `${at}.price`, message: 'The price is not the imported price.' })
    }
    if ((s.type === 'hero' || s.type === 'image-with-text') && s.image && !facts.images.includes(s.image.src) && !s.image.src.startsWith('/placeholder/')) {
      issues.push({ path: `${at}.image`, message: 'The image is not one of the product images.' })
    }
  })
  return issues
}
