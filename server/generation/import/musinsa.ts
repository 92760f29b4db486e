import type { CheerioAPI } from 'cheerio'
import { arr, get, num, scriptJson, text } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'
import { absoluteUrl } from './normalize/images'

/** A MUSINSA (무신사) product page (`musinsa.com/products/{id}`, the older `/app/goods/{id}`). */
export function isMusinsaProduct(url: URL): boolean {
  return /(^|\.)musinsa\.com$/i.test(url.hostname) && /^\/(?:products|app\/goods)\/\d+/.test(url.pathname)
}

/** Where MUSINSA's photo paths ("/images/goods_img/…") are served from when the page names no other. */
const IMAGE_HOST = 'https://image.msscdn.net'

/**
 * A MUSINSA product from the page's own data (`__NEXT_DATA__`, `props.pageProps.meta.data`): the page
 * itself is grey boxes until its script runs. The name as printed under the brand (`goodsNm`; the
 * `<title>` adds the brand and "- 후기 | 무신사"), the sale price and the normal price it is struck
 * beside, the representative photo and the gallery's, the buyers' satisfaction score and count of
 * reviews, and the brand. Coupons, points and shipping fees are not the product's price.
 */
export function parseMusinsa($: CheerioAPI): RawFacts {
  const data = get(scriptJson($, 'script#__NEXT_DATA__'), 'props.pageProps.meta.data')
  const title = text(get(data, 'goodsNm'))
  if (!title) return {}
  const sale = num(get(data, 'goodsPrice.salePrice'))
  const normal = num(get(data, 'goodsPrice.normalPrice'))
  const price = sale !== null && sale > 0 ? sale : null
  const base = ($('meta[property="og:image"]').attr('content') ?? '').match(/^https:\/\/[^/]+/)?.[0] ?? IMAGE_HOST
  const paths = [get(data, 'thumbnailImageUrl'), ...arr(get(data, 'goodsImages')).map((g) => get(g, 'imageUrl'))]
  const images = paths.map((p) => (typeof p === 'string' ? absoluteUrl(p, base) : null)).filter((u): u is string => u !== null)
  const score = num(get(data, 'goodsReview.satisfactionScore')) ?? 0
  const count = num(get(data, 'goodsReview.totalCount')) ?? 0
  return {
    title,
    price,
    compareAtPrice: price !== null && normal !== null && normal > price ? normal : null,
    currency: price !== null ? 'KRW' : null,
    images,
    listingRating: count > 0 && score > 0 ? { average: score, count, scale: 5 } : null,
    vendor: text(get(data, 'brandInfo.brandName')),
  }
}
