// Prices and currencies as importers find them: "US $1.234,56", "¥ 99", 19.99.

import { NUMBER_TOKEN, parseLocaleNumber } from './numbers'

/** Rounds to whole cents, in major units (12.3456 → 12.35). */
export function roundCents(n: number): number {
  return Math.round(n * 100) / 100
}

/**
 * Parses a price as shops print it: "$1,299.00", "1.299,00 €", "US $12.34 - 18.20" (a range gives the
 * lowest). Returns the amount in major units, rounded to cents, and the currency when it is shown.
 * `locale` is the page's language, which tells "12,990" (Spanish: 12.99) from "12,990" (English: 12990).
 */
export function parsePrice(
  input: unknown,
  currencyHint?: string | null,
  locale?: string | null,
): { amount: number; currency: string | null } | null {
  if (typeof input === 'number')
    return Number.isFinite(input) && input >= 0 ? { amount: roundCents(input), currency: currencyHint ?? null } : null
  if (typeof input !== 'string') return null
  const amounts = (input.slice(0, 300).match(NUMBER_TOKEN) ?? [])
    .map((t) => parseLocaleNumber(t, locale))
    .filter((n): n is number => n !== null && n >= 0)
  if (amounts.length === 0) return null
  return { amount: roundCents(Math.min(...amounts)), currency: detectCurrency(input.slice(0, 300), currencyHint) }
}

export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'TWD',
  'INR',
  'KRW',
  'RUB',
  'BRL',
  'MXN',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'TRY',
  'ZAR',
  'AED',
  'SAR',
  'ILS',
  'THB',
  'PHP',
  'VND',
  'IDR',
  'MYR',
  'UAH',
  'CLP',
  'COP',
  'ARS',
  'PEN',
  'EGP',
  'NGN',
  'KES',
  'PKR',
  'BDT',
  'KZT',
  'HRK',
  // Fewer shops, still read by their code ("495MDL"); codes that are also words shops write in
  // capitals (AMD, GEL, MAD) are left out.
  'MDL',
  'BYN',
  'RSD',
  'MKD',
  'ISK',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'JOD',
  'TND',
  'LKR',
  'NPR',
  'UYU',
  'PYG',
  'CRC',
  'GTQ',
  'DOP',
  'UZS',
  'KGS',
  'AZN',
] as const
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN', 'TWD'])

// A dollar's country before its sign, joined or apart as eBay writes it ("C $61.99", "AU $12").
const SYMBOLS: [RegExp, string][] = [
  [/(?<![A-Z])US ?\$/i, 'USD'],
  [/(?<![A-Z])CA?\$/i, 'CAD'],
  [/(?<![A-Za-z])CA? \$/, 'CAD'],
  [/(?<![A-Z])AU?\$/i, 'AUD'],
  [/(?<![A-Za-z])AU \$/, 'AUD'],
  [/(?<![A-Z])NZ\$/i, 'NZD'],
  [/(?<![A-Za-z])NZ \$/, 'NZD'],
  [/(?<![A-Z])HK\$/i, 'HKD'],
  [/(?<![A-Za-z])HK \$/, 'HKD'],
  [/(?<![A-Z])S\$/, 'SGD'],
  [/(?<![A-Z])R\$/, 'BRL'],
  [/(?<![A-Z])MX\$/i, 'MXN'],
  [/(?<![A-Z])NT\$/i, 'TWD'],
  [/CN¥|RMB|元/, 'CNY'],
  // The yen written after its amount in Japanese ("3,209円").
  [/円/, 'JPY'],
  // The Egyptian pound as Egypt's shops write it (before the pound's sign alone): its sign, "ج.م",
  // or "L.E" / "LE" right before the amount ("L.E 12.00", "LE 34").
  [/E£|ج\.م|(?<![\p{L}.])L\.\s?E\.?(?=\s?\d)|(?<![\p{L}.])LE(?=\s?\d)/u, 'EGP'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹/, 'INR'],
  [/₩/, 'KRW'],
  [/₽|руб/i, 'RUB'],
  [/zł/i, 'PLN'],
  [/₺/, 'TRY'],
  [/₫/, 'VND'],
  [/₱/, 'PHP'],
  // The baht's sign, or its name in Thai (a Thai store's settings write "บาท" as its currency code).
  [/฿|บาท/, 'THB'],
  // The hryvnia's sign, or its short name in Ukrainian and Russian ("500.00грн", "6 879 грн.").
  [/₴|(?<!\p{L})грн(?!\p{L})/u, 'UAH'],
  [/₪/, 'ILS'],
  [/Kč/, 'CZK'],
  [/₸|(?<!\p{L})тг(?!\p{L})/u, 'KZT'],
  [/(?<!\p{L})kn(?!\p{L})/iu, 'HRK'],
  [/₦/, 'NGN'],
  // The rupiah's letters, only right before its amount ("Rp51.500", "Rp. 51.500") or alone.
  [/(?<!\p{L})Rp\.?(?=\s?\d|\s*$)/u, 'IDR'],
]

/**
 * Codes ISO 4217 has replaced that pages still write: the rouble's "RUR" (schema.org examples,
 * Yandex) is RUB; codes withdrawn at a redenomination that shops still write beside the new currency's
 * amounts (Farmatodo's JSON-LD says VEF, withdrawn in 2018, for prices in bolívares soberanos).
 */
const REPLACED_CODES: Record<string, string> = { RUR: 'RUB', VEF: 'VES', BYR: 'BYN', MRO: 'MRU', STD: 'STN', ZMK: 'ZMW' }

/**
 * Abbreviations a currency goes by in its own language, read only on a page in that language:
 * "kr." (the Danish, Norwegian and Icelandic krone and the Swedish krona all write it), the
 * Turkish lira's "TL", the forint's "Ft", the leu's "lei", the rouble's "Р", the ringgit's "RM".
 */
const LOCAL_ABBREVIATIONS: [RegExp, Record<string, string>][] = [
  [/(?<!\p{L})kr\.?(?!\p{L})/iu, { da: 'DKK', sv: 'SEK', nb: 'NOK', nn: 'NOK', no: 'NOK', is: 'ISK' }],
  [/(?<!\p{L})TL(?!\p{L})/u, { tr: 'TRY' }],
  [/(?<!\p{L})Ft(?!\p{L})/u, { hu: 'HUF' }],
  [/(?<!\p{L})lei(?!\p{L})/iu, { ro: 'RON' }],
  // The rouble written short in Russian ("38108 Р", "12 990 р.").
  [/(?<!\p{L})[Рр]\.?(?!\p{L})/u, { ru: 'RUB' }],
  // "RM" is also a watch maker's reference ("RM 011"): the ringgit only on a Malay page.
  [/(?<!\p{L})RM(?=\s?\d|\s*$)/u, { ms: 'MYR' }],
  // The won written after its amount in Korean ("29,000원").
  [/\d\s?원/u, { ko: 'KRW' }],
]

/** Mainland Chinese: "zh", "zh-CN", "zh-Hans(-CN)", "zh-SG" (not Taiwan's or Hong Kong's, nor a Japanese shop's zh-TW page). */
const YUAN_LOCALE = /^zh(?:[-_](?:cn|sg|hans)(?:[-_][a-z]+)?)?$/i

/**
 * The currency a price written in a page's language names ("1800,00 kr." on a Danish page is DKK,
 * "143.999 TL" on a Turkish one TRY): its code or symbol, or a local abbreviation read by the
 * language of the page (null where the language does not say which). Null for a bare number.
 */
export function currencyWritten(text: string, locale: string | null | undefined): string | null {
  const language = locale?.toLowerCase().split(/[-_]/)[0] ?? ''
  // "¥" is the yuan's sign as much as the yen's: on a page in mainland Chinese it is the yuan.
  const named = detectCurrency(text, YUAN_LOCALE.test(locale ?? '') && /[¥￥]/.test(text) ? 'CNY' : null)
  if (named) return named
  for (const [sign, byLanguage] of LOCAL_ABBREVIATIONS) if (sign.test(text) && byLanguage[language]) return byLanguage[language]
  return null
}

/**
 * The ISO 4217 code a price text shows: an explicit code wins ("USD", "EUR"), then a symbol.
 * A bare "$" or "¥" is ambiguous: it takes the hint when the hint fits (CAD on amazon.ca), else USD / JPY.
 */
export function detectCurrency(text: unknown, hint?: string | null): string | null {
  const h = typeof hint === 'string' && /^[A-Za-z]{3}$/.test(hint.trim()) ? hint.trim().toUpperCase() : null
  if (typeof text !== 'string' || !text.trim()) return h
  const t = text.trim()
  if (/^[A-Za-z]{3}$/.test(t)) return REPLACED_CODES[t.toUpperCase()] ?? t.toUpperCase()
  // A code on its own or glued to the amount ("495MDL"), never inside a word.
  const code = t.match(new RegExp(`(?<![A-Za-z])(${CURRENCY_CODES.join('|')})(?![A-Za-z])`))
  if (code) return code[1]
  for (const [re, c] of SYMBOLS) if (re.test(t)) return c
  if (/\$/.test(t)) return h && DOLLARS.has(h) ? h : 'USD'
  if (/[¥￥]/.test(t)) return h === 'CNY' ? 'CNY' : 'JPY'
  return h
}
