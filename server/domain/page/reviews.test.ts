import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../../scripts/seeded-random'
import { samplePage } from '../../../tests/fixtures/pages/sample-page'
import { applyReviewEdits, editDistance, reviewDisclosure, type ReviewItem, typoBudget, visibleReviews } from './reviews'
import { parseReviewCsv, REVIEW_FILE_MAX_ROWS, ReviewFileError } from './reviews-csv'
import { sectionSchema } from './schema'
import { shopperPage } from './shopper'

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A CSV field as RFC 4180 writes it: quoted when it holds a separator, quote or line break. */
const cell = (v: string) => (/[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v)
const toCsv = (rows: string[][], eol = '\r\n') => rows.map((r) => r.map(cell).join(',')).join(eol) + eol

/** Property checks without a property-testing package: a seeded sequence and what is drawn from it. */
function rng(seed: number) {
  const next = seededRandom(seed)
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]
  const str = (alphabet: readonly string[], max: number) => Array.from({ length: int(max + 1) }, () => pick(alphabet)).join('')
  return { next, int, pick, str }
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()

function fullLevenshtein(a: string, b: string): number {
  const s = Array.from(a)
  const t = Array.from(b)
  const d = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1))
  }
  return d[s.length][t.length]
}

const review = (over: Partial<ReviewItem> = {}): ReviewItem => ({
  author: 'Ana P.',
  rating: 5,
  date: '2024-03-05',
  title: 'Great little lamp',
  body: 'The light is warm and the battery lasts a whole week on the lowest setting.',
  ...over,
})

const reviewsSection = (items: ReviewItem[]) => ({
  id: 'reviews',
  type: 'reviews' as const,
  heading: 'What buyers say',
  provenance: 'Reviews from Judge.me',
  summary: null,
  items,
})

// ---------------------------------------------------------------------------------------------
// Samples written from the apps' export column sets
// ---------------------------------------------------------------------------------------------

const JUDGE_ME_HEADER = [
  'title',
  'body',
  'rating',
  'review_date',
  'source',
  'curated',
  'reviewer_name',
  'reviewer_email',
  'product_id',
  'product_handle',
  'reply',
  'reply_date',
  'picture_urls',
  'ip_address',
  'location',
  'metaobject_handle',
]

/** A Judge.me export as Excel saves it: BOM, CRLF, quoted commas, quotes and line breaks, HTML bodies. */
const JUDGE_ME =
  '\ufeff' +
  toCsv([
    JUDGE_ME_HEADER,
    [
      'Love it',
      'Soft light, <b>great</b> battery.\nWould buy again, "really".',
      '5',
      '2024-03-05 10:00:00 UTC',
      'web',
      'ok',
      'Marta K.',
      'marta@example.com',
      '7012345678',
      'moon-lamp',
      'Thanks Marta!',
      '2024-03-06 08:00:00 UTC',
      'https://judgeme.imgix.net/a.jpg,https://judgeme.imgix.net/b.jpg',
      '203.0.113.7',
      'Berlin, DE',
      '',
    ],
    [
      '',
      'Does what it says.',
      '4.0',
      '2024-01-10',
      'email',
      'ok',
      'Devon R.',
      'devon@example.com',
      '7012345678',
      'moon-lamp',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    [
      'Spam',
      'Cheap watches at example dot com',
      '5',
      '2024-01-11',
      'web',
      'spam',
      'Bot',
      'bot@example.com',
      '1',
      'x',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    ['Meh', 'Dimmer than expected', '2', '2024-02-01', 'web', 'not-yet', 'Sam T.', 'sam@example.com', '1', 'x', '', '', '', '', '', ''],
  ])

/** A Shopify Product Reviews export (the retired Shopify app's CSV). */
const SHOPIFY_PRODUCT_REVIEWS = toCsv(
  [
    ['product_handle', 'state', 'rating', 'title', 'author', 'email', 'location', 'body', 'reply', 'created_at', 'replied_at'],
    [
      'moon-lamp',
      'published',
      '4',
      'Nice',
      'Ines K.',
      'ines@example.com',
      'Lyon',
      'Nice and warm light, easy to charge.',
      '',
      '2023-06-01T10:00:00-04:00',
      '',
    ],
    ['moon-lamp', 'unpublished', '1', 'Never came', 'Anon', 'a@example.com', '', 'Never received it.', '', '2023-06-02 10:00:00 UTC', ''],
    ['moon-lamp', 'spam', '5', '', 'Spammer', 's@example.com', '', 'Visit my shop', '', '2023-06-03', ''],
  ],
  '\n',
)

// ---------------------------------------------------------------------------------------------
// parseReviewCsv
// ---------------------------------------------------------------------------------------------

describe('parseReviewCsv: review app exports', () => {
  it('reads a Judge.me export: text, rating and date only, no e-mail, IP, location or reply', () => {
    const out = parseReviewCsv(JUDGE_ME)
    expect(out.app).toBe('Judge.me')
    expect(out.rejected).toEqual([{ row: 4, reason: 'The review app marked this review as spam.' }])
    expect(out.reviews).toEqual([
      {
        author: 'Marta K.',
        rating: 5,
        date: '2024-03-05',
        title: 'Love it',
        body: 'Soft light, great battery. Would buy again, "really".',
        origin: 'owner',
        importedFrom: 'Judge.me',
      },
      {
        author: 'Devon R.',
        rating: 4,
        date: '2024-01-10',
        title: null,
        body: 'Does what it says.',
        origin: 'owner',
        importedFrom: 'Judge.me',
      },
      {
        author: 'Sam T.',
        rating: 2,
        date: '2024-02-01',
        title: 'Meh',
        body: 'Dimmer than expected',
        origin: 'owner',
        importedFrom: 'Judge.me',
      },
    ])
    const all = JSON.stringify(out)
    for (const secret of ['@example.com', '203.0.113.7', 'Berlin', 'Thanks Marta', 'imgix', '7012345678']) expect(all).not.toContain(secret)
  })

  it('reads a Shopify Product Reviews export: unpublished reviews come in hidden, spam is left out', () => {
    const out = parseReviewCsv(SHOPIFY_PRODUCT_REVIEWS)
    expect(out.app).toBe('Shopify Product Reviews')
    expect(out.reviews).toEqual([
      {
        author: 'Ines K.',
        rating: 4,
        date: '2023-06-01',
        title: 'Nice',
        body: 'Nice and warm light, easy to charge.',
        origin: 'owner',
        importedFrom: 'Shopify Product Reviews',
      },
      {
        author: 'Anon',
        rating: 1,
        date: '2023-06-02',
        title: 'Never came',
        body: 'Never received it.',
        origin: 'owner',
        importedFrom: 'Shopify Product Reviews',
        hidden: true,
      },
    ])
    expect(out.rejected).toEqual([{ row: 4, reason: 'The review app marked this review as spam.' }])
  })

  it('imported reviews fit the page schema and get the neutral disclosure', () => {
    const { reviews } = parseReviewCsv(JUDGE_ME)
    expect(sectionSchema.safeParse(reviewsSection(reviews)).success).toBe(true)
    expect(reviewDisclosure(reviews)).toBe('Reviews imported by the store from Judge.me.')
  })

  it('maps alias columns from other apps and hand-made files; unknown apps are "a review file"', () => {
    const loox = toCsv([
      [
        'id',
        'status',
        'rating',
        'email',
        'nickname',
        'full_name',
        'review',
        'date',
        'productId',
        'handle',
        'img',
        'variant',
        'verified_purchase',
      ],
      [
        '1',
        'Active',
        '5',
        'j@example.com',
        'Julie',
        'Julie Martin',
        'Perfect for my daughter',
        '2024-11-05T08:00:00.000Z',
        '8123',
        'dress',
        '',
        'M',
        'true',
      ],
      ['2', 'Hidden', '5', 'p@example.com', '', 'Paul Durand', 'Hidden by the merchant', '2024-11-05', '8123', 'dress', '', 'M', 'true'],
    ])
    const l = parseReviewCsv(loox)
    expect(l.app).toBeNull()
    expect(l.reviews.map((r) => [r.author, r.body, r.date, r.hidden, r.importedFrom])).toEqual([
      ['Julie', 'Perfect for my daughter', '2024-11-05', undefined, 'a review file'],
      ['Paul Durand', 'Hidden by the merchant', '2024-11-05', true, 'a review file'],
    ])

    const yotpo = [
      'Review Title;Review Content;Review Score;Date;Product ID;Display Name;Email',
      'Super;"I recommend it; really ""top""";5;2025-03-15;999;Ana Lopez;a@example.com',
    ].join('\r\n')
    expect(parseReviewCsv(yotpo).reviews[0]).toMatchObject({
      author: 'Ana Lopez',
      title: 'Super',
      body: 'I recommend it; really "top"',
      rating: 5,
    })

    const handMade = 'name,content,created_at,stars\nLeah,Good value,2024-05-01,4\n'
    expect(parseReviewCsv(handMade).reviews[0]).toMatchObject({ author: 'Leah', body: 'Good value', date: '2024-05-01', rating: 4 })

    const okendo = 'reviewer.name,body,rating,dateCreated,featured\nZoe,Smells lovely,4,2025-02-01,TRUE\n'
    expect(parseReviewCsv(okendo).reviews[0]).toMatchObject({ author: 'Zoe', date: '2025-02-01', pinned: true })
  })

  it('an empty author becomes "Anonymous"; a review with only a title keeps it as its text', () => {
    const out = parseReviewCsv('author,title,body,rating\n,Works well,,5\n')
    expect(out.reviews).toEqual([
      { author: 'Anonymous', rating: 5, date: null, title: null, body: 'Works well', origin: 'owner', importedFrom: 'a review file' },
    ])
  })
})

describe('parseReviewCsv: rows it leaves out, with row numbers and reasons', () => {
  it('keeps the good rows and lists each bad one (header = row 1; a quoted line break stays in its row)', () => {
    const csv = toCsv([
      ['reviewer_name', 'title', 'body', 'rating', 'review_date'],
      ['Good One', 'Fine', 'Line one\nline two', '5', '2024-03-05'], // row 2 (spans two lines)
      ['No Text', '', '   ', '4', '2024-03-05'], // row 3
      ['Too High', '', 'Great', '6', '2024-03-05'], // row 4
      ['Zero', '', 'Bad', '0', '2024-03-05'], // row 5
      ['Words', '', 'Ok', 'five', '2024-03-05'], // row 6
      ['Bad Date', '', 'Nice', '4', 'yesterday'], // row 7
      ['No Such Day', '', 'Nice', '4', '2024-02-30'], // row 8
      ['Control', '', 'Bad\u0000byte', '4', '2024-03-05'], // row 9
      ['Decimal', '', 'Half star', '4.5', '2024-03-05'], // row 10
      ['No Rating', '', 'Unrated but real', '', ''], // row 11
    ])
    const out = parseReviewCsv(csv)
    expect(out.rejected).toEqual([
      { row: 3, reason: 'The review has no text.' },
      { row: 4, reason: 'Rating must be between 1 and 5 (the file says "6").' },
      { row: 5, reason: 'Rating must be between 1 and 5 (the file says "0").' },
      { row: 6, reason: 'Rating must be between 1 and 5 (the file says "five").' },
      { row: 7, reason: 'The date "yesterday" cannot be read (write it as 2024-03-05).' },
      { row: 8, reason: 'The date "2024-02-30" cannot be read (write it as 2024-03-05).' },
      { row: 9, reason: 'The review contains control characters (the file may be damaged).' },
    ])
    expect(out.reviews.map((r) => [r.author, r.body, r.rating, r.date])).toEqual([
      ['Good One', 'Line one line two', 5, '2024-03-05'],
      ['Decimal', 'Half star', 4.5, '2024-03-05'],
      ['No Rating', 'Unrated but real', null, null],
    ])
  })

  it('never changes a rating: integers and decimals are kept exactly as written', () => {
    const rows = ['1', '2', '3.0', '4.25', '5', '5.0', ' 3 ']
    const out = parseReviewCsv(toCsv([['rating', 'body'], ...rows.map((r) => [r, 'text'])]))
    expect(out.reviews.map((r) => r.rating)).toEqual([1, 2, 3, 4.25, 5, 5, 3])
    for (const bad of ['5.5', '10', '-1', '4,5', '4/5', '★★★★', '1e0', '0.9']) {
      expect(parseReviewCsv(`rating,body\n"${bad}",text\n`).rejected, bad).toHaveLength(1)
    }
  })

  it('a row with more cells than the header is left out (an unquoted comma would shift every column)', () => {
    const out = parseReviewCsv('author,body,rating\nAna,Good, really good,5\nBo,Fine,4\n')
    expect(out.rejected).toEqual([
      { row: 2, reason: 'The row has more columns than the header (a comma in the text may be missing its quotes).' },
    ])
    expect(out.reviews.map((r) => r.author)).toEqual(['Bo'])
  })

  it('skips blank lines without calling them errors, and still counts them as rows', () => {
    const out = parseReviewCsv('author,body,rating\n\nAna,Good,5\n,,\nBo,Fine,9\n')
    expect(out.reviews.map((r) => r.author)).toEqual(['Ana'])
    expect(out.rejected).toEqual([{ row: 5, reason: 'Rating must be between 1 and 5 (the file says "9").' }])
  })
})

describe('parseReviewCsv: dates', () => {
  const dateOf = (d: string, opts?: Parameters<typeof parseReviewCsv>[1]) => parseReviewCsv(`body,date\ntext,${d}\n`, opts).reviews[0]?.date

  it('reads ISO dates, "2024-03-05 10:00:00 UTC" and US slashed dates, keeping the day as written', () => {
    expect(dateOf('2024-03-05')).toBe('2024-03-05')
    expect(dateOf('2024-3-5')).toBe('2024-03-05')
    expect(dateOf('2024-03-05T23:30:00-04:00')).toBe('2024-03-05')
    expect(dateOf('2024-03-05T10:00:00.000Z')).toBe('2024-03-05')
    expect(dateOf('2024-03-05 10:00:00 UTC')).toBe('2024-03-05')
    expect(dateOf('03/05/2024')).toBe('2024-03-05')
    expect(dateOf('03/05/2024 10:00 AM')).toBe('2024-03-05')
    expect(dateOf('03/05/2024', { dateOrder: 'dmy' })).toBe('2024-05-03')
  })

  it('infers day-first files from a date that can only be day-first', () => {
    const out = parseReviewCsv('body,date\na,03/05/2024\nb,25/03/2024\n')
    expect(out.reviews.map((r) => r.date)).toEqual(['2024-05-03', '2024-03-25'])
    // Both kinds in one file: month first, and the day-first-only date is left out.
    const mixed = parseReviewCsv('body,date\na,03/25/2024\nb,25/03/2024\n')
    expect(mixed.reviews.map((r) => r.date)).toEqual(['2024-03-25'])
    expect(mixed.rejected).toEqual([{ row: 3, reason: 'The date "25/03/2024" cannot be read (write it as 2024-03-05).' }])
  })

  it('leaves out dates it cannot read', () => {
    for (const bad of ['March 5th', '2024-13-01', '13/13/2024', '1709632800', '05.03.2024', '2024/03/05x']) {
      expect(dateOf(bad), bad).toBeUndefined()
    }
  })
})

describe('parseReviewCsv: text', () => {
  it('trims, collapses whitespace, reduces HTML to text and caps to the schema', () => {
    const longBody = 'word '.repeat(1500)
    const out = parseReviewCsv(
      toCsv([
        ['author', 'title', 'body'],
        ['  Ana \t P. ', '  A   <i>fine</i>  lamp ', '<p>Bright.</p><script>alert(1)</script><p>Fish &amp; chips</p>'],
        ['x'.repeat(200), 't'.repeat(400), longBody],
      ]),
    )
    const [a, b] = out.reviews
    expect(a).toMatchObject({ author: 'Ana P.', title: 'A fine lamp', body: 'Bright. Fish & chips' })
    expect(Array.from(b.author)).toHaveLength(120)
    expect(Array.from(b.title ?? '')).toHaveLength(300)
    expect(Array.from(b.body)).toHaveLength(5000)
    expect(b.body.endsWith('…')).toBe(true)
    expect(sectionSchema.safeParse(reviewsSection(out.reviews)).success).toBe(true)
  })

  it('a title equal to the body is not repeated', () => {
    expect(parseReviewCsv('title,body\nGood,Good\n').reviews[0]).toMatchObject({ title: null, body: 'Good' })
  })
})

describe('parseReviewCsv: CSV format', () => {
  it('handles a BOM, CRLF, CR-only lines, doubled quotes, separators and line breaks in quotes', () => {
    const csv = '\ufeffauthor,body\r\n"Doe, Jane","She said ""wow"",\r\nthen left"\r"Bo",plain\r\n'
    expect(parseReviewCsv(csv).reviews.map((r) => [r.author, r.body])).toEqual([
      ['Doe, Jane', 'She said "wow", then left'],
      ['Bo', 'plain'],
    ])
  })

  it('reads a last line without a line break, and quoted empty fields', () => {
    expect(parseReviewCsv('author,title,body\n"",,"Last"').reviews).toMatchObject([{ author: 'Anonymous', body: 'Last' }])
  })

  it('round-trips: what a CSV writer writes is read back (seeded random texts)', () => {
    const r = rng(20240305)
    const alphabet = ['a', 'b', 'Z', ' ', ',', '"', '\n', '\r\n', ';', 'é', '😀', "'", '.', '\t', '0']
    for (let n = 0; n < 200; n++) {
      const rows = Array.from({ length: 1 + r.int(5) }, () => ({
        author: r.str(alphabet, 12),
        title: r.str(alphabet, 20),
        body: `x${r.str(alphabet, 60)}`,
        rating: r.pick(['1', '2', '3', '4', '5', '4.5', '']),
        date: r.pick(['2024-03-05', '2023-12-31 10:00:00 UTC', '']),
      }))
      const csv = toCsv(
        [['reviewer_name', 'title', 'body', 'rating', 'review_date'], ...rows.map((x) => [x.author, x.title, x.body, x.rating, x.date])],
        r.pick(['\n', '\r\n']),
      )
      const out = parseReviewCsv(csv)
      expect(out.rejected).toEqual([])
      expect(out.reviews.map((x) => [x.author, x.body, x.rating])).toEqual(
        rows.map((x) => {
          const body = collapse(x.body)
          return [collapse(x.author) || 'Anonymous', body, x.rating === '' ? null : Number(x.rating)]
        }),
      )
      out.reviews.forEach((x, i) => {
        const t = collapse(rows[i].title)
        expect(x.title).toBe(t && t !== collapse(rows[i].body) ? t : null)
      })
    }
  })
})

describe('parseReviewCsv: whole-file errors', () => {
  const problem = (text: string) => {
    try {
      parseReviewCsv(text)
    } catch (e) {
      expect(e).toBeInstanceOf(ReviewFileError)
      return { problem: (e as ReviewFileError).problem, message: (e as Error).message }
    }
    return null
  }

  it('more than 5,000 reviews', () => {
    const rows = (n: number) => 'author,body,rating\n' + 'Ana,Good,5\n'.repeat(n)
    expect(parseReviewCsv(rows(REVIEW_FILE_MAX_ROWS)).reviews).toHaveLength(5000)
    expect(problem(rows(REVIEW_FILE_MAX_ROWS + 1))).toEqual({ problem: 'too-many-rows', message: 'The file has more than 5,000 reviews.' })
  })

  it('more than 2 MB (counted in UTF-8 bytes)', () => {
    const big = 'body\n' + 'a'.repeat(2 * 1024 * 1024)
    expect(problem(big)).toEqual({ problem: 'too-large', message: 'The file is larger than 2 MB.' })
    // 800,000 "€" are 0.8 M characters but 2.4 MB of UTF-8; 600,000 are 1.8 MB and fine.
    expect(problem('body\n' + '€'.repeat(800_000))?.problem).toBe('too-large')
    expect(parseReviewCsv('body\n' + '€'.repeat(600_000)).reviews).toHaveLength(1)
  })

  it('empty, header only, no text column, an unclosed quote', () => {
    expect(problem('')).toEqual({ problem: 'empty', message: 'The file is empty.' })
    expect(problem('\ufeff \r\n')?.problem).toBe('empty')
    expect(problem('author,body,rating\r\n')).toEqual({ problem: 'no-reviews', message: 'The file has no reviews, only a header.' })
    expect(problem('email,first_name\na@example.com,Ana\n')?.message).toMatch(/No column holds the review text/)
    expect(problem('author,body\nAna,"Good\nBo,Fine\n')).toEqual({
      problem: 'unclosed-quote',
      message: 'A quoted text that starts on row 2 is never closed, so the file cannot be read.',
    })
  })
})

// ---------------------------------------------------------------------------------------------
// applyReviewEdits
// ---------------------------------------------------------------------------------------------

describe('editDistance and the typo budget', () => {
  it('computes Levenshtein distance by code point', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('abc', 'abc')).toBe(0)
    expect(editDistance('😀a', 'a')).toBe(1)
    expect(editDistance('kitten', 'sitting', 2)).toBe(3) // over the limit: limit + 1
  })

  it('the banded computation agrees with the full table (seeded random strings)', () => {
    const r = rng(7)
    for (let n = 0; n < 500; n++) {
      const a = r.str(['a', 'b', 'c'], 14)
      const b = r.str(['a', 'b', 'c'], 14)
      const limit = r.int(8)
      const full = fullLevenshtein(a, b)
      expect(editDistance(a, b)).toBe(full)
      expect(editDistance(a, b, limit)).toBe(full <= limit ? full : limit + 1)
    }
  })

  it('is max(3, 15% of the original length)', () => {
    expect(typoBudget('')).toBe(3)
    expect(typoBudget('x'.repeat(20))).toBe(3)
    expect(typoBudget('x'.repeat(100))).toBe(15)
    expect(typoBudget('x'.repeat(5000))).toBe(750)
  })

  it('stays fast on a 5,000-character body', () => {
    const a = 'lorem ipsum '.repeat(416)
    const b = a.replace(/lorem/g, 'lorum')
    const start = Date.now()
    expect(editDistance(a, b, typoBudget(a))).toBe(416)
    expect(editDistance(a, 'x' + a.slice(0, 3000), typoBudget(a))).toBe(typoBudget(a) + 1)
    expect(Date.now() - start).toBeLessThan(2000)
  })
})

describe('applyReviewEdits', () => {
  const items = [
    review({ author: 'Ana P.', body: 'Teh light is warm and cosy.' }),
    review({ author: 'Bo', rating: 3, date: null, title: null, body: 'Ok for the price.' }),
    review({ author: 'Cy', rating: null, body: 'Battery could be better.' }),
  ]

  it('hides, pins and unpins; pinned reviews come first, otherwise the order is kept', () => {
    const out = applyReviewEdits(items, {
      edits: [
        { index: 2, pinned: true },
        { index: 0, hidden: true },
      ],
    })
    expect(out).toMatchObject({ ok: true, anyVisible: true })
    if (!out.ok) return
    expect(out.items.map((r) => r.author)).toEqual(['Cy', 'Ana P.', 'Bo'])
    expect(out.items[0].pinned).toBe(true)
    expect(out.items[1].hidden).toBe(true)
    const back = applyReviewEdits(out.items, { edits: [{ index: 0, pinned: false }] })
    expect(back.ok && back.items[0]).not.toHaveProperty('pinned')
  })

  it('a typo fix is kept and marks the review edited; an unchanged text does not', () => {
    const out = applyReviewEdits(items, {
      edits: [
        { index: 0, body: 'The light is warm and cozy.' },
        { index: 1, body: '  Ok for the  price. ' },
      ],
    })
    expect(out.ok).toBe(true)
    if (!out.ok) return
    expect(out.items[0]).toMatchObject({
      body: 'The light is warm and cozy.',
      edited: true,
      author: 'Ana P.',
      rating: 5,
      date: '2024-03-05',
    })
    expect(out.items[1]).not.toHaveProperty('edited')
  })

  it('refuses a text change beyond a typo fix, exactly at the budget it is allowed', () => {
    const body = 'x'.repeat(40) // budget: max(3, 6) = 6
    const base = [review({ body })]
    expect(applyReviewEdits(base, { edits: [{ index: 0, body: 'y'.repeat(6) + 'x'.repeat(34) }] }).ok).toBe(true)
    const tooMuch = applyReviewEdits(base, { edits: [{ index: 0, body: 'y'.repeat(7) + 'x'.repeat(33) }] })
    expect(tooMuch).toEqual({
      ok: false,
      error: 'The text of review 1 (by Ana P.) changes too much: only small typo corrections are allowed, never new wording.',
    })
    const rewrite = applyReviewEdits(items, { edits: [{ index: 2, body: 'Best lamp ever, five stars!' }] })
    expect(rewrite.ok).toBe(false)
  })

  it('fixes a title; cannot add a title to a review without one', () => {
    const fixed = applyReviewEdits(items, { edits: [{ index: 0, title: 'Great litle lamp' }] })
    expect(fixed.ok && fixed.items[0]).toMatchObject({ title: 'Great litle lamp', edited: true })
    expect(applyReviewEdits(items, { edits: [{ index: 1, title: 'Wow' }] })).toEqual({
      ok: false,
      error: 'Review 2 (by Bo) has no title, and one cannot be added.',
    })
    expect(applyReviewEdits(items, { edits: [{ index: 1, title: null }] }).ok).toBe(true)
  })

  it('author, rating and date can never change', () => {
    for (const key of ['author', 'rating', 'date']) {
      const edit = { index: 0, [key]: key === 'rating' ? 1 : 'x' } as unknown as { index: number }
      expect(applyReviewEdits(items, { edits: [edit] })).toEqual({
        ok: false,
        error: "A review's author, rating and date cannot be changed.",
      })
    }
  })

  it('refuses out-of-range, fractional and repeated indexes', () => {
    expect(applyReviewEdits(items, { edits: [{ index: 3, hidden: true }] })).toEqual({
      ok: false,
      error: 'There is no review 4 (the section has 3).',
    })
    expect(applyReviewEdits(items, { edits: [{ index: -1, hidden: true }] }).ok).toBe(false)
    expect(applyReviewEdits(items, { edits: [{ index: 0.5, hidden: true }] }).ok).toBe(false)
    expect(
      applyReviewEdits(items, {
        edits: [
          { index: 1, hidden: true },
          { index: 1, pinned: true },
        ],
      }),
    ).toEqual({ ok: false, error: 'Review 2 is changed twice in one request.' })
  })

  it('applies a new order, then pinned first (stable)', () => {
    const out = applyReviewEdits(items, { order: [2, 0, 1], edits: [{ index: 1, pinned: true }] })
    expect(out.ok && out.items.map((r) => r.author)).toEqual(['Bo', 'Cy', 'Ana P.'])
  })

  it('refuses an order that is not a permutation', () => {
    const error = 'The new order must list each of the 3 reviews exactly once.'
    for (const order of [
      [0, 1],
      [0, 1, 1],
      [0, 1, 3],
      [0, 1, 2, 3],
      [0, 1, 1.5],
      [-1, 0, 1],
    ]) {
      expect(applyReviewEdits(items, { order }), JSON.stringify(order)).toEqual({ ok: false, error })
    }
  })

  it('says when no review is left visible, so the caller can decide about the section', () => {
    const out = applyReviewEdits(items, { edits: [0, 1, 2].map((index) => ({ index, hidden: true })) })
    expect(out).toMatchObject({ ok: true, anyVisible: false })
  })

  it('does not change its input, and fails without partial changes', () => {
    const before = JSON.stringify(items)
    applyReviewEdits(items, { edits: [{ index: 0, hidden: true, body: 'The light is warm and cosy.' }], order: [2, 1, 0] })
    applyReviewEdits(items, { edits: [{ index: 0, hidden: true }, { index: 9 }] })
    expect(JSON.stringify(items)).toBe(before)
  })

  it('never changes author, rating or date, and keeps every review (seeded random edits)', () => {
    const r = rng(42)
    const words = ['good', 'lamp', 'warm', 'light', 'the', 'battery', 'ok', 'great', 'price']
    for (let n = 0; n < 300; n++) {
      const list = Array.from({ length: 1 + r.int(6) }, (_, i) =>
        review({
          author: `Author ${i}`,
          rating: r.pick([null, 1, 2.5, 4, 5]),
          date: r.pick([null, '2024-03-05', '2023-01-01']),
          title: r.pick([null, 'A title here']),
          body: Array.from({ length: 3 + r.int(10) }, () => r.pick(words)).join(' '),
          pinned: r.next() < 0.3 || undefined,
          hidden: r.next() < 0.3 || undefined,
        }),
      )
      const edits = [...new Set(Array.from({ length: r.int(list.length + 1) }, () => r.int(list.length)))].map((index) => ({
        index,
        hidden: r.pick([undefined, true, false]),
        pinned: r.pick([undefined, true, false]),
        body: r.pick([undefined, list[index].body.replace(/o/, '0'), `${list[index].body} and much more besides this`]),
      }))
      const order = r.next() < 0.5 ? list.map((_, i) => i).sort(() => r.next() - 0.5) : undefined
      const out = applyReviewEdits(list, { edits, order })
      if (!out.ok) {
        expect(out.error).toMatch(/changes too much/)
        continue
      }
      const key = (x: ReviewItem) => `${x.author}|${x.rating}|${x.date}`
      expect(out.items.map(key).sort()).toEqual(list.map(key).sort())
      const firstUnpinned = out.items.findIndex((x) => !x.pinned)
      expect(firstUnpinned === -1 || out.items.slice(firstUnpinned).every((x) => !x.pinned)).toBe(true)
      expect(out.anyVisible).toBe(out.items.some((x) => !x.hidden))
      for (const x of out.items) {
        const was = list.find((y) => y.author === x.author)!
        expect(x.edited === true).toBe(x.body !== was.body || x.title !== was.title)
      }
    }
  })
})

// ---------------------------------------------------------------------------------------------
// What shoppers see
// ---------------------------------------------------------------------------------------------

describe('visibleReviews and reviewDisclosure', () => {
  it('leaves hidden reviews out and puts pinned ones first, otherwise in order', () => {
    const list = [
      review({ author: 'a' }),
      review({ author: 'b', pinned: true }),
      review({ author: 'c', hidden: true, pinned: true }),
      review({ author: 'd' }),
      review({ author: 'e', pinned: true }),
    ]
    expect(visibleReviews(list).map((r) => r.author)).toEqual(['b', 'e', 'a', 'd'])
    expect(visibleReviews([])).toEqual([])
  })

  it('matches what the shopper page shows', () => {
    const section = samplePage.sections.find((s) => s.type === 'reviews')!
    if (section.type !== 'reviews') throw new Error('sample page has no reviews')
    const items = section.items.map((r, i) => ({ ...r, pinned: i % 2 === 1 || undefined, hidden: i === 0 || undefined }))
    const page = { ...samplePage, sections: samplePage.sections.map((s) => (s.type === 'reviews' ? { ...s, items } : s)) }
    const shown = shopperPage(page).sections.find((s) => s.type === 'reviews')
    expect(shown?.type === 'reviews' && shown.items).toEqual(visibleReviews(items))
  })

  it('is a truthful, neutral line for source, imported and mixed reviews', () => {
    const imported = parseReviewCsv(SHOPIFY_PRODUCT_REVIEWS).reviews
    expect(reviewDisclosure([review({ origin: 'source' })])).toBe('Reviews from buyers of this product on another store.')
    expect(reviewDisclosure(imported)).toBe('Reviews imported by the store from Shopify Product Reviews.')
    expect(reviewDisclosure([review(), ...imported])).toBe(
      'Reviews from buyers of this product on another store, and reviews imported by the store from Shopify Product Reviews.',
    )
    expect(reviewDisclosure(parseReviewCsv('body\nGood\n').reviews)).toBe('Reviews imported by the store from a review file.')
  })
})
