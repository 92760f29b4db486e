import { SECTION_TYPES } from '../../server/domain/page/section-types'
import type { SectionType } from '../../server/domain/page/schema'
import type { Outline, OutlineSection } from '../../server/domain/outline'

/**
 * The outline editor is one plain form (works without JS): every section posts its id, type,
 * title and points (one per line); the pressed button's `intent` says what to change.
 */
export function outlineFromForm(form: FormData): Outline {
  const ids = form.getAll('id').map(String)
  const types = form.getAll('type').map(String)
  const titles = form.getAll('title').map(String)
  const points = form.getAll('points').map(String)
  const sections: OutlineSection[] = ids.map((id, i) => ({
    id,
    type: (SECTION_TYPES as readonly string[]).includes(types[i]) ? (types[i] as SectionType) : 'benefits',
    title: (titles[i] ?? '').trim(),
    points: (points[i] ?? '').split('\n').map((p) => p.trim()).filter(Boolean).slice(0, 12),
  }))
  return { sections }
}

/** Applies "up:2", "down:0", "remove:3" or "add:faq" to the outline. */
export function applyOutlineIntent(outline: Outline, intent: string, newId: () => string): Outline {
  const [verb, arg] = intent.split(':')
  const s = [...outline.sections]
  const i = Number(arg)
  if (verb === 'up' && i > 0 && i < s.length) [s[i - 1], s[i]] = [s[i], s[i - 1]]
  else if (verb === 'down' && i >= 0 && i < s.length - 1) [s[i + 1], s[i]] = [s[i], s[i + 1]]
  else if (verb === 'remove' && s.length > 1 && i >= 0 && i < s.length) s.splice(i, 1)
  else if (verb === 'add' && (SECTION_TYPES as readonly string[]).includes(arg) && s.length < 20) {
    s.push({ id: newId(), type: arg as SectionType, title: defaultTitle(arg as SectionType), points: [] })
  }
  return { sections: s }
}

const TITLES: Record<SectionType, string> = {
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
const defaultTitle = (t: SectionType) => TITLES[t]
