import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../../tests/fixtures/import/fake-fetcher'
import { importProduct } from '../index'

const now = new Date('2026-03-10T12:00:00Z')
const URL_ = 'https://ie.dhgate.com/product/resin-gua-sha-board/1087570533.html'

/** DHgate's Next.js page reduced to what the test is about (written for this test). */
function nextPage(data: Record<string, unknown>): string {
  const ld = {
    '@context': 'https://schema.org/',
    '@type': 'Product',
    name: 'Resin Gua Sha Board... From &Price; | DHgate',
    image: ['https://img4.dhresource.com/0x0/f3/a.jpg'],
    brand: { '@type': 'Brand', name: 'dhgate' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '5', reviewCount: 4246 },
    offers: { '@type': 'Offer', price: '4.36', priceCurrency: 'USD' },
  }
  const flight = JSON.stringify(`7:${JSON.stringify(data)}\n`)
  return `<!doctype html><html lang="en"><head><title>Resin Gua Sha Board... From $4.36 | DHgate</title>
    <script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h1>Resin Gua Sha Board for Face and Neck</h1>
    <script>self.__next_f.push([1,${flight}])</script></body></html>`
}

describe('DHgate: the product’s own data, never the seller’s', () => {
  it('takes the rating from the product’s review summary, not the JSON-LD (the seller’s), and no site name as the brand', async () => {
    const html = nextPage({
      productName: 'Resin Gua Sha Board for Face and Neck',
      oriImgList: ['//img4.dhresource.com/0x0/f3/a.jpg', '//img4.dhresource.com/0x0/f3/b.jpg', '//img4.dhresource.com/0x0/f3/c.jpg'],
      prodCommentSummary: { reviewCount: 0, averageScore: 0 },
      sellerReviewCount: 4246,
    })
    const facts = await importProduct(URL_, fakeFetcher({ [URL_]: { body: html } }), now)
    expect(facts.title).toBe('Resin Gua Sha Board for Face and Neck')
    expect(facts.images).toHaveLength(3)
    expect(facts.listingRating).toBeNull()
    expect(facts.vendor).toBeNull()
    expect(facts.price).toBe(4.36)
  })

  it('a product with its own reviews keeps their average and count', async () => {
    const html = nextPage({
      productName: 'Resin Gua Sha Board for Face and Neck',
      prodCommentSummary: { reviewCount: 12, averageScore: 4.8 },
    })
    const facts = await importProduct(URL_, fakeFetcher({ [URL_]: { body: html } }), now)
    expect(facts.listingRating).toEqual({ average: 4.8, count: 12 })
  })
})
