import type { Page } from '../../domain/page/schema'
import type { ProductFacts } from '../../domain/product-facts'
import { findTemplate, type PageTemplate } from '../../domain/templates'
import { createOfflineComposer } from './offline'
import { sentenceKey, splitSentences } from './offline/text'
import { pageTexts } from './trace'

/** Helpers shared by the composer tests (not used by the app). */

export async function composeWith(facts: ProductFacts, template: PageTemplate = findTemplate(1)): Promise<Page> {
  const c = createOfflineComposer()
  const r = await c.research(facts)
  const outline = await c.outline(facts, r, template)
  return (await c.compose(facts, outline, template)).page
}

/** Table data (a spec's name and value, a figure's value, a comparison cell) may repeat a figure; prose may not. */
const DATA = /\.items\[\d+\]\.(value|name)$|\.cells\[\d+\]$/

/** Sentences of three words or more that appear more than once anywhere in the page's prose. */
export function repeatedSentences(page: unknown): string[] {
  const seen = new Map<string, number>()
  for (const t of pageTexts(page)) {
    if (DATA.test(t.path)) continue
    for (const s of splitSentences(t.text)) {
      const key = sentenceKey(s)
      if (key.split(' ').length < 3) continue
      seen.set(key, (seen.get(key) ?? 0) + 1)
    }
  }
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k)
}

const ARTEFACTS: { name: string; match: RegExp }[] = [
  { name: 'undefined/null/NaN', match: /\b(undefined|null|NaN)\b|\[object/ },
  { name: 'template braces', match: /[{}]|\$\{/ },
  { name: 'filler text', match: /lorem|ipsum|TODO|TBD|xxx/i },
  { name: 'doubled space', match: / {2}/ },
  { name: 'space before punctuation', match: / [,.;:!?](?!\d)/ },
  { name: 'doubled punctuation', match: /\.\.|,,|!!|\?\?|[.!?],/ },
  { name: '"a" before a vowel', match: /\ba (?!one\b|once\b|euro|use|usu|uni|ur)[aeiou]\w*/i },
  { name: '"an" before a consonant', match: /\ban (?!hour|honest|heir|honou?r)[bcdfgjklmnpqrstvwxyz]\w*/ },
  { name: 'doubled word', match: /\b([a-z]{2,}) \1\b/i },
  { name: 'broken casing', match: /\b[a-z][A-Z]{2,}/ },
  { name: 'dangling conjunction', match: /\b(and|or|the|a|an),?\s*[.!?]$/ },
]

/** Template artefacts in any text of the page, as "path: problem (text)". */
export function artefacts(page: unknown): string[] {
  const out: string[] = []
  for (const t of pageTexts(page)) {
    for (const a of ARTEFACTS) if (a.match.test(t.text)) out.push(`${t.path}: ${a.name} (${t.text})`)
  }
  return out
}
