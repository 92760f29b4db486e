import { type RawFacts } from '../normalize/facts'
import { parsePrice } from '../normalize/price'
import { arr, deepFind, first, isObj, jsonAfter, num, text, type Obj } from './embedded'

/** DHgate's product page state, `window.__INITIAL_STATE__ = {...}` (JSON-LD on the page is the fallback). */
export function parseDhgate(html: string): RawFacts {
  const root = jsonAfter(html, /window\.__INITIAL_STATE__\s*=\s*/) ?? jsonAfter(html, /window\.__INIT_DATA__\s*=\s*/)
  if (!isObj(root)) return {}
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
