import type { Page } from '../../server/domain/page/schema'
import { statesOwnersTerms } from '../../server/domain/page/shopper'
import type { ProductFacts } from '../../server/domain/product-facts'
import { checkPageHonesty } from '../../server/generation/compose/honesty'
import { pageLanguage } from '../../server/generation/compose/offline/compose'
import { languageOf } from '../../server/generation/compose/offline/language'
import { isDescribingWord, wordTags } from '../../server/generation/compose/offline/nlp'
import { pageTexts, type PageText } from '../../server/generation/compose/trace'
import type { Research } from '../../server/generation/compose/types'

/**
 * The writer's rules on real data (issue 21), each a function over one composed page and its facts
 * that returns what is wrong (an empty list: the page passes). `closingVaries` looks across pages.
 * The rules read the page as a shopper gets it; they do not reuse the writer's own filters, so a
 * rule is a second opinion, not the writer checking itself.
 */
export interface WrittenPage {
  id: string
  /** The facts as imported, and as the writer was given them (publishable). */
  facts: ProductFacts
  page: Page
  research: Research
  note?: string
  /** Languages a person read on the page (its own, and its product's where that differs); none known for the demo store. */
  readLanguages?: string[]
}

export interface Rule {
  name: string
  check: (p: WrittenPage) => string[]
}

/** Letters and digits only, lower case: how two texts are compared. */
export const norm = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** Texts a shopper sees that the writer put there: not quoted reviews, not the owner-only provenance and figure sources. */
export function shownTexts(page: Page): PageText[] {
  return pageTexts(page).filter((t) => !t.quoted && !/\.(provenance|source)$/.test(t.path))
}

/** The same, less table data (specification rows, figures, comparison cells) and image descriptions. */
export function proseTexts(page: Page): PageText[] {
  return shownTexts(page).filter((t) => !/\.items\[\d+\]\.(name|value)$|\.rows\[\d+\]|\.columns\[\d+\]|\.image\.alt$/.test(t.path))
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+|\n+/).filter((s) => s.trim())

/** Every text of the facts a page may quote verbatim. */
function factWords(facts: ProductFacts): string {
  return norm(
    [
      facts.title,
      facts.descriptionText,
      ...facts.bullets,
      ...facts.specs.flatMap((s) => [s.name, s.value]),
      ...facts.options.flatMap((o) => [o.name, ...o.values]),
      ...facts.variants.map((v) => v.title),
      facts.vendor ?? '',
      facts.productType ?? '',
      facts.source.name,
    ].join(' \n '),
  )
}

/** A book: its specifications say so, or its title, or an ISBN as its Amazon number. */
/** A video game by its rating board's or software format's rows (it has a publisher, as a book does). */
const looksLikeGame = (facts: ProductFacts) =>
  facts.specs.some((s) => /^(?:esrb rating|pegi rating|usk rating|software format)$/i.test(s.name.trim()))

function looksLikeBook(facts: ProductFacts): boolean {
  if (looksLikeGame(facts)) return false
  return (
    facts.specs.some((s) => /isbn|publisher|print length|file size|seitenzahl|verlag|éditeur/i.test(s.name)) ||
    /\bbook\s+\d+\b/i.test(facts.title) ||
    // The shop files it under books ("Fiction Books > Modern Fiction").
    /\bbooks?\b/i.test(facts.productType ?? '') ||
    /\/dp\/\d{9}[\dX]\b/.test(facts.source.url)
  )
}

// ---------------------------------------------------------------------------------------------

/**
 * The short name and the noun the page calls the product by are real noun phrases: no separator or
 * unit left in the name, a noun that is a noun, from the title, not one of its acronyms ("the anc"),
 * not a word of a book's title ("the truth"), and the last word of its compound in the title.
 */
const noStrayShortName: Rule = {
  name: 'no-stray-short-name',
  check: ({ facts, research: r, page }) => {
    const out: string[] = []
    const name = r.name
    if (/[:|()[\]]|\s[-–—]\s|,$/.test(name)) out.push(`name "${name}" keeps a separator`)
    if (/\b\d+(?:[.,]\d+)?\s?(?:gb|tb|mb|cm|mm|in|inch|oz|ml|l|kg|g|lb|w|v|mah)$/i.test(name))
      out.push(`name "${name}" ends with a measure`)
    // A book's title is its name: cut, it would be another title ("The Art of Avatar The Way").
    if (r.noun !== 'book' && name.split(/\s+/).length > 6) out.push(`name "${name}" is longer than six words`)
    const title = facts.title
    // A word the title writes only in capitals (ANC, USB) is an acronym, never "the anc" — unless the
    // whole title is in capitals ("ZIPPED THROUGH CARDIGAN" is a cardigan).
    const shouting = !/\p{Ll}/u.test(title)
    for (const t of shouting ? [] : proseTexts(page)) {
      for (const m of t.text.matchAll(/\bthe\s+([a-z]{2,})\b/g)) {
        const w = m[1]
        if (new RegExp(`\\b${w.toUpperCase()}\\b`).test(title) && !new RegExp(`\\b${w}\\b`, 'i').test(title.replace(/\b[A-Z]{2,}\b/g, '')))
          out.push(`${t.path}: "${t.text}" calls it "the ${w}", an acronym of its title`)
      }
    }
    const noun = r.noun
    if (noun === 'product' || pageLanguage(facts).code !== 'en') return out
    const used = proseTexts(page).some((t) => norm(t.text).includes(norm(noun)))
    if (!used) return out
    const book = looksLikeBook(facts)
    if (book && noun !== 'book') out.push(`a book called "the ${noun}"`)
    if (noun === 'book') {
      if (!book) out.push('called "the book" but it is not one')
      return out
    }
    // A kind the facts state rather than the title: a game by its rating board's rows.
    if (noun === 'game' && looksLikeGame(facts)) return out
    const head = noun.split(' ').at(-1) as string
    if (head.length < 3 || /\d/.test(head)) out.push(`noun "${noun}" is not a word`)
    // "11.0 inch with Wi-Fi Only Tablet": a unit after its number is a measure, not the product.
    if (
      new RegExp(`\\d\\s+${head}\\b`, 'i').test(title) &&
      /^(?:inch(?:es)?|cm|mm|feet|foot|grams?|pounds?|ounces?|liters?|litres?|watts?|volts?)$/.test(head)
    )
      out.push(`noun "${noun}" is a unit after a number in the title`)
    // A hyphenated head ("t-shirt") is one word of the title, though norm() splits it.
    if (!` ${norm(title)} `.includes(` ${norm(head)} `)) out.push(`noun "${noun}" is not in the title`)
    if (!shouting && new RegExp(`\\b${head.toUpperCase()}\\b`).test(title) && head.toUpperCase() !== head)
      out.push(`noun "${noun}" is an acronym in the title`)
    const context = wordTags(`look at the ${noun}`).at(-1) ?? []
    if (!context.includes('Noun')) out.push(`noun "${noun}" is not a noun`)
    // Its compound ends with it: the title's next word is not another noun of the same phrase.
    const words = title.split(/\s+/)
    const tags = wordTags(title)
    const at = words.findIndex((w) => norm(w) === norm(head))
    const next = words[at + 1]
    // A word with a digit ("Y2K", "4K", "5G") is a value, a style or a model, never the compound's next noun.
    if (at >= 0 && next && !/[,;:|)(]$/.test(words[at]) && /^[a-z]/i.test(next) && !/\d/.test(next)) {
      const nt = tags[at + 1] ?? []
      // Who it is for ("Sunglasses Women") is not part of what it is.
      const audience = /^(?:men|women|boys|girls|kids|children|ladies|adults|unisex)$/i.test(next)
      // A letter before a number ("Washing Machine W 5.840") is a model's name, like a word with a digit.
      const model = /^[A-Z]$/.test(next) && /\d/.test(words[at + 2] ?? '')
      // "Glasses Windproof", "Earbuds Wireless": a word made with -proof or -less describes (the tagger may call it a noun).
      const describing = isDescribingWord(next)
      // A word in capitals in a title that is not ("Shelf unit OMAR galvanized") is a name, not the compound's next noun.
      const capitalName = !shouting && /^\p{Lu}{2,}$/u.test(next)
      if (
        nt.includes('Noun') &&
        !nt.includes('Value') &&
        !nt.includes('Preposition') &&
        !audience &&
        !model &&
        !describing &&
        !capitalName &&
        !/^(?:with|for|and|or|by|in)$/i.test(next)
      )
        out.push(`noun "${noun}" is followed by "${next}" in the title`)
    }
    return out
  },
}

/** Script, JSON, markup, template residue, placeholder values and marketplace slogans. */
const RESIDUE: [string, RegExp][] = [
  ['script', /\bfunction\s*\(|=>|\bvar\s+[\w$]+\s*=|\bwindow\.|\bdocument\.|\.execute\(|\bP\.when\(|_np\b/],
  ['JSON', /\{\s*"|"\s*:\s*["{[\d]|\bisAjax/],
  ['markup', /<\/?[a-z][\w-]*[\s>/]|&(?:nbsp|amp|lt|gt|quot|#\d+);/i],
  ['template', /\{\{|\}\}|\$\{|\{%|\[object |\bundefined\b|\bNaN\b/],
  ['slogan', /smarter shopping|better living|free shipping worldwide|limited time sale|✓/i],
]

const noResidue: Rule = {
  name: 'no-residue',
  check: ({ page }) => {
    const out: string[] = []
    for (const t of shownTexts(page)) {
      for (const [what, re] of RESIDUE) if (re.test(t.text)) out.push(`${t.path}: ${what} (${t.text.slice(0, 80)})`)
      if (!/[\p{L}\p{N}]/u.test(t.text)) out.push(`${t.path}: a placeholder ("${t.text}")`)
      if (/^(?:n\/?a|null|none|-+)$/i.test(t.text.trim())) out.push(`${t.path}: a placeholder ("${t.text}")`)
    }
    return out
  },
}

/** English words the built-in writer writes around facts (headings, questions, labels, closing lines). */
const ENGLISH_WORDS = new Set(
  'the and with your you what which why get order choose about questions reviews reviewers features feature specifications specification details detail key figures figure closer look photo buy shop now rated out of from ratings rating available is are it its one click away cart make yours add to compare options option price availability stock sold stated good know answered meet bring home ready when more highlights glance numbers technical how does do can made much weigh hold box comes come look after shipped covered warranty guarantee returns there'.split(
    ' ',
  ),
)
const NON_LATIN = /[\u0370-\u03ff\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/

/**
 * One language per sentence: on a page whose source is not in English, every sentence the writer
 * made (one not found word for word in the facts) has no English around the source's words; on an
 * English page, no sentence the writer made puts a word of another script inside English.
 */
const oneLanguage: Rule = {
  name: 'one-language',
  check: ({ facts, page }) => {
    const out: string[] = []
    const source = factWords(facts)
    const sourceWords = new Set(source.split(/\s+/))
    const english = pageLanguage(facts).code === 'en'
    for (const t of shownTexts(page)) {
      if (/\.items\[\d+\]\.(name|value)$|\.rows\[\d+\]\.label$/.test(t.path)) continue
      for (const s of sentencesOf(t.text)) {
        const key = norm(s)
        if (!key || source.includes(key)) continue
        const words = key.split(' ')
        if (english) {
          if (NON_LATIN.test(s) && /[a-z]{2}/i.test(s.replace(/[\p{Lu}\d]{2,}/gu, ''))) out.push(`${t.path}: "${s}" mixes scripts`)
        } else {
          const foreign = words.filter((w) => ENGLISH_WORDS.has(w) && !sourceWords.has(w))
          if (foreign.length > 0) out.push(`${t.path}: "${s}" wraps English (${foreign.join(', ')}) around the source`)
        }
      }
    }
    return out
  },
}

/**
 * The page is written in the language a person reads on the source: the page's own, or its product's
 * words' where those differ (an English book on amazon.de). Region subtags do not count ("zh-TW" is "zh").
 */
const pageLanguageRule: Rule = {
  name: 'page-language',
  check: ({ facts, readLanguages }) => {
    if (!readLanguages?.length) return []
    const written = pageLanguage(facts).code
    // As the writer names languages ("no", Norwegian without its written form, is Bokmål).
    const read = readLanguages.map((l) => languageOf(l).code)
    return read.includes(written) ? [] : [`written in ${written}, the source reads ${read.join(' or ')}`]
  },
}

/** Only the hero names the product in full; no other heading repeats its title or its short name. */
const noFullNameHeading: Rule = {
  name: 'no-full-name-heading',
  check: ({ facts, page, research }) => {
    const out: string[] = []
    const full = norm(facts.title)
    // A name that is only the noun ("Keyboard Cover") is what the page calls it: "the keyboard cover" is not a repeat.
    const name = norm(research.name) === norm(research.noun) ? '' : norm(research.name)
    page.sections.forEach((s, i) => {
      if (s.type === 'hero') return
      const h = norm(s.heading)
      if (h.includes(full)) out.push(`sections[${i}].heading "${s.heading}" repeats the full name`)
      else if (name && name.split(' ').length >= 2 && h.includes(name)) out.push(`sections[${i}].heading "${s.heading}" repeats the name`)
    })
    return out
  },
}

/** The short name at most twice in what a shopper reads. */
const shortNameAtMostTwice: Rule = {
  name: 'short-name-at-most-twice',
  check: ({ page, research }) => {
    const name = norm(research.name)
    if (!name || name === norm(research.noun)) return []
    const count = proseTexts(page).reduce((n, t) => n + (` ${norm(t.text)} `.split(` ${name} `).length - 1), 0)
    return count > 2 ? [`"${research.name}" appears ${count} times`] : []
  },
}

/** No card or answer without its text. */
const noEmptyCard: Rule = {
  name: 'no-empty-card',
  check: ({ page }) => {
    const out: string[] = []
    page.sections.forEach((s, i) => {
      if (s.type === 'benefits')
        s.items.forEach((item, j) => {
          if (!item.text.trim()) out.push(`sections[${i}].items[${j}] "${item.title}" has no text`)
        })
      if (s.type === 'faq')
        s.items.forEach((item, j) => {
          if (!item.answer.trim()) out.push(`sections[${i}].items[${j}] "${item.question}" has no answer`)
        })
      if (s.type === 'stats')
        s.items.forEach((item, j) => {
          if (!item.label.trim()) out.push(`sections[${i}].items[${j}] "${item.value}" has no label`)
        })
    })
    return out
  },
}

/** Every number from the facts, no invented claim, review, rating or price (the existing honesty and trace checks). */
const tracesToFacts: Rule = {
  name: 'traces-to-facts',
  check: ({ facts, page }) => checkPageHonesty(page, facts).map((i) => `${i.path}: ${i.message}`),
}

/**
 * Another seller's terms of sale are never the owner's: a page made from any listing but the
 * owner's own store (Shopify) or words promises no shipping, delivery, returns, refund,
 * replacement or payment on delivery (the owner states their own in the page's owner facts).
 */
const TERMS_OF_SALE =
  /\b(?:free|fast|express|next[- ]day) (?:shipping|delivery|returns?)\b|\bships? (?:in|within|from|free)\b|\bdispatch|\breturns? (?:within|policy|window|period)\b|\b\d+[- ]days? (?:free )?(?:returns?|replacement|refund)|\brefund|\breplacement guarantee|money[- ]back|cash on delivery|\b(?:genuine|original) products\b|% off when you buy|\bbusiness days\b/i
const noBorrowedTerms: Rule = {
  name: 'no-borrowed-terms',
  check: ({ facts, page }) =>
    statesOwnersTerms(facts.source.platform)
      ? []
      : shownTexts(page)
          .filter((t) => TERMS_OF_SALE.test(t.text))
          .map((t) => `${t.path}: another seller's terms "${t.text.slice(0, 90)}"`),
}

export const PAGE_RULES: Rule[] = [
  noStrayShortName,
  noResidue,
  oneLanguage,
  pageLanguageRule,
  noFullNameHeading,
  shortNameAtMostTwice,
  noEmptyCard,
  noBorrowedTerms,
  tracesToFacts,
]

/** The table's columns, in the order. */
export const RULE_NAMES = [
  'no-stray-short-name',
  'no-residue',
  'one-language',
  'page-language',
  'no-full-name-heading',
  'short-name-at-most-twice',
  'no-empty-card',
  'closing-varies',
  'no-borrowed-terms',
  'traces-to-facts',
] as const

/** The call to action's closing line. */
export function closingLine(page: Page): string {
  const cta = page.sections.find((s) => s.type === 'cta')
  return cta?.type === 'cta' ? cta.text.trim() : ''
}

/** A closing line as a template: the page's name and noun taken out ("Make X yours."). */
function template(p: WrittenPage): string {
  let line = ` ${norm(closingLine(p.page))} `
  for (const part of [p.research.name, p.research.noun]
    .map(norm)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length))
    line = line.split(` ${part} `).join(' x ')
  return line.trim()
}

/**
 * Across pages: no two pages of different products close with the same line, and no one template
 * (the line without the product's name or noun) closes more than a third of the pages. A page with
 * nothing to close with has no line. One product saved twice (a store's page and its feed) may close
 * alike: its facts are the same.
 */
export function closingVaries(pages: WrittenPage[]): Map<string, string[]> {
  const byLine = new Map<string, string[]>()
  const byTemplate = new Map<string, string[]>()
  for (const p of pages) {
    const line = norm(closingLine(p.page))
    if (!line) continue
    byLine.set(line, [...(byLine.get(line) ?? []), p.id])
    byTemplate.set(template(p), [...(byTemplate.get(template(p)) ?? []), p.id])
  }
  const titles = new Map(pages.map((p) => [p.id, norm(p.facts.title)]))
  const out = new Map<string, string[]>()
  for (const p of pages) {
    const line = norm(closingLine(p.page))
    const problems: string[] = []
    const others = (byLine.get(line) ?? []).filter((id) => id !== p.id && titles.get(id) !== titles.get(p.id))
    if (line && others.length) problems.push(`closes like ${others.join(', ')}: "${closingLine(p.page)}"`)
    const same = byTemplate.get(template(p)) ?? []
    if (line && pages.length >= 6 && same.length > pages.length / 3)
      problems.push(`closes like ${same.length} of ${pages.length} pages ("${template(p)}")`)
    out.set(p.id, problems)
  }
  return out
}
