import { htmlToText } from '../sanitize'
import type { Section } from './schema'

/**
 * The owner's review editor, as pure rules: reading a review app's CSV export, applying the bulk
 * editor's changes (hide, pin, reorder, typo fixes) and what shoppers see of the result.
 * Author, rating and date are the reviewer's: nothing here ever changes or invents them.
 */

export type ReviewItem = Extract<Section, { type: 'reviews' }>['items'][number]

/** The schema's caps (server/domain/page/schema.ts, the `reviews` section). */
const AUTHOR_MAX = 120
const TITLE_MAX = 300
const BODY_MAX = 5000
const IMPORTED_FROM_MAX = 60

export const REVIEW_FILE_MAX_BYTES = 2 * 1024 * 1024
export const REVIEW_FILE_MAX_ROWS = 5000

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/** C0 controls other than tab, line feed and carriage return, and DEL: a damaged or binary file. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** Whitespace collapsed, trimmed, cut to `max` characters (an ellipsis marks the cut). */
function clean(value: string, max: number): string {
  const s = value.replace(BIDI, '').replace(/\s+/g, ' ').trim()
  const chars = Array.from(s)
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : s
}

/** A review text as shown: HTML reduced to its text (no tags, entities decoded), then cleaned. */
const reviewText = (value: string, max: number) => clean(htmlToText(value), max)

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180)
// ---------------------------------------------------------------------------------------------

export type ReviewFileProblem = 'too-large' | 'too-many-rows' | 'empty' | 'no-reviews' | 'no-text-column' | 'unclosed-quote'

/** A file that cannot be read at all; `message` is written for the owner. */
export class ReviewFileError extends Error {
  constructor(
    readonly problem: ReviewFileProblem,
    message: string,
  ) {
    super(message)
    this.name = 'ReviewFileError'
  }
}

/** UTF-8 size of a text, without allocating it. */
function utf8Bytes(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** The separator of a file: the one of `,` `;` tab most used in its first line (commas when none). */
function detectDelimiter(text: string): string {
  let line = ''
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted) line += ch
  }
  const count = (d: string) => line.split(d).length - 1
  const best = [';', '\t'].find((d) => count(d) > count(','))
  return best ?? ','
}

interface CsvRecord {
  fields: string[]
  /** 1-based record number: the header is record 1 (what a spreadsheet calls the row). */
  row: number
}

/**
 * Splits a CSV text into records (RFC 4180): fields in double quotes may hold separators, line
 * breaks and doubled quotes; lines end in CRLF, LF or CR; a final line break is optional.
 * Lenient where the RFC is silent: a quote inside an unquoted field is kept as text.
 * `limit` stops with an error once more than that many non-blank records follow the header.
 */
function parseCsv(text: string, delimiter: string, limit: number): CsvRecord[] {
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let quoteStartRow = 0
  let fieldStarted = false
  let nonBlank = 0
  const n = text.length
  const endField = () => {
    fields.push(field)
    field = ''
    fieldStarted = false
  }
  const endRecord = () => {
    endField()
    const record = { fields, row: records.length + 1 }
    records.push(record)
    if (record.row > 1 && fields.some((f) => f.trim() !== '')) {
      nonBlank++
      if (nonBlank > limit) {
        throw new ReviewFileError('too-many-rows', `The file has more than ${limit.toLocaleString('en-US')} reviews.`)
      }
    }
    fields = []
  }
  for (let i = 0; i < n; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
      continue
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true
      fieldStarted = true
      quoteStartRow = records.length + 1
    } else if (ch === delimiter) endField()
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      endRecord()
    } else {
      field += ch
      fieldStarted = true
    }
  }
  if (quoted) {
    throw new ReviewFileError(
      'unclosed-quote',
      `A quoted text that starts on row ${quoteStartRow} is never closed, so the file cannot be read.`,
    )
  }
  // The last line, unless the text ended with a line break.
  if (fieldStarted || fields.length > 0 || field !== '') endRecord()
  return records
}

// ---------------------------------------------------------------------------------------------
// Review app exports
// ---------------------------------------------------------------------------------------------

/**
 * Header names as keys: lower case, words joined by `_` ("Review Title" → review_title,
 * "reviewer.name" → reviewer_name, "dateCreated" → date_created).
 */
function headerKey(name: string): string {
  return name
    .replace(/^\ufeff/, '')
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/**
 * Columns read, in order of preference (the first non-empty one in a row wins). Everything else
 * (e-mail, IP address, location, replies, photos, product ids, custom questions) is left out.
 *  - Judge.me export: title, body, rating, review_date, source, curated, reviewer_name,
 *    reviewer_email, product_id, product_handle, reply, reply_date, picture_urls, ip_address,
 *    location (newer files add metaobject_handle; custom forms add CF_… columns).
 *  - Shopify Product Reviews export: product_handle, state, rating, title, author, email, location,
 *    body, reply, created_at, replied_at.
 *  - Other apps' names (Loox, Yotpo, Okendo and hand-made files) as aliases.
 */
const COLUMNS = {
  author: ['reviewer_name', 'author', 'display_name', 'nickname', 'name', 'reviewer', 'full_name', 'customer_name', 'user_name'],
  body: ['body', 'content', 'review', 'review_content', 'review_body', 'review_text', 'text', 'comment'],
  title: ['title', 'review_title', 'headline', 'summary'],
  rating: ['rating', 'review_score', 'score', 'stars', 'star_rating'],
  date: ['review_date', 'date', 'created_at', 'date_created', 'submitted_at', 'published_at'],
  /** Moderation state: Judge.me `curated` (ok, spam, not-yet), Shopify `state`, Loox `status`. */
  state: ['curated', 'state', 'status'],
  hidden: ['hidden'],
  featured: ['featured', 'pinned'],
} as const satisfies Record<string, readonly string[]>
type Column = keyof typeof COLUMNS

type App = 'Judge.me' | 'Shopify Product Reviews'

/** The app a header set comes from, by the columns only that app's export has together. */
function detectApp(keys: Set<string>): App | null {
  const has = (...names: string[]) => names.every((k) => keys.has(k))
  if (has('reviewer_name', 'review_date', 'body') && (keys.has('curated') || keys.has('picture_urls') || keys.has('reviewer_email'))) {
    return 'Judge.me'
  }
  if (has('product_handle', 'state', 'author', 'body', 'created_at')) return 'Shopify Product Reviews'
  return null
}

const TRUE = /^(true|yes|y|1|x)$/i
/** States in which a review is kept but hidden: the owner had not published it in the app. */
const UNPUBLISHED = /^(unpublished|hidden|pending|rejected|archived|not[-_ ]?published)$/i
const SPAM = /^spam$/i

type DateOrder = 'mdy' | 'dmy'
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?(?:\s*(?:UTC|GMT|Z|[+-]\d{2}:?\d{2}))?$/i
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:\s*(?:UTC|GMT|Z|[+-]\d{2}(?::?\d{2})?))?$/i

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null
  const dt = new Date(Date.UTC(y, m - 1, d))
  return dt.getUTCMonth() === m - 1 ? dt.toISOString().slice(0, 10) : null
}

/**
 * A review date as `YYYY-MM-DD` (the calendar day as written, no time-zone shift): ISO
 * ("2024-03-05", "2024-03-05T10:00:00Z", "2024-03-05 10:00:00 UTC") or slashed
 * ("03/05/2024", month first unless `order` is 'dmy'). Undefined when it cannot be read.
 */
function readDate(value: string, order: DateOrder): string | undefined {
  const t = value.trim()
  let m = t.match(ISO_DATE)
  if (m) return isoDate(+m[1], +m[2], +m[3]) ?? undefined
  m = t.match(SLASH_DATE)
  if (m) return (order === 'dmy' ? isoDate(+m[3], +m[2], +m[1]) : isoDate(+m[3], +m[1], +m[2])) ?? undefined
  return undefined
}

/** Day first when some slashed date can only be day first and none can only be month first. */
function inferDateOrder(values: string[]): DateOrder {
  let dayFirst = false
  let monthFirst = false
  for (const v of values) {
    const m = v.trim().match(SLASH_DATE)
    if (!m) continue
    if (+m[1] > 12 && +m[2] <= 12) dayFirst = true
    if (+m[2] > 12 && +m[1] <= 12) monthFirst = true
  }
  return dayFirst && !monthFirst ? 'dmy' : 'mdy'
}

/** A rating exactly as given: a number from 1 to 5 ("5", "4.0", "4.5"); never rounded or rescaled. */
function readRating(value: string): number | undefined {
  const t = value.trim()
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined
  const n = Number(t)
  return n >= 1 && n <= 5 ? n : undefined
}

export interface ReviewCsvOptions {
  /** How to read "03/05/2024": month first (US, the apps' default) or day first. Default: inferred from the file. */
  dateOrder?: DateOrder
}

export interface ReviewCsvResult {
  reviews: ReviewItem[]
  /** Rows left out, each with its row number (the header is row 1) and a reason for the owner. */
  rejected: { row: number; reason: string }[]
  /** The app the file was exported from, when its columns say so. */
  app: string | null
}

/**
 * Reads a review app's CSV export into reviews for the page (`origin: 'owner'`).
 * Throws `ReviewFileError` when the file as a whole cannot be used (over 2 MB, over 5,000 reviews,
 * empty, no review-text column, a quote never closed); otherwise every row is either a review or a
 * rejection. Row numbers count records as a spreadsheet shows them: the header is row 1, the first
 * review row 2 (a line break inside a quoted text does not start a new row).
 */
export function parseReviewCsv(text: string, opts: ReviewCsvOptions = {}): ReviewCsvResult {
  if (text.length > REVIEW_FILE_MAX_BYTES || utf8Bytes(text) > REVIEW_FILE_MAX_BYTES) {
    throw new ReviewFileError('too-large', 'The file is larger than 2 MB.')
  }
  const input = text.replace(/^\ufeff/, '')
  if (input.trim() === '') throw new ReviewFileError('empty', 'The file is empty.')

  const [header, ...rows] = parseCsv(input, detectDelimiter(input), REVIEW_FILE_MAX_ROWS)
  const keys = header.fields.map(headerKey)
  const keySet = new Set(keys)
  const at = (column: Column) => COLUMNS[column].map((name) => keys.indexOf(name)).filter((i) => i >= 0)
  const index = Object.fromEntries((Object.keys(COLUMNS) as Column[]).map((c) => [c, at(c)])) as Record<Column, number[]>
  if (index.body.length === 0 && index.title.length === 0) {
    throw new ReviewFileError(
      'no-text-column',
      'No column holds the review text (such as "body", "content" or "review"). Is this a review export?',
    )
  }

  const app = detectApp(keySet)
  const importedFrom = clean(app ?? 'a review file', IMPORTED_FROM_MAX)
  const get = (fields: string[], column: Column) => {
    for (const i of index[column]) {
      const v = fields[i]
      if (v !== undefined && v.trim() !== '') return v
    }
    return ''
  }
  const dataRows = rows.filter((r) => r.fields.some((f) => f.trim() !== ''))
  if (dataRows.length === 0) throw new ReviewFileError('no-reviews', 'The file has no reviews, only a header.')
  const dateOrder = opts.dateOrder ?? inferDateOrder(dataRows.map((r) => get(r.fields, 'date')))

  const reviews: ReviewItem[] = []
  const rejected: ReviewCsvResult['rejected'] = []
  for (const { fields, row } of dataRows) {
    const reject = (reason: string) => rejected.push({ row, reason })
    if (fields.length > keys.length && fields.slice(keys.length).some((f) => f.trim() !== '')) {
      reject('The row has more columns than the header (a comma in the text may be missing its quotes).')
      continue
    }
    const raw = {
      author: get(fields, 'author'),
      title: get(fields, 'title'),
      body: get(fields, 'body'),
      rating: get(fields, 'rating'),
      date: get(fields, 'date'),
    }
    if (Object.values(raw).some((v) => CONTROL.test(v))) {
      reject('The review contains control characters (the file may be damaged).')
      continue
    }
    const state = get(fields, 'state').trim()
    if (SPAM.test(state)) {
      reject('The review app marked this review as spam.')
      continue
    }
    let title = reviewText(raw.title, TITLE_MAX)
    let body = reviewText(raw.body, BODY_MAX)
    if (!body && !title) {
      reject('The review has no text.')
      continue
    }
    if (!body) [body, title] = [title, '']
    if (title === body) title = ''
    let rating: number | null = null
    if (raw.rating.trim() !== '') {
      const r = readRating(raw.rating)
      if (r === undefined) {
        reject(`Rating must be between 1 and 5 (the file says "${clean(raw.rating, 20)}").`)
        continue
      }
      rating = r
    }
    let date: string | null = null
    if (raw.date.trim() !== '') {
      const d = readDate(raw.date, dateOrder)
      if (d === undefined) {
        reject(`The date "${clean(raw.date, 40)}" cannot be read (write it as 2024-03-05).`)
        continue
      }
      date = d
    }
    const item: ReviewItem = {
      author: clean(raw.author, AUTHOR_MAX) || 'Anonymous',
      rating,
      date,
      title: title || null,
      body,
      origin: 'owner',
      importedFrom,
    }
    if (UNPUBLISHED.test(state) || TRUE.test(get(fields, 'hidden').trim())) item.hidden = true
    if (TRUE.test(get(fields, 'featured').trim())) item.pinned = true
    reviews.push(item)
  }
  return { reviews, rejected, app }
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
 * The neutral line shoppers see instead of the source's name. One rule, one place: it lives with
 * the rest of the shopper page (./shopper.ts) and is re-exported here for the review editor.
 */
export { reviewDisclosure } from './shopper'
