import { ZodError } from 'zod'
import {
  insufficientFacts,
  PLATFORM_NAMES,
  productFactsSchema,
  ratingSummary,
  type Platform,
  type ProductFacts,
  type Review,
} from '../../../domain/product-facts'
import { htmlToText, sanitize } from '../../../domain/sanitize'
import { ImportError } from '../types'
import { cleanBrand } from './brand'
import { absoluteUrl, cleanImages, hostName, isKeptImage, isLoneSiteLogo, stripImageSizeSuffix } from './images'
import { numbersIn } from './numbers'
import { detectCurrency, roundCents } from './price'
import { normalizeReview, reviewSourceName, type RawReview } from './reviews'
import { isSiteBoilerplate, siteNames, stripSiteName } from './site-name'
import { cleanText, listItems } from './text'

export interface RawVariant {
  title?: string | null
  price?: number | null
  available?: boolean | null
  sku?: string | null
  image?: string | null
}

/** What an importer found; prices in major units (19.99), images as found (relative allowed). */
export interface RawFacts {
  /**
   * The platform's own data stated the product's rating (`listingRating`, null for none): the page's
   * structured data may not supply another (DHgate's JSON-LD rating is the seller's).
   */
  ownRatingRead?: boolean
  /** The site's own data listed the product's photos: a gallery drawn in the markup (with a video's poster) does not replace them. */
  ownGalleryRead?: boolean
  /** The site's own data stated the price (drawn by script, so the markup may not show it): the markup's price box does not change it. */
  ownPriceRead?: boolean
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
  /** The listing's aggregate rating as stated ("4.6 out of 5", "12,408 ratings"); scale defaults to 5. */
  listingRating?: { average: unknown; count: unknown; scale?: unknown } | null
  /** The page's language ("es-ES"): how its numbers are written ("4,1", "5.182"). */
  locale?: string | null
  /** The product's own offer says it is sold out or discontinued. */
  soldOut?: boolean
}

export interface FactsSource {
  url: string
  platform: Platform
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

/** A price to sell at: zero is a placeholder a store states for "contact sales" or a quote, never a price. */
function price(n: unknown): number | null {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? roundCents(n) : null
}

const numberIn = (v: unknown, locale?: string | null): number | null => numbersIn(v, locale)[0] ?? null

/**
 * The stated aggregate rating on a 0–5 scale, as stated (4.95 stays 4.95; another scale is converted
 * and rounded to two decimals), or null when average or count is missing. Numbers are read in the
 * page's language ("4,1", "5.182").
 */
function listingRating(raw: RawFacts['listingRating'], locale?: string | null): { average: number; count: number } | null {
  if (!raw) return null
  const average = numberIn(raw.average, locale)
  const count = numberIn(raw.count, locale)
  const scale = numberIn(raw.scale, locale) ?? 5
  if (average == null || count == null || scale <= 0 || average < 0 || average > scale || count < 1 || !Number.isInteger(count)) return null
  return { average: Math.round(((average * 5) / scale) * 100) / 100, count }
}

/** A page's declared language as a BCP 47 tag ("sl-SI"), or null for none or a malformed one. */
function declaredLanguage(locale: string | null | undefined): string | null {
  const tag = (locale ?? '').trim().replace(/_/g, '-')
  return /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(tag) ? tag : null
}

/** Fills every ProductFacts field from what an importer found: sanitised, capped, validated. */
export function buildFacts(partial: RawFacts, source: FactsSource, now: Date = new Date()): ProductFacts {
  const pageUrl = source.url || 'https://invalid.invalid/'
  // (Escaped twice by its page, "Ультрабук&amp;nbsp; DELL", it would read "&nbsp;" to the shopper.)
  let descriptionHtml = sanitize(onceEscaped(partial.descriptionHtml ?? ''))
  if (descriptionHtml.length > 200_000) descriptionHtml = sanitize(descriptionHtml.slice(0, 190_000))
  const reviewSource = reviewSourceName(source.platform, source.url, partial.siteName)
  const reviews = (partial.reviews ?? [])
    .map((r) => normalizeReview(r, reviewSource))
    .filter((r): r is Review => r !== null)
    .slice(0, 100)
  const specs: { name: string; value: string }[] = []
  for (const s of partial.specs ?? []) {
    const name = cleanText(s.name, 200).replace(/\s*:$/, '')
    const value = cleanText(s.value, 1000)
    if (!name || !value || isMachineKey(name)) continue
    if (!specs.some((x) => x.name.toLowerCase() === name.toLowerCase())) specs.push({ name, value })
    if (specs.length >= 100) break
  }
  const isStore = source.platform === 'shopify' || source.platform === 'generic'
  // Scraped text may carry entities and stray tags; text the person typed is taken literally.
  const literal = source.platform === 'text'
  // The site's own name is not part of the product's ("… - AliExpress 509", "Amazon.es: …", "Kit | Anyeluz"),
  // and its slogan is not the product's description ("Smarter Shopping, Better Living! Aliexpress.com").
  const names = literal ? [] : siteNames(source.url, partial.siteName, isStore ? null : PLATFORM_NAMES[source.platform])
  const title = literal
    ? cleanText(partial.title ?? '', 500)
    : cleanText(
        withoutDanglingMark(
          withoutLeadingPrice(stripSiteName(cleanText(partial.title ? htmlToText(onceEscaped(partial.title)) : '', 1000), names)),
        ),
        500,
      )
  const shortText = htmlToText(descriptionHtml)
  if (names.length && shortText.length < 300 + title.length && isSiteBoilerplate(shortText, title, names)) descriptionHtml = sanitize('')
  const facts = {
    title,
    descriptionHtml,
    descriptionText: htmlToText(descriptionHtml).slice(0, 100_000),
    bullets: uniqueStrings(
      partial.bullets?.length ? partial.bullets : listItems(descriptionHtml),
      50,
      1000,
      literal && !!partial.bullets?.length,
    ),
    images: withoutLoneSiteLogo(cleanImages(partial.images ?? [], pageUrl), pageUrl),
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
    vendor: cleanBrand(stripSiteName(cleanText(partial.vendor, 200), names)),
    productType: cleanText(partial.productType, 200) || null,
    tags: uniqueStrings(partial.tags, 100, 100),
    specs,
    reviews,
    ratingSummary: ratingSummary(reviews),
    listingRating: listingRating(partial.listingRating, partial.locale),
    ...(declaredLanguage(partial.locale) ? { pageLanguage: declaredLanguage(partial.locale) } : {}),
    source: {
      url: source.url,
      platform: source.platform,
      name:
        cleanText(isStore ? (partial.siteName ?? hostName(source.url)) : PLATFORM_NAMES[source.platform], 200) ||
        PLATFORM_NAMES[source.platform],
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

/** A separator left at the end of a name with nothing after it ("… Founders Edition-", "Lamp 3000 |"). */
/** A text its page escaped twice ("Neuware &amp;amp; OVP" in its JSON-LD), escaped once: it reads "Neuware & OVP". */
const onceEscaped = (s: string) => s.replace(/&amp;(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '&$1;')

function withoutDanglingMark(title: string): string {
  return title.replace(/\s*[-–—|·•:,;/]+\s*$/u, '')
}

/** A classified ad's heading starts with its price ("$60 · 1970's Vintage Surfer …"): the price is not the name. */

function withoutLeadingPrice(title: string): string {
  const m = /^\s*([^\p{L}\p{N}\s]{1,3}\s?\d[\d.,]*|\d[\d.,]*\s?[^\p{L}\p{N}\s]{1,3})\s*[·|•–—-]\s+(.+)$/u.exec(title)
  return m && detectCurrency(m[1]) && m[2].split(/\s+/).length >= 2 ? m[2] : title
}

/**
 * A specification named for code, not for people: an identifier in camelCase or snake_case
 * ("variationId", "sku_id"), as a shop's markup may tag its own ids. Names people read have spaces,
 * capitals only at the start, or are one plain word ("Material", "EAN", "Wattage").
 */
export function isMachineKey(name: string): boolean {
  // Two lower-case letters first at least: "iPhone", "eBay", "mAh" and "kWh" are names and units.
  return /^[a-z]{2,}(?:[A-Z][a-z0-9]*)+$/.test(name) || /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(name)
}

/** The images, without the site's logo when it is the only one (see isLoneSiteLogo). */
const withoutLoneSiteLogo = (images: string[], pageUrl: string) => (isLoneSiteLogo(images, pageUrl) ? [] : images)
