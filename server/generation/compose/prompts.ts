import { z } from 'zod'
import type { Outline } from '../../domain/outline'
import type { Page, Section, SectionType } from '../../domain/page/schema'
import { type ProductFacts, ratingSummary } from '../../domain/product-facts'
import type { PageTemplate } from '../../domain/templates'
import { computeSaving, provenanceText } from './figures'
import { cleanFacts } from './offline/clean'
import type { Research } from './types'

/** The prompts for the model: the honesty rules and the facts in the system message, the task in the user message. */

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

const RULES = `You write landing-style product pages for online store owners, in clear, friendly English.
Use ONLY the product facts below. The page must be honest:
1. Never invent reviews, ratings, review counts, sales numbers, customer counts, awards, "as seen on" or "featured in" claims, best-seller claims, guarantee or warranty lengths, return policies, or shipping and delivery times.
2. Every number you write (in any text) must appear in the facts, or be one of the computed figures given below. Do not round or convert units.
3. A "reviews" section may only quote the imported reviews word for word (author, rating, date, title and body exactly as given). Its provenance is the given provenance text and its summary is the given review summary. Without imported reviews there is no reviews section.
4. A "guarantee" section is allowed only when the facts state a warranty, guarantee or returns policy; its text quotes that statement.
5. FAQ answers come only from the facts (materials, sizes, options, what is in the box, care, and so on). Leave out questions the facts cannot answer.
6. Prices ("price" objects) use exactly the given price, compare-at price and currency, or null.
7. Images use only URLs from the facts' image list (or null).
8. Every field is plain text, except the "body" of an image-with-text section, which is simple HTML (<p>, <ul>, <li>, <strong>, <em>).
9. Do not repeat a sentence anywhere on the page. No placeholders, no "Lorem ipsum".
Answer with JSON only, matching the given schema.`

function factsForPrompt(input: ProductFacts, research: Research | null) {
  // The model never sees script, markup, placeholders or marketplace slogans either (offline/clean.ts).
  const facts = cleanFacts(input)
  const saving = computeSaving(facts.price, facts.compareAtPrice)
  return {
    title: facts.title,
    description: facts.descriptionText.slice(0, 8000),
    bullets: facts.bullets,
    images: facts.images,
    price: facts.price,
    compareAtPrice: facts.compareAtPrice,
    currency: facts.currency,
    options: facts.options,
    variants: facts.variants.slice(0, 40).map((v) => ({ title: v.title, price: v.price, available: v.available })),
    vendor: facts.vendor,
    productType: facts.productType,
    tags: facts.tags,
    specs: facts.specs,
    reviews: facts.reviews,
    source: { platform: facts.source.platform, name: facts.source.name },
    computed: {
      reviewSummary: ratingSummary(facts.reviews),
      reviewCount: facts.reviews.length,
      reviewProvenance: facts.reviews.length ? provenanceText(facts) : null,
      saving: saving ? { amount: saving.amount, percent: saving.percent } : null,
      figures: research?.figures ?? [],
      guaranteeStatement: research?.guarantee?.text ?? null,
    },
  }
}

export function systemPrompt(facts: ProductFacts, research: Research | null): string {
  return `${RULES}\n\nProduct facts (JSON):\n${JSON.stringify(factsForPrompt(facts, research))}`
}

export function outlinePrompt(template: PageTemplate, supported: SectionType[]): string {
  const order = template.order.filter((t) => supported.includes(t))
  return [
    `Propose the outline of the product page for the "${template.name}" template.`,
    `Use these section types, in this order, leaving out any the facts cannot fill: ${order.join(', ')}.`,
    'Each section has: id (use the type name), type, title (the heading the page will show, specific to this product), and points (1 to 8 short lines saying what the section will contain, taken from the facts).',
    'Return {"sections": [...]}.',
  ].join('\n')
}

export function composePrompt(outline: Outline, template: PageTemplate): string {
  return [
    'Write the full product page for this outline. Follow it exactly: the same sections with the same ids and types, in the same order, each outline title as the section heading, and its points as the content.',
    `Theme to return unchanged: ${JSON.stringify(template.theme)}`,
    `Outline (JSON): ${JSON.stringify(outline)}`,
    'Return {"theme": ..., "sections": [...]}.',
  ].join('\n')
}

export function rewritePrompt(page: Page, section: Section, instruction?: string): string {
  const others = page.sections.filter((s) => s.id !== section.id).map((s) => `${s.type}: ${s.heading}`)
  return [
    `Rewrite the section with id "${section.id}" (type "${section.type}"). Keep its id and type.`,
    instruction ? `Instruction from the store owner: ${instruction.slice(0, 500)}` : 'Give it a fresh wording.',
    `Current section (JSON): ${JSON.stringify(section)}`,
    `Other sections on the page (do not repeat their sentences): ${others.join(' | ')}`,
    'Return only the rewritten section as JSON.',
  ].join('\n')
}

export function retryPrompt(problems: string[]): string {
  return `Your previous answer could not be used: ${problems.slice(0, 8).join(' ')} Answer again with corrected JSON only.`
}
