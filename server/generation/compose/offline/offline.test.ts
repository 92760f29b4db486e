import { describe, expect, it } from 'vitest'
import { allFacts, loadFacts, FACT_FIXTURE_NAMES } from '../../../../tests/fixtures/facts'
import { pageSchema, type Page } from '../../../domain/page/schema'
import { productFactsSchema } from '../../../domain/product-facts'
import { PAGE_TEMPLATES, findTemplate } from '../../../domain/templates'
import { artefacts, composeWith, repeatedSentences } from '../testing'
import { pageTexts } from '../trace'
import { createOfflineComposer } from '.'

const types = (p: Page) => p.sections.map((s) => s.type)
const hero = (p: Page) => p.sections.find((s) => s.type === 'hero')
const benefitTitles = (p: Page) => p.sections.flatMap((s) => (s.type === 'benefits' ? s.items.map((i) => i.title).filter(Boolean) : []))

describe('fixtures', () => {
  it('has at least six varied product facts files, all valid', async () => {
    expect(FACT_FIXTURE_NAMES.length).toBeGreaterThanOrEqual(6)
    const { readFileSync } = await import('node:fs')
    for (const name of FACT_FIXTURE_NAMES) {
      const raw = JSON.parse(readFileSync(new URL(`../../../../tests/fixtures/facts/${name}.json`, import.meta.url), 'utf8'))
      expect(() => productFactsSchema.parse(raw), name).not.toThrow()
    }
  })
})

describe('offline composer', () => {
  it('is named offline', () => {
    expect(createOfflineComposer().name).toBe('offline')
  })

  it.each(FACT_FIXTURE_NAMES)('is deterministic: same facts, same research, outline and page (%s)', async (name) => {
    const facts = loadFacts(name)
    for (const template of PAGE_TEMPLATES) {
      const a = createOfflineComposer()
      const b = createOfflineComposer()
      const [ra, rb] = [await a.research(facts), await b.research(structuredClone(facts))]
      expect(JSON.stringify(rb)).toBe(JSON.stringify(ra))
      const [oa, ob] = [await a.outline(facts, ra, template), await b.outline(facts, rb, template)]
      expect(JSON.stringify(ob)).toBe(JSON.stringify(oa))
      const [pa, pb] = [await a.compose(facts, oa, template), await b.compose(structuredClone(facts), ob, template)]
      expect(JSON.stringify(pb)).toBe(JSON.stringify(pa))
      expect(pa.note).toBeUndefined()
    }
  })

  it.each(FACT_FIXTURE_NAMES)('writes a page that passes pageSchema, in the template theme and order (%s)', async (name) => {
    const facts = loadFacts(name)
    for (const template of PAGE_TEMPLATES) {
      const page = await composeWith(facts, template)
      expect(pageSchema.parse(page)).toEqual(page)
      expect(page.theme).toEqual(template.theme)
      const order = types(page).map((t) => template.order.indexOf(t))
      expect(order).toEqual([...order].sort((x, y) => x - y))
      expect(types(page)[0]).toBe('hero')
      expect(types(page).at(-1)).toBe('cta')
      expect(new Set(page.sections.map((s) => s.id)).size).toBe(page.sections.length)
    }
  })

  it.each(FACT_FIXTURE_NAMES)('never repeats a sentence and leaves no template artefacts (%s)', async (name) => {
    const facts = loadFacts(name)
    for (const template of PAGE_TEMPLATES) {
      const page = await composeWith(facts, template)
      expect(repeatedSentences(page)).toEqual([])
      expect(artefacts(page)).toEqual([])
      for (const s of page.sections) expect(s.heading.trim(), `${name} ${s.type}`).not.toBe('')
      const h = hero(page)
      if (h?.type === 'hero') expect(h.subheading.length).toBeGreaterThan(20)
    }
  })

  it('is specific to the product: its name, features, options, specs and reviews', async () => {
    const facts = loadFacts('running-shoes')
    const text = pageTexts(await composeWith(facts))
      .map((t) => t.text)
      .join('\n')
    expect(text).toContain('Trailblazer 2 Running Shoes')
    expect(text).toContain('Grippy rubber outsole')
    expect(text).toContain('US 10.5')
    expect(text).toContain('Cloud White')
    expect(text).toContain('255 g (US 9)')
    expect(text).toContain('I had to go up half a size')
  })

  it('gives different products visibly different pages', async () => {
    const pages = new Map<string, Page>()
    for (const [name, facts] of allFacts()) pages.set(name, await composeWith(facts))
    const heroes = [...pages.values()].map((p) => (hero(p) as { heading: string }).heading)
    expect(new Set(heroes).size).toBe(pages.size)
    const names = [...pages.keys()]
    for (const a of names) {
      for (const b of names) {
        if (a >= b) continue
        const ta = benefitTitles(pages.get(a) as Page)
        const tb = new Set(benefitTitles(pages.get(b) as Page))
        const shared = ta.filter((t) => tb.has(t))
        expect(shared.length, `${a} vs ${b}: ${shared.join(', ')}`).toBeLessThanOrEqual(1)
      }
    }
    expect(new Set([...pages.values()].map((p) => types(p).join(','))).size).toBeGreaterThanOrEqual(5)
  })

  it('picks the section mix from the facts', async () => {
    const page = async (name: string) => types(await composeWith(loadFacts(name)))
    const skillet = await page('cast-iron-skillet')
    expect(skillet).not.toContain('reviews')
    expect(skillet).not.toContain('guarantee')
    expect(skillet).toContain('specs')
    const wraps = await page('pasted-beeswax-wraps')
    expect(wraps).toEqual(['hero', 'benefits', 'faq', 'cta'])
    const light = await page('night-light')
    expect(light).toContain('guarantee')
    expect(light).not.toContain('comparison')
    const shoes = await page('running-shoes')
    expect(shoes).toContain('reviews')
    expect(shoes).not.toContain('comparison') // 33 variants at one price: nothing to compare
    const phone = await page('aliexpress-phone-case')
    expect(phone).toEqual(expect.arrayContaining(['comparison', 'guarantee', 'reviews', 'stats']))
  })

  it('uses placeholders for missing images and leaves prices out when there are none', async () => {
    const wraps = await composeWith(loadFacts('pasted-beeswax-wraps'))
    const h = hero(wraps)
    expect(h?.type === 'hero' && h.image?.src).toMatch(/^\/placeholder\/1200x900\.svg\?/)
    expect(h?.type === 'hero' && h.price).toBeNull()
    const mat = await composeWith(loadFacts('cork-yoga-mat'))
    const iwt = mat.sections.find((s) => s.type === 'image-with-text')
    expect(iwt?.type === 'image-with-text' && iwt.image?.src).toMatch(/^\/placeholder\//)
    const light = await composeWith(loadFacts('night-light'))
    const lightIwt = light.sections.find((s) => s.type === 'image-with-text')
    expect(lightIwt?.type === 'image-with-text' && lightIwt.image?.src).toBe(loadFacts('night-light').images[1])
  })

  it('writes the outline in the template order, with only the sections the facts support', async () => {
    const c = createOfflineComposer()
    const facts = loadFacts('cast-iron-skillet')
    const r = await c.research(facts)
    const social = await c.outline(facts, r, findTemplate(2))
    expect(social.sections.map((s) => s.type)).toEqual(['hero', 'benefits', 'stats', 'image-with-text', 'faq', 'specs', 'cta'])
    const benefits = social.sections.find((s) => s.type === 'benefits')
    expect(benefits?.points).toEqual(facts.bullets)
  })
})

describe('quoted reviews', () => {
  const withEssay = (count: number) => {
    const facts = structuredClone(loadFacts('aliexpress-phone-case'))
    const base = facts.reviews[0]
    const short = Array.from({ length: count }, (_, i) => ({
      ...base,
      author: `Buyer ${i + 1}`,
      body: `Fits well and feels solid, review ${i + 1}.`,
    }))
    const essay = { ...base, author: 'Long writer', body: 'It arrived quickly and fits. '.repeat(80).trim() }
    facts.reviews = [essay, ...short]
    return facts
  }
  const quoted = (p: Page) => p.sections.flatMap((s) => (s.type === 'reviews' ? s.items.map((i) => i.author) : []))

  it('leaves an essay-long review out while three readable ones remain, and quotes the rest word for word', async () => {
    const page = await composeWith(withEssay(3))
    expect(quoted(page)).toEqual(['Buyer 1', 'Buyer 2', 'Buyer 3'])
  })

  it('keeps the long review when fewer than three readable ones would remain', async () => {
    const page = await composeWith(withEssay(2))
    expect(quoted(page)).toContain('Long writer')
  })
})
