import { describe, expect, it } from 'vitest'
import { samplePage } from '../../../tests/fixtures/pages/sample-page'
import type { ProductFacts } from '../product-facts'
import type { SanitizedHtml } from '../sanitize'
import { reviewDisclosure } from './reviews'
import type { Page } from './schema'
import { pageDescription, productJsonLd } from './seo'
import { publishableFacts, shopperPage } from './shopper'

const owner = (o: Partial<NonNullable<Page['owner']>>): Page => ({
  ...samplePage,
  owner: { price: null, compareAt: null, currency: null, buyUrl: null, guarantee: null, shipping: null, returns: null, ...o },
})

describe('shopperPage', () => {
  it('shows the owner price (never the imported one) and drops hidden sections', () => {
    const page = owner({ price: 19, compareAt: 25, currency: 'EUR' })
    page.sections = page.sections.map((s) => (s.type === 'faq' ? { ...s, hidden: true } : s))
    const out = shopperPage(page)
    const hero = out.sections.find((s) => s.type === 'hero')
    expect(hero?.type === 'hero' && hero.price).toEqual({ amount: 19, compareAt: 25, currency: 'EUR' })
    expect(out.sections.some((s) => s.type === 'faq')).toBe(false)
    const none = shopperPage(owner({}))
    const h = none.sections.find((s) => s.type === 'hero')
    expect(h?.type === 'hero' && h.price).toBeNull()
  })

  it('replaces the review source with a neutral disclosure; the owner preview keeps it', () => {
    const shopper = shopperPage(samplePage).sections.find((s) => s.type === 'reviews')
    expect(shopper?.type === 'reviews' && shopper.provenance).toBe('Reviews from buyers of this product on another store.')
    const ownerView = shopperPage(samplePage, { keepProvenance: true }).sections.find((s) => s.type === 'reviews')
    const original = samplePage.sections.find((s) => s.type === 'reviews')
    expect(ownerView?.type === 'reviews' && ownerView.provenance).toBe(original?.type === 'reviews' && original.provenance)
  })

  it('the owner guarantee wins; an empty guarantee is left out; shipping and returns become a block', () => {
    const withOwn = shopperPage(owner({ guarantee: 'Ours: 60 days.', shipping: 'Ships in 2 days.' }))
    const g = withOwn.sections.find((s) => s.id === 'guarantee')
    expect(g?.type === 'guarantee' && g.text).toBe('Ours: 60 days.')
    expect(withOwn.sections.find((s) => s.id === 'shipping-returns')).toMatchObject({ text: 'Ships in 2 days.' })
    const empty = { ...samplePage, sections: samplePage.sections.map((s) => (s.type === 'guarantee' ? { ...s, text: '' } : s)) }
    expect(shopperPage(empty).sections.some((s) => s.type === 'guarantee')).toBe(false)
  })
})

describe('reviewDisclosure', () => {
  it('is truthful for source, owner-imported and mixed reviews', () => {
    expect(reviewDisclosure([{ origin: 'source' }])).toBe('Reviews from buyers of this product on another store.')
    expect(reviewDisclosure([{ origin: 'owner', importedFrom: 'Judge.me' }])).toBe('Reviews imported by the store from Judge.me.')
    expect(reviewDisclosure([{}, { origin: 'owner', importedFrom: 'Judge.me' }])).toMatch(
      /another store, and reviews imported by the store from Judge.me/,
    )
  })
})

describe('meta and JSON-LD', () => {
  it('describes the product with a sentence that is not the price', () => {
    const page = {
      ...samplePage,
      sections: samplePage.sections.map((s) => (s.type === 'hero' ? { ...s, subheading: 'Priced at $24.99 today.' } : s)),
    }
    const d = pageDescription(page)
    expect(d.length).toBeGreaterThan(20)
    expect(d).not.toMatch(/\$\d/)
  })

  it('is a schema.org Product with the owner offer and absolute image URLs', () => {
    const ld = productJsonLd(owner({ price: 19.5, currency: 'USD', buyUrl: '/go' }), 'https://app.example/share/abc')
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', url: 'https://app.example/share/abc' })
    expect(ld.offers).toEqual({ '@type': 'Offer', price: '19.50', priceCurrency: 'USD', url: 'https://app.example/go' })
    for (const src of (ld.image as string[]) ?? []) expect(src).toMatch(/^https?:\/\//)
    expect(productJsonLd(owner({}), 'https://app.example/share/abc').offers).toBeUndefined()
  })
})

describe('publishableFacts', () => {
  const facts = (title: string, vendor: string): ProductFacts => ({
    title,
    descriptionHtml: '' as SanitizedHtml,
    descriptionText: '',
    bullets: [],
    images: [],
    price: 169,
    compareAtPrice: null,
    currency: 'BRL',
    options: [],
    variants: [],
    vendor,
    productType: null,
    tags: [],
    specs: [],
    reviews: [],
    ratingSummary: null,
    source: { url: 'https://www.amazon.com.br/dp/B08XYZ1234', platform: 'amazon', name: 'Amazon' },
    fetchedAt: '2026-11-28T00:00:00.000Z',
  })

  it("takes a supplier's brand out of the name without leaving its comma behind", () => {
    expect(publishableFacts(facts('Camisa Polo Listra na Gola, Aramis, Masculino', 'Aramis')).title).toBe(
      'Camisa Polo Listra na Gola, Masculino',
    )
    expect(publishableFacts(facts('Aramis, Camisa Polo', 'Aramis')).title).toBe('Camisa Polo')
    expect(publishableFacts(facts('Camisa Polo by Aramis', 'Aramis')).title).toBe('Camisa Polo')
  })
})

describe("another seller's terms of sale", () => {
  const listing = (platform: ProductFacts['source']['platform'], over: Partial<ProductFacts> = {}): ProductFacts => ({
    title: 'Lenovo Tab M11 11.0 inch with Wi-Fi Only Tablet',
    descriptionHtml: '<p>A bright 11-inch screen. 30 Day Replacement Guarantee. Cash On Delivery!</p>' as SanitizedHtml,
    descriptionText:
      'A bright 11-inch screen. Only Genuine Products. 30 Day Replacement Guarantee. Cash On Delivery!\n\nManufacturer’s 2 year warranty.',
    bullets: [
      'Free shipping on orders over $50',
      'Quad speakers with Dolby Atmos',
      '15% off when you buy 2 items',
      'Made to order in 2 to 4 business days',
    ],
    images: [],
    price: 12999,
    compareAtPrice: null,
    currency: 'INR',
    options: [],
    variants: [],
    vendor: 'Lenovo',
    productType: null,
    tags: [],
    specs: [
      { name: 'Return policy', value: '7 days' },
      { name: 'Shipping weight', value: '1.2 kg' },
      { name: 'Warranty', value: '1 year' },
    ],
    reviews: [],
    ratingSummary: null,
    source: { url: 'https://shop.example/p/tab', platform, name: 'shop.example' },
    fetchedAt: '2026-11-28T00:00:00.000Z',
    ...over,
  })

  it("leaves out another store's shipping, returns and payment terms, and keeps the maker's warranty", () => {
    const f = publishableFacts(listing('generic'))
    expect(f.descriptionText).toBe('A bright 11-inch screen.\n\nManufacturer’s 2 year warranty.')
    expect(f.descriptionHtml).not.toMatch(/Replacement|Cash On Delivery/)
    expect(f.descriptionHtml).toContain('A bright 11-inch screen.')
    expect(f.bullets).toEqual(['Quad speakers with Dolby Atmos'])
    expect(f.specs.map((s) => s.name)).toEqual(['Shipping weight', 'Warranty'])
  })

  it("leaves out a marketplace's too ('free shipping and free return' in its description)", () => {
    const f = publishableFacts(
      listing('aliexpress', {
        descriptionText: 'Polarized lenses. Shop sunglasses with free shipping and free return.',
        descriptionHtml: '' as SanitizedHtml,
      }),
    )
    expect(f.descriptionText).toBe('Polarized lenses.')
  })

  it("keeps the owner's own store's terms (a Shopify listing is the store a page publishes into)", () => {
    const f = publishableFacts(listing('shopify'))
    expect(f.descriptionText).toContain('Only Genuine Products. 30 Day Replacement Guarantee. Cash On Delivery!')
    expect(f.bullets).toHaveLength(4)
    expect(f.specs).toHaveLength(3)
  })

  it('changes nothing when a listing states no terms', () => {
    const plain = listing('generic', { descriptionText: 'A bright 11-inch screen.', bullets: [], specs: [] })
    expect(publishableFacts(plain)).toEqual(plain)
  })
})
