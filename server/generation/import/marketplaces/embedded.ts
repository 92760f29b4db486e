import type { CheerioAPI } from 'cheerio'
import type { AnyNode } from 'domhandler'
import { scriptBody } from '../normalize/text'

export type Obj = Record<string, unknown>

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])
export const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null)
export const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) ? n : null
}

/** `get(o, 'a.b.0.c')`: a value down a path, undefined on the way out. */
export function get(o: unknown, path: string): unknown {
  let cur = o
  for (const key of path.split('.')) {
    if (Array.isArray(cur)) cur = cur[Number(key)]
    else if (isObj(cur)) cur = cur[key]
    else return undefined
  }
  return cur
}

/** The first of several paths that holds a value. */
export function first(o: unknown, ...paths: string[]): unknown {
  for (const p of paths) {
    const v = get(o, p)
    if (v !== undefined && v !== null && v !== '') return v
  }
  return undefined
}

/**
 * The source text of the JSON object or array that starts at or after `from` (within a few
 * characters), balanced with strings and escapes respected; null when none starts there.
 */
export function balancedAt(src: string, from: number): string | null {
  let i = from
  while (i < src.length && i < from + 40 && src[i] !== '{' && src[i] !== '[') i++
  if (src[i] !== '{' && src[i] !== '[') return null
  let depth = 0
  let quote: string | null = null
  for (let j = i; j < src.length; j++) {
    const c = src[j]
    if (quote) {
      if (c === '\\') j++
      else if (c === quote) quote = null
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      depth--
      if (depth === 0) return src.slice(i, j + 1)
    }
  }
  return null
}

/** JSON, or JSON written as script (`undefined`, `!0`, `!1`); null when neither. */
export function parseLoose(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    /* try the usual JS-isms below */
  }
  try {
    return JSON.parse(
      s
        .replace(/:\s*undefined\b/g, ':null')
        .replace(/:\s*!0\b/g, ':true')
        .replace(/:\s*!1\b/g, ':false'),
    )
  } catch {
    return null
  }
}

/** The JSON value assigned right after `marker` in a page's scripts (e.g. `window.rawData =`); null when absent or not JSON. */
export function jsonAfter(src: string, marker: RegExp): unknown {
  const re = new RegExp(marker.source, marker.flags.includes('g') ? marker.flags : `${marker.flags}g`)
  for (const m of src.matchAll(re)) {
    const body = balancedAt(src, (m.index ?? 0) + m[0].length)
    const v = body ? parseLoose(body) : null
    if (v !== null) return v
  }
  return null
}

/** The JSON inside `<script id=…>` or a script element (Next.js / Modern.js data blocks; Zalando's, wrapped in CDATA). */
export function scriptJson($: CheerioAPI, selector: string | AnyNode): unknown {
  const raw = $(selector).first().html()
  return raw ? parseLoose(scriptBody(raw)) : null
}

/** Breadth-first: the first object value under a key named one of `keys` (optionally also passing `test`). */
export function deepFind(root: unknown, keys: string[], test: (v: unknown) => boolean = isObj, maxDepth = 14): unknown {
  let level: unknown[] = [root]
  for (let depth = 0; depth < maxDepth && level.length; depth++) {
    const next: unknown[] = []
    for (const node of level) {
      if (Array.isArray(node)) next.push(...node)
      else if (isObj(node)) {
        for (const k of keys) if (k in node && test(node[k])) return node[k]
        next.push(...Object.values(node))
      }
    }
    level = next
  }
  return undefined
}

/** Options and variants from a list of SKUs, each with its own `[name, value]` pairs. */
export function optionsFromPairs(skus: { pairs: [string, string][] }[]): { name: string; values: string[] }[] {
  const options: { name: string; values: string[] }[] = []
  for (const s of skus) {
    for (const [name, value] of s.pairs) {
      let o = options.find((x) => x.name === name)
      if (!o) options.push((o = { name, values: [] }))
      if (!o.values.includes(value)) o.values.push(value)
    }
  }
  return options
}

/** Scripts' texts a page carries inline for its own script (not its linked data, not a file), up to a size worth reading. */
export function inlineScriptTexts($: CheerioAPI, maxLength = 3_000_000): string[] {
  return $('script:not([src])')
    .toArray()
    .filter((el) => !/ld\+json/i.test(el.attribs.type ?? ''))
    .map((el) => $(el).text())
    .filter((t) => t.length <= maxLength)
}
