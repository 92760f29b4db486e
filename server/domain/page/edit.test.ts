import { describe, expect, it } from 'vitest'
import { samplePage } from '../../../tests/fixtures/pages/sample-page'
import { findTemplate, PAGE_TEMPLATES } from '../templates'
import { applyTemplate, setSectionHidden } from './edit'
import { pageSchema } from './schema'

describe('switching a page to another template', () => {
  it('takes the template’s look and order and keeps every section, its texts, its visibility and the owner’s facts', () => {
    const page = samplePage
    const hidden = setSectionHidden(page, page.sections[1].id, true)
    if (!hidden.ok) throw new Error(hidden.message)
    for (const template of PAGE_TEMPLATES) {
      const result = applyTemplate(hidden.page, template)
      if (!result.ok) throw new Error(result.message)
      const switched = result.page
      expect(switched.theme).toEqual(template.theme)
      expect(switched.owner).toEqual(hidden.page.owner)
      expect(switched.gallery).toEqual(hidden.page.gallery)
      // The same sections, each unchanged, only reordered.
      const byId = (p: typeof page) => Object.fromEntries(p.sections.map((s) => [s.id, s]))
      expect(byId(switched)).toEqual(byId(hidden.page))
      // In the template's order; types it does not list come last, in their old order.
      const rank = (type: string) =>
        template.order.includes(type as never) ? template.order.indexOf(type as never) : template.order.length
      const ranks = switched.sections.map((s) => rank(s.type))
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      expect(pageSchema.safeParse(switched).success).toBe(true)
    }
  })

  it('puts the sections of a type the template does not list after the rest, keeping their order', () => {
    const page = samplePage
    const narrow = { theme: findTemplate(1).theme, order: ['cta', 'hero'] as const }
    const result = applyTemplate(page, narrow)
    if (!result.ok) throw new Error(result.message)
    const types = result.page.sections.map((s) => s.type)
    expect(types.slice(0, 2)).toEqual(['cta', 'hero'])
    expect(result.page.sections.slice(2).map((s) => s.id)).toEqual(
      page.sections.filter((s) => s.type !== 'cta' && s.type !== 'hero').map((s) => s.id),
    )
  })
})
