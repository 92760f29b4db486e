import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  countWith,
  fill,
  formatCountIn,
  formatRatingIn,
  formatReviewDate,
  SHOPPER_LANGUAGES,
  SHOPPER_WORDS,
} from '../../server/domain/page/shopper-words'
import { WORDS_SNIPPET, wordsSnippet } from '../../server/liquid/words-snippet'
import { renderSnippet } from './helpers'

// The snippets take their words from pagewright-words.liquid, generated from the one table the
// share page reads (server/domain/page/shopper-words.ts); each formatting rule is checked against it.

const decode = (html: string) =>
  html
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
    for (const lang of [...SHOPPER_LANGUAGES, 'nl', '']) {
      const words = SHOPPER_WORDS[(SHOPPER_LANGUAGES as readonly string[]).includes(lang) ? (lang as 'en') : 'en']
      for (const key of ['rated', 'outOf5', 'price', 'was', 'buyNow', 'chooseVariant', 'soldOut', 'soldOutNote', 'feature'] as const)
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
