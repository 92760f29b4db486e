import { htmlToText } from '../sanitize'
import type { Page } from './schema'
import { ownerFactsOf } from './shopper'

/** What search engines and link previews read of a published page (server only: it uses the sanitiser). */

const PRICE_SENTENCE = /^(?:priced at|only|just|now)?\s*[$€£¥]\s?\d|\b(?:price[ds]?|costs?)\b.*\d/i

/** A sentence about the product for search results and link previews: never the price. */
export function pageDescription(page: Page): string {
  // In the page's order, each section's text made only when the ones before said nothing usable.
  const candidates = page.sections.flatMap((s): (() => string)[] => {
    if (s.type === 'hero') return [() => s.subheading]
    if (s.type === 'image-with-text') return [() => htmlToText(s.body).replace(/\s+/g, ' ')]
    if (s.type === 'benefits') return s.items.map((i) => () => i.text)
    if (s.type === 'cta') return [() => s.text]
    return []
  })
  let text = ''
  for (const candidate of candidates) {
    const c = candidate().trim()
    if (c.length >= 20 && !PRICE_SENTENCE.test(c)) {
      text = c
      break
    }
  }
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text
}

/**
 * schema.org Product for a published page: the owner's price and currency, the page's images, and
 * an aggregate rating only where the source stated one (or the imported reviews carry ratings).
 */
export function productJsonLd(page: Page, url: string, description = pageDescription(page)): Record<string, unknown> {
  const hero = page.sections.find((s) => s.type === 'hero')
  const reviews = page.sections.find((s) => s.type === 'reviews')
  const owner = ownerFactsOf(page)
  const images = [...(page.gallery ?? []).map((g) => g.src), ...(hero?.type === 'hero' && hero.image ? [hero.image.src] : [])]
  const absolute = (src: string) => new URL(src, url).href
  const rating = reviews?.type === 'reviews' ? (reviews.listingRating ?? reviews.summary) : null
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: hero?.heading || page.sections[0].heading,
    description: description || undefined,
    image: images.length ? [...new Set(images.map(absolute))] : undefined,
    url,
  }
  if (owner.price !== null && owner.currency) {
    ld.offers = {
      '@type': 'Offer',
      price: owner.price.toFixed(2),
      priceCurrency: owner.currency,
      url: owner.buyUrl ? absolute(owner.buyUrl) : url,
    }
  }
  if (rating && rating.count > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    }
  }
  return JSON.parse(JSON.stringify(ld))
}
