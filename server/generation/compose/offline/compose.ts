import type { Outline } from '../../../domain/outline'
import { pageSchema, type Page } from '../../../domain/page/schema'
import type { ProductFacts } from '../../../domain/product-facts'
import type { PageTemplate } from '../../../domain/templates'
import type { Research } from '../types'
import { DEFAULT_STYLE, outlineSection, type Style } from './outline'
import { research as doResearch } from './research'
import { BUILDERS, type BuildContext, type SectionInput } from './sections'
import { Ledger } from './text'

/**
 * Outline → page: one section per outline section, in the outline's order, with the outline's
 * titles as headings and its points as the content. Sections the facts cannot fill are left out.
 */
export function composeOffline(
  facts: ProductFacts,
  outline: Outline,
  template: PageTemplate,
  style: Style = DEFAULT_STYLE,
  r: Research = doResearch(facts),
): Page {
  const ledger = new Ledger()
  // Quoted reviews are fixed; register them first so no other text repeats them.
  if (outline.sections.some((s) => s.type === 'reviews')) for (const review of facts.reviews) ledger.add(review.body)
  const ctx: BuildContext = { facts, research: r, template, ledger, style }
  const sections: SectionInput[] = []
  const ids = new Set<string>()
  for (const os of outline.sections) {
    if (ids.has(os.id)) continue
    const built = BUILDERS[os.type](os, ctx)
    if (built) {
      sections.push(built)
      ids.add(os.id)
    }
  }
  if (sections.length === 0) sections.push(BUILDERS.hero(outlineSection('hero', facts, r, style), ctx) as SectionInput)
  return pageSchema.parse({ theme: template.theme, sections })
}
