import { describe, expect, it } from 'vitest'
import { reviewDisclosure } from './reviews'
import { pageSchema } from './schema'
import {
  countWith,
  fill,
  formatCountIn,
  formatPriceIn,
  formatRatingIn,
  formatReviewDate,
  SHOPPER_LANGUAGES,
  SHOPPER_WORDS,
  shopperWords,
  type ShopperWords,
} from './shopper-words'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

/** Every text of a table with its key ("reviewCount.one"); the currency symbols (a list of its own in each language) are checked against Intl below. */
function texts(words: ShopperWords): [string, string][] {
  const out: [string, string][] = []
  for (const [key, value] of Object.entries(words)) {
    if (key === 'currencies') continue
    if (typeof value === 'string') out.push([key, value])
    else if (Array.isArray(value)) value.forEach((v, i) => typeof v === 'string' && out.push([`${key}[${i}]`, v]))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push([`${key}.${k}`, String(v)])
  }
  return out
}

describe('the table of shopper words', () => {
  it('has every word in every language, trimmed, with the placeholders English has', () => {
    const english = new Map(texts(SHOPPER_WORDS.en))
    for (const language of SHOPPER_LANGUAGES) {
      const words = SHOPPER_WORDS[language]
      expect(words.language).toBe(language)
      const own = new Map(texts(words))
      expect([...own.keys()].sort(), language).toEqual([...english.keys()].sort())
      for (const [key, text] of own) {
        expect(text.length, `${language} ${key}`).toBeGreaterThan(0)
        // Liquid trims around the words it writes; the separator of thousands is a space in French.
        if (key !== 'group') expect(text, `${language} ${key}`).toBe(text.trim())
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!))
      }
      expect(words.months).toHaveLength(12)
    }
  })

  it('translates every sentence (the words a language shares with English are names or figures)', () => {
    // Marks and patterns; "Image" is also French.
    const same = /^(language|decimal|group|date|months\[\d+\]|image|money|moneyInLetters)$/
    const english = new Map(texts(SHOPPER_WORDS.en))
    for (const language of SHOPPER_LANGUAGES.filter((l) => l !== 'en')) {
      for (const [key, text] of texts(SHOPPER_WORDS[language])) {
        if (same.test(key)) continue
        expect(text, `${language} ${key}`).not.toBe(english.get(key))
      }
    }
  })

  it('picks the table by primary language code, English otherwise', () => {
    expect(shopperWords('es').language).toBe('es')
    expect(shopperWords('pt-BR').language).toBe('pt')
    expect(shopperWords('DE').language).toBe('de')
    expect(shopperWords('nl-BE').language).toBe('nl')
    expect(shopperWords('vi-VN').language).toBe('vi')
    expect(shopperWords('hu').language).toBe('en')
    expect(shopperWords(undefined).language).toBe('en')
    expect(shopperWords(null).language).toBe('en')
  })

  it('fills placeholders once, leaving unknown ones as written', () => {
    expect(fill('Image {n} of {count}', { n: 2, count: 5 })).toBe('Image 2 of 5')
    expect(fill('{a} {b}', { a: '{b}' })).toBe('{b} {b}')
  })
})

describe('numbers and dates as Intl writes them for the language', () => {
  const counts = [0, 1, 2, 7, 999, 1000, 5182, 12408, 99999, 1234567]
  const ratings = [0, 1, 3.5, 4, 4.05, 4.1, 4.25, 4.7, 4.95, 4.96, 4.999, 5]

  it('groups counts from 1,000 on (5.182 valoraciones, as stores write it)', () => {
    for (const language of SHOPPER_LANGUAGES) {
      const intl = new Intl.NumberFormat(language, { useGrouping: 'always' } as Intl.NumberFormatOptions)
      for (const n of counts) expect(formatCountIn(n, SHOPPER_WORDS[language]), `${language} ${n}`).toBe(intl.format(n))
    }
    expect(formatCountIn(5182, SHOPPER_WORDS.es)).toBe('5.182')
    expect(formatCountIn(5182, SHOPPER_WORDS.fr)).toBe('5\u202f182')
    expect(formatCountIn(5182)).toBe('5,182')
  })

  it('writes ratings with the decimal mark, two decimals at most', () => {
    for (const language of SHOPPER_LANGUAGES) {
      const intl = new Intl.NumberFormat(language, { maximumFractionDigits: 2 })
      for (const r of ratings) expect(formatRatingIn(r, SHOPPER_WORDS[language]), `${language} ${r}`).toBe(intl.format(r))
    }
    expect(formatRatingIn(4.1, SHOPPER_WORDS.es)).toBe('4,1')
    expect(formatRatingIn(7)).toBe('5')
    expect(formatRatingIn(-1, SHOPPER_WORDS.de)).toBe('0')
  })

  it('takes the singular form where Intl.PluralRules says "one"', () => {
    for (const language of SHOPPER_LANGUAGES) {
      const rules = new Intl.PluralRules(language)
      const words = SHOPPER_WORDS[language]
      // A language whose counts follow a colon chooses no form: its list may stay empty (Russian's "one" is 1, 21, 31…).
      if (words.singular.length === 0) {
        for (const forms of [words.reviewCount, words.listingCount]) expect(forms.one, language).toBe(forms.other)
        continue
      }
      for (let n = 0; n <= 2000; n++) expect(words.singular.includes(n), `${language} ${n}`).toBe(rules.select(n) === 'one')
    }
    expect(countWith(1, SHOPPER_WORDS.es.reviewCount, SHOPPER_WORDS.es)).toBe('1 opinión')
    expect(countWith(5182, SHOPPER_WORDS.es.listingCount, SHOPPER_WORDS.es)).toBe('5.182 valoraciones en la ficha del producto')
    expect(countWith(0, SHOPPER_WORDS.en.reviewCount)).toBe('0 reviews')
  })

  it('writes review dates as a short date in the language, on the day the source wrote', () => {
    for (const language of SHOPPER_LANGUAGES) {
      const intl = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
      for (let month = 0; month < 12; month++)
        for (const day of [1, 5, 28]) {
          const iso = `2024-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          expect(formatReviewDate(iso, SHOPPER_WORDS[language]), `${language} ${iso}`).toEqual({
            text: intl.format(Date.UTC(2024, month, day)),
            dateTime: iso,
          })
        }
    }
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.es).text).toBe('5 mar 2024')
    expect(formatReviewDate('2024-03-05T23:30:00-05:00', SHOPPER_WORDS.de).text).toBe('5. März 2024')
    expect(formatReviewDate(' 2024-03-05 ').text).toBe('Mar 5, 2024')
    for (const raw of ['hace 2 semanas', '2024-13-01', '2024-02-00', 'Jan 2024'])
      expect(formatReviewDate(raw, SHOPPER_WORDS.es)).toEqual({ text: raw })
  })
})

describe('prices as Intl writes them for the language', () => {
  const amounts = [0, 0.5, 5, 19.99, 29.99, 999.995, 1234.5, 9999.99, 12345.678, 1234567.891]

  it('writes every currency Intl knows as Intl.NumberFormat(language, { style: "currency" }) does', () => {
    const currencies = Intl.supportedValuesOf('currency')
    for (const language of SHOPPER_LANGUAGES) {
      const locale = language === 'en' ? 'en-US' : language
      for (const currency of currencies) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency })
        for (const amount of amounts)
          expect(formatPriceIn(amount, currency, SHOPPER_WORDS[language]), `${language} ${currency} ${amount}`).toBe(intl.format(amount))
      }
    }
  })

  it('lists exactly the symbols Intl writes, none of them holding a comma or colon (the Liquid lists split on them)', () => {
    for (const language of SHOPPER_LANGUAGES) {
      const locale = language === 'en' ? 'en-US' : language
      const symbols = Object.fromEntries(
        Intl.supportedValuesOf('currency')
          .map((currency) => {
            const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1)
            return [currency, parts.find((p) => p.type === 'currency')!.value] as const
          })
          .filter(([currency, symbol]) => symbol !== currency),
      )
      expect(SHOPPER_WORDS[language].currencies, language).toEqual(symbols)
      for (const symbol of Object.values(symbols)) expect(symbol, language).not.toMatch(/[,:]/)
    }
  })

  it('reads as a shopper in each language expects', () => {
    expect(formatPriceIn(29.99, 'USD', SHOPPER_WORDS.es)).toBe('29,99\u00a0US$')
    expect(formatPriceIn(29.99, 'USD', SHOPPER_WORDS.de)).toBe('29,99\u00a0$')
    expect(formatPriceIn(29.99, 'USD', SHOPPER_WORDS.fr)).toBe('29,99\u00a0$US')
    expect(formatPriceIn(29.99, 'USD', SHOPPER_WORDS.it)).toBe('29,99\u00a0USD')
    expect(formatPriceIn(29.99, 'USD', SHOPPER_WORDS.pt)).toBe('US$\u00a029,99')
    expect(formatPriceIn(1234.5, 'EUR', SHOPPER_WORDS.es)).toBe('1234,50\u00a0€')
    expect(formatPriceIn(12345.5, 'EUR', SHOPPER_WORDS.es)).toBe('12.345,50\u00a0€')
    expect(formatPriceIn(1234.5, 'EUR', SHOPPER_WORDS.de)).toBe('1.234,50\u00a0€')
    expect(formatPriceIn(1250, 'jpy', SHOPPER_WORDS.de)).toBe('1.250\u00a0¥')
    expect(formatPriceIn(1249.99, 'CHF')).toBe('CHF\u00a01,249.99')
    expect(formatPriceIn(29.99, 'USD')).toBe('$29.99')
    // A code Intl does not know is written as it came, with two decimals.
    expect(formatPriceIn(5, 'ZZ!', SHOPPER_WORDS.es)).toBe('5,00\u00a0ZZ!')
  })

  it('reads as a shopper expects in Dutch, Polish, Swedish, Turkish, Russian, Czech, Slovak and Romanian', () => {
    const { nl, pl, sv, tr, ru, cs, sk, ro } = SHOPPER_WORDS
    expect(formatPriceIn(5263.2, 'EUR', sk)).toBe('5\u00a0263,20\u00a0€')
    expect(formatPriceIn(1234.5, 'EUR', nl)).toBe('€\u00a01.234,50')
    // Polish groups a price's thousands from five digits on.
    expect(formatPriceIn(1234.5, 'PLN', pl)).toBe('1234,50\u00a0zł')
    expect(formatPriceIn(12345.5, 'PLN', pl)).toBe('12\u00a0345,50\u00a0zł')
    expect(formatPriceIn(1234.5, 'SEK', sv)).toBe('1\u00a0234,50\u00a0kr')
    expect(formatPriceIn(1234.5, 'TRY', tr)).toBe('₺1.234,50')
    expect(formatPriceIn(1234.5, 'CHF', tr)).toBe('CHF\u00a01.234,50')
    expect(formatPriceIn(29.99, 'RUB', ru)).toBe('29,99\u00a0₽')
    expect(formatPriceIn(1234.5, 'CZK', cs)).toBe('1\u00a0234,50\u00a0Kč')
    expect(formatPriceIn(1234.5, 'EUR', ro)).toBe('1.234,50\u00a0EUR')
  })

  it('reads as a shopper expects in Finnish, Estonian, Latvian, Slovenian, Bulgarian and Vietnamese', () => {
    const { fi, et, lv, sl, bg, vi } = SHOPPER_WORDS
    expect(formatPriceIn(1234.5, 'EUR', fi)).toBe('1\u00a0234,50\u00a0€')
    expect(formatPriceIn(29.99, 'USD', fi)).toBe('29,99\u00a0$')
    expect(formatPriceIn(1234, 'VND', fi)).toBe('1\u00a0234\u00a0VND')
    // Estonian, Latvian, Slovenian and Bulgarian group a price's thousands from five digits on.
    expect(formatPriceIn(1234.5, 'EUR', et)).toBe('1234,50\u00a0€')
    expect(formatPriceIn(12345.5, 'EUR', lv)).toBe('12\u00a0345,50\u00a0€')
    expect(formatPriceIn(12345.5, 'EUR', sl)).toBe('12.345,50\u00a0€')
    expect(formatPriceIn(1234.5, 'GBP', sl)).toBe('1234,50\u00a0GBP')
    expect(formatPriceIn(12345.5, 'BGN', bg)).toBe('12\u00a0345,50\u00a0лв.')
    expect(formatPriceIn(29.99, 'USD', bg)).toBe('29,99\u00a0щ.д.')
    expect(formatPriceIn(29.99, 'BGN', fi)).toBe('29,99\u00a0BGN')
    expect(formatPriceIn(1250000, 'VND', vi)).toBe('1.250.000\u00a0₫')
    expect(formatPriceIn(29.99, 'USD', vi)).toBe('29,99\u00a0US$')
    expect(formatPriceIn(1234.5, 'EUR', vi)).toBe('1.234,50\u00a0€')
  })
})

describe('counts and dates in the languages with more plural forms', () => {
  it('writes a count after a colon, right for every count ("Отзывов: 21", never "21 отзывов")', () => {
    for (const language of ['pl', 'ru', 'uk', 'cs', 'sk', 'ro', 'lv', 'sl'] as const) {
      const words = SHOPPER_WORDS[language]
      for (const forms of [words.reviewCount, words.listingCount]) {
        expect(forms.one, language).toBe(forms.other)
        expect(forms.other, language).toMatch(/: \{count\}$/)
      }
    }
    expect(countWith(21, SHOPPER_WORDS.ru.reviewCount, SHOPPER_WORDS.ru)).toBe('Отзывов: 21')
    expect(countWith(1, SHOPPER_WORDS.ru.reviewCount, SHOPPER_WORDS.ru)).toBe('Отзывов: 1')
    expect(countWith(5182, SHOPPER_WORDS.uk.listingCount, SHOPPER_WORDS.uk)).toBe('Оцінок на сторінці товару: 5\u00a0182')
    expect(countWith(5182, SHOPPER_WORDS.pl.listingCount, SHOPPER_WORDS.pl)).toBe('Liczba ocen na stronie produktu: 5\u00a0182')
    expect(countWith(22, SHOPPER_WORDS.cs.reviewCount, SHOPPER_WORDS.cs)).toBe('Počet recenzí: 22')
    expect(countWith(21, SHOPPER_WORDS.lv.reviewCount, SHOPPER_WORDS.lv)).toBe('Atsauksmju skaits: 21')
    expect(countWith(102, SHOPPER_WORDS.sl.listingCount, SHOPPER_WORDS.sl)).toBe('Število ocen na strani izdelka: 102')
    // Vietnamese has no plural: one form, the count before it.
    expect(countWith(1, SHOPPER_WORDS.vi.reviewCount, SHOPPER_WORDS.vi)).toBe('1 đánh giá')
    expect(countWith(5182, SHOPPER_WORDS.vi.reviewCount, SHOPPER_WORDS.vi)).toBe('5.182 đánh giá')
    // Languages of two forms choose one as before.
    expect(countWith(1, SHOPPER_WORDS.nl.reviewCount, SHOPPER_WORDS.nl)).toBe('1 recensie')
    expect(countWith(2, SHOPPER_WORDS.sv.reviewCount, SHOPPER_WORDS.sv)).toBe('2 omdömen')
    // Finnish and Estonian write the partitive above one, Bulgarian the counting form.
    expect(countWith(1, SHOPPER_WORDS.fi.reviewCount, SHOPPER_WORDS.fi)).toBe('1 arvostelu')
    expect(countWith(12, SHOPPER_WORDS.fi.reviewCount, SHOPPER_WORDS.fi)).toBe('12 arvostelua')
    expect(countWith(0, SHOPPER_WORDS.et.reviewCount, SHOPPER_WORDS.et)).toBe('0 arvustust')
    expect(countWith(5182, SHOPPER_WORDS.et.listingCount, SHOPPER_WORDS.et)).toBe('5\u00a0182 hinnangut tootelehel')
    expect(countWith(1, SHOPPER_WORDS.bg.reviewCount, SHOPPER_WORDS.bg)).toBe('1 отзив')
    expect(countWith(21, SHOPPER_WORDS.bg.reviewCount, SHOPPER_WORDS.bg)).toBe('21 отзива')
  })

  it('writes dates and ratings as the language does', () => {
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.ru).text).toBe('5 мар. 2024 г.')
    expect(formatReviewDate('2024-05-05', SHOPPER_WORDS.uk).text).toBe('5 трав. 2024 р.')
    expect(fill(SHOPPER_WORDS.uk.rated, { rating: formatRatingIn(4.5, SHOPPER_WORDS.uk) })).toBe('Оцінка: 4,5 з 5')
    expect(formatReviewDate('2024-10-05', SHOPPER_WORDS.pl).text).toBe('5 paź 2024')
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.cs).text).toBe('5. 3. 2024')
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.tr).text).toBe('5 Mar 2024')
    expect(fill(SHOPPER_WORDS.ru.rated, { rating: formatRatingIn(4.5, SHOPPER_WORDS.ru) })).toBe('Оценка: 4,5 из 5')
    expect(fill(SHOPPER_WORDS.tr.outOf5, { rating: formatRatingIn(4.5, SHOPPER_WORDS.tr) })).toBe('5 üzerinden 4,5')
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.fi).text).toBe('5.3.2024')
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.et).text).toBe('5. märts 2024')
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.lv).text).toBe('2024. g. 5. marts')
    expect(formatReviewDate('2024-08-05', SHOPPER_WORDS.sl).text).toBe('5. avg. 2024')
    expect(formatReviewDate('2024-03-05', SHOPPER_WORDS.bg).text).toBe('5.03.2024 г.')
    expect(formatReviewDate('2024-11-28', SHOPPER_WORDS.vi).text).toBe('28 thg 11, 2024')
    expect(fill(SHOPPER_WORDS.bg.rated, { rating: formatRatingIn(4.5, SHOPPER_WORDS.bg) })).toBe('Оценка: 4,5 от 5')
    expect(fill(SHOPPER_WORDS.vi.outOf5, { rating: formatRatingIn(4.5, SHOPPER_WORDS.vi) })).toBe('4,5 trên 5')
  })
})

describe('texts the publisher writes', () => {
  it('discloses imported reviews in the page language', () => {
    expect(reviewDisclosure([{ origin: 'source' }], true, 'es')).toBe('Opiniones de compradores de este producto en otra tienda.')
    expect(reviewDisclosure([{ origin: 'source' }], false, 'de')).toBe('Bewertungen von Käufern dieses Produkts.')
    expect(reviewDisclosure([{ origin: 'owner', importedFrom: 'Judge.me' }], true, 'fr')).toBe(
      'Avis importés par la boutique depuis Judge.me.',
    )
    expect(
      reviewDisclosure(
        [{ origin: 'source' }, { origin: 'owner', importedFrom: 'Judge.me' }, { origin: 'owner', importedFrom: 'Loox' }],
        true,
        'it',
      ),
    ).toBe('Recensioni di acquirenti di questo prodotto su un altro negozio e recensioni importate dal negozio da Judge.me e Loox.')
    expect(reviewDisclosure([{ origin: 'owner' }], true, 'pt')).toBe(
      'Avaliações importadas pela loja a partir de um arquivo de avaliações.',
    )
    expect(reviewDisclosure([{ origin: 'source' }], true, 'pl')).toBe('Opinie kupujących ten produkt w innym sklepie.')
    expect(reviewDisclosure([{ origin: 'owner' }], true, 'ru')).toBe('Отзывы, импортированные магазином из файла с отзывами.')
    // English stays exactly as it was.
    expect(reviewDisclosure([{ origin: 'source' }, { origin: 'owner', importedFrom: 'Loox' }])).toBe(
      'Reviews from buyers of this product on another store, and reviews imported by the store from Loox.',
    )
  })
})

describe('the page records its language', () => {
  it('accepts a primary language code or none (every existing page stays valid)', () => {
    const base = {
      theme: { primary: '#111111', accent: '#222222', background: '#ffffff', text: '#000000', font: 'system', radius: 'small' },
      sections: [{ id: 'faq', type: 'faq', heading: 'FAQ', items: [{ question: 'Q?', answer: 'A.' }] }],
    }
    expect(pageSchema.parse(base).language).toBeUndefined()
    expect(pageSchema.parse({ ...base, language: 'es' }).language).toBe('es')
    for (const language of ['es-ES', 'ES', 'e', '"><script>', ''])
      expect(pageSchema.safeParse({ ...base, language }).success, language).toBe(false)
  })
})
