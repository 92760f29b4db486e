import type { Outline } from '../../domain/outline'
import type { Page, Section } from '../../domain/page/schema'
import type { ProductFacts } from '../../domain/product-facts'
import type { PageTemplate } from '../../domain/templates'

/** A statement taken from the facts, with where it came from ("bullet 2", "spec: Material", "description"). */
export interface Fact {
  text: string
  source: string
}

/** A real figure for the stats section. `value` is shown big, `label` under it, `source` names the fact. */
export interface Figure {
  key: string
  value: string
  label: string
  source: string
}

/** A question the facts can answer, and the answer built only from them. */
export interface QA {
  topic: string
  question: string
  answer: string
  source: string
}

export interface ReviewTheme {
  theme: string
  quotes: { author: string; text: string; rating: number | null; source: string }[]
}

export interface Pricing {
  amount: number
  currency: string
  compareAt: number | null
  /** Only when the compare-at price is higher; percent only when it is a whole number exactly. */
  saving: { amount: number; percent: number | null } | null
  /** What the prices say, in one sentence. */
  summary: string
}

/**
 * Grounded insights about a product, derived only from its facts. Nothing here is guessed:
 * an empty list or null means the facts say nothing about it.
 */
export interface Research {
  /** Short product name for headings ("Aurora Ceramic Pour-Over Coffee Set"). */
  name: string
  /** What the product is, for questions ("set", "running shoes"); `plural` picks is/are. */
  noun: string
  plural: boolean
  /** Who it is for, only when the tags or product type say so. */
  audience: Fact | null
  category: Fact | null
  /** Feature statements (bullets first, then description sentences when there are no bullets). */
  keyFeatures: Fact[]
  materials: Fact[]
  /** Dimensions, weights, capacities. */
  sizes: Fact[]
  options: { name: string; values: string[] }[]
  variantCount: number
  /** Description sentences that name a use ("Perfect for slow weekend mornings"). */
  useCases: Fact[]
  /** Description sentences left for the story (image-with-text), in their original order. */
  story: Fact[]
  /** The opening line for the hero. */
  tagline: Fact | null
  faq: QA[]
  /** A warranty, guarantee or returns statement, quoted as the facts give it. */
  guarantee: (Fact & { kind: 'warranty' | 'guarantee' | 'returns' }) | null
  /** Shipping statements (only when the facts make them). */
  shipping: Fact[]
  reviewThemes: ReviewTheme[]
  /** Computed from `facts.reviews` (never from a stated summary). */
  rating: { average: number | null; ratedCount: number; reviewCount: number; sources: string[] } | null
  pricing: Pricing | null
  /** Key figures only: the listing rating, the computed review rating and count, numeric specs (never prices or option counts). */
  figures: Figure[]
}

export interface ComposeResult {
  page: Page
  note?: string
}

export interface RewriteResult {
  section: Section
  note?: string
}

export interface Composer {
  name: 'offline' | 'llm'
  research(facts: ProductFacts): Promise<Research>
  outline(facts: ProductFacts, research: Research, template: PageTemplate): Promise<Outline>
  compose(facts: ProductFacts, outline: Outline, template: PageTemplate): Promise<ComposeResult>
  rewriteSection(facts: ProductFacts, page: Page, sectionId: string, instruction?: string): Promise<RewriteResult>
}
