import { describe, expect, it } from 'vitest'
import { isTargetProduct, parseTarget } from './target'

const URL_ = new URL('https://www.target.com/p/ceramic-mug-12oz-threshold/-/A-12345678')

/** A page as Target serves it: the data is a JSON string handed to JSON.parse in a script. */
function page(queries: unknown[]): string {
  const data = JSON.stringify({ __PRELOADED_QUERIES__: { queries } })
  return `<html><body><h1>Ceramic Mug</h1><script>Object.defineProperties(window, {
  '__TGT_DATA__': { configurable: false, enumerable: true, value: deepFreeze(JSON.parse(${JSON.stringify(data)})), writable: false },
});</script></body></html>`
}

const product = (tcin: string, price: Record<string, unknown>) => ({
  tcin,
  price,
  item: {
    primary_brand: { name: 'Threshold' },
    enrichment: {
      images: {
        primary_image_url: 'https://target.scene7.com/is/image/Target/GUEST_a',
        alternate_image_urls: ['https://target.scene7.com/is/image/Target/GUEST_b'],
      },
    },
  },
  ratings_and_reviews: { statistics: { rating: { average: 4.62, count: 37 } } },
})

const pdp = (tcin: string, price: Record<string, unknown>) => [
  ['@web/domain-product/get-pdp-v1', { tcin, pricing_store_id: '3991' }],
  { data: { product: product(tcin, price) } },
]

describe('Target product pages', () => {
  it('knows a product address by its item number', () => {
    expect(isTargetProduct(URL_)).toBe(true)
    expect(isTargetProduct(new URL('https://www.target.com/p/A-12345678'))).toBe(true)
    expect(isTargetProduct(new URL('https://www.target.com/c/mugs/-/N-4y5mx'))).toBe(false)
    expect(isTargetProduct(new URL('https://www.nottarget.com/p/x/-/A-1'))).toBe(false)
  })

  it("reads the price the page draws by script, the photos, the brand and the guests' rating", () => {
    const facts = parseTarget(page([pdp('12345678', { current_retail: 9.99, reg_retail: 9.99 })]), URL_)
    expect(facts).toMatchObject({
      price: 9.99,
      compareAtPrice: null,
      currency: 'USD',
      vendor: 'Threshold',
      listingRating: { average: 4.62, count: 37, scale: 5 },
    })
    expect(facts.images).toEqual([
      'https://target.scene7.com/is/image/Target/GUEST_a?wid=1200&hei=1200&qlt=80&fmt=pjpeg',
      'https://target.scene7.com/is/image/Target/GUEST_b?wid=1200&hei=1200&qlt=80&fmt=pjpeg',
    ])
  })

  it('a sale shows the regular price struck beside it', () => {
    const facts = parseTarget(page([pdp('12345678', { current_retail: 7.49, reg_retail: 9.99 })]), URL_)
    expect(facts).toMatchObject({ price: 7.49, compareAtPrice: 9.99 })
  })

  it("never reads another item's answer in the same data (a recommendation's price)", () => {
    const other = pdp('99999999', { current_retail: 1.99, reg_retail: 3.99 })
    expect(parseTarget(page([other]), URL_)).toEqual({})
    const facts = parseTarget(page([other, pdp('12345678', { current_retail: 9.99, reg_retail: 9.99 })]), URL_)
    expect([facts.price, facts.compareAtPrice]).toEqual([9.99, null])
  })

  it('a price in the markup (another item’s, a struck one) never replaces the price of its data', async () => {
    const { importProduct } = await import('./index')
    const { fakeFetcher } = await import('../../../tests/fixtures/import/fake-fetcher')
    const html = page([pdp('12345678', { current_retail: 4.99, reg_retail: 4.99 })]).replace(
      '<h1>Ceramic Mug</h1>',
      '<h1>Ceramic Mug</h1><div>$2.49</div><s>$6.99</s>',
    )
    const facts = await importProduct(URL_.href, fakeFetcher({ [URL_.href]: { body: html } }), new Date('2026-03-10T12:00:00Z'))
    expect([facts.price, facts.compareAtPrice, facts.currency]).toEqual([4.99, null, 'USD'])
  })

  it('reads nothing from a page without the data, or with data it cannot parse', () => {
    expect(parseTarget('<html><body><h1>Mug</h1></body></html>', URL_)).toEqual({})
    expect(parseTarget(`<script>'__TGT_DATA__': { value: deepFreeze(JSON.parse("{not json")) }</script>`, URL_)).toEqual({})
  })
})
