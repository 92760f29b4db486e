import { writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SHOPPER_LANGUAGES, SHOPPER_WORDS, type Counted, type ShopperWords } from '../domain/page/shopper-words'
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
  'productImages',
  'imageOf',
  'feature',
] as const satisfies readonly (keyof ShopperWords)[]
const COUNTED = ['reviewCount', 'listingCount'] as const satisfies readonly (keyof ShopperWords)[]

// Escaped for HTML, so a word can hold no quote that would end the Liquid string.
const literal = (text: string) => `'${escapeHtml(text)}'`

function wordsOf(words: ShopperWords, indent: string): string[] {
  const lines = [`${indent}case key`]
  const when = (key: string, body: string[]) => lines.push(`${indent}  when '${key}'`, ...body.map((b) => `${indent}    ${b}`))
  for (const key of PLAIN) when(key, [`echo ${literal(words[key])}`])
  when('months', [`echo ${literal(words.months.join(','))}`])
  for (const key of COUNTED) {
    const forms: Counted = words[key]
    const one = words.singular.map((n) => `count == ${n}`).join(' or ')
    when(key, [`if ${one}`, `  echo ${literal(forms.one)}`, 'else', `  echo ${literal(forms.other)}`, 'endif'])
  }
  lines.push(`${indent}endcase`)
  return lines
}

export function wordsSnippet(): string {
  const others = SHOPPER_LANGUAGES.filter((l) => l !== 'en')
  const body = [
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
    '  @param {string} key - Which word.',
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
