import { PLATFORM_NAMES, type Platform, type Review } from '../../../domain/product-facts'
import { htmlToText } from '../../../domain/sanitize'
import { hostName } from './images'
import { cleanText } from './text'

/** A review as an importer read it, before trimming, capping and date/rating parsing. */
export interface RawReview {
  author?: string | null
  /** A number, or text such as "4.0 out of 5 stars" or "80%". */
  rating?: number | string | null
  /** The scale the rating is on when known (AliExpress: 100); otherwise guessed. */
  ratingScale?: number
  /** ISO text, "March 3, 2026", "03 Mar 2026", or a Unix timestamp in seconds or milliseconds. */
  date?: string | number | null
  title?: string | null
  body?: string | null
}

/** A rating on 0–5: "4.0 out of 5 stars" → 4, 80 (of 100) → 4, "80%" → 4. */
export function normalizeRating(value: unknown, scale?: number): number | null {
  let n: number | null = null
  let s = scale
  if (typeof value === 'number') n = value
  else if (typeof value === 'string') {
    const t = value.replace(/(\d),(\d)/g, '$1.$2')
    const m = t.match(/\d+(?:\.\d+)?/)
    if (m) n = Number(m[0])
    const of = t.match(/(?:out of|of|von|sur|de|su|\/)\s*(\d+(?:\.\d+)?)/i)
    if (!s && of) s = Number(of[1])
    if (!s && /%/.test(t)) s = 100
  }
  if (n === null || !Number.isFinite(n) || n < 0) return null
  let r = n
  if (s && s > 0) r = (n / s) * 5
  else if (n > 5) r = n <= 100 ? n / 20 : NaN
  if (!Number.isFinite(r)) return null
  return Math.min(5, Math.round(r * 10) / 10)
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const MONTH_RE = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?'

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null
  const dt = new Date(Date.UTC(y, m - 1, d))
  if (dt.getUTCMonth() !== m - 1) return null
  return dt.toISOString().slice(0, 10)
}

/** A date as `YYYY-MM-DD` when it can be read ("Reviewed in the United States on March 3, 2026", "03 Mar 2026", ISO, Unix time). */
export function parseDate(value: unknown): string | null {
  if (typeof value === 'string' && /^\s*\d{10}(\d{3})?\s*$/.test(value)) value = Number(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 1e9) return null
    const dt = new Date(value > 1e12 ? value : value * 1000)
    return isoDate(dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate())
  }
  if (typeof value !== 'string') return null
  const t = value.trim()
  let m = t.match(/(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/)
  if (m) return isoDate(+m[1], +m[2], +m[3])
  m = t.match(new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_RE},?\\s+(\\d{4})`, 'i'))
  if (m) return isoDate(+m[3], MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1])
  m = t.match(new RegExp(`${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, 'i'))
  if (m) return isoDate(+m[3], MONTHS.indexOf(m[1].toLowerCase()) + 1, +m[2])
  m = t.match(/(\d{1,2})([/.-])(\d{1,2})\2(\d{4})/)
  if (m) {
    const a = +m[1]
    const b = +m[3]
    const dayFirst = m[2] === '.' || a > 12
    return dayFirst ? isoDate(+m[4], b, a) : isoDate(+m[4], a, b)
  }
  return null
}

/** Trims and caps a review; null when it has no text at all. */
export function normalizeReview(raw: RawReview, source: string): Review | null {
  const title = cleanText(raw.title ? htmlToText(String(raw.title)) : '', 300) || null
  const body = cleanText(raw.body ? htmlToText(String(raw.body)) : '', 5000) || title
  if (!body) return null
  return {
    author: cleanText(raw.author, 120) || 'Anonymous',
    rating: normalizeRating(raw.rating, raw.ratingScale),
    date: parseDate(raw.date),
    title: title && title !== body ? title : null,
    body,
    source: cleanText(source, 120) || 'the product page',
  }
}

/** Who the reviews are attributed to: the marketplace's name, or the store's own name (else its host). */
export function reviewSourceName(platform: Platform, url: string, siteName?: string | null): string {
  if (platform === 'shopify' || platform === 'generic') return cleanText(siteName, 120) || hostName(url) || PLATFORM_NAMES[platform]
  return PLATFORM_NAMES[platform]
}
