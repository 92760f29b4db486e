import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isMusinsaProduct, parseMusinsa } from './musinsa'

/** A product page as MUSINSA serves it: grey boxes, its data in __NEXT_DATA__ (written for this test). */
function page(data: Record<string, unknown>, ogImage = 'https://image.msscdn.net/images/goods_img/1/4711/4711_1_500.jpg') {
  const next = JSON.stringify({ props: { pageProps: { meta: { data } } } })
  return `<html><head><title>브랜드(BRAND) 리넨 셔츠 - 후기 | 무신사</title><meta property="og:image" content="${ogImage}"></head>
    <body><div class="skeleton"></div><script id="__NEXT_DATA__" type="application/json">${next}</script></body></html>`
}

const SHIRT = {
  goodsNm: '리넨 셔츠',
  thumbnailImageUrl: '/images/goods_img/1/4711/4711_1_500.jpg',
  goodsImages: [{ imageUrl: '/images/prd_img/1/4711/detail_4711_2_500.jpg' }, { imageUrl: '/images/prd_img/1/4711/detail_4711_3_500.jpg' }],
  goodsPrice: { salePrice: 39000, normalPrice: 59000, couponPrice: 35100, isSale: true },
  goodsReview: { totalCount: 1203, satisfactionScore: 4.8 },
  brandInfo: { brandName: '브랜드', brandEnglishName: 'BRAND' },
}

describe('MUSINSA products', () => {
  it('knows a product’s address', () => {
    expect(isMusinsaProduct(new URL('https://www.musinsa.com/products/5923474'))).toBe(true)
    expect(isMusinsaProduct(new URL('https://www.musinsa.com/app/goods/5923474'))).toBe(true)
    expect(isMusinsaProduct(new URL('https://www.musinsa.com/brand/signiq'))).toBe(false)
  })

  it('reads the name as printed, the sale price and the normal price struck beside it, the photos, the buyers’ score and the brand; never a coupon’s price', () => {
    expect(parseMusinsa(load(page(SHIRT)))).toEqual({
      title: '리넨 셔츠',
      price: 39000,
      compareAtPrice: 59000,
      currency: 'KRW',
      images: [
        'https://image.msscdn.net/images/goods_img/1/4711/4711_1_500.jpg',
        'https://image.msscdn.net/images/prd_img/1/4711/detail_4711_2_500.jpg',
        'https://image.msscdn.net/images/prd_img/1/4711/detail_4711_3_500.jpg',
      ],
      listingRating: { average: 4.8, count: 1203, scale: 5 },
      vendor: '브랜드',
    })
  })

  it('states no struck price without a sale, no rating without reviews, and nothing without its data', () => {
    const plain = parseMusinsa(
      load(page({ ...SHIRT, goodsPrice: { salePrice: 59000, normalPrice: 59000 }, goodsReview: { totalCount: 0, satisfactionScore: 0 } })),
    )
    expect(plain).toMatchObject({ price: 59000, compareAtPrice: null, listingRating: null })
    expect(parseMusinsa(load('<html><body><h1>무신사</h1></body></html>'))).toEqual({})
  })
})
