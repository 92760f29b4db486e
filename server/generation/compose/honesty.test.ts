import { describe, expect, it } from 'vitest'
import { allFacts, FACT_FIXTURE_NAMES, loadFacts } from '../../../tests/fixtures/facts'
import type { Outline } from '../../domain/outline'
import type { Page, Section } from '../../domain/page/schema'
import { ratingSummary } from '../../domain/product-facts'
import { findTemplate, PAGE_TEMPLATES } from '../../domain/templates'
import { checkPageHonesty } from './honesty'
import { createOfflineComposer } from './offline'
import { composeWith } from './testing'
import { pageTexts } from './trace'

const find = <T extends Section['type']>(page: Page, type: T) =>
  page.sections.find((s) => s.type === type) as Extract<Section, { type: T }> | undefined
const allText = (page: Page) =>
  pageTexts(page)
    .filter((t) => !t.quoted)
    .map((t) => t.text)
    .join('\n')

describe('honesty of the offline composer', () => {
  it.each(FACT_FIXTURE_NAMES)('passes every honesty check in every template (%s)', async (name) => {
    const facts = loadFacts(name)
    for (const template of PAGE_TEMPLATES) expect(checkPageHonesty(await composeWith(facts, template), facts)).toEqual([])
  })

  it('shows no reviews section without imported reviews, even when the outline asks for one', async () => {
    for (const name of ['cast-iron-skillet', 'pasted-beeswax-wraps']) {
      const facts = loadFacts(name)
      const c = createOfflineComposer()
      const outline = await c.outline(facts, await c.research(facts), findTemplate(2))
      expect(outline.sections.map((s) => s.type)).not.toContain('reviews')
      const forced: Outline = {
        sections: [...outline.sections, { id: 'reviews', type: 'reviews', title: 'What buyers say', points: ['Buyers love it'] }],
      }
      const { page } = await c.compose(facts, forced, findTemplate(2))
      expect(find(page, 'reviews')).toBeUndefined()
      expect(allText(page)).not.toMatch(/\breview|rating|★|stars?\b/i)
    }
  })

  it('quotes the imported reviews as they are, with their provenance and a computed summary', async () => {
    for (const [name, facts] of allFacts()) {
      const reviews = find(await composeWith(facts, findTemplate(2)), 'reviews')
      if (facts.reviews.length === 0) {
        expect(reviews, name).toBeUndefined()
        continue
      }
      expect(reviews?.items).toEqual(
        facts.reviews.map((r) => ({ author: r.author, rating: r.rating, date: r.date, title: r.title, body: r.body })),
      )
      expect(reviews?.summary).toEqual(ratingSummary(facts.reviews))
      expect(reviews?.provenance).toBe(`Reviews from ${facts.reviews[0].source}`)
    }
    const phone = find(await composeWith(loadFacts('aliexpress-phone-case')), 'reviews')
    expect(phone?.provenance).toBe('Reviews from AliExpress')
    expect(phone?.summary).toEqual({ average: 3.4, count: 5 }) // six reviews, five with a rating
  })

  it('quotes the guarantee the facts state, and keeps an asked-for guarantee empty when they state none', async () => {
    const expected: Record<string, string | null> = {
      'night-light': 'Warranty: 1-year limited warranty from Moonbeam Home.',
      'aliexpress-phone-case': 'Free return within 15 days if the item does not match the description.',
      'cork-yoga-mat': 'Every mat comes with a 30-day money-back guarantee.',
      // No guarantee in the facts: the section is kept, empty, for the owner to write.
      'pour-over-set': '',
      'running-shoes': '',
      'cast-iron-skillet': '',
      'pasted-beeswax-wraps': '',
    }
    for (const [name, text] of Object.entries(expected)) {
      const facts = loadFacts(name)
      const c = createOfflineComposer()
      const outline = await c.outline(facts, await c.research(facts), findTemplate(1))
      const forced: Outline = {
        sections: [
          ...outline.sections.filter((s) => s.type !== 'guarantee'),
          { id: 'guarantee', type: 'guarantee', title: 'Our promise', points: ['A lifetime guarantee'] },
        ],
      }
      const page = (await c.compose(facts, forced, findTemplate(1))).page
      expect(find(page, 'guarantee')?.text ?? null, name).toBe(text)
      if (!text) expect(allText(page), name).not.toMatch(/warrant|guarantee|money[- ]back|refund|\breturns?\b/i)
    }
  })

  it('answers questions only from the facts, and never about shipping times unless stated', async () => {
    for (const [name, facts] of allFacts()) {
      const faq = find(await composeWith(facts), 'faq')
      if (!faq) continue
      const sources = [facts.descriptionText, ...facts.specs.map((s) => s.value), ...facts.options.flatMap((o) => o.values)].map((s) =>
        s.toLowerCase(),
      )
      for (const item of faq.items) {
        expect(item.question + item.answer, name).not.toMatch(/ship|deliver|dispatch/i)
        // Each answer carries a spec value, an option value or a sentence of the description, word for word.
        const core = item.answer.toLowerCase().replace(/[.]$/, '')
        const grounded = sources.some((s) => s.length > 1 && (core.includes(s) || s.includes(core.split(': ').pop() as string)))
        expect(grounded, `${name}: ${item.question} → ${item.answer}`).toBe(true)
      }
    }
  })

  it('shows only real figures, each naming its source', async () => {
    for (const [name, facts] of allFacts()) {
      const stats = find(await composeWith(facts), 'stats')
      if (!stats) continue
      for (const item of stats.items) {
        expect(item.source, name).not.toBe('')
        if (item.source.startsWith('spec: ')) {
          const spec = facts.specs.find((s) => `spec: ${s.name}` === item.source)
          expect(spec?.value, name).toContain(item.value)
        }
        if (item.source.startsWith('option: ')) {
          expect(String(facts.options.find((o) => `option: ${o.name}` === item.source)?.values.length)).toBe(item.value)
        }
        if (item.source === 'reviews (computed)') expect(item.value).toBe(`${ratingSummary(facts.reviews)?.average} / 5`)
      }
    }
    // Prices and savings are the buy box's (hero and call-to-action price fields), never key figures.
    for (const [name, facts] of allFacts()) {
      const page = await composeWith(facts)
      const stats = find(page, 'stats')
      for (const item of stats?.items ?? []) expect(item.value, name).not.toMatch(/[$€£%]/)
      const hero = find(page, 'hero')
      if (facts.compareAtPrice != null && facts.price != null && facts.compareAtPrice > facts.price)
        expect(hero?.price?.compareAt, name).toBe(facts.compareAtPrice)
    }
  })

  it('never claims sales, awards, "as seen on" or shipping promises', async () => {
    for (const [name, facts] of allFacts()) {
      const text = allText(await composeWith(facts))
      expect(text, name).not.toMatch(/as seen|featured in|best[- ]?sell|#1|thousands|customers love|award|free shipping|ships in|deliver/i)
    }
  })
})

describe('checkPageHonesty', () => {
  const facts = loadFacts('pour-over-set')
  const tamper = async (mutate: (p: Page) => void) => {
    const page = structuredClone(await composeWith(facts))
    mutate(page)
    return checkPageHonesty(page, facts).map((i) => i.message)
  }

  it('rejects an invented review, a changed rating and a made-up summary', async () => {
    const reviews = (p: Page) => find(p, 'reviews') as Extract<Section, { type: 'reviews' }>
    expect(
      await tamper((p) =>
        reviews(p).items.push({ author: 'Happy Customer', rating: 5, date: null, title: null, body: 'Best coffee set ever!' }),
      ),
    ).toEqual(['The review by Happy Customer is not one of the imported reviews.'])
    expect((await tamper((p) => (reviews(p).items[1].rating = 5))).join()).toContain('differs from the imported one')
    expect((await tamper((p) => (reviews(p).summary = { average: 4.5, count: 3 }))).join()).toContain(
      'not computed from the imported reviews',
    )
    expect((await tamper((p) => (reviews(p).provenance = 'Verified reviews'))).join()).toContain('do not say where they come from')
  })

  it('rejects reviews, guarantees and claims the facts do not support', async () => {
    const skillet = loadFacts('cast-iron-skillet')
    const page = structuredClone(await composeWith(skillet))
    page.sections.splice(1, 0, { id: 'g', type: 'guarantee', heading: 'Lifetime warranty', text: 'Guaranteed for life.' })
    page.sections.splice(1, 0, {
      id: 'r',
      type: 'reviews',
      heading: 'Reviews',
      provenance: 'Reviews from Ironclad Cookware',
      summary: null,
      items: [{ author: 'Sam', rating: 5, date: null, title: null, body: 'Great pan.' }],
    })
    const messages = checkPageHonesty(page, skillet)
      .map((i) => i.message)
      .join('\n')
    expect(messages).toContain('The page shows reviews, but the product has none.')
    expect(messages).toContain('no warranty, guarantee or returns policy')
    expect(messages).toContain('a guarantee, warranty or returns promise')
    expect(
      (await tamper((p) => p.sections[0].type === 'hero' && (p.sections[0].subheading = 'As seen on TV. Ships in two days.'))).join(),
    ).toMatch(/as seen on.*shipping promise/s)
    expect((await tamper((p) => p.sections[0].type === 'hero' && (p.sections[0].subheading = 'Our best-selling set.'))).join()).toContain(
      'best-seller',
    )
  })

  it('rejects a price or an image that is not imported', async () => {
    expect(
      (await tamper((p) => p.sections[0].type === 'hero' && p.sections[0].price && (p.sections[0].price.currency = 'EUR'))).join(),
    ).toContain('not the imported price')
    expect(
      (
        await tamper((p) => p.sections[0].type === 'hero' && (p.sections[0].image = { src: 'https://stock.example/cup.jpg', alt: 'A cup' }))
      ).join(),
    ).toContain('not one of the product images')
  })
})
