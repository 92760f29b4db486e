import sanitizeHtml from 'sanitize-html'

/**
 * Google Merchant Center rules for product data, and the grounded proposal Pagewright makes from a
 * product's own facts: nothing is added that the product does not say (the honesty rule of pages).
 */
export const GOOGLE_TITLE_MAX = 150
export const GOOGLE_DESCRIPTION_MAX = 5000

/** Google's own words: titles and descriptions carry no promotional text. These are the usual offenders. */
const PROMOTIONAL = [
  /\bfree\s+(shipping|delivery|gift)\b/gi,
  /\b(best\s+seller|bestseller|best\s+price|lowest\s+price|cheapest|hot\s+sale|on\s+sale|sale|limited\s+time|today\s+only|buy\s+now|order\s+now|shop\s+now|click\s+here)\b/gi,
  /\b\d{1,3}\s?%\s?off\b/gi,
  /\b(new\s+arrival|2\d{3}\s+new|hot)\b/gi,
  /[!]+/g,
  /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/gu,
]

export function withoutPromotion(text: string): string {
  let out = text
  for (const re of PROMOTIONAL) out = out.replace(re, ' ')
  return out
    .replace(/\s*[|–—-]\s*(?=[|–—-]|$)/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:|–—-]+|[\s,;:|–—-]+$/g, '')
    .trim()
}

/**
 * SHOUTED WORDS as written words: Google disapproves of all-caps titles. A title in capitals is
 * title-cased; in a normal title only long capitalised words are calmed (acronyms stay).
 */
function calmCase(text: string): string {
  const letters = text.replace(/[^A-Za-z]/g, '')
  const upper = letters.replace(/[^A-Z]/g, '').length
  if (letters.length >= 6 && upper / letters.length > 0.8)
    return text.toLowerCase().replace(/(^|[\s(/-])(\p{L})/gu, (_m, pre: string, c: string) => pre + c.toUpperCase())
  return text.replace(/\b[A-Z][A-Z]{4,}\b/g, (w) => w[0] + w.slice(1).toLowerCase())
}

function clipWords(text: string, max: number): string {
  if (text.length <= max) return text
  return text
    .slice(0, max + 1)
    .replace(/\s+\S*$/, '')
    .replace(/[\s,;:–—-]+$/, '')
}

export interface GoogleFacts {
  title: string
  vendor: string | null
  productType: string | null
  descriptionHtml: string
  /** Option names with their values, e.g. Colour: Oat, Charcoal. */
  options: { name: string; values: string[] }[]
}

const includesWord = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase())

/**
 * Title: brand + the product's own title + its product type, then the attributes that tell it apart
 * (an option with one value, e.g. "Material: Cork"), without promotional words, at most 150 characters.
 */
export function proposeGoogleTitle(f: GoogleFacts): string {
  let title = calmCase(withoutPromotion(f.title))
  if (f.vendor && !includesWord(title, f.vendor)) title = `${f.vendor.trim()} ${title}`
  if (f.productType && !includesWord(title, f.productType)) title = `${title} – ${f.productType.trim()}`
  const fixed = f.options.filter((o) => o.values.length === 1 && o.values[0] !== 'Default Title' && !includesWord(title, o.values[0]))
  for (const o of fixed) title = `${title}, ${o.values[0]}`
  return clipWords(withoutPromotion(title), GOOGLE_TITLE_MAX)
}

/** The HTML Google allows in descriptions: paragraphs, line breaks, lists and emphasis. */
const GOOGLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
}

/** Description: the product's own description in Google's HTML, without promotional text, at most 5,000 characters. */
export function proposeGoogleDescription(f: GoogleFacts): string {
  const html = sanitizeHtml(f.descriptionHtml, GOOGLE_HTML)
  const cleaned = html
    .split(/(<[^>]+>)/)
    .map((part) => (part.startsWith('<') ? part : withoutPromotion(part.replace(/\s+/g, ' ')) + (/\s$/.test(part) ? ' ' : '')))
    .join('')
    .replace(/<(p|li|b|strong|i|em)>\s*<\/\1>/g, '')
    .trim()
  if (cleaned.length <= GOOGLE_DESCRIPTION_MAX) return cleaned || withoutPromotion(f.title)
  // Too long: keep whole paragraphs, then plain text as a last resort.
  const text = sanitizeHtml(cleaned, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ')
  return clipWords(text, GOOGLE_DESCRIPTION_MAX)
}

/**
 * A few Google product categories (taxonomy paths) by the product-type words that name them. The
 * owner sees the proposal beside the current value and accepts it or not; no match proposes none.
 */
const CATEGORIES: [RegExp, string][] = [
  [
    /\b(coffee|espresso|pour[- ]?over|dripper|brewer)\b/i,
    'Home & Garden > Kitchen & Dining > Kitchen Appliances > Coffee Makers & Espresso Machines',
  ],
  [/\b(skillet|frying pan|pan|pot|cookware|dutch oven)\b/i, 'Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware'],
  [/\b(blender|mixer)\b/i, 'Home & Garden > Kitchen & Dining > Kitchen Appliances > Food Mixers & Blenders'],
  [/\b(bottle|tumbler|flask)\b/i, 'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles'],
  [/\b(mug|cup)\b/i, 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs'],
  [/\b(apron)\b/i, 'Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Aprons'],
  [/\b(food wrap|beeswax wrap|wraps?)\b/i, 'Home & Garden > Kitchen & Dining > Food Storage > Food Wraps'],
  [/\b(yoga mat|exercise mat|mat)\b/i, 'Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga Mats'],
  [/\b(running shoes?|sneakers?|trainers?|shoes?)\b/i, 'Apparel & Accessories > Shoes > Athletic Shoes'],
  [/\b(backpack|rucksack|daypack)\b/i, 'Luggage & Bags > Backpacks'],
  [/\b(earbuds|earphones|headphones|headset)\b/i, 'Electronics > Audio > Audio Components > Headphones & Headsets > Headphones'],
  [/\b(phone case|case)\b/i, 'Electronics > Communications > Telephony > Mobile Phone Accessories > Mobile Phone Cases'],
  [/\b(night ?light|lamp|light)\b/i, 'Home & Garden > Lighting > Night Lights & Ambient Lighting'],
  [/\b(desk lamp)\b/i, 'Home & Garden > Lighting > Lamps'],
  [/\b(candle)\b/i, 'Home & Garden > Decor > Home Fragrances > Candles'],
  [/\b(watch)\b/i, 'Apparel & Accessories > Jewelry > Watches'],
  [/\b(t-?shirt|tee|shirt)\b/i, 'Apparel & Accessories > Clothing > Shirts & Tops'],
]

export function proposeGoogleCategory(f: Pick<GoogleFacts, 'productType' | 'title'>): string {
  for (const source of [f.productType ?? '', f.title]) {
    for (const [re, path] of CATEGORIES) if (source && re.test(source)) return path
  }
  return ''
}

/** Feed text fields: one line, no tabs (TSV). */
export const feedField = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim()
