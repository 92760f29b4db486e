import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { pageLocale, siteLanguage } from './locale'

describe('the language of a page that states none', () => {
  it('is its country’s, by the country-code domain, where the country writes one language', () => {
    expect(siteLanguage('https://www.planeta-sport.ru/catalog/1584602/')).toBe('ru')
    expect(siteLanguage('https://www.magazineluiza.com.br/p/1')).toBe('pt')
    // Several languages (Belgium, Switzerland, Canada) or none (".com"): unknown.
    expect(siteLanguage('https://shop.be/p')).toBeNull()
    expect(siteLanguage('https://shop.ch/p')).toBeNull()
    expect(siteLanguage('https://shop.com/p')).toBeNull()
  })
  it('gives way to the language the page states', () => {
    expect(pageLocale(load('<html><body></body></html>'), siteLanguage('https://alcomarket.md/ru/p'))).toBe('ro')
    expect(pageLocale(load('<html lang="ru"><body></body></html>'), siteLanguage('https://alcomarket.md/ru/p'))).toBe('ru')
  })
})
