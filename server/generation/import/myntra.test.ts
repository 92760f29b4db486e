import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../tests/fixtures/import/fake-fetcher'
import { isMyntraProduct, parseMyntra } from './myntra'
import { importProduct } from './index'

const ADDRESS = 'https://www.myntra.com/mugs/acme/acme-stoneware-mug-350ml/12345678/buy'
const IMAGE = 'http://assets.myntassets.com/h_($height),q_($qualityPercentage),w_($width)/v1/assets/images/12345678/2025/1/2/mug'

/** A page as Myntra serves it (written for this test): two headings, the product in `window.__myx`, other styles beside it. */
function page(pdpData: Record<string, unknown>): string {
  // As on Myntra's pages, other styles sit inside the product's own data.
  const myx = { pdpData: { relatedStyles: [{ name: 'Other Mug', price: { mrp: 999, discounted: 199 } }], ...pdpData } }
  return `<html><head><title>Buy Acme Stoneware Mug - 350ml | Myntra</title></head><body>
    <h1 class="pdp-title">Acme</h1><h1 class="pdp-name">Stoneware Mug - 350ml</h1>
    <script>window.__myx_deviceType__ = "desktop"</script><script>window.__myx = ${JSON.stringify(myx)}</script></body></html>`
}

const mug = {
  id: 12345678,
  name: 'Acme Stoneware Mug - 350ml',
  mrp: 599,
  price: { mrp: 599, discounted: 449 },
  brand: { name: 'Acme' },
  media: {
    albums: [
      {
        name: 'default',
        images: [1, 2, 3].map((n) => ({ src: `${IMAGE}${n}.jpg`, secureSrc: `${IMAGE.replace('http:', 'https:')}${n}.jpg` })),
      },
      { name: 'animatedImage', images: [{ src: `${IMAGE}.gif` }] },
    ],
  },
  ratings: { averageRating: 4.5455, totalCount: 1884 },
}

describe('Myntra product pages', () => {
  it('knows a product address by its style number', () => {
    expect(isMyntraProduct(new URL(ADDRESS))).toBe(true)
    expect(isMyntraProduct(new URL('https://www.myntra.com/mugs'))).toBe(false)
    expect(isMyntraProduct(new URL('https://www.notmyntra.com/mugs/acme/x/12345678/buy'))).toBe(false)
  })

  it('reads the name the page shows, the discounted price beside the MRP, the album and the rating as shown', () => {
    const raw = parseMyntra(page(mug), load(page(mug)))
    expect(raw).toMatchObject({ title: 'Stoneware Mug - 350ml', price: 449, compareAtPrice: 599, currency: 'INR', vendor: 'Acme' })
    expect(raw.images).toHaveLength(3)
    expect(raw.images?.[0]).toBe('https://assets.myntassets.com/h_1440,q_90,w_1080/v1/assets/images/12345678/2025/1/2/mug1.jpg')
    expect(raw.listingRating).toEqual({ average: 4.5, count: 1884, scale: 5 })
  })

  it('gives no former price when there is no discount, and no rating without ratings', () => {
    const plain = { ...mug, price: { mrp: 599, discounted: 599 }, ratings: { averageRating: 0, totalCount: 0 } }
    expect(parseMyntra(page(plain), load(page(plain)))).toMatchObject({ price: 599, compareAtPrice: null, listingRating: null })
  })

  it('imports the page through the importer, never another style’s price', async () => {
    const facts = await importProduct(ADDRESS, fakeFetcher({ [ADDRESS]: { body: page(mug), contentType: 'text/html' } }))
    expect(facts).toMatchObject({ title: 'Stoneware Mug - 350ml', price: 449, compareAtPrice: 599, currency: 'INR', vendor: 'Acme' })
    expect(facts.images).toHaveLength(3)
  })
})
