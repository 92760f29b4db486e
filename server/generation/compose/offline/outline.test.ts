import { describe, expect, it } from 'vitest'
import { FACT_FIXTURE_NAMES, loadFacts } from '../../../../tests/fixtures/facts'
import { outlineSchema, type Outline } from '../../../domain/outline'
import type { Page, Section } from '../../../domain/page/schema'
import { findTemplate, PAGE_TEMPLATES } from '../../../domain/templates'
import { checkPageHonesty } from '../honesty'
import { repeatedSentences } from '../testing'
import type { Research } from '../types'
import { theNoun } from './outline'
import { createOfflineComposer } from '.'

const c = createOfflineComposer()
const template = findTemplate(1)

async function outlineOf(name: string, t = template) {
  const facts = loadFacts(name)
  return { facts, outline: await c.outline(facts, await c.research(facts), t) }
}
const find = <T extends Section['type']>(page: Page, type: T) => page.sections.find((s) => s.type === type) as Extract<Section, { type: T }>

describe('outline', () => {
  it.each(FACT_FIXTURE_NAMES)('is valid, in the template order, with titles and points (%s)', async (name) => {
    for (const t of PAGE_TEMPLATES) {
      const { outline } = await outlineOf(name, t)
      expect(outlineSchema.parse(outline)).toEqual(outline)
      const order = outline.sections.map((s) => t.order.indexOf(s.type))
      expect(order).toEqual([...order].sort((a, b) => a - b))
      for (const s of outline.sections) {
        expect(s.title.length).toBeGreaterThan(3)
        if (s.type !== 'cta') expect(s.points.length, `${name} ${s.type}`).toBeGreaterThan(0)
      }
    }
  })

  it('proposes only what the facts support', async () => {
    const types = async (name: string) => (await outlineOf(name)).outline.sections.map((s) => s.type)
    expect(await types('pasted-beeswax-wraps')).toEqual(['hero', 'benefits', 'faq', 'cta'])
    expect(await types('cast-iron-skillet')).not.toContain('reviews')
    expect(await types('night-light')).toContain('guarantee')
  })
})

describe('the page follows the outline', () => {
  it.each(FACT_FIXTURE_NAMES)('in order: a reordered outline gives a reordered page (%s)', async (name) => {
    const { facts, outline } = await outlineOf(name)
    const reversed: Outline = { sections: [...outline.sections].reverse() }
    const { page } = await c.compose(facts, reversed, template)
    // Each fact is shown once, so a section whose facts all went to an earlier one is left out.
    const ids = reversed.sections.map((s) => s.id)
    const kept = page.sections.map((s) => s.id)
    expect(kept).toEqual(ids.filter((id) => kept.includes(id)))
    expect(
      ids.filter((id) => !kept.includes(id)).every((id) => ['faq', 'stats', 'specs'].includes(id)),
      kept.join(),
    ).toBe(true)
    expect(page.theme).toEqual(template.theme)
    expect(checkPageHonesty(page, facts)).toEqual([])
    expect(repeatedSentences(page)).toEqual([])
  })

  it.each(FACT_FIXTURE_NAMES)('in headings: renamed titles become the headings (%s)', async (name) => {
    const { facts, outline } = await outlineOf(name)
    const renamed: Outline = {
      sections: outline.sections.map((s, i) => ({ ...s, title: `Section ${String.fromCharCode(65 + i)}: ${s.type}` })),
    }
    const { page } = await c.compose(facts, renamed, template)
    for (const s of page.sections) expect(s.heading).toBe(renamed.sections.find((o) => o.id === s.id)?.title)
    expect(page.sections.length).toBeGreaterThanOrEqual(renamed.sections.length - 2)
  })

  it('in content: benefits, story, FAQ, specs and stats use the points given', async () => {
    const { facts, outline } = await outlineOf('pour-over-set')
    const edit = (type: string, points: string[]) => outline.sections.map((s) => (s.type === type ? { ...s, points } : s))
    let sections = edit('benefits', [
      'Hand-glazed stoneware dripper holds heat for an even extraction',
      'A pour-over set that looks lovely on an open shelf',
    ])
    sections = sections.map((s) =>
      s.type === 'faq' ? { ...s, points: ['What comes in the box?', 'Does it come with a free gift?', 'How big is the carafe?'] } : s,
    )
    sections = sections.map((s) => (s.type === 'specs' ? { ...s, points: ['Material', 'Care'] } : s))
    sections = sections.map((s) => (s.type === 'stats' ? { ...s, points: ['Price: $48', 'Sold: 10,000 sets'] } : s))
    sections = sections.map((s) => (s.type === 'image-with-text' ? { ...s, points: [s.points[1]] } : s))
    const { page } = await c.compose(facts, { sections }, template)
    // A title never repeats its text: the leading noun phrase becomes the title, the rest the text; no card is a title alone.
    expect(find(page, 'benefits').items).toEqual([
      { title: 'Hand-glazed stoneware dripper', text: 'Holds heat for an even extraction.' },
      { title: 'A pour-over set', text: 'Looks lovely on an open shelf.' },
    ])
    // A question the facts cannot answer is left out; "How big is the carafe?" is not in the facts either.
    expect(find(page, 'faq').items.map((i) => i.question)).toEqual(['What comes in the box?'])
    expect(find(page, 'specs').items.map((i) => i.name)).toEqual(['Material', 'Care'])
    // A figure the facts do not have is dropped, whatever the outline says; a price is not a key figure.
    expect(page.sections.find((s) => s.type === 'stats')).toBeUndefined()
    const story = outline.sections.find((s) => s.type === 'image-with-text')?.points[1] as string
    expect(find(page, 'image-with-text').body).toBe(`<p>${story}</p>`)
    expect(checkPageHonesty(page, facts)).toEqual([])
  })

  it('leaves out sections the facts cannot fill and repeated ids, and always returns a valid page', async () => {
    const { facts, outline } = await outlineOf('cast-iron-skillet')
    const hero = outline.sections[0]
    const { page } = await c.compose(
      facts,
      { sections: [hero, { ...hero }, { id: 'compare', type: 'comparison', title: 'Compare', points: ['Default Title'] }] },
      template,
    )
    expect(page.sections.map((s) => s.id)).toEqual(['hero'])
    const only = await c.compose(facts, { sections: [{ id: 'reviews', type: 'reviews', title: 'Reviews', points: [] }] }, template)
    expect(only.page.sections.map((s) => s.type)).toEqual(['hero'])
  })
})

describe('what headings call the product', () => {
  const called = (name: string, noun: string) => theNoun({ name, noun } as Research)

  it('says what it is, by its last word where the noun phrase is the whole short name ("Tully Sconce")', () => {
    expect(called('Tully Sconce', 'tully sconce')).toBe('the sconce')
    expect(called('Aurora Ceramic Pour-Over Coffee Set', 'coffee set')).toBe('the coffee set')
    expect(called('Lamp', 'lamp')).toBe('the lamp')
    expect(called('iPhone 13', 'product')).toBeNull()
  })
})
