import { z } from 'zod'
import { isMediaPath } from './media'
import { PLATFORMS } from './platforms'
import type { SanitizedHtml } from './sanitize'

export { PLATFORM_NAMES, type Platform } from './platforms'

/** An absolute URL, or our own stored copy (`/media/<sha256>.<ext>`). */
const imageAddress = z.string().url().or(z.string().refine(isMediaPath, 'Invalid image address'))

/** A review as the source shows it. Never made up: no source review, no review. */
export const reviewSchema = z.object({
  author: z.string().min(1).max(120),
  rating: z.number().min(0).max(5).nullable(),
  date: z.string().nullable(),
  title: z.string().max(300).nullable(),
  body: z.string().min(1).max(5000),
  /** Display name of where it came from, e.g. "AliExpress" or the store's name. */
  source: z.string().min(1).max(120),
})
export type Review = z.infer<typeof reviewSchema>

export const productFactsSchema = z.object({
  title: z.string().min(1).max(500),
  descriptionHtml: z.string().max(200_000),
  descriptionText: z.string().max(100_000),
  bullets: z.array(z.string().max(1000)).max(50),
  /** Absolute https URLs (or URLs on our own origin, for the demo store). */
  images: z.array(imageAddress).max(40),
  /**
   * The product's image URLs as imported, kept once `images` have been replaced by our own stored
   * copies (`/media/<sha256>.<ext>`, server/modules/media). Absent on facts from before that step.
   */
  sourceImages: z.array(z.string().url()).max(40).optional(),
  /**
   * The product's own current price as its source states it (its offer, buy box or own data), in major
   * units. Null when the source states none (an Amazon page without a buy box, a page that loads its
   * price by script): no other price on the page stands in for it. Such a product still imports
   * (insufficientFacts asks for a name, and photos or a price); the owner sets their price on the page.
   */
  price: z.number().nonnegative().nullable(),
  /** The same offer's list, strike-through or "M.R.P." price, when the source states one above `price`; else null. */
  compareAtPrice: z.number().nonnegative().nullable(),
  /** ISO 4217 code, e.g. "USD". */
  currency: z.string().length(3).nullable(),
  options: z.array(z.object({ name: z.string().max(100), values: z.array(z.string().max(200)).max(100) })).max(10),
  variants: z
    .array(
      z.object({
        title: z.string().max(300),
        price: z.number().nonnegative().nullable(),
        available: z.boolean().nullable(),
        sku: z.string().max(100).nullable(),
        image: imageAddress.nullable(),
      }),
    )
    .max(250),
  vendor: z.string().max(200).nullable(),
  productType: z.string().max(200).nullable(),
  tags: z.array(z.string().max(100)).max(100),
  specs: z.array(z.object({ name: z.string().max(200), value: z.string().max(1000) })).max(100),
  reviews: z.array(reviewSchema).max(100),
  /** Computed from `reviews` only (see ratingSummary()). */
  ratingSummary: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /**
   * The listing's own aggregate rating as the source states it ("4.6 out of 5, 12,408 ratings"),
   * on a 0–5 scale. Optional: facts stored before it was read still parse.
   */
  listingRating: z
    .object({ average: z.number().min(0).max(5), count: z.number().int().nonnegative() })
    .nullable()
    .optional(),
  /**
   * The language the source page declares (`<html lang>`, a BCP 47 tag), when it declares one: the
   * writer's answer when the product's own words do not tell. Optional: older facts still parse.
   */
  pageLanguage: z
    .string()
    .regex(/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i)
    .nullable()
    .optional(),
  source: z.object({ url: z.string(), platform: z.enum(PLATFORMS), name: z.string().max(200) }),
  fetchedAt: z.string(),
})
export type ProductFacts = Omit<z.infer<typeof productFactsSchema>, 'descriptionHtml'> & { descriptionHtml: SanitizedHtml }

/** Average (one decimal) and count of the reviews that carry a rating; null without any. */
export function ratingSummary(reviews: Pick<Review, 'rating'>[]): { average: number; count: number } | null {
  const rated = reviews.filter((r): r is { rating: number } => typeof r.rating === 'number')
  if (rated.length === 0) return null
  const average = Math.round((rated.reduce((s, r) => s + r.rating, 0) / rated.length) * 10) / 10
  return { average, count: rated.length }
}

/**
 * Why facts are not enough to build a page, in words a person understands; null when they are. A name
 * with photos or a price is a product: a small shop's page that shows only its "no picture" graphic
 * still sells the product at its price (the page then draws placeholders the owner can take out). A
 * name with neither is no product page (a category's, a shell's).
 */
export function insufficientFacts(facts: Pick<ProductFacts, 'title' | 'images' | 'price'>): string | null {
  if (!facts.title.trim()) return "We couldn't find the product's name on this page"
  if (facts.images.length === 0 && facts.price == null) return "We couldn't find product images on this page"
  return null
}
