import type { Outline } from '../../../domain/outline'
import { GUARANTEE_WORDS } from '../../../domain/page/honesty'
import { pageSchema, type Page, type SectionType } from '../../../domain/page/schema'
import type { ProductFacts } from '../../../domain/product-facts'
import type { PageTemplate } from '../../../domain/templates'
import { realOptions } from '../figures'
import type { Research } from '../types'
import { cleanFacts } from './clean'
import { factsLanguage, type Language } from './language'
import { localeFor } from './locale'
import { comparableVariants, DEFAULT_STYLE, outlineSection, type Style } from './outline'
import { research as doResearch } from './research'
import { BUILDERS, finishSection, type BuildContext, type SectionInput } from './sections'
import { Ledger } from './text'

/** The reviews section owns the ratings wherever it stands; any other fact goes to the first section to show it. */
const rank = (t: SectionType) => (t === 'reviews' ? 0 : 1)

/**
 * Outline → page: one section per outline section, in the outline's order, with the outline's
 * titles as headings and its points as the content. Sections the facts cannot fill are left out,
 * except a guarantee the owner asked for (kept with empty text for them to write). No fact is shown
 * in two sections, and the page uses one spelling (en-US). A page not in English records its
 * language (`page.language`).
 */
export function composeOffline(
  input: ProductFacts,
  outline: Outline,
  template: PageTemplate,
  style: Style = DEFAULT_STYLE,
  r: Research = doResearch(input),
): Page {
  // The writer's boundary: no code, markup, placeholder or marketplace slogan reaches the page (clean.ts).
  const facts = cleanFacts(input)
  const lang = pageLanguage(facts)
  const ledger = new Ledger()
  // Quoted reviews are fixed; register them first so no other text repeats them.
  if (outline.sections.some((s) => s.type === 'reviews')) for (const review of facts.reviews) ledger.add(review.body)
  const english = lang.code === 'en'
  const ctx: BuildContext = { facts, research: r, template, ledger, style, used: new Set(), english, locale: localeFor(lang) }
  // Warranty and returns specs are the guarantee section's, not rows of the specs table nor the closing line.
  if (r.guarantee && outline.sections.some((s) => s.type === 'guarantee')) {
    ctx.used.add('guarantee')
    for (const spec of facts.specs) if (GUARANTEE_WORDS.test(spec.name)) ctx.used.add(`spec:${spec.name.trim()}`)
  }
  // Options a comparison table will list are the table's, not a question's or the closing line's.
  if (outline.sections.some((s) => s.type === 'comparison') && comparableVariants(facts))
    for (const o of realOptions(facts)) ctx.used.add(`option:${o.name}`)
  const unique = outline.sections.filter((os, i, all) => all.findIndex((o) => o.id === os.id) === i)
  // Each fact goes to one section (the ratings to the reviews, the rest in outline order).
  const order = [...unique].sort((a, b) => rank(a.type) - rank(b.type))
  const built = new Map<string, SectionInput>()
  // The name at most twice: once in the hero, once more only in the closing line.
  ledger.watch(r.name, 1)
  for (const os of order) {
    if (os.type === 'cta') ledger.allowName(2)
    const section = BUILDERS[os.type](os, ctx)
    if (section) built.set(os.id, section)
  }
  const sections = unique.flatMap((os) => built.get(os.id) ?? [])
  if (sections.length === 0) sections.push(BUILDERS.hero(outlineSection('hero', facts, r, style), ctx) as SectionInput)
  // The page says its language (absent: English), so the renderers write their own words in it.
  return pageSchema.parse({
    theme: template.theme,
    sections: sections.map((s) => finishSection(s, english)),
    ...(english ? {} : { language: lang.code }),
  })
}

/**
 * The language the writer writes a page in: that of the product's words once cleaned (a page
 * script or a marketplace slogan must not decide it). The corpus rules ask this same function.
 */
export function pageLanguage(input: ProductFacts): Language {
  return factsLanguage(cleanFacts(input))
}

/**
 * What the owner is told about a page whose source is not in English: the built-in writer keeps the
 * source's own sentences and writes only headings and buttons, in that language when it can.
 */
export function languageNote(input: ProductFacts): string | undefined {
  const lang = pageLanguage(input)
  if (lang.code === 'en') return undefined
  const words = localeFor(lang)
    ? `it kept the source's own sentences and wrote only the headings and buttons, in ${lang.name}`
    : `it kept the source's own sentences; its headings and buttons are in English, since it cannot write ${lang.name}`
  return `This page is in ${lang.name}, as the product's source is; the built-in writer does not translate, so ${words}. You can edit any text in the editor.`
}
