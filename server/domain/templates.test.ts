import { describe, expect, it } from 'vitest'
import { bestTemplateFor, findTemplate } from './templates'

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
  })
})
