import { arr, get, isObj, jsonAfter, num, text } from './marketplaces/embedded'
import type { RawFacts } from './normalize/facts'

/** A Naver SmartStore (or brand store) product page: `smartstore.naver.com/{store}/products/{number}`. */
export function isNaverStoreProduct(url: URL): boolean {
  return /^(?:m\.)?(?:smartstore|brand)\.naver\.com$/i.test(url.hostname) && /\/products\/\d+\/?$/.test(url.pathname)
}

/**
 * A SmartStore product from the state the page hands its script (`window.__PRELOADED_STATE__`,
 * `simpleProductForDetailPage.A`, only when its number is the address's): its display name (the page's
 * title adds " : {store}"), the price after the store's discount beside the sale price, its photos, the
 * buyers' average and count, and the brand the store registered. Naver sells in won.
 */
export function parseNaverStore(html: string, url: URL): RawFacts {
  const product = get(jsonAfter(html, /window\.__PRELOADED_STATE__\s*=\s*/), 'simpleProductForDetailPage.A')
  const number = /\/products\/(\d+)/.exec(url.pathname)?.[1]
  // The address names the channel product (`id`); `productNo` is its origin product's, the same on older pages.
  if (!isObj(product) || !number || ![product.id, product.productNo].some((n) => String(n) === number)) return {}
  const sale = num(product.dispSalePrice) ?? num(product.salePrice)
  const discounted = num(get(product, 'benefitsView.dispDiscountedSalePrice')) ?? num(get(product, 'benefitsView.discountedSalePrice'))
  const price = discounted !== null && discounted > 0 ? discounted : sale !== null && sale > 0 ? sale : null
  const images = [product.representativeImageUrl, ...arr(product.optionalImageUrls)].map(text).filter((u): u is string => u !== null)
  const average = num(get(product, 'reviewAmount.averageReviewScore'))
  const count = num(get(product, 'reviewAmount.totalReviewCount'))
  return {
    title: text(product.dispName) ?? text(product.name),
    price,
    compareAtPrice: price !== null && sale !== null && sale > price ? sale : null,
    currency: price !== null ? 'KRW' : null,
    images,
    ownGalleryRead: images.length > 0,
    ownPriceRead: price !== null,
    vendor: text(get(product, 'naverShoppingSearchInfo.brandName')),
    listingRating: average !== null && count !== null && count > 0 ? { average, count, scale: 5 } : null,
  }
}
