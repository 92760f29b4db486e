import { htmlToText } from '../sanitize'
import { AUTHOR_MAX, BODY_MAX, clean, CONTROL, IMPORTED_FROM_MAX, TITLE_MAX, type ReviewItem } from './reviews'

/**
 * Reading a review app's CSV export (Judge.me, Shopify Product Reviews and look-alikes) into the
 * page's review items. Author, rating and date are the reviewer's: nothing here changes or invents them.
 */

export const REVIEW_FILE_MAX_BYTES = 2 * 1024 * 1024
export const REVIEW_FILE_MAX_ROWS = 5000

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
