import { describe, expect, it } from 'vitest'
import type { ProductFacts } from '../../domain/product-facts'
import type { SanitizedHtml } from '../../domain/sanitize'
import { computeFigures } from './figures'

function facts(specs: { name: string; value: string }[]): ProductFacts {
  return {
    title: 'Washing machine shelf',
    descriptionHtml: '' as SanitizedHtml,
    descriptionText: '',
    bullets: [],
    images: ['https://img.example/1.jpg'],
    price: 99.95,
    compareAtPrice: null,
    currency: 'EUR',
    options: [],
    variants: [],
    vendor: null,
    productType: null,
    tags: [],
    specs,
    reviews: [],
    ratingSummary: null,
    source: { url: 'https://shop.example/p/shelf', platform: 'generic', name: 'Shop' },
    fetchedAt: '2026-01-01T00:00:00.000Z',
  }
}

describe('key figures from specifications', () => {
  it('takes measures, never an identifier: an MPN, an article or reference number, a bare long number', () => {
    const figures = computeFigures(
      facts([
        { name: 'mpn', value: '343026' },
        { name: 'Art.-Nr.', value: '79961' },
        { name: 'Reference', value: '4711' },
        { name: 'Produktnummer', value: '5501234' },
        { name: 'Height', value: '176 cm' },
        { name: 'Max. load', value: '10 kg' },
      ]),
    )
    expect(figures.map((f) => [f.label, f.value])).toEqual([
      ['Height', '176 cm'],
      ['Max. load', '10 kg'],
    ])
  })
})
