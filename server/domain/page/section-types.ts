/**
 * The section types of the page model and their names on screens. Kept apart from the zod schema
 * (schema.ts) so screens can list sections without shipping zod and the sanitiser to the browser;
 * schema.ts checks at compile time that its union has exactly these types.
 */
export const SECTION_TYPES = [
  'hero',
  'benefits',
  'image-with-text',
  'stats',
  'comparison',
  'reviews',
  'faq',
  'guarantee',
  'cta',
  'specs',
] as const
export type SectionType = (typeof SECTION_TYPES)[number]

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
