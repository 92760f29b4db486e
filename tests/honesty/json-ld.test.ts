import Validator from '@adobe/structured-data-validator'
import WebAutoExtractor from '@marbec/web-auto-extractor'
import { beforeAll, describe, expect, it } from 'vitest'
import { pageDescription, productJsonLd } from '../../server/domain/page/seo'
import { publishedFixturePages, type PublishedFixture } from '../fixtures/published-pages'

/**
 * The schema.org Product every share page carries, checked by Adobe's structured-data validator
 * (schema.org shapes plus Google's Product rich-result rules) on every fixture page: no errors.
 */
const URL_OF_PAGE = 'https://pages.example/share/0b7c1c9e-4a4f-4a8e-9d43-2f1f4b7f2d11'

async function errorsIn(ld: Record<string, unknown>): Promise<string[]> {
  const html = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html)
  const issues = await new Validator(null).validate(extracted)
  return issues.filter((i) => i.severity === 'ERROR').map((i) => i.issueMessage)
}

describe('schema.org Product on shopper pages', () => {
  let pages: PublishedFixture[] = []
  beforeAll(async () => {
    pages = await publishedFixturePages()
  })

  it('is valid for every fixture page in every template', async () => {
    expect(pages.length).toBeGreaterThan(20)
    for (const { name, page } of pages) {
      const ld = productJsonLd(page, URL_OF_PAGE)
      expect(await errorsIn(ld), name).toEqual([])
      expect(ld.offers, name).toMatchObject({ '@type': 'Offer', priceCurrency: expect.stringMatching(/^[A-Z]{3}$/) })
      expect(pageDescription(page), name).not.toMatch(/[$€£¥]\s?\d/)
    }
  })

  it('the validator catches a broken offer (the check can fail)', async () => {
    const ld = productJsonLd(pages[0].page, URL_OF_PAGE)
    const offers = { ...(ld.offers as Record<string, unknown>) }
    delete offers.price
    expect((await errorsIn({ ...ld, offers })).length).toBeGreaterThan(0)
    expect(
      (await errorsIn({ ...ld, aggregateRating: { '@type': 'AggregateRating', ratingValue: 9, bestRating: 5 } })).length,
    ).toBeGreaterThan(0)
  })
})
