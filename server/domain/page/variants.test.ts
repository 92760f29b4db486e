import { describe, expect, it } from 'vitest'
import { samplePage } from '../../../tests/fixtures/pages/sample-page'
import { pageSchema, type Page } from './schema'
import { pageVariant, VARIANT_ANGLES } from './variants'

const ids = (page: Page | null) => page?.sections.map((s) => s.id)

describe('pageVariant', () => {
  it('brings the angle’s sections up under the hero and keeps the closing call to action last', () => {
    expect(ids(pageVariant(samplePage, 'proof_first'))).toEqual([
      'hero',
      'reviews',
      'stats',
      'compare',
      'benefits',
      'materials',
      'everyday',
      'faq',
      'guarantee',
      'specs',
      'cta',
    ])
    expect(ids(pageVariant(samplePage, 'details_first'))?.slice(0, 4)).toEqual(['hero', 'specs', 'materials', 'everyday'])
    expect(ids(pageVariant(samplePage, 'questions_first'))?.slice(0, 3)).toEqual(['hero', 'faq', 'benefits'])
  })

  it('changes only the order: the same sections, word for word, and still a valid page', () => {
    for (const angle of VARIANT_ANGLES) {
      const variant = pageVariant(samplePage, angle)!
      expect(pageSchema.safeParse(variant).success).toBe(true)
      const byId = (page: Page) => [...page.sections].sort((a, b) => a.id.localeCompare(b.id))
      expect(byId(variant)).toEqual(byId(samplePage))
      expect({ ...variant, sections: [] }).toEqual({ ...samplePage, sections: [] })
    }
  })

  it('is null when shoppers would see the same order (nothing to bring up, already up, or only hidden sections move)', () => {
    const noFaq = { ...samplePage, sections: samplePage.sections.filter((s) => s.type !== 'faq') }
    expect(pageVariant(noFaq, 'questions_first')).toBeNull()
    const faqUp = pageVariant(samplePage, 'questions_first')!
    expect(pageVariant(faqUp, 'questions_first')).toBeNull()
    const hiddenFaq = { ...samplePage, sections: samplePage.sections.map((s) => (s.type === 'faq' ? { ...s, hidden: true } : s)) }
    expect(pageVariant(hiddenFaq, 'questions_first')).toBeNull()
  })
})
