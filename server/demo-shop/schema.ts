import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql'

const SCHEMA_FILE = path.join('node_modules', '@shopify', 'dev-mcp', 'dist', 'data', 'admin_2026-10.json.gz')

/** The data file of the dev dependency, looked for from this file's folder upwards (then the working directory). */
function findSchemaFile(): string | null {
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()]
  for (const start of starts) {
    let dir = start
    for (;;) {
      const candidate = path.join(dir, SCHEMA_FILE)
      if (existsSync(candidate)) return candidate
      const parent = path.dirname(dir)
      if (parent === dir) break
      dir = parent
    }
  }
  return null
}

let introspection: IntrospectionQuery | null | undefined
let cached: GraphQLSchema | null | undefined

/** A new schema object built from the published introspection (null without the dev dependency). */
export function buildAdminSchema(): GraphQLSchema | null {
  if (introspection === undefined) {
    const file = findSchemaFile()
    introspection = file ? (JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { data: IntrospectionQuery }).data : null
  }
  return introspection && buildClientSchema(introspection)
}

/**
 * Shopify's published Admin 2026-10 schema (from @shopify/dev-mcp's dist/data/admin_2026-10.json.gz
 * via graphql's buildClientSchema), or null when that dev dependency is absent. Cached.
 */
export function loadAdminSchema(): GraphQLSchema | null {
  if (cached === undefined) cached = buildAdminSchema()
  return cached
}

/** `gid://shopify/Product/123`. */
export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`

/** The number of a gid of the given type, or null when it is something else. */
export function gidNumber(value: unknown, type: string): number | null {
  if (typeof value !== 'string') return null
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d{1,16})(?:\?.*)?$/.exec(value)
  return m && m[1] === type ? Number(m[2]) : null
}
