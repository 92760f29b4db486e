/**
 * The shape of a table of shopper words (server/domain/page/shopper-words.ts), apart from the
 * tables, so the tables of shopper-words-more.ts, shopper-words-slavic.ts and shopper-words-north.ts
 * can be typed without importing shopper-words.ts.
 */

/** The languages with a table: those of shopper-words.ts, -more.ts, -slavic.ts, -north.ts, -nordic.ts and -asia.ts. */
export const SHOPPER_LANGUAGES = [
  'en',
  'es',
  'de',
  'fr',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'tr',
  'ru',
  'uk',
  'cs',
  'sk',
  'ro',
  'fi',
  'et',
  'lv',
  'sl',
  'bg',
  'vi',
  'da',
  'nb',
  'id',
] as const
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number]

/**
 * A counted noun: `one` for the counts in `singular`, else `other` ("1 review", "12 reviews"). A
 * language with more plural forms than two (Polish, Russian, Ukrainian, Czech, Slovak, Romanian, Latvian,
 * Slovenian) writes one form that needs no choice, the count after a colon ("Отзывов: 12"), as
 * both; Vietnamese, without plurals, writes its one form as both.
 */
export interface Counted {
  one: string
  other: string
}

export interface ShopperWords {
  language: ShopperLanguage
  // --- numbers and dates -----------------------------------------------------------------------
  /** Decimal mark of a rating ("4.5", "4,5"). */
  decimal: string
  /** Thousands separator of a count, used from 1,000 on ("5,182", "5.182", "5 182"). */
  group: string
  /**
   * Counts that take the singular form (Intl.PluralRules "one" for whole numbers). Empty in a
   * language whose counted words need no plural choice (`one` and `other` alike, the count after a
   * colon): Russian's "one" takes 1, 21, 31… 101, 121…, which no list can hold.
   */
  singular: readonly number[]
  /** Short month names, January first (Czech and Slovak write a month's number: "5. 3. 2024"). */
  months: readonly string[]
  /** A review date: {day}, {month} (short name) and {year}. */
  date: string
  // --- ratings and reviews ---------------------------------------------------------------------
  /** What a screen reader says for a row of stars. */
  rated: string
  /** The figure of a summary ("4.1 out of 5"). */
  outOf5: string
  /** The count of the imported reviews. */
  reviewCount: Counted
  /** The count of ratings the product's listing states. */
  listingCount: Counted
  // --- prices and buttons ----------------------------------------------------------------------
  /** Read before a price that has a struck-through one (screen readers only). */
  price: string
  /** Read before the struck-through price (screen readers only). */
  was: string
  /** A buy button without a label of its own. */
  buyNow: string
  /** The store's cart form: the variant menu's name (screen readers only). */
  chooseVariant: string
  /** The store's cart form: the button of a product that cannot be bought. */
  soldOut: string
  /** The store's cart form: after a variant that cannot be bought. */
  soldOutNote: string
  /** The plain buy box (when a theme's product template cannot be read): read before the compare-at price. */
  regularPrice: string
  /** The plain buy box: the variant menu's label. */
  option: string
  /** The plain buy box: the quantity field's label. */
  quantity: string
  /** The plain buy box: its button. */
  addToCart: string
  // --- prices as Intl.NumberFormat(language, { style: 'currency', currency }) writes them ---------
  /** A price whose currency is written with a sign ("$", "US$", "€", "R$"): {amount} and {currency}. */
  money: string
  /** A price whose currency is written with letters: its ISO code ("CHF") or a symbol such as "FCFA". */
  moneyInLetters: string
  /** A price's thousands are grouped from this many whole digits on: 4 ("1.234,50 €"), 5 in Spanish and Italian ("1234,50 €", "12.345,50 €"). */
  moneyGroupFrom: number
  /** The currencies written with a symbol in this language; any other is written with its ISO code. */
  currencies: Readonly<Record<string, string>>
  // --- images and tables -----------------------------------------------------------------------
  /** The gallery's name. */
  productImages: string
  /** A gallery thumbnail (screen readers only). */
  imageOf: string
  /** The text drawn in the placeholder of a section without its image. */
  image: string
  /** The hidden header of a comparison table's row labels. */
  feature: string
  /** The share page's credit line, before "Pagewright". */
  madeWith: string
  // --- texts the publisher writes into the page ------------------------------------------------
  /** Reviews read from another store's listing (a marketplace's name is never shown). */
  reviewsFromAnotherStore: string
  /** Reviews read from the store's own listing. */
  reviewsFromBuyers: string
  /** Only reviews the store imported from its review apps. */
  reviewsImported: string
  /** Both: {source} is one of the two lines above. */
  reviewsAndImported: string
  /** Joins the names of two review apps. */
  and: string
  /** A review file that names no app. */
  aReviewFile: string
  /** Stands in for a marketplace's name in a figure's label. */
  anotherStore: string
  /** The heading of the owner's shipping and returns texts. */
  shippingAndReturns: string
  /** The default description of the product's first photo. */
  photoOf: string
  /** The default description of the other photos. */
  photoNumberOf: string
}
