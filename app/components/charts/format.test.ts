import { describe, expect, it } from 'vitest'
import { conversionLabel, countOf, formatCount, formatDay, formatPercent, formatRateWithInterval } from './format'

describe('chart numbers', () => {
  it('says a rate with its interval the way the owner reads it', () => {
    expect(formatPercent(0.031)).toBe('3.1\u00a0%')
    expect(formatRateWithInterval(0.031, [0.024, 0.039])).toBe('3.1\u00a0% (2.4–3.9\u00a0%)')
  })
  it("names a list's conversion, or nothing without visitors", () => {
    expect(conversionLabel(0.024)).toBe('2.4\u00a0% conversion')
    expect(conversionLabel(0)).toBe('0.0\u00a0% conversion')
    expect(conversionLabel(null)).toBeNull()
    expect(conversionLabel(undefined)).toBeNull()
  })
  it('writes counts and days plainly', () => {
    expect(formatCount(2300)).toBe('2,300')
    expect([countOf(1, 'view', 'views'), countOf(2300, 'view', 'views')]).toEqual(['1 view', '2,300 views'])
    expect(formatDay('2026-11-03')).toBe('Nov 3')
    expect(formatDay('whenever')).toBe('whenever')
  })
})
