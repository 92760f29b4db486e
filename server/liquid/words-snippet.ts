import { writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  pricePattern,
  SHOPPER_LANGUAGES,
  SHOPPER_WORDS,
  THREE_DECIMAL_CURRENCIES,
  ZERO_DECIMAL_CURRENCIES,
  type Counted,
  type ShopperWords,
} from '../domain/page/shopper-words'
import { escapeHtml } from './escape'

/**
 * `snippets/pagewright-words.liquid`: the renderers' own words (server/domain/page/shopper-words.ts)
 * for the Liquid snippets, so the store says exactly what the share page says, in the page's
 * language. Generated, so there is one table of words; the committed snippet is checked against
 * this by tests/liquid (refresh it with `npx tsx server/liquid/words-snippet.ts`).
 *
 * `{% render 'pagewright-words', lang: page.language, key: 'outOf5' %}` outputs the word, escaped
 * for HTML (text or attribute), placeholders such as `{rating}` left for the caller to replace.
 * A counted word takes `count` and picks its singular or plural form; `months` is the twelve
 * short month names joined by commas.
 *
 * Prices (pagewright-money): `moneyPatterns` is each currency with a symbol and its pattern,
 * `USD:{amount}&nbsp;US$,EUR:…`; `moneyInLetters` the pattern of any other currency, with `{currency}`
 * for its code; `moneyGroupFrom` the whole digits from which thousands are grouped. The keys
 * `zeroDecimal` and `threeDecimal` (any language) list the currencies without decimals or with three.
 */
export const WORDS_SNIPPET = fileURLToPath(new URL('../../extensions/pagewright-theme/snippets/pagewright-words.liquid', import.meta.url))

/** The words the snippets use (texts the publisher writes into the page are not among them). */
const PLAIN = [
  'decimal',
  'group',
  'date',
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
  'productImages',
  'imageOf',
  'feature',
] as const satisfies readonly (keyof ShopperWords)[]
const COUNTED = ['reviewCount', 'listingCount'] as const satisfies readonly (keyof ShopperWords)[]

// Escaped for HTML, so a word can hold no quote that would end the Liquid string.
const literal = (text: string) => `'${escapeHtml(text)}'`
// A price's no-break space as the money snippet always wrote it: `&nbsp;`.
const money = (text: string) => literal(text).replace(/\u00a0/g, '&nbsp;')

/** Each currency with a symbol and how a price in it is written: `USD:{amount} US$,EUR:{amount} €`. */
function moneyPatterns(words: ShopperWords): string {
  return Object.keys(words.currencies)
    .map((code) => `${code}:${pricePattern(code, words)}`)
    .join(',')
}

function wordsOf(words: ShopperWords, indent: string): string[] {
  const lines = [`${indent}case key`]
  const when = (key: string, body: string[]) => lines.push(`${indent}  when '${key}'`, ...body.map((b) => `${indent}    ${b}`))
  for (const key of PLAIN) when(key, [`echo ${literal(words[key])}`])
  when('months', [`echo ${literal(words.months.join(','))}`])
  when('moneyPatterns', [`echo ${money(moneyPatterns(words))}`])
  when('moneyInLetters', [`echo ${money(words.moneyInLetters)}`])
  when('moneyGroupFrom', [`echo ${words.moneyGroupFrom}`])
  for (const key of COUNTED) {
    const forms: Counted = words[key]
    // A language that writes the count after a colon ("Отзывов: 12") has one form: no choice to make.
    if (forms.one === forms.other) {
      when(key, [`echo ${literal(forms.other)}`])
      continue
    }
    const one = words.singular.map((n) => `count == ${n}`).join(' or ')
    when(key, [`if ${one}`, `  echo ${literal(forms.one)}`, 'else', `  echo ${literal(forms.other)}`, 'endif'])
  }
  lines.push(`${indent}endcase`)
  return lines
}

export function wordsSnippet(): string {
  const others = SHOPPER_LANGUAGES.filter((l) => l !== 'en')
  const body = [
    // The same in every language.
    'case key',
    "  when 'zeroDecimal'",
    `    echo '${ZERO_DECIMAL_CURRENCIES.join(',')}'`,
    "  when 'threeDecimal'",
    `    echo '${THREE_DECIMAL_CURRENCIES.join(',')}'`,
    'endcase',
    'case lang',
    ...others.flatMap((l) => [`  when '${l}'`, ...wordsOf(SHOPPER_WORDS[l], '    ')]),
    '  else',
    ...wordsOf(SHOPPER_WORDS.en, '    '),
    'endcase',
  ]
  return [
    '{%- doc -%}',
    '  Generated from server/domain/page/shopper-words.ts by server/liquid/words-snippet.ts: do not edit.',
    "  One of the renderers' own words in the page's language (English for a language without a",
    '  table), escaped for HTML; placeholders such as {rating} are left for the caller to replace.',
    '',
    "  @param {string} [lang] - The page's language (page.language); blank for English.",
    '  @param {string} key - Which word (zeroDecimal and threeDecimal: the same in every language).',
    '  @param {number} [count] - For a counted word (reviewCount, listingCount): picks its form.',
    '{%- enddoc -%}',
    '{%- liquid',
    ...body.map((line) => `  ${line}`),
    '-%}',
    '',
  ].join('\n')
}

// `npx tsx server/liquid/words-snippet.ts` after a change to shopper-words.ts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(WORDS_SNIPPET, wordsSnippet())
  console.log(`Wrote ${WORDS_SNIPPET}`)
}
