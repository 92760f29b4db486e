import nlp from 'compromise'
import { latinOnly } from './language'

/**
 * Linguistic analysis for the offline writer, on the `compromise` part-of-speech tagger: the
 * product's head noun, content-word lemmas and stems (to tell when two phrases say the same thing).
 */

export interface Term {
  /** As written, lower case. */
  text: string
  /** The lemma: singular noun, infinitive verb, plain adjective. */
  lemma: string
  /** A light stem of the lemma ("breathability" and "breathable" → "breath"). */
  stem: string
  pos: 'noun' | 'verb' | 'adjective' | 'adverb' | 'value' | 'other'
  plural: boolean
  acronym: boolean
  /** Part of a hyphenated word ("cast-iron"). */
  hyphenated: boolean
}

interface RawTerm {
  text: string
  normal?: string
  root?: string
  tags?: string[]
  pre?: string
  post?: string
}

const FUNCTION_WORDS = new Set(
  'a an the and or but of for to in on at by with from into over under it its this that these those is are was were be been am i you he she we they me my our your their them his her so very just really also too not no'.split(
    ' ',
  ),
)

/** Derivational endings, longest first ("ability" before "able"). */
const SUFFIXES = [
  'ibility',
  'ability',
  'fulness',
  'iness',
  'ness',
  'ible',
  'able',
  'ment',
  'ity',
  'ful',
  'ing',
  'ive',
  'ed',
  'er',
  'ly',
  'y',
  'e',
  's',
]

/** A light stem: derivational suffixes off while at least four letters stay, doubled final consonant undone. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (w.length <= 4) return w
  for (let round = 0; round < 2; round++) {
    const suffix = SUFFIXES.find((s) => w.endsWith(s) && w.length - s.length >= 4)
    if (!suffix) break
    w = w.slice(0, -suffix.length)
  }
  return /([bdgmnprt])\1$/.test(w) ? w.slice(0, -1) : w
}

/** English adjectives by their ending: "-proof" (waterproof, shockproof) and "-less" (wireless, rimless). */
export const isDescribingWord = (word: string) => /^[a-z]{3,}(?:proof|less)$/i.test(word)

/**
 * A word's part of speech and number from the tagger's tags. Words made with -proof and -less
 * describe ("windproof", "cordless"), though the tagger may take one for a noun.
 */
function wordClass(word: string, tags: string[]): { pos: Term['pos']; plural: boolean } {
  if (isDescribingWord(word) && !tags.includes('Value')) return { pos: 'adjective', plural: false }
  return { pos: posOf(tags), plural: tags.includes('Plural') }
}

function posOf(tags: string[]): Term['pos'] {
  if (tags.includes('Value')) return 'value'
  if (tags.includes('Noun') || tags.includes('Pronoun')) return 'noun'
  if (tags.includes('Verb')) return 'verb'
  if (tags.includes('Adjective')) return 'adjective'
  if (tags.includes('Adverb')) return 'adverb'
  return 'other'
}

/** Every term of the text with its part of speech and lemma (the tagger reads lower case best on titles). */
export function terms(text: string): Term[] {
  const doc = nlp(text)
  doc.compute('root')
  const options = { terms: { root: true, normal: true } } as Parameters<typeof doc.json>[0]
  const json = doc.json(options) as { terms: RawTerm[] }[]
  const out: Term[] = []
  let previousPost = ''
  for (const t of json.flatMap((s) => s.terms)) {
    const tags = t.tags ?? []
    const lower = (t.normal ?? t.text).toLowerCase()
    const hyphenated = previousPost.includes('-') || (t.post ?? '').includes('-')
    previousPost = t.post ?? ''
    if (!lower) continue
    const lemma = (t.root || lower).toLowerCase()
    out.push({
      text: lower,
      lemma,
      stem: stem(lemma),
      ...wordClass(lower, tags),
      acronym: tags.includes('Acronym'),
      hyphenated,
    })
  }
  return out
}

/** Stems of the content words (nouns, verbs, adjectives, adverbs), function words left out. */
export function contentStems(text: string): Set<string> {
  return new Set(contentTerms(text).map((t) => t.stem))
}

/** The content words of a text (no function words, pronouns, verbs "be"/"have", or numbers). */
export function contentTerms(text: string): Term[] {
  return terms(text).filter(
    (t) => t.pos !== 'value' && t.pos !== 'other' && !FUNCTION_WORDS.has(t.text) && !/^(be|have|do)$/.test(t.lemma) && /[a-z]/.test(t.text),
  )
}

/** Whether `title` says nothing that `text` does not already say (every content stem of the title is in the text). */
export function repeats(title: string, text: string): boolean {
  const a = contentStems(title)
  if (a.size === 0) return true
  const b = contentStems(text)
  return [...a].every((s) => b.has(s))
}

/** The product type as the name says it ("Running shoes" in "Trailblazer Running Shoes"), or null. */
export function typeInName(name: string, productType: string | null): { noun: string; plural: boolean } | null {
  if (!productType) return null
  const lower = name.toLowerCase()
  const type = productType.trim().toLowerCase()
  const typeTerms = terms(type)
  const singularType = typeTerms.map((t, i) => (i === typeTerms.length - 1 && t.plural ? t.lemma : t.text)).join(' ')
  for (const candidate of [type, singularType]) {
    const re = new RegExp(`(^|[^a-z])${candidate.replace(/[^a-z0-9 ]/g, '.')}($|[^a-z])`)
    const m = candidate ? re.exec(lower) : null
    if (!m || nounFollows(lower.slice(m.index + m[0].length))) continue
    return { noun: candidate, plural: typeTerms.at(-1)?.plural === true && candidate === type }
  }
  return null
}

/**
 * Whether the words after a phrase go on naming the thing: the next word is a noun of the same
 * compound ("slim fit" + "easy-iron shirt": the shop's type names the fit, the shirt is the product).
 */
function nounFollows(rest: string): boolean {
  const next = rest.trim().split(/\s+/)[0] ?? ''
  if (!/^[a-z][a-z'-]*$/.test(next) || /^(?:with|for|and|or|by|in|from|to|of)$/.test(next) || AUDIENCE.has(next)) return false
  const tags = wordTags(rest.trim()).at(0) ?? []
  return tags.includes('Noun') && !tags.includes('Value') && !tags.includes('Preposition')
}

/** What to call a product: a short name for its hero, and the noun phrase that says what it is. */
export interface ProductName {
  /** "Skullcandy Crusher ANC 2 Headphones", "iPhone 13", "The Whole Truth". */
  name: string
  /** Lower-case category ("headphones", "duct tape", "book"); "product" when the name says none. */
  noun: string
  plural: boolean
}

/** Words that describe a product's kind of technology or range, never what it is ("bluetooth headphones" → "headphones"). */
const NOT_A_MODIFIER = new Set(
  'series pro max plus ultra mini lite edition version model style type design premium original classic new bluetooth wireless usb smart digital electric portable mens womens kids unisex'.split(
    ' ',
  ),
)
/** Who a product is for ("Men", "Girls"): never what it is, though a plural noun ("Campus Men First Running Shoes"). */
const AUDIENCE = new Set('men women boys girls kids children ladies gents adults toddlers babies teens'.split(' '))
/** Units written as a word of their own after a number ("11.0 inch", "500 grams"). */
const UNITS =
  'mm|cm|m|km|mg|g|kg|ml|cl|l|oz|fl oz|lbs?|in|inch(?:es)?|ft|feet|foot|meters?|metres?|grams?|pounds?|ounces?|liters?|litres?|gb|tb|mb|mah|w|kw|v|watts?|volts?|hz|ghz'
const UNIT_WORD = new RegExp(`^(?:${UNITS})$`)
/** A pack size, not part of a name ("3Pack", "2-Pack", "10 pcs"). */
const QUANTITY = /^\d+[-\s]?(?:pack|pcs?|pieces?|count|ct|pk|set)s?$/i
/** Where a marketplace title's name ends: a separator, a bracket, or "with", "for", "by"… */
const NAME_END = /\s[-–—|/]\s|[,;](?:\s|(?=\p{Lu}))|:\s|\s[([【]|\s(?:with|for|by|from|featuring|including|compatible|w\/)\s/iu

interface Token {
  text: string
  lower: string
  /** Letters (and inner hyphens or apostrophes) only, at least three. */
  word: boolean
  acronym: boolean
  /** "iPhone", "MagStand": a name's own casing. */
  camel: boolean
  value: boolean
  pos: Term['pos']
  plural: boolean
  /** "Women's": it says whose, the thing it belongs to follows. */
  possessive: boolean
}

/**
 * The tags of each space-separated word of a text, read in lower case and in context (the tagger
 * reads title case as names and splits "hand-glazed" in two; a word gets its last part's tags).
 */
export function wordTags(text: string): string[][] {
  const raw = text.split(/\s+/).filter(Boolean)
  const doc = nlp(raw.join(' ').toLowerCase())
  const json = doc.json({ terms: { normal: true } } as Parameters<typeof doc.json>[0]) as { terms: RawTerm[] }[]
  const words: RawTerm[][] = [[]]
  for (const t of json.flatMap((x) => x.terms)) {
    words[words.length - 1].push(t)
    if (/\s/.test(t.post ?? '')) words.push([])
  }
  return raw.map((_, i) => words[i]?.at(-1)?.tags ?? [])
}

/**
 * Whether a sentence about a guarantee or warranty gives one: the noun ("a lifetime print quality
 * guarantee"), or the verb with its term ("guaranteed for 10 years"). Not an exclusion ("… is not
 * included within the terms of the warranty", "we cannot guarantee an app's availability"), nor the
 * verb as a manner of speaking ("guaranteed many others will too").
 */
export function givesGuarantee(sentence: string): boolean {
  if (/(?:\b(?:not|cannot)|n[’']t)\s+(?:\S+\s+){0,6}(?:guarantee|warrant)/i.test(sentence)) return false
  const words = sentence.split(/\s+/).filter(Boolean)
  const tags = wordTags(sentence)
  const at = words.flatMap((w, i) => (/^guarantee/i.test(w.replace(/^\W+/, '')) ? [i] : []))
  if (at.length === 0 || at.some((i) => tags[i]?.includes('Noun'))) return true
  return /\b(?:\d+|one|two|three|five|ten)[- ](?:days?|weeks?|months?|years?)\b|\blifetime\b|\bfor life\b/i.test(sentence)
}

function tokenize(text: string, shouting: boolean): Token[] {
  // A dash glued to a word before a space is a separator, not part of the word ("Analogue Watch- TWTG10418").
  const segment = text.replace(/(\p{L})[-–](?=\s)/gu, '$1')
  const raw = segment.split(/\s+/).filter(Boolean)
  const tagged = wordTags(segment)
  return raw.map((text, i) => {
    const tags = tagged[i] ?? []
    return {
      text,
      lower: text.toLowerCase(),
      word: /^\p{L}[\p{L}'’-]*\p{L}$/u.test(text) && text.length >= 3,
      acronym: !shouting && /^[A-Z0-9&+-]*[A-Z]{2}[A-Z0-9&+-]*$/.test(text),
      camel: /^[a-z]+[A-Z]|[a-z][A-Z]/.test(text),
      value: /\d/.test(text) || tags.includes('Value'),
      ...wordClass(text, tags),
      possessive: /['’]s$/i.test(text),
    }
  })
}

/** In a sentence context, so "tape", "case" and "set" read as nouns. */
function nounInContext(word: string): { noun: boolean; plural: boolean } {
  const t = terms(`look at the ${word.toLowerCase()}`).at(-1)
  return { noun: t?.pos === 'noun', plural: !!t?.plural }
}

/**
 * The product's short name and category from its title: the head noun phrase found with the
 * part-of-speech tagger (the first plural noun of the title's first phrase, or its last noun),
 * never an acronym ("ANC"), a number, a unit or a pack size; the model words before it when the
 * phrase is long. A book is a "book" named by its title. Without a noun, the name stays a name and
 * the category is "product" (the writer then says "it").
 */
/** "FFF (Fused Filament Fabrication)": an acronym spelled out in brackets after it, an aside of the name. */
function withoutSpelledOutAcronyms(title: string): string {
  return title.replace(/\b(\p{Lu}{2,6})\s\(([^()]{3,80})\)/gu, (whole, acronym: string, words: string) => {
    const initials = words
      .split(/[\s-]+/)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => w[0])
      .join('')
    return initials === acronym ? acronym : whole
  })
}

/** A title without a label in brackets before the name ("[November 26, 2025] Veterinary …", "【2024 Upgraded】 …"). */
export const withoutLeadingLabel = (title: string): string => title.replace(/^\s*[[【][^\]】]{1,40}[\]】]\s*(?=\S)/u, '')

export function productName(title: string, opts: { vendor?: string | null; book?: boolean } = {}): ProductName {
  const clean = withoutSpelledOutAcronyms(withoutLeadingLabel(title).replace(/\s+/g, ' ').trim())
  const first = (clean.split(NAME_END)[0] ?? clean).trim() || clean
  // Alternatives written with a slash name the thing first ("Wall Light/Wall Lamp to Décor Home/Living
  // Room" → "Wall Light"); a slash in one word ("AC/DC", "Black/White") is left alone, and so is a
  // list of acronyms ("ABS/PLA" filament).
  const masked = first.replace(/\b\p{Lu}{2,}(?:\/\p{Lu}{2,})+\b/gu, (m) => m.replace(/\//g, ' '))
  const before = first.slice(0, /^(.*?\p{L}{3,})\/\p{L}/u.exec(masked)?.[1].length ?? 0) || undefined
  const segment = before && before.trim().split(/\s+/).length >= 2 ? before.trim() : first
  if (opts.book) return { name: segment.split(/\s\(/)[0].slice(0, 120), noun: 'book', plural: false }
  const shouting = !/[a-z]/.test(clean)
  let tokens = tokenize(segment, shouting).filter((t) => !QUANTITY.test(t.text))
  // "11.0 inch", "128 GB": a unit after its number is a measure, never what the product is.
  const units = new Set(tokens.filter((t, i) => i > 0 && /\d/.test(tokens[i - 1].text) && UNIT_WORD.test(t.lower)))
  const vendorWords = (opts.vendor ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const isVendor = (t: Token) => vendorWords.includes(t.lower)
  const nounWord = (t: Token) =>
    t.word &&
    !t.acronym &&
    !t.camel &&
    !t.value &&
    !t.possessive &&
    !isVendor(t) &&
    !AUDIENCE.has(t.lower) &&
    !units.has(t) &&
    // A series is a model line ("Z-Series", "S Series"), not what the product is, and not a plural.
    !/(^|-)series$/.test(t.lower) &&
    (t.pos === 'noun' || t.plural)
  let head = -1
  // A plural opening a title before a model's name is the design's name ("Birds iPhone 16 Pro Glass
  // Case"), not what the product is.
  const designName = (i: number) => i === 0 && !!tokens[1] && (tokens[1].camel || tokens[1].acronym)
  // A plural after a count ("8 Colors", "2 Pieces") counts something; it is what the product is only
  // when the title names nothing else ("Set of 4 Glasses").
  const counted = (i: number) => i > 0 && /^\d+$/.test(tokens[i - 1].text)
  // A plural before a person's possessive and the noun it owns is a line's name ("LEGO Friends Olivia's
  // House" is a house); a possessive of who it is for ("Women's", "Kid's") or of a common noun
  // ("Mother's Day", "Artist's Choice") is not a person's.
  const audience = (base: string) => AUDIENCE.has(base) || AUDIENCE.has(`${base}s`)
  const owner = (t: Token | undefined) => {
    if (!t?.possessive) return false
    const base = t.text.replace(/['’]s?$/, '')
    return !audience(base.toLowerCase()) && (wordTags(base).at(0) ?? []).includes('FirstName')
  }
  // So is a plural right after the maker's name with a noun after it ("Fear of God Essentials Women's
  // … Bomber Jacket" is a jacket of the maker's Essentials line).
  const makersLine = (i: number) => i > 0 && tokens.slice(0, i).every(isVendor) && tokens.slice(i + 1).some(nounWord)
  const lineName = (i: number) => (owner(tokens[i + 1]) && tokens.slice(i + 2).some(nounWord)) || makersLine(i)
  const plurals = tokens.flatMap((t, i) => (nounWord(t) && t.plural && !designName(i) && !lineName(i) ? [i] : []))
  // (A counted plural with a noun after it counts a part: "2 Ports USB-C GaN Fast Charger" is a charger.)
  const countedOnly = plurals.length > 0 && !tokens.slice(plurals[0] + 1).some(nounWord)
  const firstPlural = plurals.find((i) => !counted(i)) ?? (countedOnly ? plurals[0] : -1)
  if (firstPlural >= 0) {
    head = firstPlural
    while (tokens[head + 1] && nounWord(tokens[head + 1]) && tokens[head + 1].pos === 'noun') head++
  } else {
    for (let i = tokens.length - 1; i >= 0; i--)
      if (
        nounWord(tokens[i]) ||
        (i === tokens.length - 1 && tokens[i].word && tokens[i].pos === 'verb' && /[^s]s$/.test(tokens[i].lower))
      ) {
        head = i
        break
      }
    // A keyword string names its noun more than once ("… Trencher Digger Pilot Control Crawler
    // Digger"): the product is the last noun that ends its phrase wherever the title says it.
    const endsPhrase = (i: number) => !tokens[i + 1] || !(nounWord(tokens[i + 1]) && tokens[i + 1].pos === 'noun')
    const repeated = head > 0 && tokens.some((t, i) => i !== head && t.lower === tokens[head].lower)
    if (repeated) {
      const alone = (i: number) => tokens.every((t, j) => t.lower !== tokens[i].lower || endsPhrase(j))
      const last = tokens.findLastIndex((t, i) => i > 0 && nounWord(t) && alone(i))
      if (last > 0) head = last
    }
    // The first word of a longer title is its brand or name ("Apple iPhone 13"), not what it is.
    if (head === 0 && tokens.length > 1) head = -1
    // In a title written all in capitals, a head it also says earlier inside another phrase ("… WALA
    // BOX PACK WARRANTY WALA") is a word the tagger cannot place: no category rather than a wrong one.
    const earlier = shouting && head > 0 ? tokens.findIndex((t, i) => i < head && t.lower === tokens[head].lower) : -1
    if (earlier >= 0 && tokens[earlier + 1]?.word && !tokens[earlier + 1].value) head = -1
  }
  // "Ratio Eight", "Pixel 8": a name followed only by its number is a model name, not a category.
  const numberAfter = head >= 0 && tokens.slice(head + 1).length > 0 && tokens.slice(head + 1).every((t) => t.value)
  if (head === 0 && numberAfter) head = -1
  if (head === -1) {
    // No common noun: a camel-cased family name ("iPhone") stands for the category; else "product".
    const camel = tokens.find((t) => t.camel && /^\p{L}+$/u.test(t.text))
    const afterCamel = camel ? tokens.slice(tokens.indexOf(camel) + 1) : []
    const modelNumber = (t: Token | undefined) => !!t && /^\d{1,3}[a-z]?$|^[A-Z]?\d{1,3}$/i.test(t.text)
    // A series of the family and its number ("KryptoLok Series 2") name the model: the family is then
    // no category, and the page says "it".
    const series = /^series$/i.test(afterCamel[0]?.text ?? '') && modelNumber(afterCamel[1])
    const model = series ? afterCamel.slice(0, 2) : modelNumber(afterCamel[0]) ? [afterCamel[0]] : []
    const nameTokens = camel ? [...tokens.slice(0, tokens.indexOf(camel) + 1), ...model] : tokens
    const name = clip6(nameTokens.map((t) => t.text).join(' ') || segment, opts.vendor)
    return { name, noun: camel && !series ? camel.text : 'product', plural: false }
  }
  const h = tokens[head]
  const mod = tokens[head - 1]
  const useMod =
    mod &&
    (head - 1 > 0 || tokens.length <= 2) &&
    nounWord(mod) &&
    mod.pos === 'noun' &&
    !mod.plural &&
    !/-/.test(mod.text) &&
    // A hyphenated head is a compound already ("T-Shirt"): "the analyst t-shirt" says less than "the t-shirt".
    !/-/.test(h.text) &&
    !NOT_A_MODIFIER.has(mod.lower)
  const nounTokens = useMod ? [mod, h] : [h]
  const noun = nounTokens.map((t) => t.lower).join(' ')
  const plural = h.plural || nounInContext(h.text).plural || (h.pos === 'verb' && /[^s]s$/.test(h.lower))
  tokens = tokens.slice(0, head + 1)
  let nameTokens = tokens
  if (tokens.length > 5) {
    // The model words (up to four, before the first describing word), then the noun phrase.
    const before = tokens.slice(0, head + 1 - nounTokens.length)
    const describing = (t: Token) => (t.pos === 'adjective' || t.pos === 'verb') && !t.acronym && !t.value && !t.camel
    const model: Token[] = []
    // A title that opens with describing words ("Modern LED Wall Sconce … Lamps") names the thing
    // after them: without those words the name would be only its category ("Fixture Lamps").
    // Nor do its sizes name it ('60"W x 24"D x 1-3/4" Thick Maple … Workbench Top').
    const start = Math.max(
      0,
      before.findIndex((t) => !describing(t) && !isDimension(t)),
    )
    // Nor does a count of its options ("8 Colors").
    const count = (i: number) => counted(i) || (/^\d+$/.test(tokens[i].text) && tokens[i + 1]?.plural)
    for (let i = start; i < before.length; i++) {
      const t = before[i]
      if (model.length >= 4 || describing(t)) break
      if (!isDimension(t) && !count(i)) model.push(t)
    }
    nameTokens = [...model, ...nounTokens]
  }
  const name = nameTokens.map((t) => t.text).join(' ')
  return { name: clip6(name, opts.vendor), noun, plural }
}

/** A size with its unit or mark ('60"W', '1-3/4"', "30cm"), or the "x" between two sizes. */
const isDimension = (t: Token) => /^(?:x|×)$/i.test(t.text) || /^\d+(?:[.,/-]\d+)*\s?(?:["'”″]|in|cm|mm|m|ft)[a-z]?$/i.test(t.text)

function clip6(name: string, vendor?: string | null): string {
  const words = name.split(' ')
  return withoutTrailingMeasure((words.length > 6 ? words.slice(0, 6).join(' ') : name).replace(/[\s,;:–—-]+$/, ''), vendor)
}

/** A measure ending a name cut short is a spec, not the name ("… PETG-Filament 1,75 mm" → "… PETG-Filament"). */
const TRAILING_MEASURE = new RegExp(`\\s+\\d+(?:[.,]\\d+)?\\s?(?:${UNITS}|pcs?)\\.?$`, 'i')

export function withoutTrailingMeasure(name: string, vendor?: string | null): string {
  let out = name
  while (TRAILING_MEASURE.test(out)) {
    const next = out.replace(TRAILING_MEASURE, '').replace(/[\s,;:–—-]+$/, '')
    // One word left is a name only when written as one, in capitals ("SEOUL 100 ML" → "SEOUL"), or
    // when it is the maker's ("Kingston 64GB" → "Kingston"); "Tape 50 m" without its measure would be
    // only a category.
    const makers = next.toLowerCase() === vendor?.trim().toLowerCase()
    if (next.split(' ').length < 2 && !/^\p{Lu}{3,}$/u.test(next) && !makers) break
    out = next
  }
  return out
}

/**
 * An option's name as English words in a question or list ("Shoe Size" → "shoe size"), or null when
 * it is not plain English (a name in another script or language is never wrapped in English grammar).
 */
export function optionWords(name: string): string | null {
  const n = name.trim()
  if (!latinOnly(n) || !/^[A-Za-z][A-Za-z -]{1,40}$/.test(n)) return null
  const words = n.split(/\s+/).map((w) => (/^[A-Z]{2,}$/.test(w) ? w : w.toLowerCase()))
  const last = terms(`choose the ${words.join(' ')}`).at(-1)
  return last?.pos === 'noun' ? words.join(' ') : null
}
