import { describe, expect, it } from 'vitest'
import { decayWeights, GENERATION_WEIGHT, trendingScore, viewsLabel } from './trending'

describe('trending score', () => {
  it('weighs today fully and halves every third of the period', () => {
    const week = decayWeights('week')
    expect(week).toHaveLength(7)
    expect(week[0]).toBe(1)
    expect(week[6]).toBeCloseTo(2 ** (-6 / (7 / 3)), 5)
    for (let age = 1; age < week.length; age++) expect(week[age]).toBeLessThan(week[age - 1])
    const month = decayWeights('month')
    expect(month).toHaveLength(30)
    expect(month[10]).toBeCloseTo(0.5, 5)
  })

  it('adds decayed views and generations, a generation worth GENERATION_WEIGHT views', () => {
    expect(trendingScore({ views: [{ age: 0, count: 10 }], generations: [] })).toBe(10)
    expect(trendingScore({ views: [], generations: [{ age: 0, count: 2 }] })).toBe(2 * GENERATION_WEIGHT)
    const recent = trendingScore({ views: [{ age: 1, count: 20 }], generations: [] })
    const older = trendingScore({ views: [{ age: 5, count: 20 }], generations: [] })
    expect(recent).toBeGreaterThan(older)
    expect(older).toBeGreaterThan(0)
  })

  it('counts nothing outside the period, nor dated in the future', () => {
    expect(trendingScore({ views: [{ age: 7, count: 1000 }], generations: [{ age: -1, count: 5 }] })).toBe(0)
    expect(trendingScore({ views: [{ age: 7, count: 1000 }], generations: [] }, 'month')).toBeGreaterThan(0)
  })

  it('a page people keep looking at outranks last week’s burst', () => {
    const steady = trendingScore({ views: [0, 1, 2].map((age) => ({ age, count: 30 })), generations: [] })
    const burst = trendingScore({ views: [{ age: 6, count: 400 }], generations: [] })
    expect(steady).toBeGreaterThan(burst)
  })
})

describe('views label', () => {
  it('says a number only when there were views', () => {
    expect(viewsLabel(0)).toBeNull()
    expect(viewsLabel(-3)).toBeNull()
    expect(viewsLabel(1)).toBe('1 view this week')
    expect(viewsLabel(12_408)).toBe('12,408 views this week')
  })
})
