import { sectionSchema, type Page, type Section } from '../../../domain/page/schema'
import type { ProductFacts } from '../../../domain/product-facts'
import { findTemplate, PAGE_TEMPLATES } from '../../../domain/templates'
import { pageTexts } from '../trace'
import type { RewriteResult } from '../types'
import { DEFAULT_STYLE, headingChoices, headingFor, outlineSection, type Style } from './outline'
import { firstClause } from './phrases'
import { research as doResearch } from './research'
import { BUILDERS, type BuildContext } from './sections'
import { Ledger, sentenceKey } from './text'

/**
 * Rewrites one section from the facts, leaving every other section as it is. Instructions the
 * built-in writer understands: shorter, longer, more playful, more formal; anything else (or none)
 * gives a fresh wording. The same request on the same page always gives the same section.
 */
export function parseInstruction(instruction: string | undefined): { style: Style; understood: boolean } {
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
  return { style, understood }
}

const size = (s: Section) => pageTexts(s).reduce((n, t) => n + t.text.length, 0)
const half = <T>(xs: T[]) => xs.slice(0, Math.max(1, Math.ceil(xs.length / 2)))

/** A strictly smaller version of the section, cut from what it already says. */
function shorten(s: Section): Section {
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
      return { ...s, items: half(s.items) }
    case 'cta':
      return { ...s, text: firstClause(s.text) }
    case 'guarantee':
      return s
  }
}

export function rewriteOffline(facts: ProductFacts, page: Page, sectionId: string, instruction?: string): RewriteResult {
  const current = page.sections.find((s) => s.id === sectionId)
  if (!current) throw new Error(`There is no section "${sectionId}" on this page.`)
  const r = doResearch(facts)
  const { style, understood } = parseInstruction(instruction)
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
  for (const other of page.sections) if (other.id !== sectionId) for (const t of pageTexts(other)) ledger.add(t.text)
  const os = { ...outlineSection(current.type, facts, r, style), id: current.id }
  if (style.length === 'short') {
    // Shorter keeps the heading unless one of the section's own headings is shorter still.
    os.title = [current.heading, ...headingChoices(current.type, facts, r, style.tone)].reduce((a, b) => (b.length < a.length ? b : a))
  }
  const ctx: BuildContext = { facts, research: r, template, ledger, style }
  const built = BUILDERS[current.type](os, ctx)
  let section: Section = built ? sectionSchema.parse(built) : current
  let note =
    instruction && !understood
      ? `The built-in writer can make a section shorter, longer, more playful or more formal, so it wrote a fresh version instead of “${instruction.slice(0, 80)}”.`
      : undefined
  if (style.length === 'short' && size(section) >= size(current)) section = shorten(current)
  if (style.length === 'short' && size(section) >= size(current)) note = 'This section is already as short as the product facts allow.'
  if (!built) note = 'The product facts no longer support this section, so it was kept as it was.'
  return { section: sectionSchema.parse({ ...section, id: current.id }), note }
}
