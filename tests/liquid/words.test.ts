import { readFileSync } from 'node:fs'
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import type { Page } from '../../server/domain/page/schema'
import {
  countWith,
  fill,
  formatCountIn,
  formatPriceIn,
  formatRatingIn,
  formatReviewDate,
  SHOPPER_LANGUAGES,
  SHOPPER_WORDS,
} from '../../server/domain/page/shopper-words'
import { renderProductPage } from '../../server/liquid/storefront'
import { themeFilesToPublish } from '../../server/liquid/theme-files'
import { WORDS_SNIPPET, wordsSnippet } from '../../server/liquid/words-snippet'
import { samplePage } from '../fixtures/pages/sample-page'
import { productWith, renderSnippet, renderSnippetEach, storefrontContext, theme } from './helpers'

// The snippets take their words from pagewright-words.liquid, generated from the one table the
// share page reads (server/domain/page/shopper-words.ts); each formatting rule is checked against it.

const decode = (html: string) =>
  html
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')

describe('pagewright-words', () => {
  it('is generated from shopper-words.ts (refresh: npx tsx server/liquid/words-snippet.ts)', () => {
    const committed = readFileSync(WORDS_SNIPPET, 'utf8')
    expect(committed === wordsSnippet(), 'snippets/pagewright-words.liquid is stale: run `npx tsx server/liquid/words-snippet.ts`').toBe(
      true,
    )
  })

  it('gives each word of the table in each language, English for any other', async () => {
    for (const lang of [...SHOPPER_LANGUAGES, 'hu', '']) {
      const words = SHOPPER_WORDS[(SHOPPER_LANGUAGES as readonly string[]).includes(lang) ? (lang as 'en') : 'en']
      for (const key of [
        'rated',
        'outOf5',
        'price',
        'was',
        'buyNow',
        'chooseVariant',
        'soldOut',
        'soldOutNote',
        'regularPrice',
        'option',
        'quantity',
        'addToCart',
        'feature',
        'moneyInLetters',
      ] as const)
        expect(decode(await renderSnippet('pagewright-words', { lang, key })), `${lang} ${key}`).toBe(words[key])
      expect(await renderSnippet('pagewright-words', { lang, key: 'months' })).toBe(words.months.join(','))
      for (const count of [0, 1, 2])
        expect(decode(await renderSnippet('pagewright-words', { lang, key: 'reviewCount', count })), `${lang} ${count}`).toBe(
          words.singular.includes(count) ? words.reviewCount.one : words.reviewCount.other,
        )
    }
  })
})

describe('numbers, ratings and dates in the page language', () => {
  it('match formatCountIn, formatRatingIn and formatReviewDate', async () => {
    for (const lang of SHOPPER_LANGUAGES) {
      const words = SHOPPER_WORDS[lang]
      for (const n of [0, 7, 999, 1000, 5182, 12408, 1234567])
        expect(await renderSnippet('pagewright-number', { n, lang }), `${lang} ${n}`).toBe(formatCountIn(n, words))
      for (const rating of [0, 3.5, 4, 4.05, 4.1, 4.25, 4.95, 4.999, 5, 7])
        expect(await renderSnippet('pagewright-rating', { rating, lang }), `${lang} ${rating}`).toBe(formatRatingIn(rating, words))
      for (const value of ['2024-03-05', '2023-12-31T23:59:00Z', '2024-01-09 10:00:00', '2024-13-01', 'Jan 2024']) {
        const html = await renderSnippet('pagewright-date', { value, lang })
        const expected = formatReviewDate(value, words)
        expect(html.replace(/<[^>]+>/g, ''), `${lang} ${value}`).toBe(` · ${expected.text}`)
        if (expected.dateTime) expect(html).toContain(`datetime="${expected.dateTime}"`)
        else expect(html).not.toContain('datetime=')
      }
    }
  })

  it('reads out stars and counts as the share page does', async () => {
    const es = SHOPPER_WORDS.es
    expect(await renderSnippet('pagewright-stars', { rating: 4.1, lang: 'es' })).toContain(
      `aria-label="${fill(es.rated, { rating: formatRatingIn(4.1, es) })}"`,
    )
    expect(countWith(5182, es.listingCount, es)).toBe('5.182 valoraciones en la ficha del producto')
  })
})

describe('prices in the page language (pagewright-money)', () => {
  // Every currency with a symbol in some language, a few written with their code, a lowercase
  // code, codes without decimals or with three, and one Intl does not know.
  const currencies = [
    ...new Set(SHOPPER_LANGUAGES.flatMap((l) => Object.keys(SHOPPER_WORDS[l].currencies))),
    ...['CHF', 'SEK', 'HUF', 'IDR', 'CLP', 'BHD', 'KWD', 'usd', 'eur', 'ZZZ'],
  ]

  it('match formatPriceIn for each language and currency', async () => {
    // One of the amounts for each language and currency, turning with the pair: every language
    // meets every amount and every currency meets every amount (each has more partners than there
    // are amounts), at a seventh of the renders of every pair with every amount.
    const amounts = [0, 0.5, 29.99, 999.995, 1234.5, 12345.678, 1234567.891]
    expect(Math.min(SHOPPER_LANGUAGES.length, currencies.length)).toBeGreaterThanOrEqual(amounts.length)
    const cases = SHOPPER_LANGUAGES.flatMap((lang, l) =>
      currencies.map((currency, c) => ({ lang, currency, amount: amounts[(l + c) % amounts.length] })),
    )
    const rendered = await renderSnippetEach('pagewright-money', cases)
    expect(rendered).toHaveLength(cases.length)
    cases.forEach(({ amount, currency, lang }, i) =>
      expect(decode(rendered[i]), `${lang} ${currency} ${amount}`).toBe(formatPriceIn(amount, currency, SHOPPER_WORDS[lang])),
    )
  })

  it('writes English without a language, and English for a language without a table', async () => {
    for (const lang of [undefined, '', 'hu'])
      expect(decode(await renderSnippet('pagewright-money', { amount: 1249.99, currency: 'CHF', lang })), String(lang)).toBe(
        'CHF\u00a01,249.99',
      )
    expect(await renderSnippet('pagewright-money', { amount: 29.99, currency: 'USD', lang: 'es' })).toBe('29,99&nbsp;US$')
  })

  it('escapes a currency code', async () => {
    expect(await renderSnippet('pagewright-money', { amount: 5, currency: '<b>', lang: 'de' })).toBe('5,00&nbsp;&lt;B&gt;')
  })
})

describe('the plain buy box (no readable product template) in the page language', () => {
  const withBuyBox = () => {
    const t = theme('Harbor')
    const files = themeFilesToPublish({ appId: '4242', productTemplateJson: null })
    return { ...t, id: `${t.id}-buy-box`, files: { ...t.files, ...Object.fromEntries(files.map((f) => [f.filename, f.content])) } }
  }
  const buyBox = async (page: Page | null, available = true) => {
    const product = productWith(page, {
      templateSuffix: 'pagewright',
      variants: [
        { id: 'gid://shopify/ProductVariant/9101', title: 'Sage', price: 34.5, available },
        { id: 'gid://shopify/ProductVariant/9102', title: 'Black', price: 34.5, available },
      ],
    })
    const $ = load(await renderProductPage(withBuyBox(), product, storefrontContext()))
    const box = $('.pagewright-product')
    return {
      sr: box.find('.pagewright-product__sr').text(),
      labels: box
        .find('label')
        .toArray()
        .map((el) => $(el).text()),
      button: box.find('.pagewright-product__button').text(),
      price: box.find('.pagewright-product__price').text(),
    }
  }

  it.each([
    'es',
    'de',
    'fr',
    'it',
    'pt',
    'nl',
    'pl',
    'sv',
    'tr',
    'ru',
    'uk',
    'cs',
    'sk',
    'ro',
    'fi',
    'et',
    'lv',
    'sl',
    'bg',
    'vi',
    'id',
  ] as const)('says its words in %s; the prices stay Shopify’s money', async (language) => {
    const words = SHOPPER_WORDS[language]
    const box = await buyBox({ ...samplePage, language })
    expect(box.sr).toBe(`${words.regularPrice} `)
    expect(box.labels).toEqual([words.option, words.quantity])
    expect(box.button).toBe(words.addToCart)
    expect(box.price).toContain('$34.50')
    expect((await buyBox({ ...samplePage, language }, false)).button).toBe(words.soldOut)
  })

  it('stays English on an English page and without a page', async () => {
    for (const page of [samplePage, null]) {
      const box = await buyBox(page)
      expect(box.sr).toBe('Regular price ')
      expect(box.labels).toEqual(['Option', 'Quantity'])
      expect(box.button).toBe('Add to cart')
    }
    expect((await buyBox(samplePage, false)).button).toBe('Sold out')
  })
})
