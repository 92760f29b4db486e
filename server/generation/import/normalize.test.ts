import { describe, expect, it } from 'vitest'
import {
  absoluteUrl,
  buildFacts,
  cleanImages,
  detectCurrency,
  normalizeRating,
  normalizeReview,
  parseDate,
  parsePrice,
  stripImageSizeSuffix,
} from './normalize'
import { ImportError } from './types'

describe('parsePrice', () => {
  it.each([
    ['$1,299.00', 1299, 'USD'],
    ['1.299,00 €', 1299, 'EUR'],
    ['US $12.34 - 18.20', 12.34, 'USD'],
    ['€ 12,50', 12.5, 'EUR'],
    ['£7.99', 7.99, 'GBP'],
    ['1 299,00 zł', 1299, 'PLN'],
    ['CHF 1\'299.50', 1299.5, 'CHF'],
    ['¥1,280', 1280, 'JPY'],
    ['19.99', 19.99, null],
    ['1,299', 1299, null],
    ['0.125', 0.13, null],
    ['C$ 24.00 – C$ 30.00', 24, 'CAD'],
    ['R$ 89,90', 89.9, 'BRL'],
  ])('%s → %s %s', (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency })
  })

  it('takes numbers as they are, rounded to cents, and refuses junk', () => {
    expect(parsePrice(12.345)).toEqual({ amount: 12.35, currency: null })
    expect(parsePrice('Free')).toBeNull()
    expect(parsePrice(undefined)).toBeNull()
    expect(parsePrice(-3)).toBeNull()
  })
})

describe('detectCurrency', () => {
  it('prefers explicit codes, then symbols; a bare $ takes a dollar hint', () => {
    expect(detectCurrency('USD 12.00')).toBe('USD')
    expect(detectCurrency('eur')).toBe('EUR')
    expect(detectCurrency('$12.00', 'CAD')).toBe('CAD')
    expect(detectCurrency('$12.00', 'EUR')).toBe('USD')
    expect(detectCurrency('AU$12.00')).toBe('AUD')
    expect(detectCurrency('12,00 €', 'USD')).toBe('EUR')
    expect(detectCurrency('12.00', 'GBP')).toBe('GBP')
    expect(detectCurrency('12.00')).toBeNull()
  })
})

describe('URLs and images', () => {
  it('resolves relative and protocol-relative URLs, refuses other schemes', () => {
    expect(absoluteUrl('/a.jpg', 'https://shop.example/p/x')).toBe('https://shop.example/a.jpg')
    expect(absoluteUrl('//cdn.shopify.com/a.jpg', 'http://shop.example/')).toBe('https://cdn.shopify.com/a.jpg')
    expect(absoluteUrl('javascript:alert(1)', 'https://shop.example/')).toBeNull()
    expect(absoluteUrl('data:image/png;base64,AAA', 'https://shop.example/')).toBeNull()
  })

  it('strips simple size suffixes only where the CDN is known', () => {
    expect(stripImageSizeSuffix('https://ae01.alicdn.com/kf/Sabc.jpg_640x640.jpg')).toBe('https://ae01.alicdn.com/kf/Sabc.jpg')
    expect(stripImageSizeSuffix('https://ae01.alicdn.com/kf/Sabc.jpg_640x640q75.jpg_.webp')).toBe('https://ae01.alicdn.com/kf/Sabc.jpg')
    expect(stripImageSizeSuffix('https://m.media-amazon.com/images/I/61aB._AC_SX679_.jpg')).toBe('https://m.media-amazon.com/images/I/61aB.jpg')
    expect(stripImageSizeSuffix('https://cdn.shopify.com/s/files/1/x/products/a_640x640.jpg?v=1')).toBe('https://cdn.shopify.com/s/files/1/x/products/a.jpg?v=1')
    expect(stripImageSizeSuffix('https://shop.example/cdn/shop/products/a.jpg?v=1&width=1920')).toBe('https://shop.example/cdn/shop/products/a.jpg?v=1')
    expect(stripImageSizeSuffix('https://other.example/photo_640x640.jpg')).toBe('https://other.example/photo_640x640.jpg')
  })

  it('keeps https or same-origin images, de-duplicated', () => {
    const page = 'http://localhost:3000/demo-store/products/mug'
    expect(
      cleanImages(['/img/mug.jpg', 'http://evil.example/x.jpg', 'https://cdn.example/a.jpg', 'https://cdn.example/a.jpg', 'javascript:x', 42], page),
    ).toEqual(['http://localhost:3000/img/mug.jpg', 'https://cdn.example/a.jpg'])
  })
})

describe('ratings, dates and reviews', () => {
  it.each([
    [4, undefined, 4],
    ['4.0 out of 5 stars', undefined, 4],
    ['4,0 von 5 Sternen', undefined, 4],
    [80, undefined, 4],
    [100, 100, 5],
    ['80%', undefined, 4],
    [8, 10, 4],
    [7, 5, 5],
    [-1, undefined, null],
    ['great', undefined, null],
    [500, undefined, null],
  ])('%s (scale %s) → %s', (value, scale, expected) => {
    expect(normalizeRating(value, scale)).toBe(expected)
  })

  it.each([
    ['Reviewed in the United States on March 3, 2026', '2026-03-03'],
    ['03 Mar 2026', '2026-03-03'],
    ['3rd March 2026', '2026-03-03'],
    ['2026-03-03T12:00:00Z', '2026-03-03'],
    ['2026/3/3', '2026-03-03'],
    ['03.04.2026', '2026-04-03'],
    ['04/03/2026', '2026-04-03'],
    ['25/03/2026', '2026-03-25'],
    [1772551200, '2026-03-03'],
    ['1772551200000', '2026-03-03'],
    ['February 30, 2026', null],
    ['2 days ago', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseDate(value)).toBe(expected)
  })

  it('trims and caps reviews, falls back to the title, and drops empty ones', () => {
    const long = 'x'.repeat(6000)
    const r = normalizeReview({ author: '  Ann  ', rating: 100, ratingScale: 100, date: '03 Mar 2026', body: `  <b>Good</b>   ${long}` }, 'AliExpress')!
    expect(r.author).toBe('Ann')
    expect(r.rating).toBe(5)
    expect(r.date).toBe('2026-03-03')
    expect(r.body.length).toBe(5000)
    expect(r.body.startsWith('Good x')).toBe(true)
    expect(r.source).toBe('AliExpress')
    expect(normalizeReview({ title: 'Only a title' }, 's')).toMatchObject({ author: 'Anonymous', body: 'Only a title', title: null, rating: null })
    expect(normalizeReview({ author: 'x', body: '   ' }, 's')).toBeNull()
  })
})

describe('buildFacts', () => {
  const now = new Date('2026-03-10T12:00:00Z')

  it('fills every field, sanitises the description and computes the summary from the reviews only', () => {
    const facts = buildFacts(
      {
        title: '  Mug &amp; Saucer ',
        descriptionHtml: '<p style="x" onclick="y">Hi<script>alert(1)</script></p><ul><li>Stoneware</li><li>350 ml</li></ul>',
        images: ['/a.jpg', 'https://cdn.example/b.jpg'],
        price: 12.345,
        currency: '€',
        reviews: [
          { author: 'A', rating: 5, body: 'Lovely' },
          { author: 'B', rating: 4, body: 'Nice' },
          { author: 'C', body: 'No stars' },
        ],
        specs: [{ name: 'Material:', value: 'Stoneware' }, { name: 'material', value: 'dup' }, { name: '', value: 'x' }],
      },
      { url: 'https://www.studio.example/p/mug', platform: 'generic' },
      now,
    )
    expect(facts.title).toBe('Mug & Saucer')
    expect(facts.descriptionHtml).toBe('<p>Hi</p><ul><li>Stoneware</li><li>350 ml</li></ul>')
    expect(facts.descriptionText).toBe('Hi\nStoneware\n350 ml')
    expect(facts.bullets).toEqual(['Stoneware', '350 ml'])
    expect(facts.images).toEqual(['https://www.studio.example/a.jpg', 'https://cdn.example/b.jpg'])
    expect(facts.price).toBe(12.35)
    expect(facts.compareAtPrice).toBeNull()
    expect(facts.currency).toBe('EUR')
    expect(facts.specs).toEqual([{ name: 'Material', value: 'Stoneware' }])
    expect(facts.reviews.map((r) => r.source)).toEqual(['studio.example', 'studio.example', 'studio.example'])
    expect(facts.ratingSummary).toEqual({ average: 4.5, count: 2 })
    expect(facts.source).toEqual({ url: 'https://www.studio.example/p/mug', platform: 'generic', name: 'studio.example' })
    expect(facts.fetchedAt).toBe('2026-03-10T12:00:00.000Z')
    expect(facts).toMatchObject({ options: [], variants: [], tags: [], vendor: null, productType: null })
  })

  it('names marketplace reviews after the marketplace', () => {
    const facts = buildFacts({ title: 'X', reviews: [{ author: 'A', body: 'ok' }] }, { url: 'https://www.temu.com/x-g-1.html', platform: 'temu' }, now)
    expect(facts.reviews[0].source).toBe('Temu')
    expect(facts.source.name).toBe('Temu')
    expect(facts.ratingSummary).toBeNull()
  })

  it('refuses facts the schema cannot hold with a non-transient ImportError', () => {
    expect(() => buildFacts({ title: '' }, { url: 'https://x.example/', platform: 'generic' }, now)).toThrow(ImportError)
  })
})
