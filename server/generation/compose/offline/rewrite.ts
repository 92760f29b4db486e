import { escapeHtml } from '../../../domain/html-text'
import { ownText } from '../../../domain/page/honesty'
import { sectionSchema, type Page, type Section } from '../../../domain/page/schema'
import type { ProductFacts } from '../../../domain/product-facts'
import { findTemplate, PAGE_TEMPLATES } from '../../../domain/templates'
import { pageTexts } from '../trace'
import type { RewriteResult } from '../types'
import { cleanFacts } from './clean'
import { factsLanguage } from './language'
import { localeFor } from './locale'
import { contentStems, contentTerms } from './nlp'
import { DEFAULT_STYLE, headingChoices, headingFor, outlineSection, type Style } from './outline'
import { benefitItem, firstClause } from './phrases'
import { research as doResearch } from './research'
import { BUILDERS, finishSection, type BuildContext } from './sections'
import { Ledger, sentence, sentenceKey, splitSentences } from './text'

/**
 * Rewrites one section from the facts, leaving every other section as it is. Instructions the
 * built-in writer understands: shorter, longer, more playful, more formal; anything else (or none)
 * gives a fresh wording. The same request on the same page always gives the same section.
 */
export interface Instruction {
  style: Style
  understood: boolean
  /** The instruction asks for a new heading. */
  heading: boolean
  /** The instruction asks for fewer items. */
  fewer: boolean
  /** What the instruction asks the section to mention ("mention trail grip" → "trail grip"). */
  mention: string | null
}

export function parseInstruction(instruction: string | undefined): Instruction {
  const i = (instruction ?? '').toLowerCase()
  const style: Style = { ...DEFAULT_STYLE }
  const checks: [RegExp, () => void][] = [
    [/short|brief|concise|tight|trim|less/, () => (style.length = 'short')],
    [/long|more detail|expand|elaborate|fuller/, () => (style.length = style.length === 'short' ? 'short' : 'long')],
    [/playful|fun|friendly|casual|cheer|witty|light-hearted/, () => (style.tone = 'playful')],
    [/formal|professional|serious|business/, () => (style.tone = style.tone === 'playful' ? 'playful' : 'formal')],
  ]
  let understood = false
  for (const [match, apply] of checks) {
    if (match.test(i)) {
      apply()
      understood = true
    }
  }
  const heading = /\b(heading|headline|title)\b/.test(i)
  const fewer = /\b(fewer|remove|drop|delete)\b|\bcut (?:down )?(?:the )?(?:items|points|questions|rows)/.test(i)
  const m =
    /\b(?:mention|add|include|talk about|focus on|highlight|emphasi[sz]e|say (?:something )?about|cover)\s+(?:the |its |that |how )?(.+?)[.!]?$/.exec(
      i,
    )
  const mention = m ? m[1].trim() : null
  return { style, understood: understood || heading || fewer || !!mention, heading, fewer, mention }
}
const size = (s: Section) => pageTexts(s).reduce((n, t) => n + t.text.length, 0)
const halve = <T>(xs: T[]) => xs.slice(0, Math.max(1, Math.ceil(xs.length / 2)))

/** A smaller version of the section, cut from what it already says; items are dropped only when asked. */
function shorten(s: Section, fewer: boolean): Section {
  const half = <T>(xs: T[]) => (fewer ? halve(xs) : xs)
  switch (s.type) {
    case 'hero':
      return { ...s, subheading: firstClause(s.subheading) }
    case 'benefits':
      return {
        ...s,
        items: half(s.items).map((it) => ({
          ...it,
          text: sentenceKey(firstClause(it.text)) === sentenceKey(it.title) ? it.text : firstClause(it.text),
        })),
      }
    case 'image-with-text': {
      const first = s.body.match(/<p>(.*?)<\/p>/)
      if (!first) return s
      const body = first[0] !== s.body ? first[0] : `<p>${first[1].split(/(?<=[.!?])\s+/)[0]}</p>`
      return { ...s, body: body as typeof s.body }
    }
    case 'stats':
      return { ...s, items: half(s.items) }
    case 'specs':
      return { ...s, items: half(s.items) }
    case 'comparison':
      return { ...s, rows: s.rows.length > 2 ? half(s.rows) : s.rows }
    case 'reviews':
      return { ...s, items: half(s.items) }
    case 'faq':
      return { ...s, items: half(s.items).map((q) => ({ ...q, answer: firstClause(q.answer) })) }
    case 'cta':
      return { ...s, text: firstClause(s.text) }
    case 'guarantee':
      return s
  }
}

/** The items of a list section (benefits, figures, specs, questions, reviews, comparison rows). */
function itemCount(s: Section): number {
  if (s.type === 'comparison') return s.rows.length
  return 'items' in s ? s.items.length : 0
}

/** Content stems of the facts' own words (what "the source" says). */
function sourceStems(facts: ProductFacts): Set<string> {
  return contentStems([ownText(facts), ...facts.options.flatMap((o) => [o.name, ...o.values])].join('. '))
}

/** The fact sentences that mention every one of these stems. */
function sentencesAbout(facts: ProductFacts, stems: string[]): string[] {
  const lines = [...facts.bullets, ...splitSentences(facts.descriptionText), ...facts.specs.map((s) => `${s.name}: ${s.value}`)]
  return lines.filter((l) => {
    const own = contentStems(l)
    return stems.every((st) => own.has(st))
  })
}

/** Works a fact sentence about the asked topic into the section, where the section has room for one. */
function workIn(section: Section, line: string): Section | null {
  switch (section.type) {
    case 'hero':
      return { ...section, subheading: sentence(line) }
    case 'benefits': {
      if (section.items.length >= 8) return null
      const item = benefitItem(line)
      return { ...section, items: [...section.items, { title: item.title.slice(0, 120), text: item.text }] }
    }
    case 'image-with-text':
      return { ...section, body: `${section.body}<p>${escapeHtml(sentence(line))}</p>` as typeof section.body }
    case 'cta':
      return { ...section, text: sentence(line) }
    default:
      return null
  }
}

export function rewriteOffline(input: ProductFacts, page: Page, sectionId: string, instruction?: string): RewriteResult {
  const facts = cleanFacts(input)
  const lang = factsLanguage(facts)
  const current = page.sections.find((s) => s.id === sectionId)
  if (!current) throw new Error(`There is no section "${sectionId}" on this page.`)
  const r = doResearch(facts)
  const parsed = parseInstruction(instruction)
  const { style, understood } = parsed
  const template = PAGE_TEMPLATES.find((t) => JSON.stringify(t.theme) === JSON.stringify(page.theme)) ?? findTemplate(null)
  // Another wording: the first phrasing variant whose heading differs from the current one.
  if (style.length === 'normal' && style.tone === 'neutral') {
    for (let v = 1; v <= 6; v++) {
      if (headingFor(current.type, facts, r, { ...style, variant: v }) !== current.heading) {
        style.variant = v
        break
      }
    }
  }
  const ledger = new Ledger()
  ledger.watch(r.name, 2)
  for (const other of page.sections)
    if (other.id !== sectionId)
      for (const t of pageTexts(other)) {
        ledger.add(t.text)
        if (!t.quoted) ledger.count(t.text)
      }
  const os = { ...outlineSection(current.type, facts, r, style), id: current.id }
  if (style.length === 'short') {
    // Shorter keeps the heading unless one of the section's own headings is shorter still.
    os.title = [current.heading, ...headingChoices(current.type, facts, r, style.tone)].reduce((a, b) => (b.length < a.length ? b : a))
  }
  const english = lang.code === 'en'
  const ctx: BuildContext = { facts, research: r, template, ledger, style, used: new Set(), english, locale: localeFor(lang) }
  const built = BUILDERS[current.type](os, ctx)
  let section: Section = built ? sectionSchema.parse(finishSection(built, english)) : current
  const notes: string[] = []
  if (instruction && !understood)
    notes.push(
      `The built-in writer can make a section shorter, longer, more playful or more formal, or mention something the product facts state, so it wrote a fresh version instead of “${instruction.slice(0, 80)}”.`,
    )
  // No item is dropped unless the instruction asks.
  // The heading stays unless the instruction asks for a new one, a new tone, or a shorter section (and it is shorter).
  const headingAsked =
    parsed.heading || style.tone !== 'neutral' || (style.length === 'short' && section.heading.length < current.heading.length)
  if (!headingAsked) section = { ...section, heading: current.heading }
  if (!parsed.fewer && itemCount(section) < itemCount(current)) section = { ...current, heading: section.heading }
  if (style.length === 'short' && size(section) >= size(current)) section = shorten(current, parsed.fewer)
  if (style.length === 'short' && size(section) >= size(current)) notes.push('This section is already as short as the product facts allow.')
  if (parsed.mention) {
    const asked = contentTerms(parsed.mention)
    const known = sourceStems(facts)
    const missing = asked.filter((t) => !known.has(t.stem))
    const present = asked.filter((t) => known.has(t.stem))
    if (asked.length === 0) notes.push(`The built-in writer could not tell what to mention in “${parsed.mention.slice(0, 80)}”.`)
    else if (missing.length > 0) notes.push(`The source says nothing about ${missing.map((t) => t.text).join(' ')}.`)
    const said = contentStems(
      pageTexts(section)
        .map((t) => t.text)
        .join(' '),
    )
    const unsaid = present.filter((t) => !said.has(t.stem))
    if (missing.length === 0 && unsaid.length > 0) {
      // A fact sentence about it that the rest of the page does not already say.
      const line = [
        ...sentencesAbout(
          facts,
          unsaid.map((t) => t.stem),
        ),
        ...sentencesAbout(facts, [unsaid[0].stem]),
      ].find((l) => !ledger.has(l))
      const withIt = line ? workIn(section, line) : null
      if (withIt) section = withIt
      else if (line) notes.push(`The product facts mention ${parsed.mention}, but the built-in writer could not work it into this section.`)
      else notes.push(`Another section of the page already says what the product facts say about ${parsed.mention}.`)
    }
  }
  if (!built) notes.push('The product facts no longer support this section, so it was kept as it was.')
  return { section: sectionSchema.parse({ ...section, id: current.id }), note: notes.length ? notes.join(' ') : undefined }
}
