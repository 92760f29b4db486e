import { describe, expect, it } from 'vitest'
import { FACT_FIXTURE_NAMES, loadFacts } from '../../../tests/fixtures/facts'
import type { Page } from '../../domain/page/schema'
import { PAGE_TEMPLATES } from '../../domain/templates'
import { computeSaving } from './figures'
import { composeWith } from './testing'
import { extractNumbers, pageTexts, traceableNumbers, untraceableInText, untraceableNumbers } from './trace'

describe('extractNumbers', () => {
  it('finds every number as written, compared by value', () => {
    expect(extractNumbers('Rated 4.8 by 1,299 buyers: save 25% on 12 items for $1,299.50')).toEqual([
      { raw: '4.8', value: 4.8 },
      { raw: '1,299', value: 1299 },
      { raw: '25', value: 25 },
      { raw: '12', value: 12 },
      { raw: '1,299.50', value: 1299.5 },
    ])
    expect(extractNumbers('US 7.5, 1-year, 11 x 11 x 13 cm, size 02, 24/7').map((n) => n.value)).toEqual([7.5, 1, 11, 11, 13, 2, 24, 7])
    expect(extractNumbers('no digits here, only four words')).toEqual([])
  })
})

describe('traceableNumbers', () => {
  it('takes numbers from the facts and the few exact computations', () => {
    const facts = loadFacts('aliexpress-phone-case')
    const allowed = traceableNumbers(facts)
    for (const n of ['3.99', '7.98', '4.49', '15', '1.5', '50', '3.4', '5', '6', '3', '9']) expect(allowed.has(n), n).toBe(true)
    // 3.99 saved (7.98 − 3.99) is the same number as the price; 50% is exact.
    expect(computeSaving(3.99, 7.98)).toEqual({ amount: 3.99, percent: 50 })
    for (const n of ['4.9', '1200', '51', '49', '100', '12']) expect(allowed.has(n), n).toBe(false)
  })

  it('accepts a percentage only when the two prices give it exactly', () => {
    expect(computeSaving(129.99, 159.99)).toEqual({ amount: 30, percent: null })
    expect(computeSaving(56, 70)).toEqual({ amount: 14, percent: 20 })
    expect(computeSaving(48, null)).toBeNull()
    expect(computeSaving(50, 40)).toBeNull()
    const shoes = traceableNumbers(loadFacts('running-shoes'))
    expect(shoes.has('30')).toBe(true)
    expect(shoes.has('19')).toBe(false) // 18.75 % would be rounded: not allowed
    expect(shoes.has('18.75')).toBe(false)
  })

  it('counts options, option values, variants and images', () => {
    const shoes = traceableNumbers(loadFacts('running-shoes'))
    for (const n of ['2', '11', '3', '33', '4']) expect(shoes.has(n), n).toBe(true)
  })
})

/**
 * The traceability test: every number in every text (and numeric) field of every composed page,
 * for every fixture and template, comes from the facts.
 */
describe('every number on a composed page is traceable to the facts', () => {
  it.each(FACT_FIXTURE_NAMES)('%s', async (name) => {
    const facts = loadFacts(name)
    const allowed = traceableNumbers(facts)
    for (const template of PAGE_TEMPLATES) {
      const page = await composeWith(facts, template)
      const texts = pageTexts(page)
      expect(texts.length).toBeGreaterThan(5)
      let numbers = 0
      for (const t of texts) {
        for (const n of extractNumbers(t.text)) {
          numbers++
          expect(allowed.has(String(Math.round(n.value * 100) / 100)), `${t.path}: "${n.raw}" in "${t.text}"`).toBe(true)
        }
      }
      if (name !== 'pasted-beeswax-wraps') expect(numbers).toBeGreaterThan(0)
      expect(untraceableNumbers(page, facts)).toEqual([])
    }
  })

  it('fails when a number is invented anywhere on the page', async () => {
    const facts = loadFacts('pour-over-set')
    const page = await composeWith(facts)
    const invent = (mutate: (p: Page) => void) => {
      const copy = structuredClone(page)
      mutate(copy)
      return untraceableNumbers(copy, facts).map((i) => i.number)
    }
    expect(invent((p) => p.sections[0].type === 'hero' && (p.sections[0].subheading += ' Loved by 1,200 coffee fans.'))).toEqual(['1,200'])
    expect(invent((p) => p.sections[0].type === 'hero' && (p.sections[0].heading = 'Rated 4.9 out of 5'))).toEqual(['4.9'])
    expect(invent((p) => p.sections[0].type === 'hero' && p.sections[0].price && (p.sections[0].price.amount = 45))).toEqual(['45'])
    // (This page has no key figures of its own: its only numeric spec is already in a benefit.)
    expect(
      invent((p) => {
        p.sections.splice(1, 0, {
          id: 'stats',
          type: 'stats',
          heading: 'Figures',
          items: [{ value: 'Save 15%', label: 'Off', source: 'x' }],
        })
      }),
    ).toEqual(['15'])
    const iwt = page.sections.findIndex((s) => s.type === 'image-with-text')
    expect(
      invent((p) => {
        const s = p.sections[iwt]
        if (s.type === 'image-with-text') s.body = `${s.body}<p>Brews in 37 seconds.</p>` as typeof s.body
      }),
    ).toEqual(['37'])
    const reviews = page.sections.findIndex((s) => s.type === 'reviews')
    expect(
      invent((p) => {
        const s = p.sections[reviews]
        if (s.type === 'reviews' && s.summary) s.summary.count = 250
      }),
    ).toEqual(['250'])
  })

  it('checks any text, such as a rendered page', () => {
    const facts = loadFacts('cork-yoga-mat')
    expect(untraceableInText('€56 (save 20%), 4 mm or 6 mm, 183 x 61 cm, 5 / 5 from 1 review', facts)).toEqual([])
    expect(untraceableInText('Save 25% today, 2,000 yogis agree', facts)).toEqual(['25', '2,000'])
  })
})
