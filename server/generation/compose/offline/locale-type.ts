import type { SectionType } from '../../../domain/page/schema'

/**
 * The few words the built-in writer adds to a page in the source's language when the source is not
 * in English: section headings, button labels, table headers and the label of a stated rating.
 * None of them takes a word from the product, so no grammar is wrapped around the source's words;
 * every sentence about the product stays the source's own.
 */
export interface Locale {
  headings: Record<Exclude<SectionType, 'hero'>, string>
  shopNow: string
  buyNow: string
  /** A card that gathers short lines with no title of their own. */
  details: string
  option: string
  price: string
  availability: string
  inStock: string
  soldOut: string
  notStated: string
  /** The label under a stated rating ("4.6 / 5"); the store is never named (a shopper page names no supplier). */
  rating: (count: string) => string
}
