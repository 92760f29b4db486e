import type { CheerioAPI } from 'cheerio'
import { escapeHtml } from '../../../domain/html-text'
import { isBrandLabel } from '../normalize/brand'
import { type RawFacts } from '../normalize/facts'
import { parsePrice } from '../normalize/price'
import { plainTextToHtml } from '../normalize/text'
import { arr, deepFind, first, isObj, num, optionsFromPairs, scriptJson, text, type Obj } from './embedded'

function descriptionHtml(v: unknown): string | null {
  let blocks: unknown = v
  if (typeof v === 'string') {
    try {
      blocks = JSON.parse(v)
    } catch {
      return plainTextToHtml(v)
    }
  }
  const paras = arr(blocks)
    .filter(isObj)
    .filter((b) => b.type === 'text' && text(b.text))
    .map((b) => `<p>${escapeHtml(text(b.text)!)}</p>`)
  return paras.length ? paras.join('\n') : null
}

/** Each SKU with its (property, value) pairs, as the shape at hand names them. */
function skuPairs(skus: unknown, list: string, name: string, value: string): { s: Obj; pairs: [string, string][] }[] {
  return arr(skus)
    .filter(isObj)
    .map((s) => ({
      s,
      pairs: arr(s[list])
        .filter(isObj)
        .map((p) => [text(p[name]) ?? '', text(p[value]) ?? ''] as [string, string])
        .filter(([k, v]) => k && v),
    }))
}

/** Photos given as `{ url_list: [...] }` (or as addresses): each one's first address. */
const firstAddresses = (images: unknown) =>
  arr(images)
    .map((i) => (isObj(i) ? text(arr(i.url_list)[0]) : text(i)))
    .filter((u): u is string => !!u)

/**
 * TikTok Shop's server data: `<script id="__MODERN_ROUTER_DATA__">` (Modern.js) or `__NEXT_DATA__`,
 * with `product_info.product_base`, or (the mobile page of 2026) `product_info.product_model`.
 */
export function parseTiktok($: CheerioAPI): RawFacts {
  const root = scriptJson($, 'script#__MODERN_ROUTER_DATA__') ?? scriptJson($, 'script#__NEXT_DATA__')
  const base = deepFind(root, ['product_base', 'productBase']) as Obj | undefined
  if (!base) return fromProductModel(root)
  const info =
    (deepFind(root, ['product_info', 'productInfo'], (v) => isObj(v) && ('product_base' in v || 'productBase' in v)) as Obj) ?? {}
  const priceObj = isObj(base.price) ? base.price : {}
  const currency = text(priceObj.currency)
  const price = parsePrice(first(priceObj, 'real_price', 'sale_price', 'min_price'), currency)
  const original = parsePrice(first(priceObj, 'original_price'), currency)
  const pairs = skuPairs(first(info, 'skus', 'sku_list'), 'sku_sale_props', 'prop_name', 'prop_value')
  const reviews = arr(deepFind(root, ['review_items', 'reviews'], Array.isArray)).filter(isObj)
  const reviewInfo = (deepFind(root, ['product_detail_review', 'productDetailReview'], isObj) as Obj | undefined) ?? {}
  return {
    title: text(base.title),
    images: firstAddresses(base.images),
    price: price?.amount ?? null,
    compareAtPrice: price && original && original.amount > price.amount ? original.amount : null,
    currency: currency ?? price?.currency ?? null,
    specs: arr(base.specifications)
      .filter(isObj)
      .map((s) => ({ name: text(s.name) ?? '', value: text(s.value) ?? '' })),
    descriptionHtml: descriptionHtml(base.desc_detail),
    options: optionsFromPairs(pairs),
    variants: pairs.map(({ s, pairs: ps }) => ({
      title: ps.map(([, v]) => v).join(' / '),
      price: parsePrice(first(s, 'price.real_price.price_str', 'price.real_price', 'price'), currency)?.amount ?? null,
      available: num(s.stock) === null ? null : num(s.stock)! > 0,
      sku: text(s.sku_id),
      image: null,
    })),
    vendor: text(first(info, 'seller.name', 'shop_info.shop_name')),
    reviews: reviews.map((r) => ({
      author: text(first(r, 'review_user.name', 'user.nick_name')),
      rating: num(first(r, 'review.rating', 'rating')),
      date: num(first(r, 'review.review_timestamp', 'review_timestamp')) ?? text(first(r, 'review.review_time')),
      body: text(first(r, 'review.display_text', 'review.text', 'text')),
    })),
    listingRating: { average: first(reviewInfo, 'product_rating', 'rating'), count: first(reviewInfo, 'review_count', 'total_count') },
  }
}

/** A property's first value's name (`property_values[0].property_value_name`). */
const propertyValue = (p: Obj) => text(first(arr(p.property_values)[0], 'property_value_name'))

/**
 * The mobile product page's shape: `product_info` holds `product_model` (name, photos, properties,
 * SKUs), `promotion_model` (the lowest SKU's price as shown, "Từ 18.192₫", and its struck original),
 * `review_model` (score and count) and `seller_model`. A seller is not a maker: the brand is a
 * property labelled so, when there is one.
 */
function fromProductModel(root: unknown): RawFacts {
  const info = deepFind(root, ['product_info'], (v) => isObj(v) && isObj(v.product_model)) as Obj | undefined
  const model = info?.product_model as Obj | undefined
  if (!info || !model) return {}
  const shown = first(info, 'promotion_model.promotion_product_price.min_price') as Obj | undefined
  const currency = text(shown?.currency_name)
  // "18192" in a currency without cents, "12.99" in one with them: the amount as a decimal number.
  const price = num(shown?.sale_price_decimal)
  const original = num(shown?.origin_price_decimal)
  const properties = arr(model.product_properties)
    .filter(isObj)
    .map((p) => ({ name: text(p.property_name) ?? '', value: propertyValue(p) ?? '' }))
    .filter((p) => p.name && p.value)
  const pairs = skuPairs(model.skus, 'property_pairs', 'sku_property_name', 'sku_property_value_name')
  const review = isObj(info.review_model) ? info.review_model : {}
  return {
    title: text(model.name),
    images: firstAddresses(model.images),
    price,
    compareAtPrice: price !== null && original !== null && original > price ? original : null,
    currency,
    specs: properties,
    descriptionHtml: descriptionHtml(model.description),
    options: optionsFromPairs(pairs),
    variants: pairs.map(({ s, pairs: ps }) => {
      const stock = num(first(s, 'sku_quantity.available_quantity'))
      return {
        title: ps.map(([, v]) => v).join(' / '),
        price: null,
        available: stock === null ? null : stock > 0,
        sku: text(s.sku_id),
        image: null,
      }
    }),
    vendor: properties.find((p) => isBrandLabel(p.name))?.value ?? null,
    listingRating: { average: review.product_overall_score, count: review.product_review_count },
  }
}
