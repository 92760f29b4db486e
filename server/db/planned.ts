import { is, Placeholder } from 'drizzle-orm'
import pg from 'pg'
import type { Database } from './client'

/** A select built with `sql.placeholder(name)` for its inputs: it says its SQL and prepares itself. */
export interface PlaceholderSelect<Row> {
  toSQL(): { sql: string; params: unknown[] }
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> }
}

export type PlannedQuery<Row> = (values: Record<string, unknown>) => Promise<Row[]>

/**
 * A query planned once per database and run with new inputs each time. On Postgres that is
 * drizzle's named prepared statement. PGlite's driver has no named statements: it parses and
 * plans a query on every run, which costs more than running it (1.3 ms of 1.6 ms for a shared
 * page's row), so there the query is `PREPARE`d on first use and each run is an `EXECUTE` whose
 * inputs are quoted literals (pg's escapeLiteral). `fields`: the names of the select's columns,
 * in the order of the select (rows come back as arrays on that path).
 */
export function plannedQuery<Row>(
  database: Database,
  name: string,
  query: PlaceholderSelect<Row>,
  fields: readonly string[],
): PlannedQuery<Row> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`A planned query's name must be a plain identifier: ${name}`)
  const onPglite = database.planned
  if (!onPglite) {
    const prepared = query.prepare(name)
    return (values) => prepared.execute(values)
  }
  const { sql: text, params } = query.toSQL()
  // Placeholders are filled on each run; any other parameter is a value the query was built with.
  const inputs = params.map((p) => (is(p, Placeholder) ? (values: Record<string, unknown>) => values[p.name] : () => p))
  const run = onPglite(name, text)
  return async (values) => {
    const rows = await run(inputs.map((input) => sqlLiteral(input(values))))
    return rows.map((row) => Object.fromEntries(fields.map((field, i) => [field, row[i]])) as Row)
  }
}

/** An input as a SQL literal: quoted by pg's own escaping, typed by the statement's parameter. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'string') return pg.escapeLiteral(value)
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString())
  throw new Error(`A planned query takes strings, numbers, booleans and dates, not ${typeof value}`)
}
