import { type RawFacts } from '../normalize/facts'
import { parsePrice } from '../normalize/price'
import { arr, deepFind, first, isObj, jsonAfter, num, optionsFromPairs, text, type Obj } from './embedded'

/** Temu server-renders its store into `window.rawData = {...}`; the product sits under `store.goods` (names vary a little). */
export function parseTemu(html: string): RawFacts {
  const root = jsonAfter(html, /window\.rawData\s*=\s*/)
  if (!isObj(root)) return {}
  const goods = deepFind(root, ['goods', 'goodsInfo'], (v) => isObj(v) && ('goodsName' in v || 'goods_name' in v)) as Obj | undefined
  if (!goods) return {}
  const priceObj = isObj(goods.priceInfo) ? goods.priceInfo : isObj(goods.price) ? goods.price : goods
  const currency = text(first(priceObj, 'currency', 'currencyCode')) ?? null
  const cents = (v: unknown) => (num(v) === null ? null : num(v)! / 100)
  const price = parsePrice(first(priceObj, 'priceStr', 'salePriceStr'), currency)?.amount ?? cents(first(priceObj, 'price', 'salePrice'))
  const market =
    parsePrice(first(priceObj, 'marketPriceStr', 'linePriceStr'), currency)?.amount ?? cents(first(priceObj, 'marketPrice', 'linePrice'))
  const skus = arr(deepFind(root, ['sku', 'skuList'], Array.isArray)).filter(isObj)
  const pairs = skus.map((s) => ({
    s,
    pairs: arr(s.specs)
      .filter(isObj)
      .map((p) => [text(p.specKey) ?? '', text(p.specValue) ?? ''] as [string, string])
      .filter(([k, v]) => k && v),
  }))
  const reviewRoot = deepFind(root, ['reviews', 'review', 'goodsReview'], (v) => isObj(v) || Array.isArray(v))
  const reviewList = Array.isArray(reviewRoot) ? reviewRoot : arr(first(reviewRoot, 'reviewList', 'list', 'items'))
  const mall = deepFind(root, ['mall', 'mallInfo'], (v) => isObj(v) && 'mallName' in v) as Obj | undefined
  return {
    title: text(goods.goodsName ?? goods.goods_name),
    images: arr(goods.gallery ?? goods.galleryList)
      .map((g) => (isObj(g) ? (text(g.url) ?? text(g.hdUrl)) : text(g)))
      .filter((u): u is string => !!u),
    price,
    compareAtPrice: price !== null && market !== null && market > price ? market : null,
    currency: currency ?? parsePrice(first(priceObj, 'priceStr'))?.currency ?? null,
    bullets: arr(goods.goodsDesc ?? goods.highlights)
      .map(text)
      .filter((b): b is string => !!b),
    specs: arr(goods.goodsProperty ?? goods.properties)
      .filter(isObj)
      .map((p) => ({
        name: text(p.key) ?? text(p.name) ?? '',
        value: arr(p.values ?? p.value)
          .map(text)
          .filter(Boolean)
          .join(', '),
      })),
    options: optionsFromPairs(pairs),
    variants: pairs.map(({ s, pairs: ps }) => ({
      title: ps.map(([, v]) => v).join(' / '),
      price: parsePrice(s.normalPriceStr ?? s.priceStr, currency)?.amount ?? cents(s.normalPrice ?? s.price),
      available: typeof s.isOnSale === 'boolean' ? s.isOnSale : num(s.stockQuantity) === null ? null : num(s.stockQuantity)! > 0,
      sku: text(s.skuId),
      image: text(s.thumbUrl),
    })),
    vendor: text(mall?.mallName),
    reviews: reviewList.filter(isObj).map((r) => ({
      author: text(r.name) ?? text(r.nickName),
      rating: num(r.score) ?? num(r.rating),
      date: num(r.time) ?? text(r.time) ?? text(r.reviewTime),
      body: text(r.comment) ?? text(r.content),
    })),
  }
}
