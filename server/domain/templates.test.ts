import { describe, expect, it } from 'vitest'
import { contrastRatio } from './contrast'
import { themeSchema, type Page } from './page/schema'
import { SECTION_TYPES } from './page/section-types'
import {
  bestTemplateFor,
  filterTemplates,
  findTemplate,
  PAGE_TEMPLATES,
  TEMPLATE_CATEGORIES,
  templateById,
  templatePreviewPage,
} from './templates'

const facts = (ratings: (number | null)[], tags: string[] = [], productType: string | null = null) => ({
  reviews: ratings.map((rating) => ({ rating })),
  tags,
  productType,
})

describe('best-fit template', () => {
  it('Social proof for three or more well-rated reviews', () => expect(bestTemplateFor(facts([5, 4, 4])).name).toBe('Social proof'))
  it('not for few or poorly rated reviews', () => {
    expect(bestTemplateFor(facts([5, 5])).name).toBe('Classic')
    expect(bestTemplateFor(facts([3, 3, 4, null])).name).toBe('Classic')
  })
  it('Editorial for home and lifestyle goods', () =>
    expect(bestTemplateFor(facts([], ['home', 'linen'], 'Throw blanket')).name).toBe('Editorial'))
  it('Classic otherwise; unknown ids fall back to Classic', () => {
    expect(bestTemplateFor(facts([], ['audio'], 'Earbuds')).name).toBe('Classic')
    expect(findTemplate(99).name).toBe('Classic')
    expect(templateById(99)).toBeNull()
  })
})

describe('the template library', () => {
  it('has at least 8 templates with unique ids, slugs, names and themes; ids 1–3 kept', () => {
    expect(PAGE_TEMPLATES.length).toBeGreaterThanOrEqual(8)
    for (const key of ['id', 'slug', 'name'] as const) expect(new Set(PAGE_TEMPLATES.map((t) => t[key])).size).toBe(PAGE_TEMPLATES.length)
    // The composer's rewrite finds a page's template by its theme: no two may share one.
    expect(new Set(PAGE_TEMPLATES.map((t) => JSON.stringify(t.theme))).size).toBe(PAGE_TEMPLATES.length)
    expect(PAGE_TEMPLATES.slice(0, 3).map((t) => [t.id, t.name])).toEqual([
      [1, 'Classic'],
      [2, 'Social proof'],
      [3, 'Editorial'],
    ])
    for (const t of PAGE_TEMPLATES) expect(t.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('orders only known section types, each once, hero first and call to action last', () => {
    for (const t of PAGE_TEMPLATES) {
      for (const type of t.order) expect(SECTION_TYPES, t.name).toContain(type)
      expect(new Set(t.order).size, t.name).toBe(t.order.length)
      expect(t.order[0], t.name).toBe('hero')
      expect(t.order.at(-1), t.name).toBe('cta')
      for (const later of ['stats', 'specs'] as const) expect(t.order.indexOf('benefits'), t.name).toBeLessThan(t.order.indexOf(later))
      expect(t.order.indexOf('image-with-text'), t.name).toBeLessThan(t.order.indexOf('specs'))
    }
  })

  it('gives every template a valid theme whose text, headings and accent read on its background (WCAG AA, 4.5:1)', () => {
    for (const t of PAGE_TEMPLATES) {
      expect(themeSchema.parse(t.theme)).toEqual(t.theme)
      expect(contrastRatio(t.theme.text, t.theme.background), `${t.name} text`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(t.theme.primary, t.theme.background), `${t.name} primary`).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(t.theme.accent, t.theme.background), `${t.name} accent`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('describes each template and covers every category with at least one', () => {
    for (const t of PAGE_TEMPLATES) {
      expect(t.description.length, t.name).toBeGreaterThan(20)
      expect(t.bestFor.length, t.name).toBeGreaterThan(10)
      expect(t.categories.length, t.name).toBeGreaterThan(0)
    }
    for (const c of TEMPLATE_CATEGORIES)
      expect(
        PAGE_TEMPLATES.some((t) => t.categories.includes(c)),
        c,
      ).toBe(true)
  })

  it('checks contrast correctly', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21)
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5)
  })
})

describe('filterTemplates', () => {
  it('keeps the templates of a category', () => {
    const pets = filterTemplates(PAGE_TEMPLATES, { category: 'pets' })
    expect(pets.length).toBeGreaterThan(0)
    expect(pets.every((t) => t.categories.includes('pets'))).toBe(true)
    expect(pets.length).toBeLessThan(PAGE_TEMPLATES.length)
  })
  it('searches name, description and "best for", every word, any case', () => {
    expect(filterTemplates(PAGE_TEMPLATES, { search: 'SPEC sheet' }).map((t) => t.slug)).toEqual(['spec-sheet'])
    expect(filterTemplates(PAGE_TEMPLATES, { search: 'skincare' }).map((t) => t.slug)).toEqual(['glow'])
    expect(filterTemplates(PAGE_TEMPLATES, { search: 'no such thing' })).toEqual([])
    expect(filterTemplates(PAGE_TEMPLATES, { search: '  ' })).toHaveLength(PAGE_TEMPLATES.length)
  })
})

describe('templatePreviewPage', () => {
  const sample = {
    theme: PAGE_TEMPLATES[0].theme,
    sections: [
      { id: 'hero', type: 'hero', heading: 'H', subheading: '', image: null, price: null, ctaLabel: 'Buy' },
      { id: 'faq', type: 'faq', heading: 'Q', items: [{ question: 'q', answer: 'a' }] },
      {
        id: 'reviews',
        type: 'reviews',
        heading: 'R',
        provenance: '',
        summary: null,
        items: [{ author: 'a', rating: 5, date: null, title: null, body: 'b' }],
      },
      { id: 'cta', type: 'cta', heading: 'C', text: '', buttonLabel: 'Buy', price: null },
    ],
  } as Page
  it('applies the theme and the order of the template', () => {
    const socialProof = templatePreviewPage(sample, findTemplate(2))
    expect(socialProof.theme).toEqual(findTemplate(2).theme)
    expect(socialProof.sections.map((s) => s.type)).toEqual(['hero', 'reviews', 'faq', 'cta'])
    const peace = templatePreviewPage(sample, findTemplate(7))
    expect(peace.sections.map((s) => s.type)).toEqual(['hero', 'faq', 'reviews', 'cta'])
  })
})
