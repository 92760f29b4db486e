import { z } from 'zod'
import { sanitize, type SanitizedHtml } from '../sanitize'
import { isHexColor } from '../validation'
import type { SectionType } from './section-types'

/**
 * A generated page: `{ theme, sections[] }`. Text fields are plain text (React escapes them);
 * the only HTML fields are sanitized on parse, so a stored page can never carry a script.
 */
const hex = z.string().refine(isHexColor, 'Invalid format')
const text = (max: number) => z.string().trim().max(max)
const html = z
  .string()
  .max(100_000)
  .transform((v) => sanitize(v)) as unknown as z.ZodType<SanitizedHtml, string>
// https anywhere, our own paths, or the local machine (the built-in demo store on http://localhost).
const imageUrl = z
  .string()
  .max(2000)
  .refine(
    (u) => /^https:\/\//.test(u) || /^\/[^/\\]/.test(u) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(u),
    'Images must be https or local',
  )

export const themeSchema = z.object({
  primary: hex,
  accent: hex,
  background: hex,
  text: hex,
  font: z.enum(['system', 'serif', 'rounded']),
  radius: z.enum(['none', 'small', 'large']),
})
export type Theme = z.infer<typeof themeSchema>

export const imageSchema = z.object({ src: imageUrl, alt: text(300) })

/** A price as imported (never computed discounts beyond what the source states). */
const priceSchema = z.object({
  amount: z.number().nonnegative(),
  compareAt: z.number().nonnegative().nullable(),
  currency: z.string().length(3),
})

/** Section ids are short and stable: the anchor of a section and the key of its edits. */
export const SECTION_ID_MAX = 40
export const sectionIdField = () => z.string().min(1).max(SECTION_ID_MAX)
/** `hidden`: kept in the page and the editor, left out of shopper pages. */
const base = { id: sectionIdField(), hidden: z.boolean().optional() }

const hero = z.object({
  ...base,
  type: z.literal('hero'),
  heading: text(200),
  subheading: text(600),
  image: imageSchema.nullable(),
  price: priceSchema.nullable(),
  ctaLabel: text(60),
})
const benefits = z.object({
  ...base,
  type: z.literal('benefits'),
  heading: text(200),
  items: z
    .array(z.object({ title: text(120), text: text(600) }))
    .min(1)
    .max(8),
})
const imageWithText = z.object({
  ...base,
  type: z.literal('image-with-text'),
  heading: text(200),
  body: html,
  image: imageSchema.nullable(),
  imagePosition: z.enum(['left', 'right']),
})
/** Each figure names the fact it comes from (`source`), so a page can be checked against its facts. */
const stats = z.object({
  ...base,
  type: z.literal('stats'),
  heading: text(200),
  items: z
    .array(z.object({ value: text(40), label: text(120), source: text(120) }))
    .min(1)
    .max(6),
})
const comparison = z.object({
  ...base,
  type: z.literal('comparison'),
  heading: text(200),
  columns: z.array(text(120)).min(2).max(6),
  rows: z
    .array(z.object({ label: text(120), cells: z.array(text(200)) }))
    .min(1)
    .max(20),
})
const reviews = z.object({
  ...base,
  type: z.literal('reviews'),
  heading: text(200),
  /** "Reviews from AliExpress": shown to the owner only; shoppers see a neutral disclosure. */
  provenance: text(200),
  /** Average and count of the imported review texts. */
  summary: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** The listing's own aggregate rating ("4.6 out of 5, 12,408 ratings") when the source states it. */
  listingRating: z
    .object({ average: z.number().min(0).max(5), count: z.number().int().nonnegative() })
    .nullable()
    .optional(),
  items: z
    .array(
      z.object({
        author: text(120),
        rating: z.number().min(0).max(5).nullable(),
        date: z.string().nullable(),
        title: text(300).nullable(),
        body: text(5000),
        /** The owner corrected a typo in the text (author, rating and date never change). */
        edited: z.boolean().optional(),
        pinned: z.boolean().optional(),
        hidden: z.boolean().optional(),
        /** "source": read from the product's listing; "owner": imported by the store from its review app. */
        origin: z.enum(['source', 'owner']).optional(),
        /** For owner imports: the app the file came from, e.g. "Judge.me". */
        importedFrom: text(60).optional(),
      }),
    )
    .min(1)
    .max(100),
})
const faq = z.object({
  ...base,
  type: z.literal('faq'),
  heading: text(200),
  items: z
    .array(z.object({ question: text(300), answer: text(2000) }))
    .min(1)
    .max(12),
})
const guarantee = z.object({ ...base, type: z.literal('guarantee'), heading: text(200), text: text(1000) })
const cta = z.object({
  ...base,
  type: z.literal('cta'),
  heading: text(200),
  text: text(600),
  buttonLabel: text(60),
  price: priceSchema.nullable(),
})
const specs = z.object({
  ...base,
  type: z.literal('specs'),
  heading: text(200),
  items: z
    .array(z.object({ name: text(200), value: text(1000) }))
    .min(1)
    .max(40),
})

export const sectionSchema = z.discriminatedUnion('type', [
  hero,
  benefits,
  imageWithText,
  stats,
  comparison,
  reviews,
  faq,
  guarantee,
  cta,
  specs,
])
export type Section = z.output<typeof sectionSchema>
export type { SectionType }
// Both ways: the union covers every listed type and lists no other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const unionMatchesSectionTypes: Same<Section['type'], SectionType> = true
void unionMatchesSectionTypes

export const PAGE_SECTIONS_MAX = 25
export const GALLERY_MAX = 20

/**
 * What the owner says, kept apart from what was imported: their selling price, where the buy
 * button goes, and their own guarantee, shipping and returns text. Shown as written; never
 * counted as an imported fact.
 */
export const ownerFactsSchema = z.object({
  price: z.number().nonnegative().max(1_000_000).nullable(),
  compareAt: z.number().nonnegative().max(1_000_000).nullable(),
  currency: z.string().length(3).nullable(),
  buyUrl: z.string().trim().max(2048).nullable(),
  guarantee: text(1000).nullable(),
  shipping: text(1000).nullable(),
  returns: text(1000).nullable(),
})
export type OwnerFacts = z.output<typeof ownerFactsSchema>

export const pageSchema = z.object({
  theme: themeSchema,
  sections: z.array(sectionSchema).min(1).max(PAGE_SECTIONS_MAX),
  /** The owner's facts; absent on pages made before the editor (read with ownerFactsOf). */
  owner: ownerFactsSchema.optional(),
  /** The gallery: images chosen from the source, in order (absent: the sections' own images). */
  gallery: z.array(imageSchema).max(GALLERY_MAX).optional(),
  /**
   * The language the page is written in, as a primary language code ("es"); absent: English. The
   * renderers write their own words in it (shopper-words.ts) and the share page's `<html lang>` says it.
   */
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/, 'A language is a two- or three-letter code such as "es"')
    .optional(),
})
export type Page = z.output<typeof pageSchema>
export type PageInput = z.input<typeof pageSchema>

export const DEFAULT_THEME: Theme = {
  primary: '#1f2937',
  accent: '#4338ca',
  background: '#ffffff',
  text: '#111827',
  font: 'system',
  radius: 'small',
}
