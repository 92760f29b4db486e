import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { allRoutes } from '../../../server/contract'

/** A page or action of the Remix app, found from its file name under app/routes (flat routes). */
export interface WebRoute {
  file: string
  /** `/product/:id`, `/*` for a splat, `/` for the index. */
  pattern: string
  params: string[]
  isIndex: boolean
  hasAction: boolean
  hasLoader: boolean
  /** A default export: the route renders a page (not a resource route). */
  isPage: boolean
}

const exports = (source: string, name: string) => new RegExp(`export\\s+(async\\s+)?(function|const)\\s+${name}\\b`).test(source)

const DOT = '\u2024'

/** Every route of app/routes with a URL of its own (pathless layouts such as `_blank.tsx` have none). */
export function discoverWebRoutes(dir = path.join(process.cwd(), 'app/routes')): WebRoute[] {
  const out: WebRoute[] = []
  for (const file of readdirSync(dir).sort()) {
    if (!/\.(tsx|ts)$/.test(file) || /\.test\./.test(file)) continue
    // An escaped dot (`sitemap[.]xml.ts`) belongs to its segment; other escapes are not understood.
    const base = file.replace(/\.(tsx|ts)$/, '').replace(/\[\.\]/g, DOT)
    if (/[[\]()]/.test(base))
      throw new Error(`app/routes/${file}: escaped or optional segments are not understood by the fuzz suite's route discovery`)
    const segments: string[] = []
    const params: string[] = []
    let isIndex = false
    for (const part of base.split('.')) {
      const raw = part.replaceAll(DOT, '.')
      if (raw === '_index') {
        isIndex = true
        continue
      }
      if (raw.startsWith('_')) continue // pathless layout
      const seg = raw.replace(/_$/, '') // `admin_`: out of the layout's nesting, same URL segment
      if (seg === '$') {
        segments.push('*')
        params.push('*')
      } else if (seg.startsWith('$')) {
        segments.push(`:${seg.slice(1)}`)
        params.push(seg.slice(1))
      } else segments.push(seg)
    }
    const source = readFileSync(path.join(dir, file), 'utf8')
    const isPage = /export\s+default\b/.test(source)
    if (!segments.length && !isIndex) continue // a layout
    out.push({
      file: `app/routes/${file}`,
      pattern: '/' + segments.join('/'),
      params,
      isIndex,
      hasAction: exports(source, 'action'),
      hasLoader: exports(source, 'loader'),
      isPage,
    })
  }
  return out
}

/** A contract route as the suite needs it: method, path template, and JSON schemas of its input. */
export interface ApiRoute {
  method: string
  path: string
  params: string[]
  signedIn: boolean
  /** The media types its body takes (empty: no body documented). */
  bodyTypes: string[]
  /** JSON schema (input side) of the JSON body, when it takes one. */
  bodySchema?: JsonSchema
  querySchema?: JsonSchema
}

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  enum?: unknown[]
  anyOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  exclusiveMinimum?: number
  minItems?: number
  format?: string
  default?: unknown
}

const toSchema = (s: unknown): JsonSchema | undefined =>
  s ? (z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined

/** Every route of server/contract, the api's own list of what it serves (the coverage test checks the two agree). */
export function discoverApiRoutes(): ApiRoute[] {
  return allRoutes().map((r) => {
    const content = ((r.request?.body as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {}) as Record<
      string,
      { schema?: unknown }
    >
    return {
      method: r.method.toUpperCase(),
      path: r.path,
      params: [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
      signedIn: !!r.security?.length,
      bodyTypes: Object.keys(content),
      bodySchema: toSchema(content['application/json']?.schema),
      querySchema: toSchema(r.request?.query),
    }
  })
}

/** A plausible value for a JSON schema: the base the hostile variants change one piece of. */
export function sampleOf(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 'x'
  if (s.enum?.length) return s.enum[0]
  if (s.anyOf?.length) return sampleOf(s.anyOf.find((a) => a.type !== 'null') ?? s.anyOf[0], depth + 1)
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type) {
    case 'object': {
      const o: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(s.properties ?? {})) o[k] = sampleOf(v, depth + 1)
      return o
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sampleOf(s.items, depth + 1))
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1)))
    case 'boolean':
      return true
    case 'string':
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
      if (s.format === 'email') return 'fuzz@staff.bench.test'
      return 'fuzz-value'.padEnd(64, 'x').slice(0, Math.min(Math.max(10, s.minLength ?? 0), s.maxLength ?? 64))
    default:
      return 'x'
  }
}
