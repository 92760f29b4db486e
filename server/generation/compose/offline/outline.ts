import type { Outline, OutlineSection } from '../../../domain/outline'
import type { SectionType } from '../../../domain/page/schema'
import type { ProductFacts } from '../../../domain/product-facts'
import type { PageTemplate } from '../../../domain/templates'
import { realOptions, realVariants } from '../figures'
import type { Research } from '../types'
import { featurePhrase } from './phrases'
import { clip, hash, joinList, lowerFirst, pick, plural, upperFirst } from './text'

/** How a section is written: the default, or what a rewrite instruction asked for. */
export interface Style {
  length: 'short' | 'normal' | 'long'
  tone: 'neutral' | 'playful' | 'formal'
  /** Shifts every phrasing choice, so "rewrite" without an instruction gives another wording. */
  variant: number
}
export const DEFAULT_STYLE: Style = { length: 'normal', tone: 'neutral', variant: 0 }

export function seedOf(facts: ProductFacts): number {
  return hash(`${facts.title}|${facts.source.url}`)
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

/** Every heading the built-in writer may give a section of this type, in this tone. */
export function headingChoices(type: SectionType, facts: ProductFacts, r: Research, tone: Style['tone']): string[] {
  const n = r.name
  const the = /^the\s/i.test(n) ? n : `the ${n}`
  const noun = r.noun
  const option = realOptions(facts)[0]
  const phrase = r.keyFeatures[0] ? featurePhrase(r.keyFeatures[0].text) : null
  const lead = phrase ? lowerFirst(phrase) : null
  const neutral: Record<SectionType, string[]> = {
    hero: [n, `Meet ${the}`, ...(lead ? [`${n}: ${lead}`] : [])],
    benefits: [`Why choose ${the}`, `What you get with ${the}`, `The ${noun}, feature by feature`],
    'image-with-text': [`A closer look at the ${noun}`, `Inside ${the}`, `About ${the}`],
    stats: [`The ${noun} at a glance`, 'By the numbers', `Key figures for ${the}`],
    specs: ['Specifications', `The ${noun} in detail`, 'Technical details'],
    comparison: ['Compare the options', ...(option ? [`Which ${lowerFirst(option.name)} is right for you?`] : [])],
    reviews: [`What reviewers say about the ${noun}`, `Reviews of ${the}`, 'In their own words'],
    faq: [`Questions about the ${noun}`, 'Good to know', 'Your questions, answered'],
    guarantee: guaranteeHeadings(r),
    cta: [`Get ${the}`, `Bring home ${the}`, `Order ${the}`],
  }
  const playful: Record<SectionType, string[]> = {
    hero: [`Say hello to ${the}!`, `Here comes ${the}!`],
    benefits: [`The good stuff about the ${noun}!`, `Here's the fun part!`],
    'image-with-text': [`Up close with the ${noun}!`, "Let's take a closer look!"],
    stats: ['The numbers, please!', 'Fun with figures!'],
    specs: ['For the detail lovers!', 'Nerd corner!'],
    comparison: ['Pick your perfect match!', 'Spot the difference!'],
    reviews: ['Straight from the reviewers!', "Don't just take our word for it!"],
    faq: ["Curious? We've got answers!", 'Ask away!'],
    guarantee: ['Peace of mind, included!'],
    cta: ['Go on, treat yourself!', `Ready to bring ${the} home?`],
  }
  const formal: Record<SectionType, string[]> = {
    hero: [`Introducing ${the}`, upperFirst(the)],
    benefits: [`Key features of ${the}`, 'Features'],
    'image-with-text': ['Product overview', `About ${the}`],
    stats: ['Key figures', 'Figures'],
    specs: ['Technical specifications', 'Specifications'],
    comparison: ['Available variants', 'Variant overview'],
    reviews: ['Customer reviews', 'Reviews'],
    faq: ['Frequently asked questions', 'Questions and answers'],
    guarantee: ['Warranty and returns information'],
    cta: [`Order ${the}`, 'Place your order'],
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

/** The closing line for the call to action: what there is to choose, else that it is ready. */
export function ctaLines(r: Research, used: ReadonlySet<string> = new Set()): string[] {
  const lines: string[] = []
  // Options another section already lists are not repeated; the price is in the buy box, not the prose.
  const options = r.options.filter((o) => o.values.length >= 2 && !used.has(`option:${o.name}`))
  if (options.length === 1 && options[0].values.length <= 6) lines.push(`Available in ${joinList(options[0].values)}.`)
  else if (options.length > 0)
    lines.push(`Choose from ${joinList(options.map((o) => `${o.values.length} ${plural(lowerFirst(o.name))}`))}.`)
  lines.push(`${upperFirst(/^the\s/i.test(r.name) ? r.name : `the ${r.name}`)} ${r.plural ? 'are' : 'is'} ready when you are.`)
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
      return ctaLines(r).slice(0, 1)
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
export function buildOutline(facts: ProductFacts, r: Research, template: PageTemplate): Outline {
  const supported = supportedTypes(facts, r)
  return { sections: template.order.filter((t) => supported.has(t)).map((t) => outlineSection(t, facts, r)) }
}
