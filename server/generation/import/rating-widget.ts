import type { CheerioAPI } from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import type { RawFacts } from './normalize/facts'
import { productHeading } from './page-heading'

// A rating as the page draws it (its stars, the count beside them), for pages whose structured data
// states none or states another.

/** A class that names a rating's stars ("pl-ReviewStars-rating", "star-rating", "stars-fill"); not a histogram's bars. */
const STARS_CLASS = /stars?(?![a-z])/i
const HISTOGRAM_CLASS = /histogram|distribution|breakdown|progress/i
/** Magento's rating bar: a box whose inner `.rating` is drawn to the rating's width. */
const RATING_BAR_CLASS = /(?:^|\s)rating-box(?:\s|$)/i

/** Stars of 5 an element's width in per cent draws ("width:93.98%" is 4.7), or null for none or over 100 %. */
function starsOfWidth(el: Element): number | null {
  const pct = /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)%/i.exec(el.attribs.style ?? '')
  return pct && Number(pct[1]) <= 100 ? Math.round(Number(pct[1]) * 5) / 100 : null
}

/** The rating (of 5) a bar's one filled child draws by its width ("<div class=rating style='width:80%'>" is 4), or null. */
function filledWidth(bar: Element): number | null {
  const fills = bar.children.filter((c): c is Element => c.type === 'tag' && /width/i.test(c.attribs.style ?? ''))
  if (fills.length !== 1) return null
  const stars = starsOfWidth(fills[0])
  return stars !== null && stars > 0 ? stars : null
}

/**
 * The rating the page's first star bar draws, out of 5: the width its filled part is given
 * ("width:93.98%" is 4.7 stars), or null when the page draws none that way.
 */
export function drawnStars($: CheerioAPI): number | null {
  for (const el of $('body [style*="width"]').toArray().slice(0, 400)) {
    const parent = el.parent?.type === 'tag' ? (el.parent as Element) : null
    const classes = `${el.attribs.class ?? ''} ${parent?.attribs.class ?? ''}`
    if (!STARS_CLASS.test(classes) || HISTOGRAM_CLASS.test(classes)) continue
    const stars = starsOfWidth(el)
    if (stars !== null) return stars
  }
  // Or the first row of five star icons each classed with its fill ("ci-star-full", "star half").
  for (const el of $('body *').toArray().slice(0, MAX_ELEMENTS_FOR_STARS)) {
    const icons = el.children.filter((c): c is Element => c.type === 'tag')
    if (icons.length === 5 && icons.every((i) => STARS_CLASS.test(i.attribs.class ?? ''))) {
      const fill = starRowFill(el)
      if (fill !== null) return fill
    }
  }
  return null
}

/** Elements looked at for a row of star icons: the product's own come early in its page. */
const MAX_ELEMENTS_FOR_STARS = 20_000

/** Attributes a star widget states its rating in (`<div rating="5" class="star-rating">`). */
const RATING_ATTRS = ['rating', 'data-rating', 'data-score', 'data-rating-value', 'data-average', 'data-star-rating']

/** A count written as a page writes it: "3,397", "5.182", "1 204", "213" (groups of three after the first). */
// Thousands in threes ("5.182", "3,397"), or India's lakhs and crores in twos before the last three ("1,90,019").
const WRITTEN_COUNT = String.raw`(?<![\d.,])(\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)(?![\d.,]\d)`
/** The words pages count stars with, and written reviews with ("3,397 Ratings & 213 Reviews"). */
const RATINGS_WORD = String.raw`(?:ratings?|calificaciones|valoraciones|avalia[çc](?:ão|ões)|bewertungen|évaluations|notes|valutazioni|beoordelingen|oceny|оцен\p{L}*)`
const REVIEWS_WORD = String.raw`(?:reviews?|reseñas|opiniones|comentários|rezensionen|avis|recensioni|recensies|opinie|opinii|отзыв\p{L}*)`
/** A widget's count as written beside its stars: "(6)", "12 reviews", "(1.204 avaliações)". */
const COUNT_TEXT = new RegExp(String.raw`^\(?\s*(\d[\d.,\s]{0,12}?)\s*(?:${RATINGS_WORD}|${REVIEWS_WORD})?\s*\)?$`, 'iu')
const RATINGS_THEN_REVIEWS = new RegExp(
  `${WRITTEN_COUNT}\\s*${RATINGS_WORD}\\s*(?:&|and|y|e|et|und|i|и|·|\\||,|/)?\\s*${WRITTEN_COUNT}\\s*${REVIEWS_WORD}`,
  'giu',
)

/**
 * The count of ratings a page writes just before its count of written reviews, where the rating's
 * count is the reviews' ("3,397 Ratings & 213 Reviews" with a structured `reviewCount` of 213): an
 * average is over everyone who rated, so "4.3 from 213 reviews" would misstate it. Null when the
 * page writes no such pair for this count.
 */
export function ratingsBeforeReviews(text: string, reviews: string | number): string | null {
  const digits = (s: string) => Number(s.replace(/\D/g, ''))
  const n = digits(String(reviews))
  if (!n) return null
  const flat = text
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
  for (const m of flat.matchAll(RATINGS_THEN_REVIEWS)) if (digits(m[2]) === n && digits(m[1]) > n) return String(digits(m[1]))
  return null
}

/** "out of 5" in the languages of our shoppers' sites ("von 5", "sur 5", "из 5"). */
const OUT_OF_FIVE = String.raw`\s*(?:out of|of|von|sur|de|su|из|z|van)\s*5\b`

/** A rating and its count in words: "4.7 out of 5 stars with 1654 reviews", "4,5 von 5 Sternen, 12 Bewertungen". */
const SAID_RATING = new RegExp(
  String.raw`([0-5](?:[.,]\d{1,2})?)${OUT_OF_FIVE}[^\d]{0,30}?${WRITTEN_COUNT}\s*(?:${RATINGS_WORD}|${REVIEWS_WORD})`,
  'iu',
)

/** An average and its count as a line under a heading writes them: "5 (8.560 rating)", "4.3 (646 ratings)". */
const AVERAGE_THEN_COUNT = new RegExp(
  String.raw`(?<![\d.,])([0-5](?:[.,]\d{1,2})?)\s*\(\s*${WRITTEN_COUNT}\s*(?:${RATINGS_WORD}|${REVIEWS_WORD})\s*\)`,
  'iu',
)
/** A decimal average and its count in brackets, as a star badge writes them: "4,9 (15)", "4.5 (1,204 reviews)". */
const AVERAGE_BESIDE_COUNT = new RegExp(
  String.raw`(?<![\d.,])([0-5][.,]\d{1,2})\s*\(\s*${WRITTEN_COUNT}\s*(?:${RATINGS_WORD}|${REVIEWS_WORD})?\s*\)`,
  'iu',
)
/** "stars" in the languages of our shoppers' sites ("5 estrelas", "4,5 von 5 Sternen"). */
export const STARS_WORD = String.raw`(?:stars?|estrelas?|estrellas?|sterne?n?|étoiles?|stelle|sterren|stjerner|stjärnor|gwiazd\p{L}*|звезд\p{L}*|yıldız)(?!\p{L})`
/** Stars' label that says their rating and nothing else: "4.5 stars", "4,5 von 5 Sternen". */
const STARS_LABEL = new RegExp(String.raw`^\s*([0-5](?:[.,]\d{1,2})?)\s*(?:${OUT_OF_FIVE}\s*)?${STARS_WORD}\s*$`, 'iu')
/** A count with its word: "655 reviews", "1.204 avaliações". */
export const COUNT_WITH_WORD = new RegExp(String.raw`${WRITTEN_COUNT}\s*(?:${RATINGS_WORD}|${REVIEWS_WORD})`, 'iu')
/** Characters of the line under a heading that may still hold its rating. */
const LINE_UNDER_HEADING = 200

/** The rating the words right after the heading write, its stars drawn by an icon (no class to know them by). */
function writtenBesideHeading($: CheerioAPI, after: Element[]): RawFacts['listingRating'] {
  const text = after
    .flatMap((e) => e.children.filter((c) => c.type === 'text').map((c) => $(c).text()))
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, LINE_UNDER_HEADING)
  const m = AVERAGE_THEN_COUNT.exec(text)
  const average = m ? Number(m[1].replace(',', '.')) : 0
  return m && average > 0 ? { average, count: m[2].replace(/\D/g, ''), scale: 5 } : null
}

/** Levels above the heading that still hold the product's own rating. */
const HEADING_BOX_LEVELS = 2

/** The elements after the product's heading in its block, the block widened a level at a time. */
function* afterHeading($: CheerioAPI): Generator<{ heading: Element; after: Element[] }> {
  const heading = productHeading($)
  if (!heading) return
  let box: AnyNode | null = heading.parent
  for (let level = 0; box && box.type === 'tag' && level < HEADING_BOX_LEVELS; level++, box = box.parent) {
    const inBox = $(box as Element)
      .find('*')
      .toArray()
    yield { heading, after: inBox.slice(inBox.indexOf(heading) + 1) }
  }
}

/**
 * The rating the product's own star widget states beside its heading, on a page with no structured
 * rating: an element classed as stars that carries its rating (0–5) in an attribute and the count
 * written inside it ("(6)"). Both or nothing: stars without a count are not a rating of anyone's.
 * The widget must follow the heading, within a few levels of it (a review list's stars come later).
 */
export function ratingBesideHeading($: CheerioAPI): RawFacts['listingRating'] {
  for (const { heading, after } of afterHeading($)) {
    // The first stars after the heading are the product's, or the page states no rating there.
    const el = after.find(
      (e) =>
        (STARS_CLASS.test(e.attribs.class ?? '') ||
          RATING_BAR_CLASS.test(e.attribs.class ?? '') ||
          STARS_LABEL.test(e.attribs['aria-label'] ?? '') ||
          'data-star-rating' in e.attribs) &&
        !HISTOGRAM_CLASS.test(e.attribs.class ?? ''),
    )
    if (!el) {
      const written = writtenBesideHeading(
        $,
        after.filter((e) => !$(heading).find(e).length),
      )
      if (written) return written
      continue
    }
    // Or its words for a screen reader: "4.7 out of 5 stars with 1654 reviews", on the stars or on the
    // badge a star icon sits in (Stamped: "Rated 4.1 out of 5 stars 14 reviews").
    // Never a wider region's label: an ancestor that holds the heading too is the page's, not the badge's.
    const holdsHeading = new Set($(heading).parents().toArray())
    const badge: Element[] = []
    for (const up of $(el).parents().slice(0, 3).toArray()) {
      if (holdsHeading.has(up)) break
      badge.push(up)
    }
    const labels = [el, ...badge].map((e) => e.attribs['aria-label'] ?? '').join(' ')
    const said = SAID_RATING.exec(`${labels} ${$(el).text()}`.replace(/\s+/g, ' '))
    if (said) return { average: Number(said[1].replace(',', '.')), count: said[2].replace(/\D/g, ''), scale: 5 }
    // Or stars whose label says their rating alone ("4.5 stars", a class of hashed letters), the count written in their badge ("655 reviews").
    const labelled = STARS_LABEL.exec(el.attribs['aria-label'] ?? '')
    if (labelled) {
      const counted = badge.map((up) => COUNT_WITH_WORD.exec($(up).text().replace(/\s+/g, ' '))).find(Boolean)
      return counted ? { average: Number(labelled[1].replace(',', '.')), count: counted[1].replace(/\D/g, ''), scale: 5 } : null
    }
    const attr = RATING_ATTRS.map((a) => el.attribs[a]).find((v) => v !== undefined)
    // Or a row of five star icons, each classed with its fill, and the count written in its badge.
    const row = attr === undefined ? starRowFill(el) : null
    if (row !== null) {
      const counted = badge.map((up) => COUNT_TEXT.exec($(up).text().replace(/\s+/g, ' ').trim())?.[1]).find((c) => c && /\d/.test(c))
      return counted ? { average: row, count: counted.replace(/\D/g, ''), scale: 5 } : null
    }
    // Or a bar filled to its rating's width (Magento's `.rating-box > .rating` at "width:100%"), the
    // count written in its badge ("1 Review(s)").
    const filled = attr === undefined ? filledWidth(el) : null
    if (filled !== null) {
      const counted = badge.map((up) => COUNT_WITH_WORD.exec($(up).text().replace(/\s+/g, ' '))).find(Boolean)
      return counted ? { average: filled, count: counted[1].replace(/\D/g, ''), scale: 5 } : null
    }
    // Or stars that say nothing themselves, their badge writing the average and the count beside them ("★★★★★ 4,9 (15)").
    if (attr === undefined) {
      const written = badge.map((up) => AVERAGE_BESIDE_COUNT.exec($(up).text().replace(/\s+/g, ' '))).find(Boolean)
      if (written) return { average: Number(written[1].replace(',', '.')), count: written[2].replace(/\D/g, ''), scale: 5 }
    }
    const average = Number(attr?.replace(',', '.'))
    if (!Number.isFinite(average) || average <= 0 || average > 5) return null
    // The count in the badge's words for a screen reader beside the stars ("(67)" labelled "67 reviews").
    const spoken = badge
      .flatMap((up) => $(up).find('[aria-label]').toArray())
      .map((e) => COUNT_WITH_WORD.exec(e.attribs['aria-label'] ?? ''))
      .find(Boolean)
    if (spoken) return { average, count: spoken[1].replace(/\D/g, ''), scale: 5 }
    const count = COUNT_TEXT.exec(
      $(el)
        .text()
        .replace(/[\u2605\u2606\u2729-\u2730]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )?.[1]
    return count && /\d/.test(count) ? { average, count: count.replace(/\s/g, ''), scale: 5 } : null
  }
  return null
}

/** A star icon's fill in its class: PowerReviews' "pr-star-v4-50-filled", "star-75-fill". */
const STAR_FILL_PERCENT = /(?:^|[-_])(\d{1,3})[-_]?(?:filled|fill|full)(?:$|[-_])/i
const STAR_FULL = /(?:^|[-_\s])(?:full|filled|on|active)(?:$|[-_\s])/i
const STAR_HALF = /(?:^|[-_\s])half(?:$|[-_\s])/i
const STAR_EMPTY = /(?:^|[-_\s])(?:empty|off|outline|blank)(?:$|[-_\s])/i

/**
 * The rating a row of five star icons draws, each classed with its fill ("…-100-filled", "star full",
 * "star half", "star empty"): their sum, or null when any star does not say its fill.
 */
export function starRowFill(el: Element): number | null {
  const stars = el.children.filter((c): c is Element => c.type === 'tag')
  if (stars.length !== 5) return null
  let sum = 0
  for (const star of stars) {
    const cls = star.attribs.class ?? ''
    const pct = cls
      .split(/\s+/)
      .map((c) => STAR_FILL_PERCENT.exec(c))
      .find((m) => m !== null)
    if (pct) sum += Math.min(100, Number(pct[1])) / 100
    else if (STAR_HALF.test(cls)) sum += 0.5
    else if (STAR_FULL.test(cls)) sum += 1
    else if (!STAR_EMPTY.test(cls)) return null
  }
  return sum > 0 ? Math.round(sum * 100) / 100 : null
}

/**
 * A rating in words, as stars say it to a pointer or a screen reader ("3.9 out of 5 eggs",
 * "Classificação: 4.74 de 5 estrelas."): after a word or two of label at most.
 */
const SAID_STARS = new RegExp(String.raw`^[^\d]{0,24}?([0-5](?:[.,]\d{1,2})?)${OUT_OF_FIVE}`, 'iu')

/** What stars say in their title or label, whole or with decimals; null when they say no rating. */
const saidStars = (el: Element) => {
  const said = SAID_STARS.exec(el.attribs.title ?? '') ?? SAID_STARS.exec(el.attribs['aria-label'] ?? '')
  return said ? Number(said[1].replace(',', '.')) : null
}
/** The same, only when it says more than whole stars. */
const saidDecimal = (el: Element) => {
  const said = saidStars(el)
  return said !== null && !Number.isInteger(said) ? said : null
}

/**
 * The rating with its decimal that the first stars after the product's heading say in their title or
 * label, or null. Newegg's structured data rounds its rating to whole stars (4) where its stars say 3.9.
 */
export function decimalRatingBesideHeading($: CheerioAPI): number | null {
  for (const { after } of afterHeading($)) {
    const stars = after.find(
      (e) =>
        (/\brating/i.test(e.attribs.class ?? '') || STARS_CLASS.test(e.attribs.class ?? '')) &&
        !!(e.attribs.title || e.attribs['aria-label']),
    )
    if (!stars) continue
    return saidDecimal(stars)
  }
  return null
}

/** Elements looked at for labelled stars, at most. */
const MAX_LABELLED = 3000
/** Levels above the stars where the summary writes its count. */
const SUMMARY_LEVELS = 3

/**
 * The rating with its decimals that labelled stars anywhere on the page say beside the product's own
 * review count: the reviews' summary ("4.74 /5 (27 avaliações)", its stars labelled "Classificação:
 * 4.74 de 5 estrelas."), where the structured data counts the same 27 reviews and rounds the rating
 * to whole stars. Another count beside them (a tile's, a review's own stars) is not this product's.
 */
export function decimalRatingWithCount($: CheerioAPI, count: number): number | null {
  const written = new RegExp(String.raw`(?<![\d.,])${count}(?![\d.,]*\d)`)
  for (const el of $('body [aria-label], body [title]').toArray().slice(0, MAX_LABELLED)) {
    const said = saidStars(el as Element)
    if (said === null) continue
    let box: AnyNode | null = el.parent
    // The first stars beside the count are the summary's; whole stars there say no more than the data.
    for (let level = 0; box && box.type === 'tag' && level < SUMMARY_LEVELS; level++, box = box.parent)
      if (written.test($(box as Element).text())) return Number.isInteger(said) ? null : said
  }
  return null
}

/** The most reviews a rating may count and still be dropped for being shown nowhere (see ratingShownNowhere). */
const MAX_UNSHOWN_COUNT = 3

/** Classes and ids of what shows a rating: stars, a rating or reviews block, a review app's widget (not a gallery's "previews"). */
const RATING_PLACE =
  /star|rating|(?<!p)review|yotpo|jdgm|judgeme|stamped|okendo|loox|bazaarvoice|trustpilot|feefo|reevoo|junip|(?:^|[\s_-])(?:bv|pr)[-_]/i

/**
 * Whether the product's star widget is drawn empty by its own word: a read-only rating bar whose
 * current rating is 0 (jQuery Bar Rating's `<select data-current-rating="0" data-readonly="1">`), with
 * no filled stars drawn elsewhere. A structured rating beside it (server-shop.ua's "5 of 89") is not
 * what the shopper sees.
 */
export function starWidgetEmpty($: CheerioAPI): boolean {
  const bars = $('[data-current-rating][data-readonly]').toArray()
  if (!bars.length) return false
  const empty = bars.every(
    (el) => !/^(?:0|false)$/i.test(el.attribs['data-readonly'] ?? '') && Number(el.attribs['data-current-rating'] || 0) === 0,
  )
  return empty && !drawnStars($)
}

/**
 * Whether a page has no place that shows a rating of a handful of reviews: no element outside an
 * icon sprite classed or named as stars, a rating, reviews or a review app's widget, and neither the
 * count nor the average written in its text. Then a structured rating (a theme's JSON-LD that states
 * one review) is nothing a shopper reads on the page.
 */
export function ratingShownNowhere($: CheerioAPI, average: unknown, count: unknown): boolean {
  const places = $('body [class], body [id]')
    .toArray()
    .some(
      (el) =>
        RATING_PLACE.test(`${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`) && $(el).closest('svg, defs, script, template').length === 0,
    )
  if (places) return false
  // The count as a count is written: "12 reviews", "(12)"; a count of two digits or more anywhere (a
  // bare "1" is written all over a page).
  const digits = String(count ?? '').replace(/\D/g, '')
  // Only a handful of reviews: a larger count the data may state otherwise than the page (ratings
  // against written reviews) and a widget drawn by script may show it later.
  if (!digits || Number(digits) > MAX_UNSHOWN_COUNT) return false
  const text = $('body')
    .clone()
    .find('script, style, template')
    .remove()
    .end()
    .text()
    .replace(/(\d)[.,\u00a0 ](?=\d{3}(?!\d))/g, '$1')
  const counted = new RegExp(String.raw`(?<![\d.,])${digits}\s*(?:${RATINGS_WORD}|${REVIEWS_WORD})|\(\s*${digits}\s*\)`, 'iu')
  const anywhere = new RegExp(String.raw`(?<![\d.,])${digits}(?![\d]|[.,]\d)`)
  if (counted.test(text) || (digits.length >= 2 && anywhere.test(text))) return false
  // Nor the average with its decimal ("4.6", "5,0").
  const stated = Number(average)
  if (!Number.isFinite(stated)) return true
  const decimals = [stated.toFixed(1), stated.toFixed(2)].map((n) => n.replace('.', '[.,]'))
  return !decimals.some((n) => new RegExp(String.raw`(?<![\d.,])${n}(?!\d)`).test(text))
}
