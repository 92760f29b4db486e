import {
  formatCountIn,
  formatPriceIn,
  formatRatingIn,
  formatReviewDate,
  type ShopperWords,
} from '../../../server/domain/page/shopper-words'

/** Formatting shared by the page sections. Deterministic (fixed locale, UTC) so server and client agree. */

// A formatter is costly to make (a page shows a dozen prices): one per currency.
const priceFormats = new Map<string, Intl.NumberFormat>()

/**
 * A price as en-US writes it ("$29.99"); with a shopper page's words in another language, as that
 * language writes it ("29,99\u00a0US$": formatPriceIn, the same table the store's snippets read).
 */
export function formatPrice(amount: number, currency: string, words?: ShopperWords): string {
  if (words && words.language !== 'en') return formatPriceIn(amount, currency, words)
  try {
    let format = priceFormats.get(currency)
    if (!format) {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      if (priceFormats.size < 200) priceFormats.set(currency, format)
    }
    return format.format(amount)
  } catch {
    // An unknown ISO code: show the figure with the code rather than fail the whole page.
    return `${amount.toFixed(2)} ${currency}`
  }
}

/** "4", "4.5": a rating as people write it, clamped to 0–5 (in English; shopper-words.ts has every language). */
export function formatRating(rating: number): string {
  // Two decimals at most, as a store shows it: 4.95 stays 4.95 (never rounded up to a perfect 5.0).
  return formatRatingIn(rating)
}

/**
 * A figure that must never break inside a token: short values keep every space unbreakable; longer
 * ones keep each number with the word after it ("32 fl oz", "1.1 lb", "US $12").
 */
export function keepTogether(value: string): string {
  if (value.length <= 12) return value.replace(/ /g, '\u00a0')
  return value.replace(/(\d[\d.,]*)\s+(?=\S)/g, '$1\u00a0').replace(/([$€£¥])\s+(?=\d)/g, '$1\u00a0')
}

/** 12,408 (in English; shopper-words.ts has every language). */
export function formatCount(n: number): string {
  return formatCountIn(n)
}

/**
 * A review date as shown to shoppers: ISO dates become "Mar 5, 2024"; anything else the source
 * wrote is shown as it came (never guessed). `dateTime` is set only for machine-readable dates.
 * In English; shopper-words.ts has every language.
 */
export function formatDate(raw: string): { text: string; dateTime?: string } {
  return formatReviewDate(raw)
}

/** Only links a shopper can safely follow: https/http, same-site paths and in-page anchors. */
export function safeHref(url: string | undefined | null): string | null {
  if (!url) return null
  const u = url.trim()
  if (/^https?:\/\//i.test(u) || (u.startsWith('/') && !u.startsWith('//')) || u.startsWith('#')) return u
  return null
}
