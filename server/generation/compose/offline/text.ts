/**
 * Small, deterministic text helpers for the offline composer: sentence splitting, casing, lists,
 * articles, money, and a ledger that stops a sentence from appearing twice on a page.
 */

/** FNV-1a, for picking among phrasings deterministically (same facts → same choice). */
export function hash(input: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h >>> 0
}

/** murmur3's finaliser: spreads a seed so nearby salts pick unrelated items. */
function mix(n: number): number {
  let h = n >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

/** A deterministic choice for (seed, salt); `shift` moves to the next choices (for rewrites). */
export function pick<T>(items: readonly T[], seed: number, salt = 0, shift = 0): T {
  return items[(mix(seed ^ Math.imul(salt + 1, 0x9e3779b9)) + shift) % items.length]
}

/** Collapses whitespace and trims. */
export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

const ABBREVIATIONS = /\b(?:e\.g|i\.e|approx|incl|no|vs|etc|dr|mr|mrs|ms|st)\.$/i

/** Splits running text into sentences (newlines always split; ". " splits unless after an abbreviation). */
export function splitSentences(text: string): string[] {
  const out: string[] = []
  for (const line of text.split(/\n+/)) {
    const parts = line.split(/(?:(?<=[.!?])\s+|(?<=[。！？])\s*)(?=["“'(]?[\p{Lu}\p{Lo}\p{N}])/u)
    let carry = ''
    for (const part of parts) {
      const joined = carry ? `${carry} ${part}` : part
      // An abbreviation or a person's initial ("James S. A. Corey") does not end a sentence.
      if (ABBREVIATIONS.test(joined) || /(?:^|\s)\p{Lu}\.$/u.test(joined)) {
        carry = joined
        continue
      }
      carry = ''
      const s = squash(joined)
      if (s) out.push(s)
    }
    if (carry) out.push(squash(carry))
  }
  return out
}

/** A sentence with a capital first letter and closing punctuation. */
export function sentence(s: string): string {
  const t = squash(s).replace(/[\s,;:–—-]+$/, '')
  if (!t) return ''
  const cap = upperFirst(t)
  return /[.!?…]["”')]?$/.test(cap) ? cap : `${cap}.`
}

/** Capitalises the first letter, except of a name cased its own way ("iPhone", "eBay"). */
export function upperFirst(s: string): string {
  if (/^\p{Ll}+\p{Lu}/u.test(s)) return s
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s
}

/** Lower-cases the first letter unless the first word looks like a name, an acronym or a model ("iPhone", "USB-C", "Chalk"). */
export function lowerFirst(s: string): string {
  const first = s.split(/\s/)[0] ?? ''
  if (/^[A-Z]{2}/.test(first) || /[a-z][A-Z]/.test(first) || /\d/.test(first)) return s
  return s.charAt(0).toLowerCase() + s.slice(1)
}

/** "ALL CAPS LEAD" → "All caps lead"; anything else keeps its casing. */
export function fromShouting(s: string): string {
  if (/[a-z]/.test(s) || !/[A-Z]{2}/.test(s)) return s
  // Words with digits ("18MP", "USB-C") and common acronyms keep their capitals; each sentence starts with one.
  const lower = s.replace(/[\p{L}\d'-]+/gu, (w) => (/\d/.test(w) || ACRONYMS.has(w.replace(/-.*$/, '')) ? w : w.toLowerCase()))
  return lower.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, p: string, c: string) => p + c.toUpperCase())
}

const ACRONYMS = new Set(
  'USB LED LCD OLED GPS ANC ENC AC DC HD UHD UV EQ IP GPU CPU RAM SSD HDMI NFC TV PC TPU PVC BPA EVA LTE WIFI'.split(' '),
)

/** Drops trailing sentence punctuation (for titles and list items). */
export function unpunctuate(s: string): string {
  return squash(s).replace(/[.!?;:,]+$/, '')
}

export function joinList(items: string[], conjunction = 'and'): string {
  const xs = items.filter(Boolean)
  if (xs.length <= 1) return xs[0] ?? ''
  return `${xs.slice(0, -1).join(', ')} ${conjunction} ${xs[xs.length - 1]}`
}

export function plural(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return word.replace(/y$/i, 'ies')
  if (/(ch|sh|x|ss|s)$/i.test(word)) return `${word}es`
  return `${word}s`
}

export function formatMoney(amount: number, currency: string): string {
  const whole = Math.round(amount * 100) % 100 === 0
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount)
  } catch {
    return `${currency} ${amount.toFixed(whole ? 0 : 2)}`
  }
}

/** Cuts at a word boundary to at most `max` characters (no ellipsis, so it stays a clean phrase). */
export function clip(s: string, max: number): string {
  const t = squash(s)
  if (t.length <= max) return t
  const cut = t.slice(0, max + 1)
  const at = cut.lastIndexOf(' ')
  return unpunctuate(cut.slice(0, at > max / 2 ? at : max))
}

/** The comparable form of a sentence: lower case, letters and digits only. */
export function sentenceKey(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * Remembers every sentence placed on the page. `keep` returns the text without the sentences
 * already used elsewhere (null when nothing new is left), and records what it returns.
 */
export class Ledger {
  private seen = new Set<string>()
  /** The product's name, counted where the writer places it, and how often it may appear. */
  private name = ''
  private nameLimit = Infinity
  private nameCount = 0

  /** Counts the name from now on; a sentence or phrase that would show it more than `limit` times is left out. */
  watch(name: string, limit: number): void {
    const key = sentenceKey(name)
    this.name = key ? ` ${key} ` : ''
    this.nameLimit = limit
  }

  /** Allows the name `limit` times in all (a call to action may close with it). */
  allowName(limit: number): void {
    this.nameLimit = limit
  }

  private names(text: string): number {
    return this.name ? ` ${sentenceKey(text)} `.split(this.name).length - 1 : 0
  }

  /** Records that a text the writer had to use shows the name. */
  count(text: string): void {
    this.nameCount += this.names(text)
  }

  has(text: string): boolean {
    return splitSentences(text).some((s) => this.seen.has(sentenceKey(s)))
  }

  add(text: string): void {
    for (const s of splitSentences(text)) {
      const key = sentenceKey(s)
      if (key) this.seen.add(key)
    }
  }

  keep(text: string): string | null {
    const fresh = splitSentences(text).filter((s) => {
      const key = sentenceKey(s)
      if (!key || this.seen.has(key)) return false
      const n = this.names(s)
      if (n && this.nameCount + n > this.nameLimit) return false
      this.nameCount += n
      return true
    })
    if (fresh.length === 0) return null
    const out = fresh.join(' ')
    this.add(out)
    return out
  }

  /** Whether a sentence on the page already says this fragment ("600 ml"), word for word. */
  mentions(fragment: string): boolean {
    const key = ` ${sentenceKey(fragment)} `
    if (key.trim() === '') return false
    for (const seen of this.seen) if (` ${seen} `.includes(key)) return true
    return false
  }

  /** Records a short phrase (heading, title); false when the same phrase is already on the page, or it would show the name once too often. */
  claim(phrase: string): boolean {
    const key = sentenceKey(phrase)
    if (!key || this.seen.has(key)) return false
    const n = this.names(phrase)
    if (n && this.nameCount + n > this.nameLimit) return false
    this.nameCount += n
    this.seen.add(key)
    return true
  }
}
