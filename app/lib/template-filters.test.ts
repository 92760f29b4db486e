import { describe, expect, it } from 'vitest'
import { readTemplateFilters, templatesHref } from './template-filters'

describe('template gallery filters', () => {
  it('reads known filters and drops the rest', () => {
    expect(readTemplateFilters(new URLSearchParams('category=pets&q=%20dog%20&favorites=1'))).toEqual({
      category: 'pets',
      q: 'dog',
      favorites: true,
    })
    expect(readTemplateFilters(new URLSearchParams('category=cars&favorites=yes'))).toEqual({ category: null, q: '', favorites: false })
    expect(readTemplateFilters(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(100)
  })
  it('writes the gallery address back, empty filters left out', () => {
    const f = readTemplateFilters(new URLSearchParams('category=beauty&q=soft'))
    expect(templatesHref(f)).toBe('/templates?category=beauty&q=soft')
    expect(templatesHref(f, { favorites: true })).toBe('/templates?category=beauty&q=soft&favorites=1')
    expect(templatesHref(f, { category: null, q: '' })).toBe('/templates')
  })
})
