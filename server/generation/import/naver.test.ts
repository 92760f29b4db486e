import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../tests/fixtures/import/fake-fetcher'
import { isNaverStoreProduct } from './naver'
import { importProduct } from './index'

const ADDRESS = 'https://smartstore.naver.com/hanacloth/products/310035176'
const PHOTO = 'https://shop-phinf.pstatic.net/20160128_27/hanacloth_photo'

/** A page as SmartStore serves it (written for this test): its state with the product and another store's. */
function page(product: Record<string, unknown>): string {
  const state = {
    simpleProductForDetailPage: { A: product },
    // A recommended product of another store, priced and rated, elsewhere in the state.
    recommend: {
      A: { products: [{ dispName: '안경 케이스', salePrice: 4000, reviewAmount: { totalReviewCount: 99, averageReviewScore: 5 } }] },
    },
  }
  return `<html><head><title>안경천 : 하나 크로스</title><meta property="og:title" content="안경천 : 하나 크로스"></head>
    <body><div id="root"></div><script>window.__PRELOADED_STATE__=${JSON.stringify(state)}</script></body></html>`
}

const cloth = {
  id: 310035176,
  productNo: 310035176,
  name: '안경천',
  dispName: '안경 귀고무,안경닦이,안경천',
  salePrice: 13000,
  dispSalePrice: 13000,
  benefitsView: { dispDiscountedSalePrice: 11000, discountedSalePrice: 11000 },
  reviewAmount: { totalReviewCount: 17, averageReviewScore: 4.71 },
  naverShoppingSearchInfo: { brandName: '하나크로스', manufacturerName: '하나크로스' },
  representativeImageUrl: `${PHOTO}_main.jpg`,
  optionalImageUrls: [`${PHOTO}_1.jpg`, `${PHOTO}_2.jpg`],
  channel: { channelName: '하나 크로스' },
}

describe('Naver SmartStore', () => {
  it('knows a store’s product address', () => {
    expect(isNaverStoreProduct(new URL(ADDRESS))).toBe(true)
    expect(isNaverStoreProduct(new URL('https://smartstore.naver.com/hanacloth'))).toBe(false)
  })

  it('reads the product from the page’s state: its display name, the discounted price beside the sale price, photos, rating and brand', async () => {
    const facts = await importProduct(ADDRESS, fakeFetcher({ [ADDRESS]: { body: page(cloth) } }), new Date('2026-03-10T12:00:00Z'))
    expect(facts.title).toBe('안경 귀고무,안경닦이,안경천')
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([11000, 13000, 'KRW'])
    expect(facts.images).toHaveLength(3)
    expect(facts.listingRating).toEqual({ average: 4.71, count: 17 })
    expect(facts.vendor).toBe('하나크로스')
  })

  it('reads a product whose channel number (the address’s) differs from its origin product’s', async () => {
    const channel = { ...cloth, productNo: 5817455588 }
    const facts = await importProduct(ADDRESS, fakeFetcher({ [ADDRESS]: { body: page(channel) } }), new Date('2026-03-10T12:00:00Z'))
    expect(facts.price).toBe(11000)
  })

  it('reads nothing from the state of another product than the address’s', async () => {
    const other = { ...cloth, id: 1, productNo: 1 }
    // Nothing else on the page names a photo: no product is made from another's data.
    await expect(
      importProduct(ADDRESS, fakeFetcher({ [ADDRESS]: { body: page(other) } }), new Date('2026-03-10T12:00:00Z')),
    ).rejects.toThrow(/product images/)
  })
})
