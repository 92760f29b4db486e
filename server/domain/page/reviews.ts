import type { Section } from './schema'
import { fill, shopperWords } from './shopper-words'

/**
 * The owner's review editor, as pure rules: applying the bulk editor's changes (hide, pin,
 * reorder, typo fixes) and what shoppers see of the result. Author, rating and date are the
 * reviewer's: nothing here ever changes or invents them. Reading CSV exports: ./reviews-csv.ts.
 */

export type ReviewItem = Extract<Section, { type: 'reviews' }>['items'][number]

/** The schema's caps (server/domain/page/schema.ts, the `reviews` section). */
export const AUTHOR_MAX = 120
export const TITLE_MAX = 300
export const BODY_MAX = 5000
export const IMPORTED_FROM_MAX = 60

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/** C0 controls other than tab, line feed and carriage return, and DEL: a damaged or binary file. */
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Whitespace collapsed, trimmed, cut to `max` characters (an ellipsis marks the cut). */
export function clean(value: string, max: number): string {
  const s = value.replace(BIDI, '').replace(/\s+/g, ' ').trim()
  const chars = Array.from(s)
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : s
}

// ---------------------------------------------------------------------------------------------
// The bulk editor
// ---------------------------------------------------------------------------------------------

/** One review's changes; `index` is its position in the items as given (before any new order). */
export interface ReviewEdit {
  index: number
  hidden?: boolean
  pinned?: boolean
  /** A typo correction of the text (a small edit only). */
  body?: string
  /** A typo correction of the title (a small edit only; a review without a title cannot get one). */
  title?: string | null
}

export interface ReviewEdits {
  edits?: ReviewEdit[]
  /** The new order: `order[k]` is the index (as given) of the review that goes k-th. */
  order?: number[]
}

export type ReviewEditResult =
  | {
      ok: true
      /** The reviews in page order: pinned first, otherwise the owner's order. */
      items: ReviewItem[]
      /** False when every review is hidden: the section would show nothing, so the caller decides. */
      anyVisible: boolean
    }
  | { ok: false; error: string }

const EDIT_KEYS = new Set(['index', 'hidden', 'pinned', 'body', 'title'])

/** How far a typo correction may go: max(3, 15% of the original's length) single-character edits. */
export const typoBudget = (original: string) => Math.max(3, Math.floor(Array.from(original).length * 0.15))

/**
 * Levenshtein distance between `a` and `b` (by code point), or `limit + 1` once it is known to
 * exceed `limit`. Only a band of width 2·limit+1 is computed, so long texts stay cheap.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const s = Array.from(a)
  const t = Array.from(b)
  if (Math.abs(s.length - t.length) > limit) return limit + 1
  const k = Math.min(limit, Math.max(s.length, t.length))
  const big = k + 1
  let prev = new Array<number>(t.length + 1)
  let cur = new Array<number>(t.length + 1)
  for (let j = 0; j <= t.length; j++) prev[j] = j <= k ? j : big
  for (let i = 1; i <= s.length; i++) {
    const from = Math.max(1, i - k)
    const to = Math.min(t.length, i + k)
    // Cells just outside the band read as "too far"; the rest of the row is never read.
    cur[0] = i <= k ? i : big
    if (from > 1) cur[from - 1] = big
    if (to < t.length) cur[to + 1] = big
    let best = from > 1 ? big : cur[0]
    for (let j = from; j <= to; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1
      const v = Math.min(prev[j - 1] + cost, prev[j] + 1, cur[j - 1] + 1)
      cur[j] = v > big ? big : v
      if (cur[j] < best) best = cur[j]
    }
    if (best > k) return limit + 1
    ;[prev, cur] = [cur, prev]
  }
  const d = prev[t.length]
  return d > k ? limit + 1 : d
}

const label = (i: number, item: ReviewItem) => `review ${i + 1}${item.author ? ` (by ${item.author})` : ''}`
const Label = (i: number, item: ReviewItem) => `R${label(i, item).slice(1)}`

/** A typo fix of `before`: the cleaned text, or an error when it is more than a fix. */
function correctedText(before: string, after: string, max: number, what: string): { text: string } | { error: string } {
  if (CONTROL.test(after)) return { error: `The ${what} contains control characters.` }
  const text = clean(after, Number.MAX_SAFE_INTEGER)
  if (Array.from(text).length > max) return { error: `The ${what} is longer than ${max.toLocaleString('en-US')} characters.` }
  const budget = typoBudget(before)
  if (editDistance(before, text, budget) > budget) {
    return { error: `The ${what} changes too much: only small typo corrections are allowed, never new wording.` }
  }
  return { text }
}

/** `order` is a permutation of 0…n−1. */
function isPermutation(order: unknown, n: number): order is number[] {
  if (!Array.isArray(order) || order.length !== n) return false
  const seen = new Set<number>()
  for (const i of order) {
    if (!Number.isInteger(i) || i < 0 || i >= n || seen.has(i)) return false
    seen.add(i)
  }
  return true
}

/**
 * Applies the bulk editor's changes. Author, rating and date never change; a body or title change
 * must be a typo correction (Levenshtein distance at most max(3, 15% of the original length)) and
 * marks the review `edited`. The result is in page order: the new `order` if given, then pinned
 * reviews first (stable). Any invalid change fails the whole request with a message for the owner.
 */
export function applyReviewEdits(items: readonly ReviewItem[], changes: ReviewEdits): ReviewEditResult {
  const fail = (error: string): ReviewEditResult => ({ ok: false, error })
  const next = items.map((item) => ({ ...item }))
  const seen = new Set<number>()
  for (const edit of changes.edits ?? []) {
    const extra = Object.keys(edit).filter((k) => !EDIT_KEYS.has(k))
    if (extra.some((k) => k === 'author' || k === 'rating' || k === 'date')) {
      return fail("A review's author, rating and date cannot be changed.")
    }
    if (extra.length) return fail(`Unknown change to a review: ${extra.join(', ')}.`)
    const { index } = edit
    if (!Number.isInteger(index) || index < 0 || index >= items.length) {
      return fail(`There is no review ${Number.isInteger(index) ? index + 1 : String(index)} (the section has ${items.length}).`)
    }
    if (seen.has(index)) return fail(`Review ${index + 1} is changed twice in one request.`)
    seen.add(index)
    const original = items[index]
    const item = next[index]
    for (const flag of ['hidden', 'pinned'] as const) {
      const v = edit[flag]
      if (v === undefined) continue
      if (typeof v !== 'boolean') return fail(`"${flag}" must be true or false.`)
      if (v) item[flag] = true
      else delete item[flag]
    }
    let edited = false
    if (edit.body !== undefined) {
      if (typeof edit.body !== 'string') return fail(`The text of ${label(index, original)} must be text.`)
      const r = correctedText(original.body, edit.body, BODY_MAX, `text of ${label(index, original)}`)
      if ('error' in r) return fail(r.error)
      if (r.text !== original.body) {
        item.body = r.text
        edited = true
      }
    }
    if (edit.title !== undefined) {
      if (edit.title !== null && typeof edit.title !== 'string') return fail(`The title of ${label(index, original)} must be text.`)
      const before = original.title ?? ''
      const wanted = edit.title ?? ''
      if (before === '' && clean(wanted, TITLE_MAX) !== '') return fail(`${Label(index, original)} has no title, and one cannot be added.`)
      const r = correctedText(before, wanted, TITLE_MAX, `title of ${label(index, original)}`)
      if ('error' in r) return fail(r.error)
      if (r.text !== before) {
        item.title = r.text || null
        edited = true
      }
    }
    if (!item.body && !item.title) return fail(`${Label(index, original)} would have no text left.`)
    if (edited) item.edited = true
  }
  let ordered = next
  if (changes.order !== undefined) {
    if (!isPermutation(changes.order, items.length)) {
      return fail(`The new order must list each of the ${items.length} reviews exactly once.`)
    }
    ordered = changes.order.map((i) => next[i])
  }
  const sorted = pinnedFirst(ordered)
  return { ok: true, items: sorted, anyVisible: sorted.some((r) => !r.hidden) }
}

// ---------------------------------------------------------------------------------------------
// What shoppers see
// ---------------------------------------------------------------------------------------------

/** Pinned reviews first; otherwise the order is kept. */
const pinnedFirst = <T extends { pinned?: boolean }>(items: readonly T[]): T[] => [
  ...items.filter((r) => r.pinned),
  ...items.filter((r) => !r.pinned),
]

/** The reviews a shopper sees, in page order: hidden ones left out, pinned ones first. */
export function visibleReviews<T extends { hidden?: boolean; pinned?: boolean }>(items: readonly T[]): T[] {
  return pinnedFirst(items.filter((r) => !r.hidden))
}

/**
 * Reviews as shoppers are told about them: true and neutral, never the marketplace's name, in the
 * page's language (shopper-words.ts).
 */
export function reviewDisclosure(
  items: { origin?: 'source' | 'owner'; importedFrom?: string }[],
  fromMarketplace = true,
  language?: string,
): string {
  const words = shopperWords(language)
  const apps = [...new Set(items.filter((r) => r.origin === 'owner').map((r) => r.importedFrom ?? words.aReviewFile))]
  const fromSource = items.some((r) => r.origin !== 'owner')
  const source = fromMarketplace ? words.reviewsFromAnotherStore : words.reviewsFromBuyers
  const joined = apps.join(` ${words.and} `)
  if (fromSource && apps.length) return fill(words.reviewsAndImported, { source, apps: joined })
  if (apps.length) return fill(words.reviewsImported, { apps: joined })
  return `${source}.`
}
