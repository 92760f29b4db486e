import { describe, expect, it } from 'vitest'
import { currencyWritten, detectCurrency, parsePrice } from './price'

describe('parsePrice', () => {
  it.each([
    ['$1,299.00', 1299, 'USD'],
    ['1.299,00 €', 1299, 'EUR'],
    ['US $12.34 - 18.20', 12.34, 'USD'],
    ['€ 12,50', 12.5, 'EUR'],
    ['£7.99', 7.99, 'GBP'],
    ['1 299,00 zł', 1299, 'PLN'],
    ["CHF 1'299.50", 1299.5, 'CHF'],
    ['¥1,280', 1280, 'JPY'],
    ['19.99', 19.99, null],
    ['1,299', 1299, null],
    ['0.125', 0.13, null],
    ['C$ 24.00 – C$ 30.00', 24, 'CAD'],
    ['R$ 89,90', 89.9, 'BRL'],
  ])('%s → %s %s', (text, amount, currency) => {
    expect(parsePrice(text)).toEqual({ amount, currency })
  })

  it('takes numbers as they are, rounded to cents, and refuses junk', () => {
    expect(parsePrice(12.345)).toEqual({ amount: 12.35, currency: null })
    expect(parsePrice('Free')).toBeNull()
    expect(parsePrice(undefined)).toBeNull()
    expect(parsePrice(-3)).toBeNull()
  })
})

describe('detectCurrency', () => {
  it('prefers explicit codes, then symbols; a bare $ takes a dollar hint', () => {
    expect(detectCurrency('USD 12.00')).toBe('USD')
    // A code ISO 4217 has replaced, as pages still write it.
    expect(detectCurrency('RUR')).toBe('RUB')
    expect(detectCurrency('VEF')).toBe('VES')
    // A Thai store's settings may write the baht's Thai name where its code goes.
    expect(detectCurrency('บาท')).toBe('THB')
    expect(detectCurrency('2,390.00 บาท')).toBe('THB')
    expect(detectCurrency('eur')).toBe('EUR')
    expect(detectCurrency('$12.00', 'CAD')).toBe('CAD')
    expect(detectCurrency('$12.00', 'EUR')).toBe('USD')
    expect(detectCurrency('AU$12.00')).toBe('AUD')
    expect(detectCurrency('12,00 €', 'USD')).toBe('EUR')
    expect(detectCurrency('12.00', 'GBP')).toBe('GBP')
    expect(detectCurrency('12.00')).toBeNull()
  })
})

describe('currencyWritten', () => {
  it('reads "kr." by the page’s language, and a code or symbol as written', () => {
    expect(currencyWritten('1800,00\u00a0kr.', 'da')).toBe('DKK')
    expect(currencyWritten('143.999 TL', 'tr')).toBe('TRY')
    // The hryvnia's short name, joined to its amount or apart, on a Ukrainian or a Russian page (or a wrong "ua" lang).
    expect(currencyWritten('500.00грн', 'ua')).toBe('UAH')
    expect(currencyWritten('6 879 грн.', 'ru')).toBe('UAH')
    expect(currencyWritten('Огрнтест 5', 'ru')).toBeNull()
    expect(currencyWritten('143.999 TL', 'en')).toBeNull()
    // "¥" on a Chinese page is the yuan, on a Japanese one the yen; a bare number is still no currency.
    expect(currencyWritten('¥3.80 起', 'zh-CN')).toBe('CNY')
    expect(currencyWritten('￥26.93', 'zh')).toBe('CNY')
    expect(currencyWritten('¥1,280', 'ja')).toBe('JPY')
    expect(currencyWritten('3.80', 'zh')).toBeNull()
    // Taiwan's Chinese is no proof of the yuan (a Japanese shop's zh-TW page writes its yen).
    expect(currencyWritten('¥12,800', 'zh-TW')).toBe('JPY')
    expect(currencyWritten('12 990 Ft', 'hu-HU')).toBe('HUF')
    expect(currencyWritten('499 kr', 'sv-SE')).toBe('SEK')
    expect(currencyWritten('1 299,- kr', 'nb')).toBe('NOK')
    expect(currencyWritten('1800,00 kr.', 'en')).toBeNull()
    expect(currencyWritten('€ 12,50', 'da')).toBe('EUR')
    expect(currencyWritten('1800,00', 'da')).toBeNull()
  })
})

describe('currencies written with their own letters', () => {
  it('reads the rupiah, the ringgit and the naira before an amount or alone in a currency field', () => {
    expect(parsePrice('Rp51.500', null, 'id')).toEqual({ amount: 51500, currency: 'IDR' })
    expect(detectCurrency('Rp')).toBe('IDR')
    expect(parsePrice('Rp. 51.500', null, 'id')).toEqual({ amount: 51500, currency: 'IDR' })
    expect(currencyWritten('RM 12.90', 'ms')).toBe('MYR')
    // A watch's reference on an English page is no price in ringgit.
    expect(currencyWritten('RM 011', 'en')).toBeNull()
    expect(parsePrice('₦ 5,750')).toEqual({ amount: 5750, currency: 'NGN' })
    // Letters inside a word or a name are not a currency.
    expect(detectCurrency('RPM 3000')).toBeNull()
    expect(detectCurrency('Model RM-200')).toBeNull()
  })
})

describe('the Egyptian pound as Egypt’s shops write it', () => {
  it('reads "L.E", "LE" right before an amount, "E£" and "ج.م", never letters in a word', () => {
    expect(parsePrice('L.E 12.00', null, 'en')).toEqual({ amount: 12, currency: 'EGP' })
    expect(parsePrice('LE 34', null, 'en')).toEqual({ amount: 34, currency: 'EGP' })
    expect(parsePrice('E£ 1,200', null, 'en')).toEqual({ amount: 1200, currency: 'EGP' })
    expect(parsePrice('150 ج.م', null, 'ar')).toEqual({ amount: 150, currency: 'EGP' })
    expect(detectCurrency('TABLE 34')).toBeNull()
    expect(detectCurrency('£ 34')).toBe('GBP')
  })
})

describe('currencies written after the amount in their own script', () => {
  it('reads the yen’s 円 and, on a Korean page, the won’s 원', () => {
    expect(currencyWritten('3,209円', 'ja')).toBe('JPY')
    expect(parsePrice('3,209 円', null, 'ja')).toEqual({ amount: 3209, currency: 'JPY' })
    expect(currencyWritten('29,000원', 'ko')).toBe('KRW')
    expect(currencyWritten('29,000원', 'en')).toBeNull()
  })
})

describe('codes glued to the amount, the rouble written short', () => {
  it('reads a code written right after the amount ("495MDL"), never one inside a word', () => {
    expect(detectCurrency('495MDL')).toBe('MDL')
    expect(detectCurrency('1.099USD')).toBe('USD')
    expect(detectCurrency('SEUSDA 12')).toBeNull()
  })
  it('reads "Р" and "р." as the rouble on a Russian page only', () => {
    expect(currencyWritten('38108 Р', 'ru')).toBe('RUB')
    expect(currencyWritten('12 990 р.', 'ru-RU')).toBe('RUB')
    expect(currencyWritten('38108 Р', 'bg')).toBeNull()
    expect(currencyWritten('Размер 42', 'ru')).toBeNull()
  })
})
