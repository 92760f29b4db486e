import type { Page, Section } from './schema'
import type { SectionType } from './section-types'

/**
 * "Regenerate as a variant" (issue 25): a challenger made from the live page by another angle, told
 * by the order of its sections. Nothing is written anew, so every word and number is still the live
 * page's own (and free: no credits); the experiment then says whether the order sells better.
 */
export const VARIANT_ANGLES = ['proof_first', 'details_first', 'questions_first'] as const
export type VariantAngle = (typeof VARIANT_ANGLES)[number]

interface AngleRule {
  label: string
  /** What the angle does, for the owner choosing one. */
  hint: string
  /** The sections brought up right after the hero, in this order of types. */
  lead: readonly SectionType[]
}

export const VARIANT_ANGLE_RULES: Record<VariantAngle, AngleRule> = {
  proof_first: {
    label: 'Proof first',
    hint: 'Reviews, figures and comparisons right after the top of the page.',
    lead: ['reviews', 'stats', 'comparison'],
  },
  details_first: {
    label: 'Details first',
    hint: 'Specifications and close-ups before the benefits.',
    lead: ['specs', 'image-with-text'],
  },
  questions_first: {
    label: 'Questions first',
    hint: 'Answers to buyers’ questions before anything else.',
    lead: ['faq'],
  },
}

/** Why an angle cannot make a different page out of this one, in the owner's words. */
export function angleRefusal(angle: VariantAngle): string {
  const rule = VARIANT_ANGLE_RULES[angle]
  return `“${rule.label}” would not change this page: it has no section to bring up, or they are up already. Try another angle.`
}

const shown = (s: Section) => !s.hidden

/**
 * The live page with the angle's sections brought up right after the hero (the first section stays
 * first, a closing call to action stays last). Null when the order of the sections shoppers see would
 * not change: a variant equal to the control tests nothing.
 */
export function pageVariant(page: Page, angle: VariantAngle): Page | null {
  const { lead } = VARIANT_ANGLE_RULES[angle]
  const [first, ...rest] = page.sections
  const closing = rest.at(-1)?.type === 'cta' ? rest.at(-1)! : null
  const middle = closing ? rest.slice(0, -1) : rest
  const rank = (s: Section) => lead.indexOf(s.type)
  // Stable sorts: brought-up sections keep their order within a type, the others keep theirs.
  const brought = middle.filter((s) => rank(s) >= 0).sort((a, b) => rank(a) - rank(b))
  const others = middle.filter((s) => rank(s) < 0)
  const sections = [first, ...brought, ...others, ...(closing ? [closing] : [])]
  const order = (list: Section[]) =>
    list
      .filter(shown)
      .map((s) => s.id)
      .join('\n')
  if (order(sections) === order(page.sections)) return null
  return { ...page, sections }
}
