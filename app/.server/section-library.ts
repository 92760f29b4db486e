import type { Section } from '../../server/domain/page/schema'
import {
  findSectionEntry,
  findTopic,
  SECTION_LIBRARY,
  SECTION_TOPICS,
  sectionName,
  templatesUsing,
  type SectionLibraryEntry,
} from '../../server/domain/page/section-library'
import { samplePage, SAMPLE_PRODUCTS, SAMPLE_THEME, SECTION_SAMPLES, type SectionSample } from '../../server/domain/page/section-samples'
import type { SectionType } from '../../server/domain/page/section-types'
import { shopperPage } from '../../server/domain/page/shopper'
import { PAGE_TEMPLATES } from '../../server/domain/templates'
import { webEnv } from './env'

/**
 * Loader data of the sections library screens: the library's entries with their live examples
 * turned into what a shopper sees (shopperPage: the store's price and buy link, the neutral review
 * disclosure, no "Source:" notes), so the screens render them with the real section renderers.
 */

export interface LiveExample {
  variant: { slug: string; name: string; description: string }
  section: Section
  gallery: { src: string; alt: string }[] | null
  buyHref: string
  productTitle: string
}

export interface LibraryCard {
  slug: SectionType
  name: string
  purpose: string
  needs: string[]
  topics: { slug: string; title: string }[]
  example: LiveExample
}

const topicTitle = (slug: string) => findTopic(slug)?.title ?? slug

/** A demo store product is the store's own listing: its reviews are disclosed as "from buyers". */
function live(sample: SectionSample, variant: LiveExample['variant'], idSuffix = ''): LiveExample {
  const page = shopperPage(samplePage(sample), { fromMarketplace: false })
  const section = page.sections[0]
  return {
    variant,
    section: idSuffix ? { ...section, id: `${section.id}${idSuffix}` } : section,
    gallery: page.gallery ?? null,
    buyHref: page.owner?.buyUrl ?? '/demo-store',
    productTitle: SAMPLE_PRODUCTS[sample.product].title,
  }
}

function examplesOf(entry: SectionLibraryEntry, idSuffix = ''): LiveExample[] {
  return entry.variants.map((v) => live(SECTION_SAMPLES[entry.slug][v.slug], v, idSuffix))
}

export const libraryTopics = () => SECTION_TOPICS.map((t) => ({ slug: t.slug, title: t.title }))

export function libraryCards(entries: readonly SectionLibraryEntry[] = SECTION_LIBRARY): LibraryCard[] {
  return entries.map((e) => ({
    slug: e.slug,
    name: sectionName(e.slug),
    purpose: e.purpose,
    needs: e.needs,
    topics: e.topics.map((t) => ({ slug: t, title: topicTitle(t) })),
    // The cards show a scaled preview: ids get their own suffix so they never clash with a full example.
    example: examplesOf(e, '-preview')[0],
  }))
}

export function sectionDetail(slug: string) {
  const entry = findSectionEntry(slug)
  if (!entry) return null
  const examples = examplesOf(entry)
  return {
    ...entry,
    name: sectionName(entry.slug),
    topics: entry.topics.map((t) => ({ slug: t, title: topicTitle(t) })),
    examples,
    /** The first layout again, in a phone-width frame. */
    phone: examplesOf(entry, '-phone')[0],
    usedIn: templatesUsing(entry.slug, PAGE_TEMPLATES),
    others: SECTION_LIBRARY.filter((e) => e.slug !== entry.slug).map((e) => ({ slug: e.slug, name: sectionName(e.slug) })),
  }
}
export type SectionDetail = NonNullable<ReturnType<typeof sectionDetail>>

export const sectionLinks = () => SECTION_LIBRARY.map((e) => ({ slug: e.slug, name: sectionName(e.slug) }))

export const libraryTheme = () => SAMPLE_THEME

export const canonicalUrl = (path: string) => `${webEnv().publicUrl}${path}`
