import type { Page, Theme, SectionType } from './page/schema'

/** Kinds of product a template suits (shown as filters on /templates). */
export const TEMPLATE_CATEGORIES = [
  'home',
  'kitchen',
  'beauty',
  'electronics',
  'gadgets',
  'fashion',
  'kids',
  'fitness',
  'pets',
  'outdoor',
] as const
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number]

export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  home: 'Home',
  kitchen: 'Kitchen',
  beauty: 'Beauty',
  electronics: 'Electronics',
  gadgets: 'Gadgets',
  fashion: 'Fashion',
  kids: 'Kids',
  fitness: 'Fitness',
  pets: 'Pets',
  outdoor: 'Outdoor',
}

/**
 * A page template: the theme and the preferred order of sections (sections the facts cannot
 * support are still left out). Every order starts with the hero and ends with the call to action,
 * and puts the benefits before the key figures and the specifications, and the image with text
 * before the specifications (in another order the offline composer repeats a figure;
 * copy-rules.test.ts checks every template on every product).
 */
export interface PageTemplate {
  id: number
  slug: string
  name: string
  description: string
  /** One line: the products it is made for. */
  bestFor: string
  categories: TemplateCategory[]
  theme: Theme
  order: SectionType[]
}

export const PAGE_TEMPLATES: PageTemplate[] = [
  {
    id: 1,
    slug: 'classic',
    name: 'Classic',
    description: 'Balanced: benefits first, then the details and reviews.',
    bestFor: 'Any product with a clear list of features.',
    categories: ['home', 'electronics', 'gadgets', 'kitchen'],
    theme: { primary: '#1f2937', accent: '#4338ca', background: '#ffffff', text: '#111827', font: 'system', radius: 'small' },
    order: ['hero', 'benefits', 'image-with-text', 'stats', 'specs', 'comparison', 'reviews', 'faq', 'guarantee', 'cta'],
  },
  {
    id: 2,
    slug: 'social-proof',
    name: 'Social proof',
    description: 'Leads with what buyers say, for products with strong reviews.',
    bestFor: 'Products with at least three good reviews.',
    categories: ['beauty', 'kids', 'pets', 'fashion'],
    theme: { primary: '#0f172a', accent: '#c2410c', background: '#fffaf5', text: '#1c1917', font: 'rounded', radius: 'large' },
    order: ['hero', 'reviews', 'benefits', 'stats', 'image-with-text', 'faq', 'specs', 'comparison', 'guarantee', 'cta'],
  },
  {
    id: 3,
    slug: 'editorial',
    name: 'Editorial',
    description: 'Calm and text-led, for design and lifestyle products.',
    bestFor: 'Design, home and lifestyle goods with a story.',
    categories: ['home', 'kitchen', 'fashion'],
    theme: { primary: '#14532d', accent: '#166534', background: '#f8faf7', text: '#14201a', font: 'serif', radius: 'none' },
    order: ['hero', 'image-with-text', 'benefits', 'specs', 'stats', 'reviews', 'comparison', 'faq', 'guarantee', 'cta'],
  },
  {
    id: 4,
    slug: 'spec-sheet',
    name: 'Spec sheet',
    description: 'Short benefits, then the specifications and the variant comparison before anything else.',
    bestFor: 'Electronics and gadgets people choose by their numbers.',
    categories: ['electronics', 'gadgets'],
    theme: { primary: '#0b3d91', accent: '#0369a1', background: '#f5f7fa', text: '#0f172a', font: 'system', radius: 'small' },
    order: ['hero', 'benefits', 'image-with-text', 'specs', 'comparison', 'stats', 'faq', 'reviews', 'guarantee', 'cta'],
  },
  {
    id: 5,
    slug: 'after-dark',
    name: 'After dark',
    description: 'A dark page with bright accents; key figures come straight after the benefits.',
    bestFor: 'Audio, gaming and desk gadgets.',
    categories: ['gadgets', 'electronics', 'fitness'],
    theme: { primary: '#a5b4fc', accent: '#fbbf24', background: '#0f1115', text: '#e7e9ee', font: 'system', radius: 'large' },
    order: ['hero', 'benefits', 'stats', 'image-with-text', 'specs', 'reviews', 'comparison', 'faq', 'guarantee', 'cta'],
  },
  {
    id: 6,
    slug: 'glow',
    name: 'Glow',
    description: 'Soft and elegant: benefits and the story first, then what buyers say and the answers.',
    bestFor: 'Skincare, cosmetics and accessories.',
    categories: ['beauty', 'fashion'],
    theme: { primary: '#9d174d', accent: '#be185d', background: '#fff7f9', text: '#2d1320', font: 'serif', radius: 'large' },
    order: ['hero', 'benefits', 'image-with-text', 'reviews', 'faq', 'specs', 'stats', 'comparison', 'guarantee', 'cta'],
  },
  {
    id: 7,
    slug: 'peace-of-mind',
    name: 'Peace of mind',
    description: 'Friendly and reassuring: the guarantee and the questions come early.',
    bestFor: 'Products parents and pet owners check for safety first.',
    categories: ['kids', 'pets'],
    theme: { primary: '#1d4ed8', accent: '#b45309', background: '#fffdf2', text: '#1f2a37', font: 'rounded', radius: 'large' },
    order: ['hero', 'benefits', 'guarantee', 'faq', 'reviews', 'image-with-text', 'specs', 'stats', 'comparison', 'cta'],
  },
  {
    id: 8,
    slug: 'performance',
    name: 'Performance',
    description: 'Bold and square: key figures and the comparison right after the benefits, details last.',
    bestFor: 'Sports, training and outdoor gear.',
    categories: ['fitness', 'outdoor', 'fashion'],
    theme: { primary: '#111111', accent: '#dc2626', background: '#ffffff', text: '#0a0a0a', font: 'system', radius: 'none' },
    order: ['hero', 'benefits', 'stats', 'comparison', 'image-with-text', 'reviews', 'specs', 'faq', 'guarantee', 'cta'],
  },
  {
    id: 9,
    slug: 'kitchen-table',
    name: 'Kitchen table',
    description: 'Warm and homely: the photo and story first, then reviews and the practical details.',
    bestFor: 'Cookware, tableware and things for the home.',
    categories: ['kitchen', 'home', 'outdoor'],
    theme: { primary: '#5b3a1e', accent: '#9a3412', background: '#fbf7f0', text: '#2b2118', font: 'serif', radius: 'small' },
    order: ['hero', 'image-with-text', 'benefits', 'reviews', 'specs', 'faq', 'stats', 'comparison', 'guarantee', 'cta'],
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
  return templateById(id) ?? PAGE_TEMPLATES[0]
}

/** The template with this id, or null (no fallback: for addresses and api calls). */
export function templateById(id: number | null | undefined): PageTemplate | null {
  return PAGE_TEMPLATES.find((t) => t.id === id) ?? null
}

export const isTemplateCategory = (value: string | null | undefined): value is TemplateCategory =>
  (TEMPLATE_CATEGORIES as readonly string[]).includes(value ?? '')

/** The templates that suit a category and whose name, description or "best for" line contain every searched word. */
export function filterTemplates(
  templates: readonly PageTemplate[],
  filter: { category?: TemplateCategory | null; search?: string | null },
): PageTemplate[] {
  const words = (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  return templates.filter((t) => {
    if (filter.category && !t.categories.includes(filter.category)) return false
    const haystack = [t.name, t.description, t.bestFor, ...t.categories.map((c) => TEMPLATE_CATEGORY_LABELS[c])].join(' ').toLowerCase()
    return words.every((w) => haystack.includes(w))
  })
}

/**
 * A template's preview: a sample page in the template's theme, its sections in the template's
 * order (sections the template does not list are left out), as the composer would have ordered them.
 */
export function templatePreviewPage(sample: Page, template: Pick<PageTemplate, 'theme' | 'order'>): Page {
  const rank = (s: Page['sections'][number]) => template.order.indexOf(s.type)
  const sections = sample.sections.filter((s) => rank(s) !== -1).sort((a, b) => rank(a) - rank(b))
  return { ...sample, theme: template.theme, sections }
}
