import { describe, expect, it } from 'vitest'
import { ImportError } from '../types'
import { buildFacts, isMachineKey } from './facts'

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
        specs: [
          { name: 'Material:', value: 'Stoneware' },
          { name: 'material', value: 'dup' },
          { name: '', value: 'x' },
          { name: 'variationId', value: '836232854' },
        ],
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
    const facts = buildFacts(
      { title: 'X', reviews: [{ author: 'A', body: 'ok' }] },
      { url: 'https://www.temu.com/x-g-1.html', platform: 'temu' },
      now,
    )
    expect(facts.reviews[0].source).toBe('Temu')
    expect(facts.source.name).toBe('Temu')
    expect(facts.ratingSummary).toBeNull()
  })

  it('refuses facts the schema cannot hold with a non-transient ImportError', () => {
    expect(() => buildFacts({ title: '' }, { url: 'https://x.example/', platform: 'generic' }, now)).toThrow(ImportError)
    // A zero price is a quote's placeholder ("Contact sales to order"): no price.
    const quote = buildFacts(
      { title: 'Edge Server EE-1000', images: ['https://x.example/a.jpg'], price: 0, currency: 'USD' },
      { url: 'https://x.example/p', platform: 'generic' },
      now,
    )
    expect(quote.price).toBeNull()
  })

  it("states the listing's rating as the page does, in the page's language", () => {
    const rating = (listingRating: { average: unknown; count: unknown; scale?: unknown }, locale?: string) =>
      buildFacts({ title: 'X', listingRating, locale }, { url: 'https://shop.example/p', platform: 'generic' }, now).listingRating
    expect(rating({ average: '4.95', count: '92' })).toEqual({ average: 4.95, count: 92 })
    expect(rating({ average: '4,1 de 5 estrellas', count: '5.182 valoraciones' }, 'es-ES')).toEqual({ average: 4.1, count: 5182 })
    expect(rating({ average: 9, count: 10, scale: 10 })).toEqual({ average: 4.5, count: 10 })
    // A count that is not a whole number is not a count.
    expect(rating({ average: '4.1', count: '5.182' }, 'en-US')).toBeNull()
  })

  it("keeps the site's own name out of the product's name and its slogan out of the description", () => {
    const facts = buildFacts(
      {
        title: 'GaN-cargador USB tipo C, 65W - AliExpress 509',
        descriptionHtml: '<p>Smarter Shopping, Better Living! Aliexpress.com</p>',
        siteName: 'aliexpress.',
      },
      { url: 'https://es.aliexpress.com/item/1005006180026951.html', platform: 'aliexpress' },
      now,
    )
    expect(facts.title).toBe('GaN-cargador USB tipo C, 65W')
    expect(facts.descriptionHtml).toBe('')
    const store = buildFacts(
      { title: 'Kit Potencializador | Anyeluz', descriptionHtml: '<p>Kit potencializador con bolso de regalo.</p>', siteName: 'Anyeluz' },
      { url: 'https://www.anyeluz.com/products/kit-potencializador-anyeluz', platform: 'shopify' },
      now,
    )
    expect(store.title).toBe('Kit Potencializador')
    expect(store.descriptionText).toBe('Kit potencializador con bolso de regalo.')
    // Text the person typed is taken as it is.
    expect(buildFacts({ title: 'Mug | Amazon' }, { url: '', platform: 'text' }, now).title).toBe('Mug | Amazon')
  })

  it('takes "no brand" placeholders for no brand', () => {
    const vendor = (v: string) => buildFacts({ title: 'X', vendor: v }, { url: 'https://shop.example/p', platform: 'generic' }, now).vendor
    expect(vendor('NoEnName_Null')).toBeNull()
    expect(vendor(' Acme ')).toBe('Acme')
  })

  it("leaves a classified ad's leading price out of the product's name", () => {
    const title = (t: string) => buildFacts({ title: t }, { url: 'https://ads.example/item/93261685', platform: 'generic' }, now).title
    expect(title("$60 · 1970's Vintage Surfer Skate Board")).toBe("1970's Vintage Surfer Skate Board")
    expect(title('€ 206 - Lattenrost 90 x 200')).toBe('Lattenrost 90 x 200')
    expect(title('206 € – Lattenrost aus Holz')).toBe('Lattenrost aus Holz')
    // No currency: a number is part of the name. One word left: too little to be the name alone.
    expect(title('60 · Vintage Board')).toBe('60 · Vintage Board')
    expect(title('#2 - Vintage Surfer Board')).toBe('#2 - Vintage Surfer Board')
    expect(title('$60 · Board')).toBe('$60 · Board')
    expect(title('€ 206 - Lattenrost')).toBe('€ 206 - Lattenrost')
  })
})

describe('a name as the page heads it', () => {
  it('loses a separator left at its end with nothing after it', () => {
    const built = buildFacts(
      { title: 'NVIDIA GeForce RTX 5090 FE Founders Edition-', images: ['https://cdn.example/a.jpg'] },
      { url: 'https://www.auction.example/itm/2267', platform: 'generic' },
      new Date('2026-03-10T12:00:00Z'),
    )
    expect(built.title).toBe('NVIDIA GeForce RTX 5090 FE Founders Edition')
  })
})

describe('specification names', () => {
  it('drops a name written for code (a shop’s own ids), keeps names, units and brands people read', () => {
    for (const key of ['variationId', 'sku_id', 'productGroupId']) expect(isMachineKey(key), key).toBe(true)
    for (const name of ['Material', 'EAN', 'iPhone model', 'iPhone', 'eBay', 'mAh', 'kWh', 'Wattage (W)', 'Farbe'])
      expect(isMachineKey(name), name).toBe(false)
  })
})
