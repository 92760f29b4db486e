import { type RawFacts } from '../normalize/facts'
import { parsePrice } from '../normalize/price'
import { arr, deepFind, first, isObj, jsonAfter, num, text, type Obj } from './embedded'

/**
 * What a Next.js app-router page streams as its data: strings pushed to `self.__next_f`, which
 * joined and unescaped hold the page's JSON (DHgate's product pages since 2025).
 */
function nextFlightText(html: string): string {
  const parts: string[] = []
  for (const m of html.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)) {
    try {
      parts.push(JSON.parse(m[1]) as string)
    } catch {
      // A chunk that is not a JSON string carries nothing we read.
    }
  }
  return parts.join('')
}

/**
 * DHgate's Next.js page: the product (`productName`, the gallery's `oriImgList`) and the product's
 * own review summary (`prodCommentSummary`) in the streamed data. The summary is the product's
 * rating: the page's JSON-LD rating is the seller's (`sellerReviewCount`), never used.
 */
function parseDhgateFlight(html: string): RawFacts {
  const flight = nextFlightText(html)
  if (!flight) return {}
  const summary = jsonAfter(flight, /"prodCommentSummary"\s*:\s*/)
  const name = /"productName"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(flight)?.[1]
  const gallery = arr(jsonAfter(flight, /"oriImgList"\s*:\s*/))
  const count = isObj(summary) ? num(summary.reviewCount) : null
  const average = isObj(summary) ? (num(summary.averageScore) ?? num(summary.avgScore)) : null
  return {
    title: name ? text(JSON.parse(name) as string) : null,
    images: gallery
      .map((i) => (isObj(i) ? (text(i.imgUrl) ?? text(i.url)) : text(i)))
      .filter((u): u is string => !!u)
      .map((u) => (u.startsWith('//') ? `https:${u}` : u)),
    listingRating: count !== null && count > 0 && average !== null && average > 0 ? { average, count } : null,
    ownRatingRead: isObj(summary),
  }
}

/** DHgate's product page state: `window.__INITIAL_STATE__ = {...}`, or the Next.js page's streamed data. */
export function parseDhgate(html: string): RawFacts {
  const root = jsonAfter(html, /window\.__INITIAL_STATE__\s*=\s*/) ?? jsonAfter(html, /window\.__INIT_DATA__\s*=\s*/)
  if (!isObj(root)) return parseDhgateFlight(html)
  const item = deepFind(root, ['product', 'productInfo', 'itemInfo'], (v) => isObj(v) && ('itemName' in v || 'productName' in v)) as
    Obj | undefined
  if (!item) return {}
  const priceInfo = isObj(item.priceInfo) ? item.priceInfo : item
  const currency = text(first(priceInfo, 'currency', 'currencyCode'))
  const min = num(priceInfo.minPrice) ?? parsePrice(priceInfo.priceRange, currency)?.amount ?? null
  const orig = num(priceInfo.originalMinPrice) ?? parsePrice(priceInfo.originalPriceRange, currency)?.amount ?? null
  const reviewRoot = deepFind(root, ['review', 'reviews', 'feedback'], (v) => isObj(v) || Array.isArray(v))
  const list = Array.isArray(reviewRoot) ? reviewRoot : arr(first(reviewRoot, 'reviewList', 'list'))
  return {
    title: text(item.itemName ?? item.productName),
    images: arr(item.imgList ?? item.images)
      .map((i) => (isObj(i) ? (text(i.imgUrl) ?? text(i.url)) : text(i)))
      .filter((u): u is string => !!u),
    price: min,
    compareAtPrice: min !== null && orig !== null && orig > min ? orig : null,
    currency: currency ?? parsePrice(priceInfo.priceRange)?.currency ?? null,
    specs: arr(item.itemAttrList ?? item.specs)
      .filter(isObj)
      .map((a) => ({ name: text(a.attrName) ?? text(a.name) ?? '', value: text(a.attrValue) ?? text(a.value) ?? '' })),
    bullets: arr(item.sellingPoints)
      .map(text)
      .filter((b): b is string => !!b),
    descriptionHtml: text(item.descHtml ?? item.description),
    vendor: text(first(root, 'sellerInfo.storeName', 'store.storeName')) ?? text(first(item, 'sellerInfo.storeName')),
    productType: text(item.categoryName),
    reviews: list.filter(isObj).map((r) => ({
      author: text(r.nickName) ?? text(r.buyerName),
      rating: num(r.score) ?? num(r.rating),
      date: text(r.createdDate) ?? num(r.createTime),
      body: text(r.content) ?? text(r.reviewContent),
    })),
  }
}
