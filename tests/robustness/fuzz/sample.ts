import { createHash } from 'node:crypto'

/**
 * Fuzz cases sampled by shape (issue 24: CI ≤ 30 min with the same coverage). PGlite, the embedded
 * default, gets every case. The second database runs the same server code on the same Postgres
 * engine, so it gets one case of each shape per batch: every kind of hostile value still reaches
 * every route on it (the field it is put in chosen by a seed), and one body of each encoding the
 * server refuses before any database is asked. The seed is printed; FUZZ_SEED=<seed>
 * repeats a run, FUZZ_FULL=1 sends every case to both.
 */

/**
 * A body the server rejects while parsing it, before any database is asked (a bad multipart, a
 * malformed or oddly typed JSON document, an urlencoded oddity): one shape per kind of encoding.
 */
const ENCODING_SHAPE = /^(multipart|urlencoded|malformed json|json|xml|utf-16|text\/plain|empty)\b/i

/** What kind of hostile input a case is, without the field, parameter or form it is put in. */
export function shapeOf(input: string): string {
  const encoding = ENCODING_SHAPE.exec(input)?.[1]
  if (encoding && !/\bMB\b/.test(input)) return `${encoding.toLowerCase()} body`
  return input
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/^\{[^}]+\}:/, '{param}:')
    .replace(/^[\w.$-]+ is /, '{field} is ')
    .replace(/\bin field \S+/, 'in field {field}')
    .trim()
}

/** One case of each shape, chosen by `seed` (the same seed, the same cases), in their first order. */
export function sampleByShape<T extends { input: string }>(cases: T[], seed: string): T[] {
  const groups = new Map<string, T[]>()
  for (const c of cases) {
    const shape = shapeOf(c.input)
    groups.set(shape, [...(groups.get(shape) ?? []), c])
  }
  const chosen = new Set<T>()
  for (const [shape, group] of groups) {
    const pick = createHash('sha256').update(`${seed}\0${shape}`).digest().readUInt32BE(0) % group.length
    chosen.add(group[pick])
  }
  return cases.filter((c) => chosen.has(c))
}

/** The day's seed (a new choice of fields every day), unless FUZZ_SEED names one. */
export const FUZZ_SEED = process.env.FUZZ_SEED || new Date().toISOString().slice(0, 10)

/** Whether a database kind gets every case or a sample by shape. */
export const sampledOn = (kind: string) => kind !== 'pglite' && process.env.FUZZ_FULL !== '1'
