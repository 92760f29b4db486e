import { CLAIMS, guaranteeStated, ownText } from '../../domain/page/honesty'
import type { Page } from '../../domain/page/schema'
import { ratingSummary, type ProductFacts } from '../../domain/product-facts'
import { reviewSources } from './figures'
import { sentenceKey } from './offline/text'
import { pageTexts, untraceableNumbers } from './trace'

/**
 * The honesty rules (server/domain/page/honesty.ts) as a check on a finished page (used on every model answer, and in tests on the
 * offline composer): no invented reviews, ratings, counts, guarantees, shipping promises, "as seen
 * on" claims or numbers. Returns what is wrong, in words; an empty list means the page is honest.
 */
export interface HonestyIssue {
  path: string
  message: string
}

export function checkPageHonesty(page: Page, facts: ProductFacts): HonestyIssue[] {
  const issues: HonestyIssue[] = []
  for (const n of untraceableNumbers(page, facts)) {
    issues.push({ path: n.path, message: `The number ${n.number} does not come from the product facts.` })
  }
  const own = ownText(facts)
  const stated = guaranteeStated(facts, own)
  // An empty guarantee section is a request to the owner, not a claim: its heading is not checked.
  const ownerToWrite = new Set(
    page.sections.flatMap((s, i) => (s.type === 'guarantee' && !s.text.trim() ? [`sections[${i}].heading`] : [])),
  )
  for (const t of pageTexts(page)) {
    if (t.quoted || ownerToWrite.has(t.path)) continue
    for (const c of CLAIMS) {
      if (c.match.test(t.text) && !c.allowedWhen(own, facts))
        issues.push({ path: t.path, message: `The page makes ${c.name} that the facts do not make.` })
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
        else if (
          source.rating !== item.rating ||
          (item.date ?? null) !== (source.date ?? null) ||
          (item.title && sentenceKey(item.title) !== sentenceKey(source.title ?? ''))
        ) {
          issues.push({ path: `${at}.items[${j}]`, message: `The review by ${item.author} differs from the imported one.` })
        }
      })
      const same = (a: typeof summary, b: typeof s.summary) =>
        a === null ? b === null : !!b && a.average === b.average && a.count === b.count
      if (!same(summary, s.summary))
        issues.push({ path: `${at}.summary`, message: 'The rating summary is not computed from the imported reviews.' })
      const stated = facts.listingRating ?? null
      const listing = s.listingRating ?? null
      if (listing && !(stated && listing.average === stated.average && listing.count === stated.count))
        issues.push({ path: `${at}.listingRating`, message: "The listing rating is not the one the product's listing states." })
      const named = reviewSources(facts).filter((src) => sentenceKey(s.provenance).includes(sentenceKey(src)))
      if (named.length === 0) issues.push({ path: `${at}.provenance`, message: 'The reviews do not say where they come from.' })
    }
    if (s.type === 'guarantee' && !stated && s.text.trim()) {
      issues.push({ path: at, message: 'The page has a guarantee section, but the facts state no warranty, guarantee or returns policy.' })
    }
    if ((s.type === 'hero' || s.type === 'cta') && s.price) {
      const ok =
        facts.price != null &&
        s.price.amount === facts.price &&
        s.price.currency === facts.currency &&
        (s.price.compareAt == null || s.price.compareAt === facts.compareAtPrice)
      if (!ok) issues.push({ path: `${at}.price`, message: 'The price is not the imported price.' })
    }
    if (
      (s.type === 'hero' || s.type === 'image-with-text') &&
      s.image &&
      !facts.images.includes(s.image.src) &&
      !s.image.src.startsWith('/placeholder/')
    ) {
      issues.push({ path: `${at}.image`, message: 'The image is not one of the product images.' })
    }
  })
  return issues
}
