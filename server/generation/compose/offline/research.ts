import { GUARANTEE_STATEMENT, GUARANTEE_WORDS, SHIPPING_STATEMENT } from '../../../domain/page/honesty'
import { ratingSummary, type ProductFacts } from '../../../domain/product-facts'
import { computeFigures, computePricing, realOptions, realVariants, reviewSources } from '../figures'
import type { Fact, Research, ReviewTheme } from '../types'
import { cleanFacts } from './clean'
import { buildFaq, type FaqSentences } from './faq'
import { factsLanguage } from './language'
import { givesGuarantee, productName, typeInName, withoutLeadingLabel, withoutTrailingMeasure } from './nlp'
import { sentenceKey, splitSentences, squash } from './text'
import { classifySentence, THEMES } from './themes'

/**
 * Research without a model: reads the facts and sorts what they say into the parts a page needs.
 * Every description sentence goes to exactly one place (tagline, FAQ, guarantee, story), so the
 * page never says the same thing twice.
 */

const GUARANTEE = GUARANTEE_STATEMENT
const SHIPPING = SHIPPING_STATEMENT
const CARE = /\b(wash|washable|dishwasher|wipe|rinse|air dry|hand wash)\b/i
const BOX = /\b(comes with|in the box|each set (has|contains|includes)|the set includes|package includes)\b/i
const WARNING = /\b(do not|don't|never)\b/i
const USE = /\b(perfect|ideal|great|designed|made|built) for\b|\bwhether\b|\buse (it|them) (for|instead)/i
const MATERIAL = /\b(made (of|from)|cut from|crafted from)\b/i
const AUDIENCE =
  /^(kids?|children|child|baby|babies|toddlers?|teens?|men|women|unisex|adults?|beginners?|pets?|dogs?|cats?|students?|runners?)$/i

/** The product's name, cut from marketplace keyword strings ("… Case for iPhone 15 Pro Max Soft TPU …"), in any language. */
export function shortName(title: string): string {
  // A bracket ends the name after a space, or straight after a word in a script written without
  // spaces ("…提貨優惠券(無限期)").
  // A label in brackets before the name is no part of it.
  let name = withoutLeadingLabel(squash(title)).split(
    /\s[-–—|+]\s|[,;]\s|\.\s|:\s|\s[(¡¿[【]|(?<=[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}])[(（【[]/u,
  )[0]
  if (name.split(' ').length > 6) name = name.split(/\s(?:for|with)\s/i)[0]
  const words = name.split(' ')
  // Cut at six words, never ending on a sign alone ("… Plazas +", "… &").
  const cut = words.length > 6 ? words.slice(0, 6) : words
  // A size or an aspect ratio after the name begins its specifications ('Acer CB242YE 23.8" 16:9 Full HD').
  const specs = cut.findIndex(
    (w, i) => i >= 2 && (SIZE_OR_RATIO.test(w) || (/^\d+(?:[.,]\d+)?$/.test(w) && SIZE_UNIT.test(cut[i + 1] ?? ''))),
  )
  if (specs > 0) cut.splice(specs)
  while (cut.length > 1 && !/[\p{L}\p{N}]/u.test(cut.at(-1)!)) cut.pop()
  return withoutTrailingMeasure(cut.join(' '))
}

/** A size written with its inch mark ('23.8"', '27″') or an aspect ratio ("16:9", "21:9"). */
const SIZE_OR_RATIO = /^(?:\d+(?:[.,]\d+)?["”″]|\d{1,2}:\d{1,2})$/u
/** The unit of a size written as a word after its number ("27 Zoll", "24 inch", "61 cm"). */
const SIZE_UNIT = /^(?:zoll|inch(?:es)?|in\.?|cm|mm|pouces?|pulgadas?|pollici)$/i

/** Spec names only books have, in the languages of the marketplaces. */
const BOOK_SPEC =
  /^(?:isbn(?:-1[03])?|publisher|print length|paperback|hardcover|file size|page numbers source isbn|reading age|verlag|seitenzahl der print-ausgabe|taschenbuch|gebundene ausgabe|éditeur|broché|relié|editorial|tapa blanda|tapa dura|editore|copertina flessibile)$/i

/** Spec names of a video game: a rating board's, its software format, its series (a game has a publisher too). */
const GAME_SPEC =
  /^(?:esrb rating|esrb descriptors|pegi rating|usk rating|software format|game (?:franchise|series|genre)|compatible platform(?:\(s\)|s)?)$/i

/** A video game: two of a game's specifications at least. */
export function isGame(facts: ProductFacts): boolean {
  return facts.specs.filter((s) => GAME_SPEC.test(s.name.trim())).length >= 2
}

/** A book (or e-book): its specifications, its title ("Book 8 of…") or an ISBN as its Amazon number. */
export function isBook(facts: ProductFacts): boolean {
  if (isGame(facts)) return false
  if (facts.specs.some((s) => BOOK_SPEC.test(s.name.trim()))) return true
  if (/\bbook\s+\d+\b|\(.*\bnovel\b.*\)/i.test(facts.title)) return true
  if (/\bbooks?\b|\bkindle\b|\be-?book\b/i.test(facts.productType ?? '')) return true
  return facts.source.platform === 'amazon' && /\/(?:dp|gp\/product)\/\d{9}[\dX](?:[/?]|$)/.test(facts.source.url)
}

/** What the page calls the product: the type the name contains, else its head noun phrase (English sources only). */
function nameOf(facts: ProductFacts): { name: string; noun: string; plural: boolean } {
  if (factsLanguage(facts).code !== 'en') return { name: shortName(facts.title), noun: 'product', plural: false }
  const found = productName(facts.title, { vendor: facts.vendor, book: isBook(facts) })
  // A game is a "game" whatever its title's first word ("Pokémon: Let's Go, Pikachu!").
  if (isGame(facts)) return { ...found, noun: 'game', plural: false }
  const typed = found.noun === 'book' ? null : typeInName(facts.title, facts.productType)
  const named = typed ? { ...found, noun: typed.noun, plural: typed.plural } : found
  // "The" and one word ("The Witcher 3 - Wild Hunt", "The Ordinary"): a work's or a maker's name, not
  // a kind of thing, so "the witcher" would only be its name again in lower case.
  if (/^the\s+\S+$/i.test(named.name) && named.name.replace(/^the\s+/i, '').toLowerCase() === named.noun.toLowerCase())
    return { ...named, noun: 'product', plural: false }
  return named
}

/** Review sentences by theme: each sentence under its single best theme, or none (see themes.ts). */
function reviewThemes(facts: ProductFacts): ReviewTheme[] {
  const byTheme = new Map<string, ReviewTheme['quotes']>()
  for (const r of facts.reviews) {
    const taken = new Set<string>()
    for (const sentence of splitSentences(r.body)) {
      const { theme } = classifySentence(sentence)
      // One quote per review and theme: the review's first sentence about it.
      if (!theme || taken.has(theme)) continue
      taken.add(theme)
      byTheme.set(theme, [...(byTheme.get(theme) ?? []), { author: r.author, text: sentence, rating: r.rating, source: r.source }])
    }
  }
  return THEMES.filter((t) => byTheme.has(t))
    .map((theme) => ({ theme, quotes: byTheme.get(theme) ?? [] }))
    .sort((a, b) => b.quotes.length - a.quotes.length)
}

export function research(input: ProductFacts): Research {
  // The writer's boundary: no code, markup, placeholder or marketplace slogan goes further (clean.ts).
  const facts = cleanFacts(input)
  const english = factsLanguage(facts).code === 'en'
  // What to call it in headings and questions: the head noun phrase of its name, from linguistic analysis (nlp.ts).
  const { name, noun, plural } = nameOf(facts)
  const bulletKeys = new Set(facts.bullets.map(sentenceKey))
  const sentences = splitSentences(facts.descriptionText).filter((s) => s.split(' ').length >= 3 && !bulletKeys.has(sentenceKey(s)))

  let guarantee: Research['guarantee'] = null
  const faqSentences: FaqSentences = { material: [], care: [], box: [], warnings: [], shipping: [] }
  const useCases: Fact[] = []
  let story: Fact[] = []
  const materials: Fact[] = []
  for (const text of sentences) {
    const fact = { text, source: 'description' }
    if (GUARANTEE.test(text) && !guarantee && givesGuarantee(text)) {
      const kind = /warrant/i.test(text) ? 'warranty' : /guarantee|money[- ]back/i.test(text) ? 'guarantee' : 'returns'
      guarantee = { ...fact, kind }
    } else if (SHIPPING.test(text)) faqSentences.shipping.push(fact)
    else if (CARE.test(text)) faqSentences.care.push(fact)
    else if (BOX.test(text)) faqSentences.box.push(fact)
    else if (WARNING.test(text)) faqSentences.warnings.push(fact)
    else if (USE.test(text)) useCases.push(fact)
    else {
      if (MATERIAL.test(text)) materials.push(fact)
      story.push(fact)
    }
  }
  for (const spec of facts.specs) {
    const value = spec.value.trim()
    if (!guarantee && (GUARANTEE_WORDS.test(spec.name) || GUARANTEE.test(value)) && value) {
      const kind = /warrant/i.test(spec.name + value) ? 'warranty' : /guarantee/i.test(spec.name + value) ? 'guarantee' : 'returns'
      guarantee = { text: `${spec.name.trim()}: ${value}`, source: `spec: ${spec.name.trim()}`, kind }
    }
    if (/material|fabric|composition|upper|sole|lining/i.test(spec.name))
      materials.unshift({ text: `${spec.name}: ${value}`, source: `spec: ${spec.name}` })
  }
  const hasMaterialSpec = facts.specs.some((s) => /material|fabric|composition/i.test(s.name))
  if (!hasMaterialSpec) {
    // A "made of" sentence answers the material question only when no spec does and it is not the story's opening.
    const candidate = story.slice(1).find((f) => MATERIAL.test(f.text))
    if (candidate) {
      faqSentences.material.push(candidate)
      story = story.filter((f) => f !== candidate)
    }
  }

  // The hero's line: a sentence, not a label in title case ("Crusher ANC 2 + Extra USB-C Charging Cable."), else the first short one.
  const label = (text: string) => {
    const words = text.split(' ')
    return words.filter((w) => /^[\p{Lu}\d+&]/u.test(w)).length > words.length * 0.6
  }
  const says = (f: Fact) => f.text.length <= 220 && f.text.split(' ').length >= 5 && !label(f.text)
  let tagline: Fact | null = story.find(says) ?? story.find((f) => f.text.length <= 220) ?? null
  if (tagline) story = story.filter((f) => f !== tagline)
  else if (useCases[0]) tagline = useCases.shift() ?? null

  let keyFeatures: Fact[] = facts.bullets
    .map((b, i) => ({ text: squash(b), source: `bullet ${i + 1}` }))
    .filter((f) => f.text.split(' ').length >= 2)
  if (keyFeatures.length < 2) {
    // No bullets: the first description sentences become the features, leaving at least two for the story.
    const take = story.length >= 5 ? Math.min(4, story.length - 2) : Math.min(4, story.length)
    keyFeatures = [...keyFeatures, ...story.slice(0, take)]
    story = story.slice(take)
    while (keyFeatures.length < 3 && story.length + useCases.length < 2 && useCases.length > 0) keyFeatures.push(useCases.shift() as Fact)
  }
  if (!tagline && keyFeatures.length > 2) tagline = keyFeatures.shift() ?? null

  const sizes = facts.specs
    .filter((s) => /size|dimension|weight|capacity|diameter|length|width|height|thickness|volume|drop/i.test(s.name))
    .map((s) => ({ text: `${s.name}: ${s.value}`, source: `spec: ${s.name}` }))
  const audienceWords = [...facts.tags, ...(facts.productType ? [facts.productType] : [])].filter((t) => AUDIENCE.test(t.trim()))
  const summary = ratingSummary(facts.reviews)

  return {
    name,
    noun,
    plural,
    audience: audienceWords.length ? { text: audienceWords.join(', '), source: 'tags' } : null,
    category: facts.productType ? { text: facts.productType, source: 'product type' } : null,
    keyFeatures,
    materials,
    sizes,
    options: realOptions(facts),
    variantCount: realVariants(facts).length,
    useCases,
    story,
    tagline,
    // Questions are English sentences around the facts' words: a page in another language has none.
    faq: english ? buildFaq(facts, { noun, plural }, faqSentences) : [],
    guarantee,
    shipping: faqSentences.shipping,
    reviewThemes: reviewThemes(facts),
    rating:
      facts.reviews.length > 0
        ? {
            average: summary?.average ?? null,
            ratedCount: summary?.count ?? 0,
            reviewCount: facts.reviews.length,
            sources: reviewSources(facts),
          }
        : null,
    pricing: computePricing(facts),
    figures: computeFigures(facts),
  }
}
