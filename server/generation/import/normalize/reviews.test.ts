import { describe, expect, it } from 'vitest'
import { normalizeRating, normalizeReview, parseDate } from './reviews'

describe('ratings, dates and reviews', () => {
  it.each([
    [4, undefined, 4],
    ['4.0 out of 5 stars', undefined, 4],
    ['4,0 von 5 Sternen', undefined, 4],
    [80, undefined, 4],
    [100, 100, 5],
    ['80%', undefined, 4],
    [8, 10, 4],
    [7, 5, 5],
    [-1, undefined, null],
    ['great', undefined, null],
    [500, undefined, null],
  ])('%s (scale %s) → %s', (value, scale, expected) => {
    expect(normalizeRating(value, scale)).toBe(expected)
  })

  it.each([
    ['Reviewed in the United States on March 3, 2026', '2026-03-03'],
    ['03 Mar 2026', '2026-03-03'],
    ['3rd March 2026', '2026-03-03'],
    ['2026-03-03T12:00:00Z', '2026-03-03'],
    ['2026/3/3', '2026-03-03'],
    ['03.04.2026', '2026-04-03'],
    ['04/03/2026', '2026-04-03'],
    ['25/03/2026', '2026-03-25'],
    [1772551200, '2026-03-03'],
    ['1772551200000', '2026-03-03'],
    ['February 30, 2026', null],
    ['2 days ago', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseDate(value)).toBe(expected)
  })

  it('trims and caps reviews, falls back to the title, and drops empty ones', () => {
    const long = 'x'.repeat(6000)
    const r = normalizeReview(
      { author: '  Ann  ', rating: 100, ratingScale: 100, date: '03 Mar 2026', body: `  <b>Good</b>   ${long}` },
      'AliExpress',
    )!
    expect(r.author).toBe('Ann')
    expect(r.rating).toBe(5)
    expect(r.date).toBe('2026-03-03')
    expect(r.body.length).toBe(5000)
    expect(r.body.startsWith('Good x')).toBe(true)
    expect(r.source).toBe('AliExpress')
    expect(normalizeReview({ title: 'Only a title' }, 's')).toMatchObject({
      author: 'Anonymous',
      body: 'Only a title',
      title: null,
      rating: null,
    })
    expect(normalizeReview({ author: 'x', body: '   ' }, 's')).toBeNull()
  })
})
