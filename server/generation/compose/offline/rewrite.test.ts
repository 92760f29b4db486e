import { describe, expect, it } from 'vitest'
import { FACT_FIXTURE_NAMES, loadFacts } from '../../../../tests/fixtures/facts'
import { pageSchema, type Page, type Section } from '../../../domain/page/schema'
import { findTemplate } from '../../../domain/templates'
import { checkPageHonesty } from '../honesty'
import { artefacts, composeWith, repeatedSentences } from '../testing'
import { pageTexts } from '../trace'
import { parseInstruction } from './rewrite'
import { createOfflineComposer } from '.'

const c = createOfflineComposer()
const size = (s: Section) => pageTexts(s).reduce((n, t) => n + t.text.length, 0)
const replace = (page: Page, section: Section): Page => ({
  ...page,
  sections: page.sections.map((s) => (s.id === section.id ? section : s)),
})

describe('parseInstruction', () => {
  it('understands length and tone, in everyday words', () => {
    expect(parseInstruction('Make it shorter please').style).toMatchObject({ length: 'short', tone: 'neutral' })
    expect(parseInstruction('more playful and fun').style).toMatchObject({ length: 'normal', tone: 'playful' })
    expect(parseInstruction('shorter and more formal').style).toMatchObject({ length: 'short', tone: 'formal' })
    expect(parseInstruction('add more detail').style.length).toBe('long')
    expect(parseInstruction('in French').understood).toBe(false)
    expect(parseInstruction(undefined).understood).toBe(false)
  })
})

describe('rewriteSection (offline)', () => {
  it.each(FACT_FIXTURE_NAMES)('changes only that section, keeps its id and type, and stays honest (%s)', async (name) => {
    const facts = loadFacts(name)
    const page = await composeWith(facts, findTemplate(3))
    const before = JSON.stringify(page)
    for (const section of page.sections) {
      for (const instruction of [undefined, 'shorter', 'more playful', 'more formal']) {
        const { section: next } = await c.rewriteSection(facts, page, section.id, instruction)
        expect(JSON.stringify(page), 'the page is not modified').toBe(before)
        expect(next.id).toBe(section.id)
        expect(next.type).toBe(section.type)
        const updated = pageSchema.parse(replace(page, next))
        expect(updated.sections.filter((s) => s.id !== section.id)).toEqual(page.sections.filter((s) => s.id !== section.id))
        expect(checkPageHonesty(updated, facts), `${section.type} ${instruction}`).toEqual([])
        expect(repeatedSentences(updated), `${section.type} ${instruction}`).toEqual([])
        expect(artefacts(updated), `${section.type} ${instruction}`).toEqual([])
      }
    }
  })

  it('is deterministic', async () => {
    const facts = loadFacts('running-shoes')
    const page = await composeWith(facts)
    for (const section of page.sections) {
      for (const instruction of [undefined, 'shorter', 'more playful']) {
        const a = await c.rewriteSection(facts, page, section.id, instruction)
        const b = await createOfflineComposer().rewriteSection(structuredClone(facts), structuredClone(page), section.id, instruction)
        expect(JSON.stringify(b)).toBe(JSON.stringify(a))
      }
    }
  })

  it('"shorter" makes the section visibly shorter', async () => {
    const facts = loadFacts('pour-over-set')
    const page = await composeWith(facts)
    for (const section of page.sections.filter((s) => s.type !== 'guarantee')) {
      const { section: next, note } = await c.rewriteSection(facts, page, section.id, 'Make it shorter')
      // Shorter, or unchanged with a plain note when the facts allow nothing shorter (the price is never the filler).
      if (size(next) >= size(section)) expect(note, section.type).toBe('This section is already as short as the product facts allow.')
      else expect(size(next), section.type).toBeLessThan(size(section))
      if ('items' in section) expect((next as typeof section).items.length, section.type).toBe(section.items.length)
    }
  })

  it('"more playful" is visibly playful, "more formal" is not', async () => {
    const facts = loadFacts('night-light')
    const page = await composeWith(facts)
    for (const section of page.sections) {
      const playful = (await c.rewriteSection(facts, page, section.id, 'more playful')).section
      expect(playful.heading).toMatch(/!$|\?$/)
      expect(playful.heading).not.toBe(section.heading)
      const formal = (await c.rewriteSection(facts, page, section.id, 'more formal')).section
      expect(
        pageTexts(formal)
          .filter((t) => !t.quoted)
          .map((t) => t.text)
          .join(' '),
      ).not.toContain('!')
    }
    const hero = page.sections[0]
    const playfulHero = (await c.rewriteSection(facts, page, hero.id, 'more playful')).section
    expect(playfulHero.type === 'hero' && playfulHero.ctaLabel).toBe('Grab yours!')
    const benefits = page.sections.find((s) => s.type === 'benefits') as Section
    const playfulBenefits = (await c.rewriteSection(facts, page, benefits.id, 'fun')).section
    expect(playfulBenefits.type === 'benefits' && playfulBenefits.items.every((i) => i.title.endsWith('!'))).toBe(true)
  })

  it('without an instruction gives a fresh wording but keeps the heading; an unknown one says what it can do', async () => {
    const facts = loadFacts('cast-iron-skillet')
    const page = await composeWith(facts)
    for (const section of page.sections) {
      const { section: next, note } = await c.rewriteSection(facts, page, section.id)
      expect(next.heading, section.type).toBe(section.heading)
      expect(note).toBeUndefined()
    }
    const { note } = await c.rewriteSection(facts, page, 'hero', 'in French')
    expect(note).toMatch(/shorter, longer, more playful or more formal/)
  })

  it('honours "mention …" from the facts, or says plainly that the source says nothing about it', async () => {
    const coffee = loadFacts('pour-over-set')
    const coffeePage = await composeWith(coffee)
    const benefits = coffeePage.sections.find((s) => s.type === 'benefits') as Section & { type: 'benefits' }
    const grip = await c.rewriteSection(coffee, coffeePage, benefits.id, 'mention trail grip')
    expect(grip.note).toMatch(/The source says nothing about trail grip\./)
    expect(grip.section.heading).toBe(benefits.heading)
    expect((grip.section as typeof benefits).items.length).toBeGreaterThanOrEqual(benefits.items.length)
    const facts = loadFacts('running-shoes')
    const page = await composeWith(facts)
    const hero = page.sections[0]
    const insole = await c.rewriteSection(facts, page, hero.id, 'mention the insole')
    // The insole is already a benefit: the hero does not repeat it, and says why.
    expect(insole.note).toBe('Another section of the page already says what the product facts say about insole.')
    expect(insole.section.heading).toBe(hero.heading)
    const rain = await c.rewriteSection(facts, page, hero.id, 'mention that they are waterproof')
    expect(rain.note).toMatch(/The source says nothing about waterproof/)
    expect(rain.section).toEqual(hero)
    expect(checkPageHonesty(replace(page, insole.section), facts)).toEqual([])
  })

  it('refuses an unknown section id', async () => {
    const facts = loadFacts('cast-iron-skillet')
    await expect(c.rewriteSection(facts, await composeWith(facts), 'nope')).rejects.toThrow(/no section "nope"/)
  })
})
