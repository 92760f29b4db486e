import { z } from 'zod'
import type { Outline } from '../../server/domain/outline'
import { SECTION_TYPES, type SectionType } from '../../server/domain/page/section-types'
import { OUTLINE_INTENT } from './intents'

/**
 * The outline editor is one plain form (works without JS): every section posts its id, type, title
 * and points (one per line); the pressed button's `intent` says what to do (see OUTLINE_INTENT).
 */
const index = (verb: 'up' | 'down' | 'remove') =>
  z
    .string()
    .regex(new RegExp(`^${verb}:\\d{1,2}$`))
    .transform((v) => ({ kind: verb, index: Number(v.slice(verb.length + 1)) }))

export const outlineIntentSchema = z.union([
  z.enum([OUTLINE_INTENT.save, OUTLINE_INTENT.continue]).transform((kind) => ({ kind })),
  index('up'),
  index('down'),
  index('remove'),
  z
    .string()
    .regex(/^add:/)
    .transform((v) => v.slice('add:'.length))
    .pipe(z.enum(SECTION_TYPES))
    .transform((type) => ({ kind: 'add' as const, type })),
])
export type OutlineIntent = z.output<typeof outlineIntentSchema>

/** The repeated section fields; the lists must line up (one entry per section). */
export const OUTLINE_LISTS = ['id', 'type', 'title', 'points'] as const
export const outlineFormSchema = z
  .object({
    // Enter in a field submits the form's first button (a hidden "save").
    intent: outlineIntentSchema.default({ kind: OUTLINE_INTENT.save }),
    id: z.array(z.string().max(40)).max(20),
    type: z.array(z.enum(SECTION_TYPES)).max(20),
    title: z.array(z.string().max(1000)).max(20),
    points: z.array(z.string().max(20_000)).max(20),
  })
  .refine((f) => f.type.length === f.id.length && f.title.length === f.id.length && f.points.length === f.id.length, {
    message: 'Every section needs its id, type, title and points.',
  })
export type OutlineForm = z.output<typeof outlineFormSchema>

/** The outline the form describes (validated afterwards with the domain's outline schema). */
export function outlineFromForm(f: Pick<OutlineForm, 'id' | 'type' | 'title' | 'points'>): Outline {
  return {
    sections: f.id.map((id, i) => ({
      id,
      type: f.type[i],
      title: f.title[i].trim(),
      points: f.points[i]
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean)
        .slice(0, 12),
    })),
  }
}

/** Applies a move, removal or addition to the outline. */
export function applyOutlineIntent(outline: Outline, intent: OutlineIntent, newId: () => string): Outline {
  const s = [...outline.sections]
  switch (intent.kind) {
    case 'up':
      if (intent.index > 0 && intent.index < s.length) [s[intent.index - 1], s[intent.index]] = [s[intent.index], s[intent.index - 1]]
      break
    case 'down':
      if (intent.index < s.length - 1) [s[intent.index + 1], s[intent.index]] = [s[intent.index], s[intent.index + 1]]
      break
    case 'remove':
      if (s.length > 1 && intent.index < s.length) s.splice(intent.index, 1)
      break
    case 'add':
      if (s.length < 20) s.push({ id: newId(), type: intent.type, title: NEW_SECTION_TITLES[intent.type], points: [] })
      break
  }
  return { sections: s }
}

/**
 * The section to bring into view after a change: the moved one, the new one, or the one now in the
 * removed one's place. Null for save and continue.
 */
export function sectionToShow(before: Outline, after: Outline, intent: OutlineIntent): string | null {
  switch (intent.kind) {
    case 'up':
    case 'down':
      return before.sections[intent.index]?.id ?? null
    case 'remove':
      return after.sections[Math.min(intent.index, after.sections.length - 1)]?.id ?? null
    case 'add':
      return after.sections.length > before.sections.length ? (after.sections.at(-1)?.id ?? null) : null
    default:
      return null
  }
}

/** The title a newly added section starts with. */
const NEW_SECTION_TITLES: Record<SectionType, string> = {
  hero: 'Introduction',
  benefits: 'Why you will like it',
  'image-with-text': 'A closer look',
  stats: 'Key figures',
  comparison: 'Options compared',
  reviews: 'What buyers say',
  faq: 'Questions and answers',
  guarantee: 'Our promise',
  cta: 'Get yours',
  specs: 'Specifications',
}
