// Numbers as a page of a given language writes them: "4,1", "5.182", "1,02,900", "1 299,00".
// The separators come from the platform (Intl.NumberFormat for the page's language), not from a
// list kept here.

export interface Separators {
  group: string
  decimal: string
}

const cache = new Map<string, Separators | null>()
const SPACES = /[ \u00a0\u202f]/

/** A BCP 47 tag the platform knows ("es-es" → "es-ES"), or null. */
export function knownLocale(tag: unknown): string | null {
  if (typeof tag !== 'string' || !/^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i.test(tag.trim())) return null
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag.trim().replace(/_/g, '-')])[0] ?? null
  } catch {
    return null
  }
}

/** The group and decimal separators of a language (Western digits), or null when it is unknown. */
export function separatorsOf(locale: string | null | undefined): Separators | null {
  const tag = knownLocale(locale)
  if (!tag) return null
  if (cache.has(tag)) return cache.get(tag)!
  let found: Separators | null = null
  try {
    const parts = new Intl.NumberFormat(tag, { numberingSystem: 'latn', useGrouping: true }).formatToParts(1234567.5)
    const group = parts.find((p) => p.type === 'group')?.value ?? ''
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
    found = { group: SPACES.test(group) ? ' ' : group, decimal }
  } catch {
    found = null
  }
  cache.set(tag, found)
  return found
}

/** A number written with digits and separators: "1.234,5", "1 299", "1,02,900", "4.7". */
export const NUMBER_TOKEN = /\d(?:[\d.,]|[ \u00a0\u202f'’](?=\d{3}(?!\d)))*/g

/**
 * The value of one number token as the page's language writes it. With both "." and "," the last one
 * is the decimal mark. With one kind repeated, it groups thousands (or Indian lakhs). A single mark is
 * read by the language: its decimal mark is decimal; its group mark groups only when exactly three
 * digits follow ("5.182" is 5182 in Spanish, "4.7" is 4.7 even on a German page). Without a known
 * language, three digits after a single mark mean a group ("1,299"), anything else a decimal.
 */
export function parseLocaleNumber(token: string, locale?: string | null): number | null {
  let t = token
    .trim()
    .replace(/[ \u00a0\u202f'’](?=\d)/g, '')
    .replace(/[.,]+$/, '')
  if (!/^\d[\d.,]*$/.test(t)) return null
  const lastDot = t.lastIndexOf('.')
  const lastComma = t.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ','
    t = t
      .split(dec === '.' ? ',' : '.')
      .join('')
      .replace(dec, '.')
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ','
    const parts = t.split(mark)
    const after = parts[parts.length - 1].length
    let grouping: boolean
    if (parts.length > 2) grouping = true
    else {
      const seps = separatorsOf(locale)
      if (seps && mark === seps.decimal) grouping = false
      else if (seps && mark === seps.group) grouping = after === 3
      else grouping = after === 3 && parts[0] !== '0'
    }
    t = grouping ? parts.join('') : parts.join('.')
  }
  const n = Number(t)
  return Number.isFinite(n) ? n : null
}

/** Every number in a text, in order ("4,1 de 5 estrellas" → [4.1, 5] on a Spanish page). */
export function numbersIn(text: unknown, locale?: string | null): number[] {
  if (typeof text === 'number') return Number.isFinite(text) ? [text] : []
  if (typeof text !== 'string') return []
  return (text.slice(0, 500).match(NUMBER_TOKEN) ?? []).map((t) => parseLocaleNumber(t, locale)).filter((n): n is number => n !== null)
}

/**
 * A count in a text ("1.959 avaliações", "5,182 ratings"): a whole number. A page may write numbers
 * as another language does (amazon.es in Portuguese writes "1,959"): when the page's language reads
 * a fraction, the reading without a language is taken if that one is whole.
 */
export function countIn(text: unknown, locale?: string | null): number | undefined {
  const [n] = numbersIn(text, locale)
  if (n === undefined || Number.isInteger(n)) return n
  const [plain] = numbersIn(text, null)
  return plain !== undefined && Number.isInteger(plain) ? plain : undefined
}
