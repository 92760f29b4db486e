import { describe, expect, it } from 'vitest'
import { loadFacts } from '../../../../tests/fixtures/facts'
import { outlineSchema } from '../../../domain/outline'
import { pageSchema } from '../../../domain/page/schema'
import { productFactsSchema, type ProductFacts } from '../../../domain/product-facts'
import type { SanitizedHtml } from '../../../domain/sanitize'
import { PAGE_TEMPLATES } from '../../../domain/templates'
import { checkPageHonesty } from '../honesty'
import { composeWith } from '../testing'
import { research } from './research'
import { createOfflineComposer } from '.'

const c = createOfflineComposer()

function facts(over: Partial<ProductFacts>): ProductFacts {
  const base = {
    title: 'Plain Mug',
    descriptionHtml: '' as SanitizedHtml,
    descriptionText: '',
    bullets: [],
    images: [],
    price: null,
    compareAtPrice: null,
    currency: null,
    options: [],
    variants: [],
    vendor: null,
    productType: null,
    tags: [],
    specs: [],
    reviews: [],
    ratingSummary: null,
    source: { url: 'https://shop.example/products/mug', platform: 'generic' as const, name: 'Shop' },
    fetchedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  }
  productFactsSchema.parse(base)
  return base
}

async function check(f: ProductFacts) {
  for (const template of PAGE_TEMPLATES) {
    const outline = await c.outline(f, await c.research(f), template)
    expect(outlineSchema.parse(outline)).toEqual(outline)
    const page = await composeWith(f, template)
    expect(pageSchema.parse(page)).toEqual(page)
    expect(checkPageHonesty(page, f)).toEqual([])
    for (const s of page.sections) {
      const rewritten = await c.rewriteSection(f, page, s.id, 'shorter')
      expect(rewritten.section.id).toBe(s.id)
    }
  }
}

describe('offline composer on thin and extreme facts', () => {
  it('writes a valid page from a title alone', async () => {
    const f = facts({})
    await check(f)
    expect((await composeWith(f)).sections.map((s) => s.type)).toEqual(['hero', 'cta'])
  })

  it('keeps every field within the page limits on very long facts', async () => {
    const long = (n: number, word = 'sturdy') => Array.from({ length: n }, (_, i) => `${word}${i % 7}`).join(' ')
    const f = facts({
      title: `Mega ${long(55, 'Widget')}`,
      descriptionText: Array.from({ length: 30 }, (_, i) => `Sentence number ${i} tells about ${long(40)}.`).join(' '),
      bullets: Array.from({ length: 50 }, () => long(120)),
      images: Array.from({ length: 3 }, (_, i) => `https://img.example/${i}.jpg`),
      price: 1299.5,
      compareAtPrice: 1499.5,
      currency: 'EUR',
      options: [
        { name: long(10, 'Option').slice(0, 100), values: Array.from({ length: 100 }, (_, i) => `Value ${i} ${long(20)}`.slice(0, 200)) },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      variants: Array.from({ length: 12 }, (_, i) => ({
        title: `V${i}`,
        price: 1299.5 + i,
        available: i % 2 === 0,
        sku: null,
        image: null,
      })),
      specs: Array.from({ length: 100 }, (_, i) => ({
        name: `Spec ${i} ${long(20)}`.slice(0, 200),
        value: `${i} cm ${long(150)}`.slice(0, 1000),
      })),
      reviews: Array.from({ length: 100 }, (_, i) => ({
        author: `Reviewer ${i}`,
        rating: i % 6,
        date: null,
        title: null,
        body: long(200),
        source: 'Shop',
      })),
      tags: ['kids'],
    })
    await check(f)
    // Every template (nine of them), every section rewritten: slow on a busy machine.
  }, 180_000)

  it('shows no price without a currency, and a review count without ratings', async () => {
    const f = facts({
      descriptionText: 'A plain white mug for tea. It holds a generous amount of tea for long mornings.',
      bullets: ['Glazed stoneware body', 'Comfortable wide handle'],
      price: 12,
      reviews: [{ author: 'Jo', rating: null, date: null, title: null, body: 'Nice mug, sits well in the hand.', source: 'Shop' }],
    })
    await check(f)
    const page = await composeWith(f)
    const hero = page.sections[0]
    expect(hero.type === 'hero' && hero.price).toBeNull()
    const reviews = page.sections.find((s) => s.type === 'reviews')
    expect(reviews?.type === 'reviews' && reviews.summary).toBeNull()
  })

  it('states an audience only when tags or the product type say so', () => {
    expect(research(loadFacts('night-light')).audience).toEqual({ text: 'kids, baby', source: 'tags' })
    expect(research(loadFacts('running-shoes')).audience).toEqual({ text: 'men, women', source: 'tags' })
    expect(research(loadFacts('cast-iron-skillet')).audience).toBeNull()
  })

  it('sorts every description sentence into one place', () => {
    const r = research(loadFacts('cork-yoga-mat'))
    expect(r.guarantee).toEqual({ text: 'Every mat comes with a 30-day money-back guarantee.', source: 'description', kind: 'guarantee' })
    expect(r.tagline?.text).toBe('Terra pairs a natural cork top layer with a natural rubber base.')
    expect(r.useCases.map((u) => u.text)).toEqual([
      'Whether you practise hot yoga, pilates or a gentle morning stretch, the mat rolls out flat and stays there.',
    ])
    expect(r.faq.find((q) => q.topic === 'care')?.answer).toBe('Wipe it down with a damp cloth after practice and let it air dry.')
    expect(r.pricing?.summary).toBe('Priced at €56, down from €70 (20% less).')
    expect(r.reviewThemes.map((t) => t.theme)).toEqual(['performance'])
  })

  it('tells a returns policy from the word "returns", and a delivery promise from "delivers"', async () => {
    const springy = facts({
      descriptionText: 'The foam returns to shape in seconds. It delivers firm support all night. Made in small batches by hand.',
      bullets: ['Memory foam core', 'Washable cover'],
    })
    const r = research(springy)
    expect(r.guarantee).toBeNull()
    expect(r.shipping).toEqual([])
    expect((await composeWith(springy)).sections.map((s) => s.type)).not.toContain('guarantee')
    const withSpec = facts({
      bullets: ['Memory foam core', 'Washable cover'],
      specs: [
        { name: 'Returns', value: '30 days' },
        { name: 'Size', value: '40 x 60 cm' },
      ],
    })
    expect(research(withSpec).guarantee).toEqual({ text: 'Returns: 30 days', source: 'spec: Returns', kind: 'returns' })
    const page = await composeWith(withSpec)
    expect(page.sections.find((s) => s.type === 'guarantee')).toMatchObject({ text: 'Returns: 30 days.' })
    expect(checkPageHonesty(page, withSpec)).toEqual([])
  })
})
