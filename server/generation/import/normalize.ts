import { ZodError } from 'zod'
import { insufficientFacts, PLATFORM_NAMES, productFactsSchema, ratingSummary, type Platform, type ProductFacts, type Review } from '../../domain/product-facts'
import { htmlToText, sanitize } from '../../domain/sanitize'
import { ImportError } from './types'

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

export interface RawVariant {
  title?: string | null
  price?: number | null
  available?: boolean | null
  sku?: string | null
  image?: string | null
}

/** What an importer found; prices in major units (19.99), images as found (relative allowed). */
export interface RawFacts {
  title?: string | null
  descriptionHtml?: string | null
  bullets?: string[]
  images?: string[]
  price?: number | null
  compareAtPrice?: number | null
  currency?: string | null
  options?: { name: string; values: string[] }[]
  variants?: RawVariant[]
  vendor?: string | null
  productType?: string | null
  tags?: string[]
  specs?: { name: string; value: string }[]
  reviews?: RawReview[]
  /** The site's own name (og:site_name), used as the source name for stores. */
  siteName?: string | null
}

export interface FactsSource {
  url: string
  platform: Platform
}

// ---------------------------------------------------------------- prices and currencies

const NUMBER_RE = /\d(?:[\d.,]|[ \u00a0\u202f'’](?=\d{3}(?!\d)))*/g

function parseNumberToken(token: string): number | null {
  let t = token.replace(/[ \u00a0\u202f'’]/g, '').replace(/[.,]+$/, '')
  const lastDot = t.lastIndexOf('.')
  const lastComma = t.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ','
    const thousands = dec === '.' ? ',' : '.'
    t = t.split(thousands).join('').replace(dec, '.')
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ','
    const parts = t.split(sep)
    const intPart = parts[0]
    const digitsAfter = parts[parts.length - 1].length
    if (parts.length > 2 || (digitsAfter === 3 && intPart !== '0')) t = parts.join('')
    else t = parts.join('.')
  }
  const n = Number(t)
  return Number.isFinite(n) ? n : null
}

/** Rounds to whole cents, in major units (12.3456 → 12.35). */
export function roundCents(n: number): number {
  return Math.round(n * 100) / 100
}

/**
 * Parses a price as shops print it: "$1,299.00", "1.299,00 €", "US $12.34 - 18.20" (a range gives the
 * lowest). Returns the amount in major units, rounded to cents, and the currency when it is shown.
 */
export function parsePrice(input: unknown, currencyHint?: string | null): { amount: number; currency: string | null } | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? { amount: roundCents(input), currency: currencyHint ?? null } : null
  if (typeof input !== 'string') return null
  const amounts = (input.slice(0, 300).match(NUMBER_RE) ?? []).map(parseNumberToken).filter((n): n is number => n !== null && n >= 0)
  if (amounts.length === 0) return null
  return { amount: roundCents(Math.min(...amounts)), currency: detectCurrency(input.slice(0, 300), currencyHint) }
}

export const CURRENCY_CODES = [
  'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'HKD', 'SGD', 'TWD', 'INR', 'KRW', 'RUB', 'BRL', 'MXN', 'CHF',
  'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'TRY', 'ZAR', 'AED', 'SAR', 'ILS', 'THB', 'PHP', 'VND', 'IDR',
  'MYR', 'UAH', 'CLP', 'COP', 'ARS', 'PEN', 'EGP', 'NGN', 'KES', 'PKR', 'BDT',
] as const
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN', 'TWD'])

const SYMBOLS: [RegExp, string][] = [
  [/(?<![A-Z])US ?\$/i, 'USD'], [/(?<![A-Z])CA?\$/i, 'CAD'], [/(?<![A-Z])AU?\$/i, 'AUD'], [/(?<![A-Z])NZ\$/i, 'NZD'],
  [/(?<![A-Z])HK\$/i, 'HKD'], [/(?<![A-Z])S\$/, 'SGD'], [/(?<![A-Z])R\$/, 'BRL'], [/(?<![A-Z])MX\$/i, 'MXN'],
  [/(?<![A-Z])NT\$/i, 'TWD'], [/CN¥|RMB|元/, 'CNY'], [/€/, 'EUR'], [/£/, 'GBP'], [/₹/, 'INR'], [/₩/, 'KRW'],
  [/₽|руб/i, 'RUB'], [/zł/i, 'PLN'], [/₺/, 'TRY'], [/₫/, 'VND'], [/₱/, 'PHP'], [/฿/, 'THB'], [/₴/, 'UAH'], [/₪/, 'ILS'],
  [/Kč/, 'CZK'],
]

/**
 * The ISO 4217 code a price text shows: an explicit code wins ("USD", "EUR"), then a symbol.
 * A bare "$" or "¥" is ambiguous: it takes the hint when the hint fits (CAD on amazon.ca), else USD / JPY.
 */
export function detectCurrency(text: unknown, hint?: string | null): string | null {
  const h = typeof hint === 'string' && /^[A-Za-z]{3}$/.test(hint.trim()) ? hint.trim().toUpperCase() : null
  if (typeof text !== 'string' || !text.trim()) return h
  const t = text.trim()
  if (/^[A-Za-z]{3}$/.test(t)) return t.toUpperCase()
  const code = t.match(new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`))
  if (code) return code[1]
  for (const [re, c] of SYMBOLS) if (re.test(t)) return c
  if (/\$/.test(t)) return h && DOLLARS.has(h) ? h : 'USD'
  if (/[¥￥]/.test(t)) return h === 'CNY' ? 'CNY' : 'JPY'
  return h
}

// ---------------------------------------------------------------- URLs and images

/** An absolute http(s) URL for `href` on a page at `base`; protocol-relative becomes https. */
export function absoluteUrl(href: unknown, base: string): string | null {
  if (typeof href !== 'string') return null
  const h = href.trim()
  if (!h || h.startsWith('data:')) return null
  try {
    const u = new URL(h.startsWith('//') ? `https:${h}` : h, base)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null
  } catch {
    return null
  }
}

/** https images only, or any image on the page's own origin (the local demo store). */
export function isKeptImage(url: string, pageUrl: string): boolean {
  try {
    const u = new URL(url)
    if (u.protocol === 'https:') return true
    return u.origin === new URL(pageUrl).origin
  } catch {
    return false
  }
}

/** Removes simple thumbnail suffixes: AliExpress `a.jpg_640x640.jpg`, Amazon `a._AC_SL1500_.jpg`, Shopify `a_640x640.jpg`. */
export function stripImageSizeSuffix(url: string): string {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return url
  }
  const host = u.hostname
  if (/alicdn\.com$|aliexpress-media\.com$/.test(host)) {
    u.pathname = u.pathname.replace(/(\.(?:jpe?g|png|gif|webp))_(?:\d+x\d+(?:q\d+)?)?(?:\.(?:jpe?g|png|webp|avif))?_?(?:\.(?:webp|avif))?$/i, '$1')
  } else if (/(media-amazon|images-amazon)\.com$/.test(host)) {
    u.pathname = u.pathname.replace(/\._[A-Z0-9_,.-]*_\.(jpe?g|png|gif|webp)$/i, '.$1')
  } else if (host === 'cdn.shopify.com' || u.pathname.includes('/cdn/shop/')) {
    u.pathname = u.pathname.replace(/_(?:\d+x\d*|x\d+|pico|icon|thumb|small|compact|medium|large|grande)(?:@\d+x)?(?=\.(?:jpe?g|png|gif|webp)$)/i, '')
    for (const p of ['width', 'height', 'crop']) u.searchParams.delete(p)
  }
  return u.href
}

/** Absolute, allowed, full-size, de-duplicated images, at most `max`. */
export function cleanImages(urls: unknown[], pageUrl: string, max = 40): string[] {
  const out: string[] = []
  for (const raw of urls) {
    const abs = absoluteUrl(raw, pageUrl)
    if (!abs || !isKeptImage(abs, pageUrl)) continue
    const full = stripImageSizeSuffix(abs)
    if (!out.includes(full)) out.push(full)
    if (out.length >= max) break
  }
  return out
}

// ---------------------------------------------------------------- text, ratings, dates, reviews

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** Plain text as paragraphs: blank lines split paragraphs, single newlines become <br>. Escaped. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map((l) => escapeHtml(l.trim())).join('<br>')}</p>`)
    .join('\n')
}

/** A plain-text description (entities allowed, stray tags dropped) as escaped paragraphs. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => htmlToText(p))
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('\n')
}

/** Whitespace collapsed, trimmed, cut to `max` characters (with an ellipsis when cut). */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') return ''
  const s = String(value).replace(/[\u200e\u200f\u202a-\u202e]/g, '').replace(/\s+/g, ' ').trim()
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s
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

// ---------------------------------------------------------------- facts

function hostName(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null
  } catch {
    return null
  }
}

/** Who the reviews are attributed to: the marketplace's name, or the store's own name (else its host). */
export function reviewSourceName(platform: Platform, url: string, siteName?: string | null): string {
  if (platform === 'shopify' || platform === 'generic') return cleanText(siteName, 120) || hostName(url) || PLATFORM_NAMES[platform]
  return PLATFORM_NAMES[platform]
}

/** Fields of `primary` that are empty are taken from `fallback`. */
export function mergeRaw(primary: RawFacts, fallback: RawFacts): RawFacts {
  const out: RawFacts = { ...fallback }
  for (const [k, v] of Object.entries(primary) as [keyof RawFacts, unknown][]) {
    const empty = v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)
    if (!empty) (out as Record<string, unknown>)[k] = v
  }
  return out
}

function uniqueStrings(values: unknown[] | undefined, max: number, maxLen: number, literal = false): string[] {
  const out: string[] = []
  for (const v of values ?? []) {
    const s = cleanText(typeof v === 'string' && !literal ? htmlToText(v) : v, maxLen)
    if (s && !out.includes(s)) out.push(s)
    if (out.length >= max) break
  }
  return out
}

/** The text of each `<li>` in (sanitised) HTML: a description's own bullet list. */
export function listItems(html: string, max = 12): string[] {
  return [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => htmlToText(m[1])).filter(Boolean).slice(0, max)
}

function price(n: unknown): number | null {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? roundCents(n) : null
}

/** Fills every ProductFacts field from what an importer found: sanitised, capped, validated. */
export function buildFacts(partial: RawFacts, source: FactsSource, now: Date = new Date()): ProductFacts {
  const pageUrl = source.url || 'https://invalid.invalid/'
  let descriptionHtml = sanitize(partial.descriptionHtml ?? '')
  if (descriptionHtml.length > 200_000) descriptionHtml = sanitize(descriptionHtml.slice(0, 190_000))
  const reviewSource = reviewSourceName(source.platform, source.url, partial.siteName)
  const reviews = (partial.reviews ?? []).map((r) => normalizeReview(r, reviewSource)).filter((r): r is Review => r !== null).slice(0, 100)
  const specs: { name: string; value: string }[] = []
  for (const s of partial.specs ?? []) {
    const name = cleanText(s.name, 200).replace(/\s*:$/, '')
    const value = cleanText(s.value, 1000)
    if (name && value && !specs.some((x) => x.name.toLowerCase() === name.toLowerCase())) specs.push({ name, value })
    if (specs.length >= 100) break
  }
  const isStore = source.platform === 'shopify' || source.platform === 'generic'
  // Scraped text may carry entities and stray tags; text the person typed is taken literally.
  const literal = source.platform === 'text'
  const facts = {
    title: cleanText(partial.title ? (literal ? partial.title : htmlToText(partial.title)) : '', 500),
    descriptionHtml,
    descriptionText: htmlToText(descriptionHtml).slice(0, 100_000),
    bullets: uniqueStrings(partial.bullets?.length ? partial.bullets : listItems(descriptionHtml), 50, 1000, literal && !!partial.bullets?.length),
    images: cleanImages(partial.images ?? [], pageUrl),
    price: price(partial.price),
    compareAtPrice: price(partial.compareAtPrice),
    currency: detectCurrency(partial.currency ?? null),
    options: (partial.options ?? [])
      .map((o) => ({ name: cleanText(o.name, 100), values: uniqueStrings(o.values, 100, 200) }))
      .filter((o) => o.name && o.values.length > 0)
      .slice(0, 10),
    variants: (partial.variants ?? []).slice(0, 250).map((v) => {
      const img = absoluteUrl(v.image, pageUrl)
      return {
        title: cleanText(v.title, 300),
        price: price(v.price),
        available: typeof v.available === 'boolean' ? v.available : null,
        sku: cleanText(v.sku, 100) || null,
        image: img && isKeptImage(img, pageUrl) ? stripImageSizeSuffix(img) : null,
      }
    }),
    vendor: cleanText(partial.vendor, 200) || null,
    productType: cleanText(partial.productType, 200) || null,
    tags: uniqueStrings(partial.tags, 100, 100),
    specs,
    reviews,
    ratingSummary: ratingSummary(reviews),
    source: {
      url: source.url,
      platform: source.platform,
      name: cleanText(isStore ? (partial.siteName ?? hostName(source.url)) : PLATFORM_NAMES[source.platform], 200) || PLATFORM_NAMES[source.platform],
    },
    fetchedAt: now.toISOString(),
  }
  if (facts.currency && facts.currency.length !== 3) facts.currency = null
  const missing = facts.title ? null : insufficientFacts(facts)
  if (missing) throw new ImportError(missing)
  try {
    const parsed = productFactsSchema.parse(facts)
    return { ...parsed, descriptionHtml }
  } catch (err) {
    const detail = err instanceof ZodError ? err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : String(err)
    throw new ImportError("We couldn't read this product's details", false, detail)
  }
}
