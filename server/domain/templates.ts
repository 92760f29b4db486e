import type { Theme, SectionType } from './page/schema'

/**
 * Built-in page templates (a template library with favourites comes later). A template sets the
 * theme and the preferred order of sections; sections the facts cannot support are still left out.
 */
export interface PageTemplate {
  id: number
  name: string
  description: string
  theme: Theme
  order: SectionType[]
}

export const PAGE_TEMPLATES: PageTemplate[] = [
  {
    id: 1,
    name: 'Classic',
    description: 'Balanced: benefits first, then the details and reviews.',
    theme: { primary: '#1f2937', accent: '#4338ca', background: '#ffffff', text: '#111827', font: 'system', radius: 'small' },
    order: ['hero', 'benefits', 'image-with-text', 'stats', 'specs', 'comparison', 'reviews', 'faq', 'guarantee', 'cta'],
  },
  {
    id: 2,
    name: 'Social proof',
    description: 'Leads with what buyers say, for products with strong reviews.',
    theme: { primary: '#0f172a', accent: '#c2410c', background: '#fffaf5', text: '#1c1917', font: 'rounded', radius: 'large' },
    order: ['hero', 'reviews', 'benefits', 'stats', 'image-with-text', 'faq', 'specs', 'comparison', 'guarantee', 'cta'],
  },
  {
    id: 3,
    name: 'Editorial',
    description: 'Calm and text-led, for design and lifestyle products.',
    theme: { primary: '#14532d', accent: '#166534', background: '#f8faf7', text: '#14201a', font: 'serif', radius: 'none' },
    order: ['hero', 'image-with-text', 'benefits', 'specs', 'stats', 'reviews', 'comparison', 'faq', 'guarantee', 'cta'],
  },
]

export const DEFAULT_TEMPLATE_ID = 1

const LIFESTYLE = /\b(home|decor|linen|bedroom|kitchen|ceramic|candle|textile|furniture|art|jewel|apparel|fashion)/i

/**
 * "Best fit" when the user picks no template: Social proof for products with at least three
 * well-rated reviews, Editorial for home and lifestyle goods, Classic otherwise.
 */
export function bestTemplateFor(facts: { reviews: { rating: number | null }[]; tags: string[]; productType: string | null }): PageTemplate {
  const rated = facts.reviews.filter((r) => typeof r.rating === 'number') as { rating: number }[]
  const average = rated.length ? rated.reduce((s, r) => s + r.rating, 0) / rated.length : 0
  if (rated.length >= 3 && average >= 4) return findTemplate(2)
  if (LIFESTYLE.test([facts.productType ?? '', ...facts.tags].join(' '))) return findTemplate(3)
  return findTemplate(DEFAULT_TEMPLATE_ID)
}

export function findTemplate(id: number | null | undefined): PageTemplate {
  return PAGE_TEMPLATES.find((t) => t.id === id) ?? PAGE_TEMPLATES[0]
}
