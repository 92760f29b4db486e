import { describe, expect, it } from 'vitest'
import { PAGE_TEMPLATES } from '../templates'
import { pageSchema } from './schema'
import { findSectionEntry, findTopic, SECTION_LIBRARY, SECTION_TOPICS, sectionsOfTopic, templatesUsing } from './section-library'
import { samplePage, SECTION_SAMPLES } from './section-samples'
import { SECTION_TYPES } from './section-types'

/** The section types the page schema accepts (its discriminated union), read from the schema itself. */
const schemaTypes = pageSchema.shape.sections.element.options.map((o) => o.shape.type.value)

describe('sections library', () => {
  it('has an entry for every section type of the page schema, and no other', () => {
    expect(schemaTypes.length).toBeGreaterThan(0)
    expect(SECTION_LIBRARY.map((e) => e.slug).sort()).toEqual([...schemaTypes].sort())
    expect([...SECTION_TYPES].sort()).toEqual([...schemaTypes].sort())
  })

  it('uses each section and topic slug once', () => {
    const slugs = SECTION_LIBRARY.map((e) => e.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    const topics = SECTION_TOPICS.map((t) => t.slug)
    expect(new Set(topics).size).toBe(topics.length)
    // A topic slug never shadows a section slug, so links read unambiguously.
    for (const t of topics) expect(slugs as string[]).not.toContain(t)
  })

  it('files every section under existing topics, and every topic has sections', () => {
    for (const e of SECTION_LIBRARY) {
      expect(e.topics.length, e.slug).toBeGreaterThan(0)
      for (const t of e.topics) expect(findTopic(t), `${e.slug} → ${t}`).not.toBeNull()
    }
    for (const t of SECTION_TOPICS) expect(sectionsOfTopic(t.slug).length, t.slug).toBeGreaterThan(0)
  })

  it('says for every type what it needs, what happens without it, its honesty rule and what the owner edits', () => {
    for (const e of SECTION_LIBRARY) {
      for (const text of [e.purpose, e.about, e.withoutFacts, e.honesty]) expect(text.trim().length, e.slug).toBeGreaterThan(20)
      expect(e.needs.length, e.slug).toBeGreaterThan(0)
      expect(e.ownerCan.length, e.slug).toBeGreaterThan(0)
      expect(new Set(e.variants.map((v) => v.slug)).size, e.slug).toBe(e.variants.length)
    }
    expect(findSectionEntry('reviews')?.honesty).toMatch(/only imported or owner-imported reviews.*never invented/i)
  })

  it('has a live example for every variant of every type, of that type, with ids unique across the library', () => {
    const ids: string[] = []
    for (const e of SECTION_LIBRARY) {
      expect(Object.keys(SECTION_SAMPLES[e.slug]).sort(), e.slug).toEqual(e.variants.map((v) => v.slug).sort())
      for (const sample of Object.values(SECTION_SAMPLES[e.slug])) {
        expect(sample.section.type).toBe(e.slug)
        ids.push(sample.section.id)
      }
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('stores every example exactly as the page schema keeps it (the HTML body is already clean)', () => {
    for (const byVariant of Object.values(SECTION_SAMPLES))
      for (const sample of Object.values(byVariant)) {
        const page = samplePage(sample)
        expect(pageSchema.parse(page), sample.section.id).toEqual(page)
      }
  })

  it('finds nothing for unknown slugs', () => {
    expect(findSectionEntry('testimonials')).toBeNull()
    expect(findSectionEntry('__proto__')).toBeNull()
    expect(findTopic('hero')).toBeNull()
    expect(sectionsOfTopic('nope')).toEqual([])
  })

  it('lists the templates whose order includes a type, with its place', () => {
    const used = templatesUsing('reviews', [
      { id: 7, name: 'Proof first', order: ['hero', 'reviews', 'cta'] },
      { id: 8, name: 'Minimal', order: ['hero', 'cta'] },
    ])
    expect(used).toEqual([{ id: 7, name: 'Proof first', position: 2, of: 3 }])
    for (const e of SECTION_LIBRARY)
      expect(templatesUsing(e.slug, PAGE_TEMPLATES).length).toBe(PAGE_TEMPLATES.filter((t) => t.order.includes(e.slug)).length)
  })
})
