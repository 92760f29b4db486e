import { describe, expect, it } from 'vitest'
import { countIn, knownLocale, numbersIn, parseLocaleNumber, separatorsOf } from './numbers'

describe("numbers in the page's language", () => {
  it('learns the separators from the platform (Intl), not from a list', () => {
    expect(separatorsOf('es-es')).toEqual({ group: '.', decimal: ',' })
    expect(separatorsOf('de-DE')).toEqual({ group: '.', decimal: ',' })
    expect(separatorsOf('en-in')).toEqual({ group: ',', decimal: '.' })
    expect(separatorsOf('fr-FR')).toEqual({ group: ' ', decimal: ',' })
    expect(["'", '’']).toContain(separatorsOf('de-CH')?.group)
    // Western digits even where the language's own are others.
    expect(separatorsOf('ar-SA')).toEqual({ group: ',', decimal: '.' })
    expect(separatorsOf('not a tag')).toBeNull()
    expect(knownLocale('es_ES')).toBe('es-ES')
    expect(knownLocale('')).toBeNull()
  })

  it.each([
    // A single mark: the language's decimal mark is decimal; its group mark groups only before three digits.
    ['4,1', 'es-ES', 4.1],
    ['5.182', 'es-ES', 5182],
    ['4.7', 'de-DE', 4.7],
    ['3,4', 'de-DE', 3.4],
    ['8,249', 'en-US', 8249],
    ['4.6', 'en-US', 4.6],
    ['12,990', 'es-ES', 12.99],
    ['12,990', 'en-US', 12990],
    // Repeated marks group (also Indian lakhs); both marks: the last is the decimal.
    ['1,02,900', 'en-IN', 102900],
    ['1.234.567', 'es-ES', 1234567],
    ['1.299,00', 'en-US', 1299],
    ['1,299.50', 'de-DE', 1299.5],
    ['1 299,00', 'fr-FR', 1299],
    // Unknown language: three digits after one mark group, anything else is a decimal.
    ['1,299', null, 1299],
    ['0.125', null, 0.125],
    ['4,5', undefined, 4.5],
  ])('%s (%s) → %s', (token, locale, expected) => {
    expect(parseLocaleNumber(token, locale)).toBe(expected)
  })

  it('reads every number of a rating line in order', () => {
    expect(numbersIn('4,1 de 5 estrellas', 'es-ES')).toEqual([4.1, 5])
    expect(numbersIn('5.182 valoraciones', 'es-ES')).toEqual([5182])
    expect(numbersIn('4.7 von 5 Sternen', 'de-DE')).toEqual([4.7, 5])
    expect(numbersIn('4,5 sur 5 étoiles', 'fr-FR')).toEqual([4.5, 5])
    expect(numbersIn('12,408 ratings', 'en-US')).toEqual([12408])
    expect(numbersIn('no stars yet', 'en-US')).toEqual([])
    expect(numbersIn(4.95)).toEqual([4.95])
  })

  it('reads a count as a whole number, also where the page writes numbers as another language does', () => {
    expect(countIn('5.182 valoraciones', 'es-ES')).toBe(5182)
    expect(countIn('1,959 avaliações', 'pt-PT')).toBe(1959)
    expect(countIn('1.959 avaliações', 'pt-PT')).toBe(1959)
    expect(countIn('90 avaliações', 'pt-PT')).toBe(90)
    expect(countIn('1,5 avaliações', 'pt-PT')).toBeUndefined()
    expect(countIn('no ratings', 'en-US')).toBeUndefined()
  })
})
