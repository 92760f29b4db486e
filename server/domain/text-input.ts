/**
 * What text may come in, in one place: the web's form front and the api's JSON front both pass
 * every string through cleanText, and both refuse bodies past these sizes. Schemas then only
 * state their own lengths.
 */
export const INPUT_LIMITS = {
  /** A page form (urlencoded): the page editor's largest form is well under this. */
  formBytes: 1024 * 1024,
  /** A form with a file (the reviews CSV is at most 2 MB) plus its other fields. */
  multipartBytes: 3 * 1024 * 1024,
  /** One text field of a form, in characters. */
  fieldChars: 100_000,
  /** An api JSON body. */
  jsonBytes: 1024 * 1024,
  /** Nesting of arrays and objects in a JSON body. */
  jsonDepth: 32,
} as const

export const TOO_LARGE = (bytes: number) => `The request is too large: at most ${Math.round(bytes / 1024)} KB is accepted.`
export const FIELD_TOO_LONG = `A field is too long: at most ${INPUT_LIMITS.fieldChars.toLocaleString('en-US')} characters are accepted.`
export const TOO_DEEP = `The JSON is nested too deeply (more than ${INPUT_LIMITS.jsonDepth} levels).`

// C0 controls except tab, line feed and carriage return; DEL; C1 controls. NUL is among them
// (Postgres refuses it in text), and none of them means anything in a product page.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g

/**
 * A string as we store it: control characters removed, lone surrogates (not text; Postgres
 * refuses them in JSON) replaced by U+FFFD, Unicode in NFC.
 */
export function cleanText(value: string): string {
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD').normalize('NFC')
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Keys that name Object.prototype's machinery: never meaningful in our input, dropped. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Parsed JSON with every string (keys too) cleaned and prototype keys dropped; `null` when it
 * nests deeper than INPUT_LIMITS.jsonDepth.
 */
export function cleanJson(value: unknown, depth = 0): { value: unknown } | null {
  if (typeof value === 'string') return { value: cleanText(value) }
  if (value === null || typeof value !== 'object') return { value }
  if (depth >= INPUT_LIMITS.jsonDepth) return null
  if (Array.isArray(value)) {
    const out: unknown[] = []
    for (const item of value) {
      const cleaned = cleanJson(item, depth + 1)
      if (!cleaned) return null
      out.push(cleaned.value)
    }
    return { value: out }
  }
  const out: Record<string, unknown> = {}
  for (const [rawKey, item] of Object.entries(value)) {
    const key = cleanText(rawKey)
    if (PROTOTYPE_KEYS.has(key)) continue
    const cleaned = cleanJson(item, depth + 1)
    if (!cleaned) return null
    out[key] = cleaned.value
  }
  return { value: out }
}

/** A form field name or value that is not meaningful input (prototype machinery). */
export const isPrototypeKey = (key: string) => PROTOTYPE_KEYS.has(key)
