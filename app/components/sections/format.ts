/** Formatting shared by the page sections. Deterministic (fixed locale, UTC) so server and client agree. */

// A formatter is costly to make (a page shows a dozen prices): one per currency.
const priceFormats = new Map<string, Intl.NumberFormat>()

export function formatPrice(amount: number, currency: string): string {
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

/** "4", "4.5": a rating as people write it, clamped to 0–5. */
export function formatRating(rating: number): string {
  // Two decimals at most, as a store shows it: 4.95 stays 4.95 (never rounded up to a perfect 5.0).
  const r = Math.min(5, Math.max(0, rating))
  return String(Math.round(r * 100) / 100)
}

/**
 * A figure that must never break inside a token: short values keep every space unbreakable; longer
 * ones keep each number with the word after it ("32 fl oz", "1.1 lb", "US $12").
 */
export function keepTogether(value: string): string {
  if (value.length <= 12) return value.replace(/ /g, '\u00a0')
  return value.replace(/(\d[\d.,]*)\s+(?=\S)/g, '$1\u00a0').replace(/([$€£¥])\s+(?=\d)/g, '$1\u00a0')
}

export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US').format(n)
}

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * A review date as shown to shoppers: ISO dates become "Mar 5, 2024"; anything else the source
 * wrote is shown as it came (never guessed). `dateTime` is set only for machine-readable dates.
 */
export function formatDate(raw: string): { text: string; dateTime?: string } {
  const value = raw.trim()
  if (ISO_DATE.test(value)) {
    const t = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)
    if (!Number.isNaN(t)) return { text: DATE.format(t), dateTime: value }
  }
  return { text: value }
}

/** Only links a shopper can safely follow: https/http, same-site paths and in-page anchors. */
export function safeHref(url: string | undefined | null): string | null {
  if (!url) return null
  const u = url.trim()
  if (/^https?:\/\//i.test(u) || (u.startsWith('/') && !u.startsWith('//')) || u.startsWith('#')) return u
  return null
}

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`
