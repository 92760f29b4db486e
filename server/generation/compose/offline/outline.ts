import type { Outline, OutlineSection } from '../../../domain/outline'
import type { SectionType } from '../../../domain/page/schema'
import { isMarketplace } from '../../../domain/page/shopper'
import type { ProductFacts } from '../../../domain/product-facts'
import type { PageTemplate } from '../../../domain/templates'
import { realOptions, realVariants } from '../figures'
import type { Research } from '../types'
import { cleanFacts } from './clean'
import { factsLanguage, latinOnly } from './language'
import { localeFor } from './locale'
import { optionWords } from './nlp'
import { clip, hash, joinList, pick, plural, upperFirst } from './text'

/** How a section is written: the default, or what a rewrite instruction asked for. */
export interface Style {
  length: 'short' | 'normal' | 'long'
  tone: 'neutral' | 'playful' | 'formal'
  /** Shifts every phrasing choice, so "rewrite" without an instruction gives another wording. */
  variant: number
}
export const DEFAULT_STYLE: Style = { length: 'normal', tone: 'neutral', variant: 0 }

export function seedOf(facts: ProductFacts): number {
  return hash(`${cleanFacts(facts).title}|${facts.source.url}`)
}

/** Variants the comparison table can show: 2–12, each priced, differing in price or availability. */
export function comparableVariants(facts: ProductFacts) {
  const variants = realVariants(facts).filter((v) => v.price != null)
  if (variants.length < 2 || variants.length > 12 || !facts.currency) return null
  const prices = new Set(variants.map((v) => v.price))
  const stock = new Set(variants.map((v) => v.available))
  return prices.size > 1 || (stock.size > 1 && !stock.has(null)) ? variants : null
}

/** The section types these facts can honestly fill. */
export function supportedTypes(facts: ProductFacts, r: Research): Set<SectionType> {
  const out = new Set<SectionType>(['hero', 'cta'])
  if (r.keyFeatures.length >= 2) out.add('benefits')
  if (r.story.length + r.useCases.length >= 2) out.add('image-with-text')
  if (r.figures.length >= 2) out.add('stats')
  if (facts.specs.filter((s) => s.name.trim() && s.value.trim()).length >= 2) out.add('specs')
  if (comparableVariants(facts)) out.add('comparison')
  if (facts.reviews.length > 0) out.add('reviews')
  if (r.faq.length >= 2) out.add('faq')
  if (r.guarantee) out.add('guarantee')
  return out
}

/** The heading for a section: one of its choices, picked by the product's seed (so products differ). */
export function headingFor(type: SectionType, facts: ProductFacts, r: Research, style: Style): string {
  return upperFirst(pick(headingChoices(type, facts, r, style.tone), seedOf(facts), SALTS[type], style.variant))
}

/** "the coffee set", or null when the facts give no category (the writer then says "it" or nothing). */
export function theNoun(r: Research): string | null {
  const noun = headingNoun(r)
  return noun ? `the ${noun}` : null
}

/**
 * What the product is, for headings: the noun phrase, or its last word where the phrase is the whole
 * short name ("Tully Sconce" → "sconce"), so that no heading repeats the name.
 */
function headingNoun(r: Research): string | null {
  if (!r.noun || r.noun === 'product') return null
  const words = r.noun.split(' ')
  return words.length > 1 && r.noun.toLowerCase() === r.name.toLowerCase() ? words[words.length - 1] : r.noun
}

/** The short name with "the" when it needs one ("the Aurora Coffee Set", "The Whole Truth", a book's title alone). */
export function theName(r: Research): string {
  return /^the\s/i.test(r.name) || r.noun === 'book' ? r.name : `the ${r.name}`
}

/**
 * Every heading the built-in writer may give a section of this type, in this tone. The product's
 * name stands only in the hero; other headings say what it is ("the coffee set") or nothing, so no
 * heading repeats the name. A page in another language gets that language's plain heading.
 */
export function headingChoices(type: SectionType, facts: ProductFacts, r: Research, tone: Style['tone']): string[] {
  const n = r.name
  const lang = factsLanguage(cleanFacts(facts))
  if (lang.code !== 'en') {
    const locale = localeFor(lang)
    if (type === 'hero') return [n]
    if (locale) return [locale.headings[type]]
  }
  const thing = theNoun(r)
  const noun = headingNoun(r)
  const named = theName(r)
  const optionName = realOptions(cleanFacts(facts)).map((o) => optionWords(o.name))[0] ?? null
  const neutral: Record<SectionType, string[]> = {
    // A title ("The Whole Truth", a book's) stands alone; "Meet" only goes before a product's name.
    hero: /^the\s/i.test(n) || r.noun === 'book' ? [n] : [n, `Meet ${named}`],
    benefits: thing
      ? [`Why choose ${thing}`, `What you get with ${thing}`, `The ${noun}, feature by feature`]
      : ['Features', 'What you get', 'Highlights'],
    'image-with-text': thing
      ? [`A closer look at ${thing}`, `About ${thing}`, `More about ${thing}`]
      : ['A closer look', 'About this product', 'More to know'],
    stats: thing ? [`The ${noun} at a glance`, 'By the numbers', 'Key figures'] : ['At a glance', 'By the numbers', 'Key figures'],
    specs: ['Specifications', thing ? `The ${noun} in detail` : 'In detail', 'Technical details'],
    comparison: ['Compare the options', ...(optionName ? [`Which ${optionName} is right for you?`] : [])],
    reviews: thing
      ? [`What reviewers say about ${thing}`, `Reviews of ${thing}`, 'In their own words']
      : ['What reviewers say', 'Reviews', 'In their own words'],
    faq: [thing ? `Questions about ${thing}` : 'Questions and answers', 'Good to know', 'Your questions, answered'],
    guarantee: guaranteeHeadings(r),
    cta: thing ? [`Get ${thing}`, `Bring home ${thing}`, `Order ${thing}`] : ['Get yours', 'Order yours', 'Ready to order?'],
  }
  const playful: Record<SectionType, string[]> = {
    hero: [`Say hello to ${named}!`, `Here comes ${named}!`],
    benefits: [thing ? `The good stuff about ${thing}!` : 'The good stuff!', `Here's the fun part!`],
    'image-with-text': [thing ? `Up close with ${thing}!` : 'Up close!', "Let's take a closer look!"],
    stats: ['The numbers, please!', 'Fun with figures!'],
    specs: ['For the detail lovers!', 'Nerd corner!'],
    comparison: ['Pick your perfect match!', 'Spot the difference!'],
    reviews: ['Straight from the reviewers!', "Don't just take our word for it!"],
    faq: ["Curious? We've got answers!", 'Ask away!'],
    guarantee: ['Peace of mind, included!'],
    cta: ['Go on, treat yourself!', thing ? `Ready to bring ${thing} home?` : 'Ready when you are!'],
  }
  const formal: Record<SectionType, string[]> = {
    hero: [`Introducing ${named}`, upperFirst(named)],
    benefits: [thing ? `Key features of ${thing}` : 'Key features', 'Features'],
    'image-with-text': ['Product overview', thing ? `About ${thing}` : 'About this product'],
    stats: ['Key figures', 'Figures'],
    specs: ['Technical specifications', 'Specifications'],
    comparison: ['Available variants', 'Variant overview'],
    reviews: ['Customer reviews', 'Reviews'],
    faq: ['Frequently asked questions', 'Questions and answers'],
    guarantee: ['Warranty and returns information'],
    cta: [thing ? `Order ${thing}` : 'Order now', 'Place your order'],
  }
  const table = tone === 'playful' ? playful : tone === 'formal' ? formal : neutral
  return table[type].map(upperFirst)
}

const SALTS: Record<SectionType, number> = {
  hero: 0,
  benefits: 1,
  'image-with-text': 2,
  stats: 3,
  specs: 4,
  comparison: 5,
  reviews: 6,
  faq: 7,
  guarantee: 8,
  cta: 9,
}

function guaranteeHeadings(r: Research): string[] {
  switch (r.guarantee?.kind) {
    case 'warranty':
      return ['Covered by a warranty', 'About the warranty']
    case 'guarantee':
      return ['Backed by a guarantee', 'About the guarantee']
    default:
      return ['Returns', 'About returns']
  }
}

/** How many ratings a listing's rating needs before the closing line leans on it. */
const MIN_CLOSING_RATINGS = 5

/**
 * The closing lines for the call to action, best first, each from the facts: what there is to
 * choose, the stated guarantee or shipping, the listing's rating, the category, else a line about
 * the product itself; in another language, the source's own statements and the stated rating.
 * Facts another section already shows (`used`) are not repeated.
 */
export function ctaLines(facts: ProductFacts, r: Research, used: ReadonlySet<string> = new Set()): string[] {
  const f = cleanFacts(facts)
  const lang = factsLanguage(f)
  const lines: string[] = []
  const options = r.options.filter((o) => o.values.length >= 2 && !used.has(`option:${o.name}`))
  const listing = f.listingRating && !used.has('listing-rating') ? f.listingRating : null
  if (lang.code !== 'en') {
    const locale = localeFor(lang)
    if (r.guarantee && !used.has('guarantee')) lines.push(r.guarantee.text)
    lines.push(...r.shipping.map((s) => s.text))
    if (listing && locale) lines.push(`${listing.average} / 5 · ${locale.rating(String(listing.count))}`)
    for (const o of options) lines.push(`${o.name}: ${o.values.join(', ')}`)
    lines.push(...[...r.useCases, ...r.story].map((s) => s.text))
    // Else its full title when it says more than the name in the hero (the source's own words, no grammar around them).
    if (f.title.trim() !== r.name.trim()) lines.push(f.title)
    return lines
  }
  const english = options.map((o) => ({ ...o, words: optionWords(o.name) }))
  if (english.length > 0 && english.every((o) => o.words && o.values.every(latinOnly))) {
    if (english.length === 1 && english[0].values.length <= 6) lines.push(`Available in ${joinList(english[0].values)}.`)
    else {
      // Counts alone read the same on every page with as many colours, and so does the noun (two pairs
      // of sunglasses in 8 colours): the product's name says whose they are.
      const counts = joinList(english.map((o) => `${o.values.length} ${plural(o.words as string)}`))
      lines.push(`${upperFirst(theName(r))} ${r.plural ? 'come' : 'comes'} in ${counts}.`)
    }
  }
  if (r.guarantee && !used.has('guarantee')) lines.push(r.guarantee.text)
  lines.push(...r.shipping.map((s) => s.text))
  // A rating closes the page when enough buyers gave it to mean something (one buyer's five stars
  // is shown with the reviews, not made the reason to buy).
  if (listing && listing.count >= MIN_CLOSING_RATINGS) {
    const n = listing.count
    // A marketplace is never named on a shopper page: its buyers rated it "on another store".
    const where = isMarketplace(f.source.platform) ? 'another store' : f.source.name
    lines.push(`Rated ${listing.average} out of 5 from ${n.toLocaleString('en-US')} ${n === 1 ? 'rating' : 'ratings'} on ${where}.`)
  }
  const thing = theNoun(r)
  const category = r.category && latinOnly(r.category.text) ? r.category.text.toLowerCase() : null
  const at = seedOf(facts) % 4
  // Said four ways: two phones of one shop's "mobile" category must not close alike.
  if (category && !thing?.endsWith(category))
    lines.push(
      [
        `One ${category}, one click away.`,
        `Your new ${category}, one click away.`,
        `The ${category} you came for, one click away.`,
        `Your ${category}, a click away.`,
      ][at],
    )
  // Else a line about the product itself, by name (when the page has room for it) or by what it is.
  const be = r.plural ? 'are' : 'is'
  const named = theName(r)
  const lines4 = (x: string): string[] => [
    `Make ${x} yours.`,
    `Add ${x} to your cart.`,
    `${upperFirst(x)} ${be} one click away.`,
    `Get ${x} with one click.`,
  ]
  lines.push(lines4(named)[at])
  lines.push(
    thing ? lines4(thing)[at] : ['Make it yours.', 'Add it to your cart.', 'One click and it is yours.', 'Get yours with one click.'][at],
  )
  return lines
}

/** The points a section will make, in order (what the user reviews in the outline step). */
export function pointsFor(type: SectionType, facts: ProductFacts, r: Research, style: Style): string[] {
  const few = style.length === 'short'
  switch (type) {
    case 'hero':
      return r.tagline ? [r.tagline.text] : r.keyFeatures[0] ? [r.keyFeatures[0].text] : []
    case 'benefits':
      return r.keyFeatures.slice(0, few ? 3 : 6).map((f) => f.text)
    case 'image-with-text':
      return [...r.story, ...r.useCases]
        .sort((a, b) => facts.descriptionText.indexOf(a.text) - facts.descriptionText.indexOf(b.text))
        .slice(0, few ? 2 : style.length === 'long' ? 6 : 4)
        .map((f) => f.text)
    case 'stats':
      return r.figures.slice(0, few ? 3 : 6).map((f) => `${f.label}: ${f.value}`)
    case 'specs': {
      const specs = facts.specs.filter((s) => s.name.trim() && s.value.trim())
      return specs.length <= 12 ? specs.map((s) => s.name.trim()) : ['All listed specifications']
    }
    case 'comparison':
      return (comparableVariants(facts) ?? []).map((v) => v.title)
    case 'reviews':
      return r.reviewThemes.slice(0, 6).map((t) => `${upperFirst(t.theme)}: “${t.quotes[0].text}” (${t.quotes[0].author})`.slice(0, 500))
    case 'faq':
      return r.faq.slice(0, few ? 4 : 8).map((q) => q.question)
    case 'guarantee':
      return r.guarantee ? [r.guarantee.text] : []
    case 'cta':
      return ctaLines(facts, r).slice(0, 1)
  }
}

export function outlineSection(type: SectionType, facts: ProductFacts, r: Research, style: Style = DEFAULT_STYLE): OutlineSection {
  return {
    id: type,
    type,
    title: headingFor(type, facts, r, style).slice(0, 200),
    points: pointsFor(type, facts, r, style)
      .slice(0, 12)
      .map((p) => clip(p, 500)),
  }
}

/** Sections in the template's order, only those the facts support. */
export function buildOutline(input: ProductFacts, r: Research, template: PageTemplate): Outline {
  const facts = cleanFacts(input)
  const supported = supportedTypes(facts, r)
  return { sections: template.order.filter((t) => supported.has(t)).map((t) => outlineSection(t, facts, r)) }
}
