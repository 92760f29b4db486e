import { describe, expect, it } from 'vitest'
import { DEFAULT_THEME } from '../../../server/domain/page/schema'
import { SHOPPER_WORDS } from '../../../server/domain/page/shopper-words'
import { formatDate, formatPrice, formatRating, safeHref } from './format'
import { onColor, themeStyle } from './theme'

describe('format', () => {
  it('formats prices with Intl in en-US', () => {
    expect(formatPrice(29.99, 'USD')).toBe('$29.99')
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50')
    expect(formatPrice(1500, 'JPY')).toBe('¥1,500')
    expect(formatPrice(5, 'ZZ!')).toBe('5.00 ZZ!')
  })
  it("formats a shopper page's prices in its language, English ones as before", () => {
    expect(formatPrice(29.99, 'USD', SHOPPER_WORDS.es)).toBe('29,99\u00a0US$')
    expect(formatPrice(29.99, 'USD', SHOPPER_WORDS.de)).toBe('29,99\u00a0$')
    expect(formatPrice(29.99, 'USD', SHOPPER_WORDS.fr)).toBe('29,99\u00a0$US')
    expect(formatPrice(5, 'ZZ!', SHOPPER_WORDS.en)).toBe('5.00 ZZ!')
    expect(formatPrice(1234.5, 'EUR', SHOPPER_WORDS.en)).toBe('€1,234.50')
  })
  it('formats ratings', () => {
    expect(formatRating(4)).toBe('4')
    expect(formatRating(4.66)).toBe('4.66')
    expect(formatRating(4.95)).toBe('4.95')
    expect(formatRating(4.999)).toBe('5')
    expect(formatRating(4.5)).toBe('4.5')
    expect(formatRating(4.05)).toBe('4.05')
    expect(formatRating(7)).toBe('5')
  })
  it('formats ISO dates in UTC and keeps other text as given', () => {
    expect(formatDate('2024-03-05')).toEqual({ text: 'Mar 5, 2024', dateTime: '2024-03-05' })
    expect(formatDate('2024-12-31T23:30:00Z').text).toBe('Dec 31, 2024')
    expect(formatDate('last week')).toEqual({ text: 'last week' })
  })
  it('allows only web links', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x')
    expect(safeHref('/products/1')).toBe('/products/1')
    expect(safeHref('#buy')).toBe('#buy')
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref(' JavaScript:alert(1)')).toBeNull()
    expect(safeHref('//evil.example')).toBeNull()
    expect(safeHref(undefined)).toBeNull()
  })
  it('picks readable text colours for theme colours', () => {
    expect(onColor('#1f2937')).toBe('#ffffff')
    expect(onColor('#fde68a')).toBe('#111111')
    expect(onColor('#fff')).toBe('#111111')
    expect(themeStyle(DEFAULT_THEME)).toMatchObject({ '--pw-primary': '#1f2937', '--pw-on-accent': '#ffffff' })
  })
})
