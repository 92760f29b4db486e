import type { SectionType } from './page'

/**
 * Section names as plain constants, apart from the zod page model so that screens can list
 * sections without shipping zod and the sanitiser to the browser.
 */
export const SECTION_TYPES = ['hero', 'benefits', 'image-with-text', 'stats', 'comparison', 'reviews', 'faq', 'guarantee', 'cta', 'specs'] as const satisfies readonly SectionType[]

export const SECTION_LABELS: Record<SectionType, string> = {
  hero: 'Hero',
  benefits: 'Benefits',
  'image-with-text': 'Image with text',
  stats: 'Key figures',
  comparison: 'Comparison',
  reviews: 'Reviews',
  faq: 'Questions',
  guarantee: 'Guarantee',
  cta: 'Call to action',
  specs: 'Specifications',
}
