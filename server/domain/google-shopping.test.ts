import { describe, expect, it } from 'vitest'
import { allFacts } from '../../tests/fixtures/facts'
import {
  GOOGLE_DESCRIPTION_MAX,
  GOOGLE_TITLE_MAX,
  proposeGoogleCategory,
  proposeGoogleDescription,
  proposeGoogleTitle,
  withoutPromotion,
} from './google-shopping'

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

describe('Google Merchant proposals', () => {
  const cases = allFacts().map(
    ([name, f]) =>
      [
        name,
        { title: f.title, vendor: f.vendor, productType: f.productType, descriptionHtml: f.descriptionHtml, options: f.options },
      ] as const,
  )

  it.each(cases)('%s: a title of the product’s own words, at most 150 characters, no promotion', (_name, f) => {
    const title = proposeGoogleTitle(f)
    expect(title.length).toBeGreaterThan(0)
    expect(title.length).toBeLessThanOrEqual(GOOGLE_TITLE_MAX)
    expect(title).not.toMatch(/free shipping|best seller|sale|!|% off/i)
    const source = new Set(words([f.title, f.vendor, f.productType, ...f.options.flatMap((o) => o.values)].join(' ')))
    for (const w of words(title)) expect(source, `"${w}" is not in the facts`).toContain(w)
  })

  it.each(cases)('%s: a description in Google’s HTML, at most 5,000 characters', (_name, f) => {
    const d = proposeGoogleDescription(f)
    expect(d.length).toBeLessThanOrEqual(GOOGLE_DESCRIPTION_MAX)
    expect(d).not.toMatch(/<(?!\/?(p|br|ul|ol|li|b|strong|i|em)\b)[a-z]/i)
  })

  it('takes promotion out and keeps the facts', () => {
    expect(withoutPromotion('HOT SALE!!! Insulated Bottle 32 oz – Free Shipping')).toBe('Insulated Bottle 32 oz')
    expect(withoutPromotion('Yoga Mat 50% OFF best seller')).toBe('Yoga Mat')
    const title = proposeGoogleTitle({
      title: 'CORK YOGA MAT',
      vendor: 'Terra',
      productType: 'Yoga mat',
      descriptionHtml: '',
      options: [{ name: 'Thickness', values: ['6 mm'] }],
    })
    expect(title).toBe('Terra Cork Yoga Mat, 6 mm')
  })

  it('proposes a category only when the product type names one', () => {
    expect(proposeGoogleCategory({ productType: 'Coffee brewer', title: 'Pour-over set' })).toMatch(/Coffee Makers/)
    expect(proposeGoogleCategory({ productType: null, title: 'Mystery object' })).toBe('')
  })
})
