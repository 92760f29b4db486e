import nlp from 'compromise'

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
      pos: posOf(tags),
      plural: tags.includes('Plural'),
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

/**
 * What the product is, from its name: the head noun of its first noun phrase, with a noun
 * modifier when there is one ("water bottle", "yoga mat"), never a brand alone, a size or a unit
 * ("Vitamix 5200 Professional-Grade Blender, 64 oz" → "blender"). The product type wins when the
 * name contains it.
 */
export function headNoun(name: string, productType: string | null): { noun: string; plural: boolean } {
  const lower = name.toLowerCase()
  if (productType) {
    const type = productType.trim().toLowerCase()
    const typeTerms = terms(type)
    const singularType = typeTerms.map((t, i) => (i === typeTerms.length - 1 && t.plural ? t.lemma : t.text)).join(' ')
    for (const candidate of [type, singularType]) {
      const re = new RegExp(`(^|[^a-z])${candidate.replace(/[^a-z0-9 ]/g, '.')}($|[^a-z])`)
      if (candidate && re.test(lower)) return { noun: candidate, plural: typeTerms.at(-1)?.plural === true && candidate === type }
    }
  }
  const all = terms(lower.replace(/[()[\]]/g, ' '))
  // Noun phrases: runs of words between numbers, units and prepositions.
  const chunks: Term[][] = [[]]
  for (const t of all) {
    if (t.pos === 'value' || /\d/.test(t.text) || t.pos === 'other') chunks.push([])
    else chunks[chunks.length - 1].push(t)
  }
  const phrases = chunks.filter((c) => c.some((t) => t.pos === 'noun' || (t.pos === 'verb' && t.text.endsWith('s'))))
  const phrase = phrases.find((c) => c.length >= 2) ?? phrases[0]
  if (!phrase) return { noun: 'product', plural: false }
  // The head: the last noun (a final "-s" word tagged as a verb, "wraps", is a plural noun here).
  let at = -1
  for (let i = phrase.length - 1; i >= 0; i--) {
    const t = phrase[i]
    if ((t.pos === 'noun' && !t.acronym && t.text.length > 1) || (i === phrase.length - 1 && t.pos === 'verb' && /[^s]s$/.test(t.text))) {
      at = i
      break
    }
  }
  if (at === -1) return { noun: 'product', plural: false }
  const head = phrase[at]
  const plural = head.plural || (head.pos === 'verb' && /[^s]s$/.test(head.text))
  const mod = phrase[at - 1]
  const useMod =
    mod && at - 1 > 0 && mod.pos === 'noun' && !mod.acronym && !mod.hyphenated && !head.hyphenated && /^[a-z]{3,}$/.test(mod.text)
  return { noun: useMod ? `${mod.text} ${head.text}` : head.text, plural }
}
