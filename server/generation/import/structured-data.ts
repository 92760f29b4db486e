import { load, type CheerioAPI } from 'cheerio'
import { jsonrepair } from 'jsonrepair'
import { htmlToText } from '../../domain/sanitize'
import { linksToAnotherPage, photoIdParts, picturesNamed } from './gallery'
import { microdataProducts } from './microdata'
import { mergeRaw, type RawFacts, type RawVariant } from './normalize/facts'
import { absoluteUrl, isPlaceholderImage, isSiteIcon } from './normalize/images'
import { pageLocale, siteLanguage } from './normalize/locale'
import { detectCurrency, parsePrice } from './normalize/price'
import { type RawReview } from './normalize/reviews'
import { siteNames, stripSiteName } from './normalize/site-name'
import { plainTextToHtml, scriptBody, collapseSpace } from './normalize/text'
import {
  headingOverOpenGraphTitle,
  headingOverTitle,
  headingText,
  hiddenWordsAround,
  productHeading,
  titleFromMarkup,
} from './page-heading'
import { isPriceShownWithCurrency } from './price-box'
import { isStruck } from './price-shown'
import { drawnStars, ratingShownNowhere, ratingsBeforeReviews, starWidgetEmpty, STARS_WORD } from './rating-widget'

type Node = Record<string, unknown>

const isObj = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v])
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null)

/** The node's types as schema.org names them ("product", as some sites write it, is `Product`). */
function types(node: Node): string[] {
  return list(node['@type']).map((t) => {
    const name = String(t).replace(/^.*[/:#]/, '')
    return name.charAt(0).toUpperCase() + name.slice(1)
  })
}

/** Every JSON-LD block of a page, parsed; broken blocks are repaired when simple (comments, raw newlines, trailing commas) or skipped. */
export function readJsonLd($: CheerioAPI): unknown[] {
  const out: unknown[] = []
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase()
    if (!type.startsWith('application/ld+json')) return
    const text = scriptBody($(el).html() ?? '')
    for (const attempt of [
      text,
      text.replace(/[\u0000-\u001f]+/g, ' '),
      text.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1'),
    ]) {
      try {
        out.push(JSON.parse(attempt))
        return
      } catch {
        /* next attempt */
      }
    }
    // Hand-written blocks a browser never parses: a comma left out between two properties (Currys),
    // a brace too many at the end (Debenhams). jsonrepair mends what JSON.parse refuses.
    // Only a mended block that is still linked data (a node with a type or a graph), not any text made JSON.
    try {
      const mended: unknown = JSON.parse(jsonrepair(text))
      if (list(mended).some((n) => isObj(n) && ('@type' in n || '@graph' in n))) out.push(mended)
    } catch {
      /* not JSON at all */
    }
  })
  return out
}

/**
 * The page's Product / ProductGroup nodes, main one first (a group wins; otherwise the shallowest
 * product; products nested in other products come last), with `@id` references resolved.
 */
export function findProductNodes(blocks: unknown[]): Node[] {
  const ids = new Map<string, Node>()
  const found: { node: Node; depth: number; group: boolean }[] = []
  const walk = (v: unknown, depth: number) => {
    if (depth > 20) return
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth))
    if (!isObj(v)) return
    if (typeof v['@id'] === 'string' && Object.keys(v).length > 1) ids.set(v['@id'], v)
    const t = types(v)
    // A book on sale is a product (a bookshop's `Book` with its `offers`).
    if (t.includes('Product') || t.includes('ProductGroup') || (t.includes('Book') && v.offers !== undefined)) {
      found.push({ node: v, depth, group: t.includes('ProductGroup') })
      for (const [k, x] of Object.entries(v)) if (k !== 'hasVariant' && k !== 'isVariantOf') walk(x, depth + 10)
      return
    }
    for (const x of Object.values(v)) walk(x, depth + 1)
  }
  walk(blocks, 0)
  const rank = (f: (typeof found)[number]) => f.depth + (f.group && f.depth < 10 ? -100 : 0)
  return [...found].sort((a, b) => rank(a) - rank(b)).map((f) => resolveRefs(f.node, ids, 0) as Node)
}

/** Most image nodes a page's data lists for one product's gallery. */
const MAX_GALLERY_OBJECTS = 40

/** The addresses of ImageObject nodes anywhere in the blocks whose name starts with the product's name, in order. */
function namedImageObjects(blocks: unknown[], productName: string): string[] {
  const name = productName.trim().toLowerCase()
  const out: string[] = []
  const walk = (v: unknown, depth: number) => {
    if (depth > 8 || out.length >= MAX_GALLERY_OBJECTS) return
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1))
    if (!isObj(v)) return
    if (types(v).includes('ImageObject')) {
      const url = str(v.contentUrl) ?? str(v.url)
      if (url && (str(v.name) ?? str(v.caption) ?? '').toLowerCase().startsWith(name) && !out.includes(url)) out.push(url)
      return
    }
    for (const x of Object.values(v)) walk(x, depth + 1)
  }
  walk(blocks, 0)
  return out
}

function resolveRefs(v: unknown, ids: Map<string, Node>, depth: number): unknown {
  if (depth > 8) return v
  if (Array.isArray(v)) return v.map((x) => resolveRefs(x, ids, depth + 1))
  if (!isObj(v)) return v
  if (typeof v['@id'] === 'string' && Object.keys(v).length === 1 && ids.has(v['@id']))
    return resolveRefs(ids.get(v['@id']), ids, depth + 1)
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveRefs(x, ids, depth + 1)]))
}

function imagesOf(v: unknown): string[] {
  return list(v).flatMap((i) =>
    // `contentURL`: how some sites (Etsy) spell schema.org's `contentUrl`; `src`, how others name it.
    typeof i === 'string'
      ? [i]
      : isObj(i)
        ? list(i.contentUrl ?? i.contentURL ?? i.url ?? i.src).filter((u): u is string => typeof u === 'string')
        : [],
  )
}

function nameOf(v: unknown): string | null {
  for (const x of list(v)) {
    const s = typeof x === 'string' ? str(x) : isObj(x) ? str(x.name) : null
    if (s) return s
  }
  return null
}

/** The AggregateRating objects whose `itemReviewed` names `name` (case aside), anywhere in the page's JSON-LD. */
function ratingsOfItem(blocks: unknown[], name: string | null): Node[] {
  const out: Node[] = []
  const wanted = name?.toLowerCase()
  if (!wanted) return out
  const walk = (v: unknown, depth: number) => {
    if (depth > 20) return
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1))
    if (!isObj(v)) return
    // A product (typed so or untyped) with a count: a store's or an organisation's rating is not the product's.
    const item = list(v.itemReviewed)[0]
    const isProduct = isObj(item)
      ? !item['@type'] || types(item).some((t) => t === 'Product' || t === 'ProductGroup')
      : typeof item === 'string'
    const counted = Number(v.ratingCount) > 0 || Number(v.reviewCount) > 0
    if ('ratingValue' in v && counted && isProduct && nameOf(item)?.toLowerCase() === wanted) out.push(v)
    for (const x of Object.values(v)) walk(x, depth + 1)
  }
  walk(blocks, 0)
  return out
}

function availability(v: unknown): boolean | null {
  const s = str(v)
  if (!s) return null
  const t = s.replace(/^.*[/:#]/, '')
  if (/^(InStock|InStoreOnly|LimitedAvailability|OnlineOnly|PreOrder|PreSale|BackOrder)$/i.test(t)) return true
  if (/^(OutOfStock|SoldOut|Discontinued)$/i.test(t)) return false
  return null
}

interface OfferSummary {
  price: number | null
  /** Every price the offers state, in their order. */
  prices: number[]
  compareAt: number | null
  currency: string | null
  available: boolean | null
}

/**
 * Whether an offer is for the page's shoppers: an offer whose `eligibleRegion` names countries
 * (ISO 3166 codes) none of which is the page's own (its language tag's region, "en-GB") is another
 * country's (ASOS's page for Britain carried a Singapore-dollar offer for Turkey). Regions written
 * any other way, or a page that names no region, exclude nothing.
 */
function offeredIn(offer: Record<string, unknown>, region: string | null): boolean {
  if (!region || offer.eligibleRegion === undefined) return true
  const codes = list(offer.eligibleRegion)
    .map((r) => (isObj(r) ? (str(r.identifier) ?? str(r.name)) : str(r)))
    .map((r) => r?.trim().toUpperCase() ?? '')
  if (!codes.length || !codes.every((c) => /^[A-Z]{2}$/.test(c))) return true
  return codes.includes(region)
}

/** The country a page is for, from its language tag ("en-GB" is GB), if it names one. */
export function pageRegion($: CheerioAPI): string | null {
  const region = /^[a-z]{2,3}[-_]([a-z]{2})(?:$|[-_])/i.exec($('html').attr('lang')?.trim() ?? '')?.[1]?.toUpperCase() ?? null
  // The United Kingdom's ISO code is GB; "en-UK" is a common misspelling of it.
  return region === 'UK' ? 'GB' : region
}

/** Lowest price, a strikethrough/list price above it, the currency and availability from `offers` in any of its shapes. */
export function readOffers(offers: unknown, region: string | null = null): OfferSummary {
  const prices: number[] = []
  /** Prices of offers that say they are out of stock: not what a shopper can buy while another offer is. */
  const soldOut = new Set<number>()
  const compare: number[] = []
  let currency: string | null = null
  let available: boolean | null = null
  /** Prices of single offers (not an aggregate's low end), in the page's order. */
  const single: number[] = []
  /** An aggregate that only counts several sellers' offers (no offers of its own listed). */
  let sellersCounted = false
  const visit = (o: unknown, depth: number) => {
    if (!isObj(o) || depth > 3 || !offeredIn(o, region)) return
    currency ??= str(o.priceCurrency)
    const a = availability(o.availability)
    if (a !== null) available = available === true ? true : a
    if (Number(o.offerCount) > 1 && o.offers === undefined && o.price === undefined) sellersCounted = true
    // (A microdata offer may state several: UNIQLO's standard price and its sale price, each `itemprop="price"`.)
    for (const key of ['price', 'lowPrice'])
      for (const value of list(o[key])) {
        const p = parsePrice(value)
        if (!p) continue
        prices.push(p.amount)
        if (key === 'price' && a !== false) single.push(p.amount)
        if (a === false) soldOut.add(prices.length - 1)
      }
    for (const spec of list(o.priceSpecification)) {
      if (!isObj(spec)) continue
      currency ??= str(spec.priceCurrency)
      const p = parsePrice(spec.price)
      if (!p) continue
      if (/Strikethrough|ListPrice|MSRP/i.test(String(spec.priceType ?? ''))) compare.push(p.amount)
      else if (o.price === undefined) prices.push(p.amount)
    }
    list(o.offers).forEach((x) => visit(x, depth + 1))
  }
  list(offers).forEach((o) => visit(o, 0))
  // The lowest price one can buy at: an out-of-stock offer's ("used, 586 kr", sold out) only when every offer is.
  const buyable = prices.filter((_, i) => !soldOut.has(i))
  // A listing several sellers offer (an aggregate counting them beside the offers): the first offer
  // is its buy box's; the lowest is another seller's ("Еще 9 предложений от 16 980 ₽").
  const price =
    sellersCounted && single.length ? single[0] : buyable.length ? Math.min(...buyable) : prices.length ? Math.min(...prices) : null
  const higher = compare.filter((c) => price === null || c > price)
  return {
    price,
    prices,
    compareAt: higher.length ? Math.max(...higher) : null,
    currency: currency ? detectCurrency(currency) : null,
    available,
  }
}

function reviewOf(r: unknown): RawReview | null {
  if (!isObj(r)) return null
  const rating = isObj(r.reviewRating) ? r.reviewRating : null
  const best = rating ? Number(ratingScaleOf(rating)) : NaN
  return {
    author: nameOf(r.author),
    rating: rating ? (str(rating.ratingValue) ?? null) : null,
    ratingScale: Number.isFinite(best) && best > 0 ? best : undefined,
    date: str(r.datePublished) ?? str(r.dateCreated),
    title: str(r.name) ?? str(r.headline),
    body: str(r.reviewBody) ?? str(r.description) ?? str(r.text),
  }
}

const SPEC_PROPS: [string, string][] = [
  ['material', 'Material'],
  ['color', 'Color'],
  ['pattern', 'Pattern'],
  ['size', 'Size'],
  ['model', 'Model'],
  ['mpn', 'MPN'],
  ['weight', 'Weight'],
  ['width', 'Width'],
  ['height', 'Height'],
  ['depth', 'Depth'],
]

function specValue(v: unknown): string | null {
  if (isObj(v)) return [str(v.value) ?? str(v.name), str(v.unitText) ?? str(v.unitCode)].filter(Boolean).join(' ') || null
  return str(v)
}

/** schema.org `aggregateRating`: ratingValue on bestRating's scale (5 unless stated), ratingCount or reviewCount. */
function aggregateRatingOf(v: unknown): RawFacts['listingRating'] {
  const r = list(v).find(isObj)
  if (!r) return null
  // (Microdata may state a count twice, "51" in a meta and "51 reviews" in the text: the first.)
  const first = (x: unknown) =>
    list(x)
      .map(str)
      .find((c) => c !== null) ?? null
  return { average: machineNumber(r.ratingValue), count: first(r.ratingCount) ?? first(r.reviewCount), scale: ratingScaleOf(r) }
}

/**
 * A rating's `bestRating` as its scale, unless its `worstRating` is as high: a scale from 3 to 3 is
 * the lowest and highest ratings given (Zalando's one review of 3), not a scale (5 then stands).
 */
function ratingScaleOf(r: Node): ReturnType<typeof machineNumber> {
  const best = machineNumber(r.bestRating)
  const worst = machineNumber(r.worstRating)
  return best !== null && worst !== null && Number(worst) >= Number(best) ? null : best
}

/**
 * A structured value as schema.org writes numbers ("4.588" is four and a bit in any page language);
 * other text stays text, to be read in the page's language ("4,6").
 */
function machineNumber(v: unknown): number | string | null {
  const s = str(v)
  return s !== null && /^\s*\d+(?:\.\d+)?\s*$/.test(s) ? Number(s) : s
}

/**
 * Whether the page's own data or markup names this count the shop's or the seller's (`"shop_rating_count":919`,
 * `sellerReviewCount`, a "shop reviews" tab): some marketplaces put the shop's rating in the product's `aggregateRating`
 * so that search results show stars. That rating is not the product's, so it is never used as one.
 */
export function countIsTheShops(html: string, count: unknown): boolean {
  const n = typeof count === 'number' ? count : Number(String(count ?? '').replace(/[\s,.]/g, ''))
  if (!Number.isFinite(n) || n <= 0) return false
  const text = html.replace(/&quot;|&#34;/g, '"')
  const key = /\b(?:shop|seller|store)_?[a-z_]{0,20}?(?:review|rating|feedback)s?_?(?:count|num|total)["']?\s*[:=]\s*["']?(\d+)/gi
  for (const m of text.matchAll(key)) if (Number(m[1]) === n) return true
  // Or its markup: the count written in an element named for the shop's reviews ("Reseñas de esta
  // tienda <span>1.027</span>" in `id="shop-reviews-tab"`), beside the product's own tab.
  const named =
    /\b(?:id|class|aria-controls|data-[a-z-]+)\s*=\s*"[^"]*\b(?:shop|store|seller)[-_](?:[a-z]+[-_])?(?:reviews?|ratings?|feedback)\b[^"]*"[^>]*>/gi
  for (const m of text.matchAll(named)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 600).split(/<\/(?:button|a|li|h\d)>/i)[0]
    const numbers = after.replace(/<[^>]*>/g, ' ').match(/\d[\d\s.,]*/g) ?? []
    if (numbers.some((x) => Number(x.replace(/[\s.,]/g, '')) === n)) return true
  }
  // Or the stars in the shop's header: the count in brackets right after a link to the shop's page
  // that its markup names as the shop's name or header (`ref=simple-shop-header-name`). Bounded: a
  // page of many links costs a pass over it, not one per link.
  const header =
    /<a\b[^>]{0,1000}?\b(?:href|class|id)\s*=\s*"[^"<>]{0,500}?\b(?:shop|store|seller)[-_](?:header|name)\b[^"<>]{0,500}"[^>]{0,1000}>[\s\S]{0,200}?<\/a>/gi
  for (const m of text.matchAll(header)) {
    const after = text
      .slice(m.index + m[0].length, m.index + m[0].length + 8000)
      .replace(/<svg\b[\s\S]*?<\/svg>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
    const bracketed = /^[^()]{0,120}\(\s*(\d[\d\s.,]*)\)/.exec(after)
    if (bracketed && Number(bracketed[1].replace(/[\s.,]/g, '')) === n) return true
  }
  return false
}

/**
 * Whether the structured rating says other than the rating the page shows (JSON-LD left at 4.5 while
 * the widget draws 4.7 stars and writes "4.7"): the stars the page draws, written in its text as a
 * fraction, where the structured value is written nowhere. Then the structured rating is not the
 * page's, and no rating is better than a stale one.
 */
export function starsDisagree($: CheerioAPI, html: string, rating: RawFacts['listingRating']): boolean {
  return shownStars($, html, rating) !== null
}

/** The rating the page draws and writes where it disagrees with the structured one (see starsDisagree), else null. */
function shownStars($: CheerioAPI, html: string, rating: RawFacts['listingRating']): number | null {
  const average = Number(rating?.average)
  const scale = Number(rating?.scale) > 0 ? Number(rating?.scale) : 5
  const drawn = drawnStars($)
  if (drawn === null || !Number.isFinite(average) || Math.abs((average * 5) / scale - drawn) <= 0.15) return null
  // Written as drawn ("4.75") or to one place ("4.7"); a whole number of stars is no proof: "5" is
  // written all over a page.
  const forms = [drawn, Math.round(drawn * 10) / 10].filter((n) => !Number.isInteger(n))
  const text = visibleText(html)
  if (writesNumber(text, average)) return null
  const written = forms.find((n) => writesNumber(text, n))
  if (written !== undefined) return written
  // A whole number is proof where the page writes it as the stars ("Avaliação geral: 5 estrelas (20 avaliações)").
  return Number.isInteger(drawn) && new RegExp(`(?<![\\d.,])${drawn}\\s*${STARS_WORD}`, 'iu').test(text) ? drawn : null
}

/**
 * The structured rating, or the one the page shows instead where they disagree: the stars it draws
 * and writes ("Rated 4.75 out of 5 stars. 8108 total votes."), with the structured count when the
 * page writes that count too; else none (a stale rating is worse than none).
 */
function ratingAsShown($: CheerioAPI, html: string, rating: NonNullable<RawFacts['listingRating']>): RawFacts['listingRating'] {
  const shown = shownStars($, html, rating)
  if (shown === null) return rating
  const count = String(rating.count ?? '')
  return /^\d+$/.test(count) && writesNumber(visibleText(html), count) ? { average: shown, count, scale: 5 } : null
}

/** A page's text without its scripts, styles and tags (for telling which numbers it shows). */
const visibleText = (html: string) => html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')

/** Whether `text` writes the number `n` on its own ("4.7" or "4,7"; not inside "14.75" or "1,472"). */
const writesNumber = (text: string, n: number | string) =>
  new RegExp(`(?<![\\d.,])${String(n).replace('.', '[.,]')}(?!\\d|[.,]\\d)`).test(text)

/**
 * Of a rating's two counts (`ratingCount`: stars given, `reviewCount`: reviews written), the one the
 * page shows when it shows only one: a count nobody can read on the page is not the product's count
 * to repeat. Null when both or neither are shown (the rating's own choice stands).
 */
export function shownCount(html: string, aggregate: unknown): string | null {
  const r = list(aggregate).find(isObj)
  // Whole numbers only: a count written otherwise ("(3592 Reviews)") is left to the rating's own choice.
  const whole = (v: unknown) => (/^\d+$/.test(str(v) ?? '') ? str(v) : null)
  const ratings = r ? whole(r.ratingCount) : null
  const reviews = r ? whole(r.reviewCount) : null
  if (!ratings || !reviews || ratings === reviews) return null
  const text = visibleText(html)
  const [a, b] = [writesNumber(text, ratings), writesNumber(text, reviews)]
  return a === b ? null : a ? ratings : reviews
}

/** A schema.org Product / ProductGroup node as raw facts (variants and options from `hasVariant` / `variesBy`). */
export function productFromJsonLd(node: Node, region: string | null = null): RawFacts {
  const description = str(node.description)
  const offer = readOffers(node.offers, region)
  const variantNodes = list(node.hasVariant).filter(isObj)
  const groupName = str(node.name)
  const variants: RawVariant[] = variantNodes.map((v) => {
    const o = readOffers(v.offers)
    const name = str(v.name)
    const title = groupName && name?.startsWith(groupName) ? name.slice(groupName.length).replace(/^\s*[-–—:|]\s*/, '') || name : name
    return { title, price: o.price, available: o.available, sku: str(v.sku), image: imagesOf(v.image)[0] ?? null }
  })
  const variantOffers = variantNodes.map((v) => readOffers(v.offers))
  const variantPrices = variantOffers.map((o) => o.price).filter((p): p is number => p !== null)
  const specs: { name: string; value: string }[] = []
  for (const p of list(node.additionalProperty)) {
    if (isObj(p) && str(p.name) && specValue(p.value ?? p)) specs.push({ name: str(p.name)!, value: specValue(p.value ?? p)! })
  }
  for (const [key, label] of SPEC_PROPS) {
    const v = key === 'model' && isObj(node.model) ? str(node.model.name) : specValue(node[key])
    if (v) specs.push({ name: label, value: v })
  }
  const options = list(node.variesBy)
    .map((p) => String(p).replace(/^.*[/:#]/, ''))
    .filter(Boolean)
    .map((prop) => ({
      name: prop.charAt(0).toUpperCase() + prop.slice(1),
      values: [...new Set(variantNodes.map((v) => specValue(v[prop])).filter((x): x is string => !!x))],
    }))
    .filter((o) => o.values.length > 0)
  return {
    title: str(node.name),
    descriptionHtml: description ? (/<[a-z][^>]*>/i.test(description) ? description : plainTextToHtml(description)) : null,
    images: [...imagesOf(node.image), ...variantNodes.flatMap((v) => imagesOf(v.image))],
    price: offer.price ?? (variantPrices.length ? Math.min(...variantPrices) : null),
    compareAtPrice: offer.compareAt ?? variantOffers.map((o) => o.compareAt).find((c) => c !== null) ?? null,
    currency: offer.currency ?? variantOffers.map((o) => o.currency).find(Boolean) ?? null,
    vendor: nameOf(node.brand) ?? nameOf(node.manufacturer),
    productType: typeof node.category === 'string' ? node.category : nameOf(node.category),
    specs,
    options,
    variants,
    reviews: list(node.review ?? node.reviews)
      .map(reviewOf)
      .filter((r): r is RawReview => r !== null),
    listingRating: aggregateRatingOf(node.aggregateRating),
    soldOut: offer.available === false && !variantOffers.some((o) => o.available === true),
  }
}

function meta($: CheerioAPI, ...keys: string[]): string[] {
  const out: string[] = []
  for (const key of keys) {
    $(`meta[property="${key}"], meta[name="${key}"], meta[itemprop="${key}"]`).each((_, el) => {
      const c = $(el).attr('content')?.trim()
      if (c && !out.includes(c)) out.push(c)
    })
  }
  return out
}

/**
 * The offer of the page's own Product in microdata (`itemscope itemtype="…schema.org/Product"`, its
 * `offers` scope's `price` and `priceCurrency`, a `content` attribute or the text): only inside the
 * product's own scope, so a related item's price elsewhere on the page is never read.
 */
function microdataOffer($: CheerioAPI): { price: string; currency: string | null } | 'another region' | null {
  const product = $('[itemscope][itemtype$="schema.org/Product"]').first()
  if (!product.length) return null
  const offer = product.find('[itemprop="offers"][itemscope]').first()
  const scope = offer.length ? offer : product
  const value = (prop: string) => {
    const el = scope.find(`[itemprop="${prop}"]`).first()
    return (el.attr('content') ?? el.text()).replace(/\s+/g, ' ').trim() || null
  }
  const price = value('price')
  const regions = scope
    .find('[itemprop="eligibleRegion"]')
    .toArray()
    .map((el) => ($(el).attr('content') ?? $(el).text()).trim())
  if (regions.length && !offeredIn({ eligibleRegion: regions }, pageRegion($))) return 'another region'
  return price ? { price, currency: value('priceCurrency') } : null
}

/**
 * The unstruck prices the page's own product markup tags `itemprop="price"` (a shop may leave out
 * `itemscope`, which browsers need and people do not), in the first Product's scope only.
 */
function statedPrices($: CheerioAPI): number[] {
  const product = $('[itemtype$="schema.org/Product" i]').first()
  const locale = pageLocale($)
  // With no product scope, a price property standing in no scope at all (Walmart's hero price,
  // `itemProp="price"` with no itemscope around it); a tile's priced scope is another product's.
  const prices = product.length
    ? product.find('[itemprop="price"]')
    : $('[itemprop="price"]').filter((_, el) => !$(el).closest('[itemscope]').length)
  return prices
    .toArray()
    .filter((el) => !$(el).find('s, del, strike').length && !$(el).closest('s, del, strike').length && !isStruck(el))
    .map((el) => parsePrice(($(el).attr('content') ?? $(el).text()).trim(), null, locale)?.amount)
    .filter((p): p is number => p !== undefined)
}

const onlyOne = <T>(items: T[]): T | null => (items.length === 1 ? items[0] : null)

/** The one offer price the label of the page's checked radio button writes, or null. */
function chosenOptionPrice($: CheerioAPI, offerPrices: Set<number>): number | null {
  const locale = pageLocale($)
  const found = new Set<number>()
  for (const input of $('input[type="radio"][checked]').toArray()) {
    const id = input.attribs.id
    const label = id ? $(`label[for="${id.replace(/"/g, '\\"')}"]`).first() : $(input).closest('label')
    for (const m of label.text().matchAll(/\d[\d.,\s]*\d|\d/g)) {
      const amount = parsePrice(`${m[0]}`, null, locale)?.amount
      if (amount !== undefined && offerPrices.has(amount)) found.add(amount)
    }
  }
  return found.size === 1 ? [...found][0] : null
}

/**
 * OpenGraph, product meta tags and microdata meta values. `metaDescription: false` ignores
 * `<meta name="description">` (boilerplate on marketplaces).
 */
export function openGraph($: CheerioAPI, { metaDescription = true }: { metaDescription?: boolean } = {}): RawFacts {
  const priceText = meta($, 'product:sale_price:amount')[0] ?? meta($, 'product:price:amount', 'og:price:amount', 'price')[0]
  const listText = meta($, 'product:sale_price:amount')[0]
    ? meta($, 'product:price:amount', 'product:original_price:amount')[0]
    : meta($, 'product:original_price:amount', 'og:price:standard_amount')[0]
  const found = microdataOffer($)
  // Another country's offer: neither its price nor its currency is this page's.
  const offer = found === 'another region' ? null : found
  const currency =
    meta($, 'product:sale_price:currency', 'product:price:currency', 'og:price:currency')[0] ??
    (found === 'another region' ? null : meta($, 'priceCurrency')[0]) ??
    offer?.currency ??
    null
  const price = parsePrice(priceText ?? offer?.price)
  const compare = parsePrice(listText)
  const description = meta($, 'og:description', ...(metaDescription ? ['description'] : []), 'twitter:description')[0]
  const ogImages = meta($, 'og:image:secure_url', 'og:image', 'og:image:url')
  return {
    title: meta($, 'og:title', 'twitter:title')[0] ?? null,
    descriptionHtml: description ? plainTextToHtml(description) : null,
    images: ogImages.length ? ogImages : meta($, 'twitter:image', 'twitter:image:src'),
    price: price?.amount ?? null,
    compareAtPrice: compare && price && compare.amount > price.amount ? compare.amount : null,
    currency: currency ? detectCurrency(currency) : (price?.currency ?? null),
    vendor: meta($, 'product:brand', 'og:brand')[0] ?? null,
    siteName: meta($, 'og:site_name')[0] ?? null,
  }
}

/**
 * The product's meta tags name the structured offer's price as the regular one
 * (`og:price:standard_amount`, `product:original_price:amount`) beside a lower current price: a sale
 * the structured data does not state. The current price is the price, the regular one its compare-at.
 */
function structuredPriceIsTheRegular(structured: RawFacts, tags: RawFacts): boolean {
  // Both currencies are already codes (detectCurrency).
  const sameCurrency = !structured.currency || !tags.currency || structured.currency === tags.currency
  return (
    structured.price != null &&
    tags.price != null &&
    tags.compareAtPrice === structured.price &&
    tags.price < structured.price &&
    sameCurrency
  )
}

/** Whether `more` names more photos than `found`, the first of `found` among them (by the id in its address). */
function morePhotosOfTheSame(more: string[] | undefined, found: string[] | undefined): boolean {
  if (!more?.length || !found?.length || new Set(more).size <= new Set(found).size) return false
  const ids = photoIdParts(found[0])
  return ids.length > 0 && more.some((u) => photoIdParts(u).some((p) => ids.includes(p)))
}

/**
 * The page's own product before those its structured data says live on other pages (a shop theme's
 * related products, each a Product whose `@id`, `url` or `mainEntityOfPage` is another product's page).
 */
function ownProductFirst(nodes: Node[], pageUrl: string): Node[] {
  const page = (n: Node) => {
    const main = isObj(n.mainEntityOfPage) ? str(n.mainEntityOfPage['@id']) : str(n.mainEntityOfPage)
    return main ?? str(n.url) ?? (str(n['@id'])?.startsWith('http') ? str(n['@id']) : null)
  }
  const elsewhere = (n: Node) => {
    const at = page(n)
    return at !== null && linksToAnotherPage(at, pageUrl)
  }
  if (!nodes.some(elsewhere) || nodes.every(elsewhere)) return nodes
  return [...nodes.filter((n) => !elsewhere(n)), ...nodes.filter(elsewhere)]
}

/** Parts a product's node may leave to another node of the same product (same name) on the page. */
const SHARED_PARTS = ['offers', 'brand', 'image'] as const

/**
 * A product's node with the parts it lacks from another node of the same name: a page may mark its
 * product twice, its name and brand in one scope and its offer in another (a heading's scope, then
 * the details' with the price, named or not).
 */
function withSameProductsParts(node: Node, others: Node[]): Node {
  const name = str(node.name)?.toLowerCase()
  if (!name) return node
  // (Or a nameless one, when no node on the page names another product.)
  const named = (o: Node) => str(o.name)?.toLowerCase()
  const onlyThisOne = others.every((o) => !named(o) || named(o) === name)
  const same = others.filter((o) => named(o) === name || (onlyThisOne && !named(o)))
  const out = { ...node }
  // (An offer without a price, only its currency, states nothing to sell at.)
  const given = (o: Node, part: (typeof SHARED_PARTS)[number]) =>
    o[part] !== undefined && (part !== 'offers' || /"(?:price|lowPrice)"\s*:\s*"?\d/.test(JSON.stringify(o[part])))
  for (const part of SHARED_PARTS) if (out[part] === undefined) out[part] = same.find((o) => given(o, part))?.[part]
  for (const part of SHARED_PARTS) if (out[part] === undefined) delete out[part]
  return out
}

/**
 * Whether a linked-data block names an offer and writes no value for it (`"offers": ,` from a template
 * that printed nothing, or an offer's `"price": ""`): the product has an offer the data lost, not
 * none, so its price box is read.
 */
export function structuredOfferLost($: CheerioAPI): boolean {
  return $('script')
    .toArray()
    .some(
      (el) =>
        ($(el).attr('type') ?? '').toLowerCase().startsWith('application/ld+json') &&
        /"offers"\s*:\s*[,}\]]|"price"\s*:\s*"\s*"/.test($(el).html() ?? ''),
    )
}

/** A name ending in an ellipsis ("…", "...") where another of the page's lines writes it whole: that line's, else the name. */
export function wholeOfCutName(name: string, others: (string | null | undefined)[], names: string[]): string {
  const cut = /^(.{12,}?)\s*(?:\.{3}|…)$/su.exec(name.trim())?.[1]
  if (!cut) return name
  for (const other of others) {
    const line = collapseSpace(stripSiteName(htmlToText(other ?? ''), names))
    if (line.length > cut.length && line.toLowerCase().startsWith(cut.toLowerCase()) && !/(?:\.{3}|…)$/.test(line)) return line
  }
  return name
}

/**
 * Whether the page's structured data states what its product sells at: a JSON-LD product, or a
 * microdata product that names an offer or a price. Zappos' scope holds the name and photos only;
 * its price box is outside it.
 */
export function statesAnOffer($: CheerioAPI): boolean {
  if (findProductNodes(readJsonLd($)).length > 0) return true
  return $('[itemscope][itemtype*="schema.org/Product" i]')
    .toArray()
    .some((scope) => $(scope).find('[itemprop~="offers" i], [itemprop~="price" i], [itemprop~="lowPrice" i]').length > 0)
}

/**
 * Everything a page says about its product without a browser: JSON-LD first, then OpenGraph and
 * product meta tags for what it lacks, then `<h1>`/`<title>` for the name.
 */
export function extractStructuredData(
  html: string,
  pageUrl: string,
  $?: CheerioAPI,
  options: { metaDescription?: boolean } = {},
): RawFacts {
  const doc = $ ?? load(html)
  const blocks = readJsonLd(doc)
  const ld = ownProductFirst(findProductNodes(blocks), pageUrl)
  // Microdata only when the page has no JSON-LD product. Its name is the heading's text, hidden
  // words included: "Détails sur 4x CR2032" under an OpenGraph "4x CR2032 | eBay" gives way to it.
  const fromMicrodata = ld.length === 0
  const [first, ...others] = fromMicrodata ? microdataProducts(doc, html, pageUrl) : ld
  const node = first ? withSameProductsParts(first, others) : first
  const fromLd: RawFacts = node ? productFromJsonLd(node, pageRegion(doc)) : {}
  // An address is no product's name (a page-wide microdata scope whose first name is the site's link).
  if (fromLd.title && /^\s*https?:\/\/\S+\s*$/.test(fromLd.title)) fromLd.title = null
  // A photo the data names before its script had the id ("undefined_in_1000x1000.jpg") is none: the tags' photo stands.
  if (fromLd.images) fromLd.images = fromLd.images.filter((u) => !isPlaceholderImage(absoluteUrl(u, pageUrl) ?? ''))
  // The product's gallery as image nodes of their own beside it, named after it ("{name} gallery item 1").
  if ((fromLd.images?.length ?? 0) <= 1 && fromLd.title) {
    const named = namedImageObjects(blocks, fromLd.title)
    if (named.length > (fromLd.images?.length ?? 0)) fromLd.images = named
  }
  if (fromMicrodata && fromLd.title) {
    const h = productHeading(doc)
    const shown = h ? headingText(doc, h) : ''
    if (h && shown && collapseSpace(doc(h).text()) === collapseSpace(fromLd.title) && shown !== collapseSpace(fromLd.title))
      fromLd.title = shown
    // A name cut at an inch mark the shop left unescaped in its attribute (`content="… Tela De 6" Câmera …"`):
    // the heading says it whole.
    const cut = collapseSpace(fromLd.title)
    if (h && shown.startsWith(cut) && shown[cut.length] === '"') fromLd.title = shown
  }
  if (fromMicrodata && fromLd.title && hiddenWordsAround(fromLd.title, meta(doc, 'og:title', 'twitter:title')[0])) fromLd.title = null
  // Review apps (Judge.me, Yotpo…) often add their own Product node for the same product, with its
  // reviews and the rating they state.
  if (node && (!fromLd.reviews?.length || !fromLd.listingRating)) {
    const same = others.filter((o) => str(o.name) && str(o.name)?.toLowerCase() === str(node.name)?.toLowerCase())
    if (!fromLd.reviews?.length) fromLd.reviews = same.flatMap((o) => productFromJsonLd(o).reviews ?? [])
    fromLd.listingRating ??= same.map((o) => aggregateRatingOf(o.aggregateRating)).find((r) => r) ?? null
    // Or a rating of its own block that names the product it rates (`itemReviewed`).
    fromLd.listingRating ??=
      ratingsOfItem(blocks, str(node.name))
        .map(aggregateRatingOf)
        .find((r) => r) ?? null
  }
  // Offers of one product that disagree (a store card's price beside the price anyone pays): the one
  // the page's own markup states as its offer, not the lowest.
  const offerPrices = node && !list(node.hasVariant).length ? new Set(readOffers(node.offers, pageRegion(doc)).prices) : null
  if (offerPrices && offerPrices.size > 1) {
    const stated = statedPrices(doc).filter((p) => offerPrices.has(p))
    if (new Set(stated).size === 1) fromLd.price = stated[0]
    else {
      // Or the one the shopper's chosen option states: the checked radio button's label ("中古 4,680円"
      // above the other conditions' 3,740円 and 3,090円), not the cheapest condition's.
      // Or the one the page writes with its currency as this product's (Sephora's "$32.00" for the
      // size shown; its other size's 15.0 is in the data only).
      const chosen =
        chosenOptionPrice(doc, offerPrices) ??
        onlyOne([...offerPrices].filter((p) => isPriceShownWithCurrency(doc, p, pageLocale(doc), pageUrl)))
      if (chosen !== null) fromLd.price = chosen
    }
  }
  if (fromLd.listingRating && countIsTheShops(html, fromLd.listingRating.count)) fromLd.listingRating = null
  if (fromLd.listingRating) fromLd.listingRating = ratingAsShown(doc, html, fromLd.listingRating)
  if (fromLd.listingRating && node) fromLd.listingRating.count = shownCount(html, node.aggregateRating) ?? fromLd.listingRating.count
  // "3,397 Ratings & 213 Reviews" where the data counts the 213: the average is the ratings'.
  const count = fromLd.listingRating?.count
  if (fromLd.listingRating && (typeof count === 'string' || typeof count === 'number'))
    fromLd.listingRating.count = ratingsBeforeReviews(visibleText(html), count) ?? count
  // A rating the page has no place to show (no stars, no reviews, no review app): not the shopper's to read.
  // Nor one whose stars the page draws empty.
  if (fromLd.listingRating && (ratingShownNowhere(doc, fromLd.listingRating.average, fromLd.listingRating.count) || starWidgetEmpty(doc)))
    fromLd.listingRating = null
  const og = openGraph(doc, options)
  if (structuredPriceIsTheRegular(fromLd, og)) Object.assign(fromLd, { price: og.price, compareAtPrice: fromLd.price })
  // The tags' former price is theirs: beside a structured price they do not state, it is no one's.
  if (fromLd.price != null && og.price !== fromLd.price) og.compareAtPrice = null
  const merged = mergeRaw(fromLd, og)
  // The OpenGraph tags may name every photo where the structured data names the first.
  if (morePhotosOfTheSame(og.images, merged.images)) merged.images = og.images
  // A site's icon in the tags ("/favicon.ico") is no photo: the markup's pictures are looked for instead.
  merged.images = merged.images?.filter((u) => !isSiteIcon(absoluteUrl(u, pageUrl) ?? u))
  merged.locale = pageLocale(doc, siteLanguage(pageUrl))
  if (!merged.title) merged.title = titleFromMarkup(doc)
  else
    merged.title =
      (!fromLd.title && merged.title === og.title ? headingOverOpenGraphTitle(doc, merged.title, siteNames(pageUrl, og.siteName)) : null) ??
      headingOverTitle(doc, stripSiteName(merged.title, siteNames(pageUrl, og.siteName)) || merged.title, merged.vendor)
  // A name the page cut short for its layout ("… Car Seat Pad Pain..."): the tags' or the title line's
  // whole name that goes on from it.
  if (merged.title) merged.title = wholeOfCutName(merged.title, [og.title, doc('title').first().text()], siteNames(pageUrl, og.siteName))
  // A page with no heading (its script draws it): its own title line where that is the brand before
  // the whole structured name ("Petzl Lynx Leverlock Modular Crampons | REI Co-op" over "Lynx Leverlock …").
  if (merged.title && merged.vendor && !doc('h1').length) {
    const line = collapseSpace(htmlToText(og.title ?? doc('title').first().text()))
    const named = `${merged.vendor} ${merged.title}`
    const rest = line.slice(named.length)
    if (line.toLowerCase().startsWith(named.toLowerCase()) && (!rest || /^\s+[|–—-]\s+\S/.test(rest)))
      merged.title = line.slice(0, named.length)
  }
  if (!merged.images?.length) {
    // The product's own pictures: not those of tiles linking to other products.
    merged.images = doc('[itemprop="image"]')
      .filter(
        (_, el) =>
          !doc(el)
            .closest('a[href]')
            .toArray()
            .some((a) => linksToAnotherPage(doc(a).attr('href'), pageUrl)),
      )
      // A lazy-loaded picture names its photo in data-src (its src, if any, a placeholder).
      .map((_, el) => doc(el).attr('content') ?? doc(el).attr('data-src') ?? doc(el).attr('src') ?? doc(el).attr('href') ?? '')
      .get()
      .filter(Boolean)
  }
  // A page with no structured photo at all: the picture its markup labels with the product's own name.
  if (!merged.images?.length && merged.title) merged.images = picturesNamed(doc, merged.title, pageUrl)
  const abs = (u: unknown) => absoluteUrl(u, pageUrl)
  merged.images = (merged.images ?? []).map(abs).filter((u): u is string => u !== null)
  merged.variants = merged.variants?.map((v) => ({ ...v, image: abs(v.image) }))
  return merged
}
