import { describe, expect, it } from 'vitest'
import { formatCount, formatDate, formatPrice, formatRating, keepTogether } from '../../app/components/sections/format'
import { onColor } from '../../app/components/sections/theme'
import { renderSnippet } from './helpers'

/** A small seeded generator (deterministic runs). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const pick = (next: () => number, chars: string, n: number) =>
  Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)]).join('')

// The snippets re-implement the share page's formatting rules in Liquid (no regular expressions or
// Math there); each is checked against the TypeScript rule it copies.

const decode = (html: string) =>
  html
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))

describe('pagewright-figure (keepTogether)', () => {
  const samples = [
    '24 h',
    '750 ml',
    'Up to 24 hours of cold',
    '32 fl oz and 1.1 lb',
    'US $ 12 per pack of 3',
    '1,200 mAh, 2.5 W charging',
    'Works with iPhone 15 Pro Max',
    'v2, compatible since 2019 models',
    'Price: € 19,99 each',
    '18/8 stainless steel body',
    'AB12 cd 34  spaced   out 5 x',
    '<b>5 & 6</b> "quoted" 7 \'single\'',
  ]
  it('keeps numbers with their units exactly as the share page does', async () => {
    for (const value of samples)
      expect(decode(await renderSnippet('pagewright-figure', { value })), value).toBe(keepTogether(value).replace(/ {2,}/g, ' '))
  })
  it('matches for random figures', async () => {
    const next = random(7)
    for (let i = 0; i < 80; i++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 5) }, () => pick(next, '0123456789ab$€.,', 1 + Math.floor(next() * 5)))
      const value = words.join(' ')
      expect(decode(await renderSnippet('pagewright-figure', { value })), value).toBe(keepTogether(value))
    }
  })
  it('escapes', async () => {
    expect(await renderSnippet('pagewright-figure', { value: '<img src=x onerror=alert(1)> 12 kg' })).not.toContain('<img')
  })
})

describe('pagewright-color (onColor)', () => {
  it('picks the same text colour as the share page', async () => {
    const next = random(11)
    const sampled = Array.from({ length: 150 }, () => `#${pick(next, '0123456789abcdefABCDEF', 6)}`)
    const colours = ['#000000', '#ffffff', '#1f2937', '#4338ca', '#0f3d3e', '#e07a1f', '#fffdf8', '#777', '#8888', '#12345678', ...sampled]
    for (const value of colours) expect(await renderSnippet('pagewright-color', { value, on: true }), value).toBe(onColor(value))
  })
  it('passes a hex colour through and drops anything else', async () => {
    expect(await renderSnippet('pagewright-color', { value: '#0F3D3E' })).toBe('#0F3D3E')
    for (const value of ['red', '#12', 'url(javascript:alert(1))', '#fff;background:red', null]) {
      expect(await renderSnippet('pagewright-color', { value })).toBe('')
    }
  })
})

describe('ratings, counts, dates and prices', () => {
  it('formats ratings as formatRating', async () => {
    for (const rating of [0, 1, 3.5, 4, 4.05, 4.25, 4.7, 4.95, 4.96, 4.999, 5, 7, -1]) {
      expect(await renderSnippet('pagewright-rating', { rating }), String(rating)).toBe(formatRating(rating))
    }
  })
  it('groups thousands as formatCount', async () => {
    for (const n of [0, 7, 999, 1000, 12408, 1234567]) expect(await renderSnippet('pagewright-number', { n })).toBe(formatCount(n))
  })
  it('formats review dates as formatDate', async () => {
    for (const value of ['2024-03-05', '2023-12-31T23:59:00Z', '2024-01-09 10:00:00', 'Jan 2024', 'yesterday']) {
      const html = await renderSnippet('pagewright-date', { value })
      const expected = formatDate(value)
      expect(decode(html.replace(/<[^>]+>/g, '')), value).toBe(` · ${expected.text}`)
      if (expected.dateTime) expect(html).toContain(`datetime="${expected.dateTime}"`)
      else expect(html).not.toContain('datetime=')
    }
  })
  it('formats owner prices like formatPrice', async () => {
    for (const [amount, currency] of [
      [1249.99, 'USD'],
      [19, 'EUR'],
      [5.5, 'GBP'],
      [1250, 'JPY'],
      [0.99, 'CAD'],
      [1249.99, 'CHF'],
    ] as const) {
      expect(decode(await renderSnippet('pagewright-money', { amount, currency })), `${amount} ${currency}`).toBe(
        formatPrice(amount, currency),
      )
    }
  })
})

describe('pagewright-url', () => {
  it('lets through http(s) images and http(s), same-site and in-page links only', async () => {
    const cases: [string, 'image' | 'link', string][] = [
      ['https://cdn.example.com/a.jpg?x=1&y=2', 'image', 'https://cdn.example.com/a.jpg?x=1&amp;y=2'],
      ['HTTP://example.com/a', 'link', 'HTTP://example.com/a'],
      ['/products/x', 'link', '/products/x'],
      ['#buy', 'link', '#buy'],
      ['/products/x', 'image', ''],
      ['//evil.example/x', 'link', ''],
      ['/\\evil.example/x', 'link', ''],
      ['javascript:alert(1)', 'link', ''],
      [' JaVaScRiPt:alert(1)', 'link', ''],
      ['data:text/html;base64,xx', 'link', ''],
      ['https://x.example/"onmouseover="alert(1)', 'link', 'https://x.example/&#34;onmouseover=&#34;alert(1)'],
    ]
    for (const [url, kind, out] of cases) expect(await renderSnippet('pagewright-url', { url, kind }), url).toBe(out)
  })
})
