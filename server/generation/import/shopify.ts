import type { CheerioAPI } from 'cheerio'
import { fetchOptionalJson, readPage } from './fetch-page'
import { balancedAt } from './marketplaces/embedded'
import { cleanBrand, nameIn, wordsShared } from './normalize/brand'
import { mergeRaw, type RawFacts, type RawVariant } from './normalize/facts'
import { absoluteUrl, cleanImages, stripImageSizeSuffix } from './normalize/images'
import { parsePrice } from './normalize/price'
import { parsePage } from './parse-page'
import { shopifyHandle } from './platform'
import { formerPriceBeside, priceNearHeading } from './price-box'
import { ratingBesideHeading } from './rating-widget'
import { shownText } from './shown-text'
import { extractStructuredData } from './structured-data'
import { ImportError, type FetchedDocument, type Fetcher } from './types'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null)

/** Shopify's AJAX API gives prices as integer cents. */
function cents(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v / 100
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v) / 100
  return null
}

function isDefaultOnly(variants: Obj[]): boolean {
  return variants.length === 1 && /^Default Title$/i.test(String(variants[0].title ?? ''))
}

function optionsOf(options: unknown, variants: Obj[]): { name: string; values: string[] }[] {
  const out = arr(options).map((o, i) => {
    if (isObj(o))
      return {
        name: str(o.name) ?? '',
        values: arr(o.values)
          .map(str)
          .filter((v): v is string => !!v),
      }
    const values = [...new Set(variants.map((v) => str(v[`option${i + 1}`])).filter((v): v is string => !!v))]
    return { name: str(o) ?? '', values }
  })
  return out.filter((o) => o.name && !(o.name === 'Title' && o.values.length === 1 && o.values[0] === 'Default Title'))
}

/** `/products/{handle}.js` (AJAX API): cents, protocol-relative images, options as objects or names. */
export function fromAjaxProduct(p: Obj): RawFacts {
  const variants = arr(p.variants).filter(isObj)
  const price = cents(p.price ?? p.price_min)
  const compare = cents(p.compare_at_price ?? p.compare_at_price_min)
  const images = arr(p.images).length ? arr(p.images) : arr(p.media).map((m) => (isObj(m) ? m.src : null))
  return {
    title: str(p.title),
    descriptionHtml: str(p.description),
    images: images.map((i) => (isObj(i) ? str(i.src) : str(i))).filter((u): u is string => !!u),
    price,
    compareAtPrice: price !== null && compare !== null && compare > price ? compare : null,
    vendor: str(p.vendor),
    productType: str(p.type) ?? str(p.product_type),
    tags: Array.isArray(p.tags)
      ? p.tags.map(String)
      : String(p.tags ?? '')
          .split(',')
          .map((t) => t.trim()),
    options: optionsOf(p.options, variants),
    variants: isDefaultOnly(variants)
      ? []
      : variants.map((v): RawVariant => ({
          title: str(v.title) ?? str(v.public_title),
          price: cents(v.price),
          available: typeof v.available === 'boolean' ? v.available : null,
          sku: str(v.sku),
          image: isObj(v.featured_image) ? str(v.featured_image.src) : null,
        })),
  }
}

/** `/products/{handle}.json` (the old Admin shape under `product`): decimal price strings, tags as "a, b". */
export function fromAdminProduct(p: Obj): RawFacts {
  const variants = arr(p.variants).filter(isObj)
  const images = arr(p.images).filter(isObj)
  const priced = variants
    .map((v) => ({ price: parsePrice(v.price)?.amount ?? null, compare: parsePrice(v.compare_at_price)?.amount ?? null }))
    .filter((v) => v.price !== null)
    .sort((a, b) => a.price! - b.price!)
  const cheapest = priced[0]
  return {
    title: str(p.title),
    descriptionHtml: str(p.body_html),
    images: images.map((i) => str(i.src)).filter((u): u is string => !!u),
    price: cheapest?.price ?? null,
    compareAtPrice: cheapest && cheapest.compare !== null && cheapest.compare > cheapest.price! ? cheapest.compare : null,
    currency: str(variants[0]?.price_currency),
    vendor: str(p.vendor),
    productType: str(p.product_type),
    tags: Array.isArray(p.tags) ? p.tags.map(String) : String(p.tags ?? '').split(','),
    options: optionsOf(p.options, variants),
    variants: isDefaultOnly(variants)
      ? []
      : variants.map((v): RawVariant => ({
          title: str(v.title),
          price: parsePrice(v.price)?.amount ?? null,
          available: typeof v.available === 'boolean' ? v.available : null,
          sku: str(v.sku),
          image: str(images.find((i) => i.id !== undefined && i.id === v.image_id)?.src),
        })),
  }
}

/**
 * What the product's page adds to the store's feed: the active currency (JSON-LD / product meta, then
 * `Shopify.currency = {"active": …}`), the reviews and the rating its review app states (the feeds
 * carry neither), the store's name and the specifications stores often list in JSON-LD.
 */
function pageExtras(doc: FetchedDocument): RawFacts {
  const sd = extractStructuredData(doc.body, doc.url, parsePage(doc.body))
  const active = doc.body.match(/Shopify\.currency\s*=\s*\{[^}]*"active"\s*:\s*"([A-Z]{3})"/)?.[1] ?? null
  return {
    currency: sd.currency ?? active,
    reviews: sd.reviews,
    listingRating: sd.listingRating,
    locale: sd.locale,
    siteName: sd.siteName,
    specs: sd.specs,
  }
}

// ---------------------------------------------------------------------------------------------
// The page's own gallery, when no feed answered: a theme renders `product.media` as one block of
// photos, each photo one item; JSON-LD and og:image usually name only the featured one.

type Element = ReturnType<CheerioAPI>[number]

/** A photo on the store's CDN, full size, and its file ("…/files/a_640x.jpg?v=1&width=300" → "a.jpg"); null otherwise. */
function storePhoto(raw: string | undefined, pageUrl: string): { url: string; file: string } | null {
  const abs = absoluteUrl(raw?.trim().split(/\s+/)[0], pageUrl)
  if (!abs) return null
  const url = stripImageSizeSuffix(abs)
  // `/cdn/shop/files/…` on the store's domain or `cdn.shopify.com/s/files/1/…/products/…`; a video's or a
  // 3D model's still is under `preview_images/` and is not a photo.
  const m = /\/(?:cdn\/shop|s\/files\/[\d/]+)\/(?:files|products)\/(?!preview_images\/)(.+)$/.exec(new URL(url).pathname)
  if (!m) return null
  try {
    return { url, file: decodeURIComponent(m[1]) }
  } catch {
    return { url, file: m[1] }
  }
}

const PHOTO_ATTRS = ['src', 'data-src', 'srcset', 'data-srcset', 'href', 'data-zoom', 'data-zoom-src']

/** The store photos an element names (its own image, lazy-load source, srcset, link to the full size). */
function photosOf($: CheerioAPI, el: Element, pageUrl: string): { url: string; file: string }[] {
  const node = $(el)
  return PHOTO_ATTRS.flatMap((a) => (node.attr(a) ?? '').split(/,\s+/)).flatMap((u) => storePhoto(u, pageUrl) ?? [])
}

/** Each photo once, in page order. */
function photosIn($: CheerioAPI, root: Element, pageUrl: string): { url: string; file: string }[] {
  const seen = new Map<string, string>()
  for (const el of [root, ...$(root).find('img, source, a').toArray()])
    for (const p of photosOf($, el, pageUrl)) if (!seen.has(p.file)) seen.set(p.file, p.url)
  return [...seen].map(([file, url]) => ({ file, url }))
}

/** Whether a block links to another product's page (a product list or menu, not this product's gallery). */
function linksToOtherProducts($: CheerioAPI, root: Element, handle: string, pageUrl: string): boolean {
  return $(root)
    .find('a[href]')
    .toArray()
    .some((a) => {
      const abs = absoluteUrl($(a).attr('href'), pageUrl)
      if (!abs) return false
      const path = new URL(abs).pathname
      if (/^\/(?:cdn|s\/files)\//.test(path)) return false
      const other = shopifyHandle(new URL(abs))?.handle
      return !!other && other !== handle
    })
}

/**
 * Dawn's "hide other variants' media" (Shopify's reference theme, and the many themes built on it):
 * each photo tied to a variant carries `product__media-item--variant` (its thumbnail
 * `thumbnail-list_item--variant`, Dawn's spelling), which its stylesheet hides unless it is the list's
 * first item (the selected variant's photo, rendered first). A shopper sees that one and the photos
 * tied to no variant.
 */
const HIDDEN_VARIANT_MEDIA = ['product__media-item--variant', 'thumbnail-list_item--variant']
function shownItems($: CheerioAPI, block: Element): Element[] {
  return $(block)
    .children()
    .toArray()
    .filter((item, i) => i === 0 || !HIDDEN_VARIANT_MEDIA.some((c) => $(item).hasClass(c)))
}

/**
 * The product's gallery as the page shows it. Around each place the page shows a photo its structured
 * data names, the nearest block holding more than one photo is looked at: it is a gallery when it is a
 * list of photos (each of its items holds one) and links to no other product (else it is a product list,
 * a menu, or the whole product section). The largest gallery's photos a shopper is shown, each once.
 */
export function pageGallery($: CheerioAPI, known: string[], pageUrl: string): { photos: string[]; hidesVariants: boolean } {
  const files = new Set(known.map((u) => storePhoto(u, pageUrl)?.file).filter((f): f is string => !!f))
  const handle = shopifyHandle(new URL(pageUrl))?.handle
  let best = { photos: [] as string[], hidesVariants: false }
  if (!files.size || !handle) return best
  const tried = new Set<Element>()
  for (const el of $('img, source, a').toArray()) {
    if (!photosOf($, el, pageUrl).some((p) => files.has(p.file))) continue
    for (const block of $(el).parents().toArray()) {
      if (tried.has(block)) break
      tried.add(block)
      const photos = photosIn($, block, pageUrl)
      if (photos.length < 2) continue
      const onePerItem = $(block)
        .children()
        .toArray()
        .every((item) => photosIn($, item, pageUrl).length <= 1)
      if (!onePerItem || linksToOtherProducts($, block, handle, pageUrl)) break
      const items = shownItems($, block)
      const shown = new Map<string, string>()
      for (const item of items) for (const p of photosIn($, item, pageUrl)) if (!shown.has(p.file)) shown.set(p.file, p.url)
      if (shown.size > best.photos.length) best = { photos: [...shown.values()], hidesVariants: items.length < $(block).children().length }
      break
    }
  }
  return best
}

/**
 * The product as the theme renders it for its own scripts (Liquid's `{{ product | json }}`: the same
 * object `/products/{handle}.js` answers), found by its handle; null when the theme renders none.
 */
export function themeProduct(html: string, handle: string): Obj | null {
  for (const m of html.matchAll(/\{"id":\d+,"title":/g)) {
    const body = balancedAt(html, m.index)
    if (!body) continue
    try {
      const v: unknown = JSON.parse(body)
      if (isObj(v) && v.handle === handle && Array.isArray(v.variants)) return v
    } catch {
      // Not JSON (a script's object literal): not the theme's product.
    }
  }
  return null
}

/**
 * The rating of Shopify's Product Reviews app for this product: its badge carries the product's id
 * (`#spr_badge_{id}`), so another product's badge on the same page (a related item) is never read.
 */
export function reviewBadge($: CheerioAPI, productId: unknown): RawFacts['listingRating'] {
  if (typeof productId !== 'number' && typeof productId !== 'string') return null
  const badge = $(`#spr_badge_${String(productId).replace(/\D/g, '')}`).first()
  const average = badge.attr('data-rating')
  const count = /\d[\d.,]*/.exec(badge.find('.spr-badge-caption').text())?.[0]
  return average && count ? { average, count } : null
}

function assertNotPasswordPage(doc: FetchedDocument): void {
  if (/\/password\/?$/.test(new URL(doc.url).pathname)) {
    throw new ImportError("This store is password-protected, so we couldn't read the product. Paste the product description instead.")
  }
}

/** What a Shopify store's page carries and another site's never does: its CDN, its storefront globals. */
const SHOPIFY_PAGE = /cdn\.shopify\.com|\/cdn\/shop\/|\bShopify\.(?:shop|theme|routes)\b|shopify-checkout-api-token|\.myshopify\.com/

export type ShopifyImport = { raw: RawFacts; url: string } | { notAStore: { doc: FetchedDocument; $: CheerioAPI } }

/**
 * A Shopify product: `/products/{handle}.js`, else `/products/{handle}.json`, else the product page's
 * JSON-LD with the photos of its gallery (locale prefix kept throughout). When an endpoint answered, the page is still read,
 * best-effort, for the currency, reviews and the store's name. Returns the raw facts and the page URL, or the
 * page itself when it is not a Shopify store's (another site at a /products/ address).
 */
export async function importShopify(url: URL, fetcher: Fetcher): Promise<ShopifyImport> {
  const h = shopifyHandle(url)
  if (!h) throw new ImportError("This doesn't look like a product link", false, url.href)
  const pageUrl = `${h.origin}${h.localePrefix}/products/${h.handle}`

  let raw: RawFacts | null = null
  const js = await fetchOptionalJson(`${pageUrl}.js`, fetcher)
  if (isObj(js) && str(js.title)) raw = fromAjaxProduct(js)
  if (!raw) {
    const json = await fetchOptionalJson(`${pageUrl}.json`, fetcher)
    if (isObj(json) && isObj(json.product) && str(json.product.title)) raw = fromAdminProduct(json.product)
  }

  if (raw) {
    let extras: RawFacts = {}
    try {
      const doc = await fetcher(pageUrl, { accept: 'html' })
      if (doc.status < 400) extras = pageExtras(doc)
    } catch {
      /* best-effort: the endpoint already gave the product */
    }
    return { raw: mergeRaw(raw, extras), url: pageUrl }
  }

  // Neither endpoint answered: the product's page, else the address as given (another site's may
  // need its own trailing slash); a site whose address only looks like a store's is read as any site.
  const { doc, $ } = await readPage(pageUrl, fetcher, 'shopify').catch((err: unknown) => {
    if (err instanceof ImportError && err.kind === 'not-found' && url.href !== pageUrl) return readPage(url.href, fetcher, 'shopify')
    throw err
  })
  assertNotPasswordPage(doc)
  if (!SHOPIFY_PAGE.test(doc.body)) return { notAStore: { doc, $ } }
  let fromPage = extractStructuredData(doc.body, doc.url, $)
  if (!fromPage.currency) fromPage.currency = pageExtras(doc).currency
  // The theme's own copy of the feed the endpoints would have given (the store may refuse those to us).
  const theme = themeProduct(doc.body, h.handle)
  if (theme) {
    fromPage = mergeRaw(fromAjaxProduct(theme), fromPage)
    fromPage.listingRating ??= reviewBadge($, theme.id)
  }
  // The review app's stars beside the heading (Stamped's, Judge.me's…), when nothing structured rates it.
  fromPage.listingRating ??= ratingBesideHeading($)
  // Nothing structured states a price (an old theme's microdata with the price as text only): the
  // theme's price box under the heading.
  if (fromPage.price == null) {
    const shown = priceNearHeading($, fromPage.locale ?? null, doc.url)
    if (shown)
      Object.assign(fromPage, { price: shown.price, compareAtPrice: shown.compareAtPrice, currency: fromPage.currency ?? shown.currency })
  }
  // The theme's price box: a former price struck beside the price (the feed would have named it; a
  // theme's copy that states compare-at prices did, or said there is none: one below the price is none).
  const themeStatesFormer = !!theme && ('compare_at_price' in theme || arr(theme.variants).some((v) => isObj(v) && 'compare_at_price' in v))
  if (!themeStatesFormer && fromPage.compareAtPrice == null && typeof fromPage.price === 'number')
    fromPage.compareAtPrice = formerPriceBeside($, fromPage.price, fromPage.locale ?? null, doc.url)
  // Counted as distinct photos: og:image and og:image:secure_url name each photo twice (http and https).
  // A gallery that hides the other variants' photos is what the shopper sees, even where the theme's
  // copy of the product lists more.
  fromPage.vendor = vendorAsShown($, fromPage)
  const gallery = pageGallery($, fromPage.images ?? [], doc.url)
  if (gallery.hidesVariants || gallery.photos.length > cleanImages(fromPage.images ?? [], doc.url).length) fromPage.images = gallery.photos
  return { raw: fromPage, url: doc.url }
}

/**
 * A store's vendor as a shopper knows it. The vendor is a back-office field: where the page never
 * shows it ("Radial", "us-neweracap-production", "Hevert Apoteam"), only its words the product's
 * name also says are the maker's, else the store's own name when the product's name says it, else
 * none. A vendor the page shows stands (29 Shopify pages of the corpus: 20 of the 21 shown right, all
 * 6 unshown wrong).
 */
export function vendorAsShown($: CheerioAPI, raw: RawFacts): string | null {
  const vendor = cleanBrand(raw.vendor ?? '') ?? ''
  if (!vendor) return raw.vendor ?? null
  const body = $('body')[0]
  const shown = body ? shownText(body, { limit: 200_000 }).toLowerCase() : ''
  if (nameIn(shown, vendor)) return raw.vendor ?? null
  const title = raw.title ?? ''
  const shared = wordsShared(vendor, title)
  if (shared) return shared
  const site = (raw.siteName ?? '').trim()
  return site && nameIn(title, site) ? site : null
}
