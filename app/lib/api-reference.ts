/**
 * Turns the api's OpenAPI 3.1 document (GET /v2/openapi.json) into what the /docs reference shows:
 * operations grouped by tag, and their parameters, bodies and answers as trees of fields a
 * person can read (references to shared schemas become links, `null` in a type becomes
 * "nullable", enums become a list of values). Pure functions: no fetching, no React.
 */

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  description?: string
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  $ref?: string
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
  additionalProperties?: boolean | JsonSchema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  format?: string
  default?: unknown
}

interface Parameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: JsonSchema
}
interface Content {
  content?: Record<string, { schema?: JsonSchema }>
}
interface Operation {
  tags?: string[]
  summary?: string
  description?: string
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: Content & { required?: boolean }
  responses?: Record<string, Content & { description?: string }>
}

export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; description?: string }
  servers?: { url: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export interface Field {
  name: string
  type: string
  /** The shared schema the type names (its anchor on the page), when it is one. */
  ref: string | null
  required: boolean
  nullable: boolean
  description: string | null
  values: string[]
  limits: string[]
  children: Field[]
  /** "One of" shapes (e.g. the section types of a page), each with its own fields. */
  variants: { label: string; fields: Field[] }[]
}

/** A body or an answer: its type in words, and its fields when it is an object written out here. */
export interface Shape {
  type: string
  ref: string | null
  fields: Field[]
  variants: { label: string; fields: Field[] }[]
}

export interface ReferenceOperation {
  id: string
  method: string
  path: string
  summary: string
  description: string | null
  signedIn: boolean
  parameters: {
    name: string
    in: string
    type: string
    required: boolean
    description: string | null
    values: string[]
    limits: string[]
  }[]
  body: Shape | null
  answer: Shape | null
  statuses: { code: string; description: string }[]
}

export interface ReferenceGroup {
  tag: string
  id: string
  /** Its page of the reference: `/docs?area=<area>`. */
  area: string
  operations: ReferenceOperation[]
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']
/** Nested objects written out inline down to this depth; deeper ones are named, not expanded. */
const MAX_DEPTH = 3

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

export const operationId = (method: string, path: string) => `op-${method.toLowerCase()}-${slug(path)}`
export const schemaId = (name: string) => `schema-${slug(name)}`

const refName = (ref: string) => ref.split('/').pop() ?? ref

function typesOf(s: JsonSchema): { types: string[]; nullable: boolean } {
  const list = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  const alternatives = s.anyOf ?? []
  const nullable = list.includes('null') || alternatives.some((a) => a.type === 'null') || (s.enum?.includes(null) ?? false)
  return { types: list.filter((t) => t !== 'null'), nullable }
}

/** Without the `null` alternative of an `anyOf` (zod's nullable of a reference). */
function nonNull(s: JsonSchema): JsonSchema {
  const rest = s.anyOf?.filter((a) => a.type !== 'null')
  return rest?.length === 1 ? { ...rest[0], description: s.description ?? rest[0].description } : s
}

function limitsOf(s: JsonSchema): string[] {
  const out: string[] = []
  if (s.minLength !== undefined && s.maxLength !== undefined) out.push(`${s.minLength}–${s.maxLength} characters`)
  else if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`)
  else if (s.minLength !== undefined && s.minLength > 0) out.push(`at least ${s.minLength} characters`)
  if (s.exclusiveMinimum !== undefined) out.push(`above ${s.exclusiveMinimum}`)
  if (s.minimum !== undefined) out.push(`at least ${s.minimum}`)
  if (s.maximum !== undefined) out.push(`at most ${s.maximum}`)
  if (s.exclusiveMaximum !== undefined) out.push(`below ${s.exclusiveMaximum}`)
  if (s.minItems) out.push(`at least ${s.minItems} items`)
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`)
  if (s.format) out.push(`format ${s.format}`)
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`)
  return out
}

const valuesOf = (s: JsonSchema) =>
  (s.enum ?? (s.const !== undefined ? [s.const] : [])).filter((v) => v !== null).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))

/** The label of a "one of" shape: its `type` discriminator when it has one. */
function variantLabel(s: JsonSchema, i: number): string {
  const discriminator = s.properties?.type
  const value = discriminator ? valuesOf(discriminator)[0] : undefined
  return value ? `type "${value}"` : s.$ref ? refName(s.$ref) : `shape ${i + 1}`
}

function shapeOf(
  raw: JsonSchema,
  depth: number,
): Shape & { nullable: boolean; values: string[]; limits: string[]; description: string | null } {
  const s = nonNull(raw)
  const { types, nullable } = typesOf(raw)
  const base = { nullable, values: valuesOf(s), limits: limitsOf(s), description: s.description ?? raw.description ?? null }
  if (s.$ref) return { ...base, type: refName(s.$ref), ref: refName(s.$ref), fields: [], variants: [] }
  if (s.allOf?.length === 1) return { ...shapeOf(s.allOf[0], depth), nullable, description: base.description }
  const alternatives = s.oneOf ?? (s.anyOf && s.anyOf.length > 1 ? s.anyOf.filter((a) => a.type !== 'null') : null)
  if (alternatives?.length) {
    const variants = depth < MAX_DEPTH ? alternatives.map((a, i) => ({ label: variantLabel(a, i), fields: fieldsOf(a, depth + 1) })) : []
    return { ...base, type: `one of ${alternatives.length} shapes`, ref: null, fields: [], variants }
  }
  if (types.includes('array') || s.items) {
    const item = shapeOf(s.items ?? {}, depth)
    return { ...base, type: `array of ${item.type}`, ref: item.ref, fields: item.fields, variants: item.variants, values: item.values }
  }
  if (s.properties) return { ...base, type: 'object', ref: null, fields: depth < MAX_DEPTH ? fieldsOf(s, depth + 1) : [], variants: [] }
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const value = shapeOf(s.additionalProperties, depth)
    return { ...base, type: `map of text to ${value.type}`, ref: value.ref, fields: [], variants: [] }
  }
  return { ...base, type: types.join(' or ') || 'any JSON', ref: null, fields: [], variants: [] }
}

function fieldsOf(s: JsonSchema, depth: number): Field[] {
  const required = new Set(s.required ?? [])
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const shape = shapeOf(prop, depth)
    return {
      name,
      type: shape.type,
      ref: shape.ref,
      required: required.has(name),
      nullable: shape.nullable,
      description: shape.description,
      values: shape.values,
      limits: shape.limits,
      children: shape.fields,
      variants: shape.variants,
    }
  })
}

/** A schema as the page shows it at the top of a body, an answer or a shared schema. */
export function describeSchema(schema: JsonSchema): Shape {
  const { type, ref, fields, variants } = shapeOf(schema, 0)
  return { type, ref, fields, variants }
}

const jsonSchemaOf = (c: Content | undefined) => c?.content?.['application/json']?.schema ?? null

function referenceOperation(path: string, method: string, op: Operation): ReferenceOperation {
  const success = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2'))
  const answer = jsonSchemaOf(success?.[1])
  const body = jsonSchemaOf(op.requestBody)
  return {
    id: operationId(method, path),
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? '',
    description: op.description ?? null,
    signedIn: (op.security ?? []).length > 0,
    parameters: (op.parameters ?? []).map((p) => {
      const shape = shapeOf(p.schema ?? {}, MAX_DEPTH)
      return {
        name: p.name,
        in: p.in,
        type: shape.type,
        required: p.required ?? false,
        description: p.description ?? shape.description,
        values: shape.values,
        limits: shape.limits,
      }
    }),
    body: body ? describeSchema(body) : null,
    answer: answer ? describeSchema(answer) : null,
    statuses: Object.entries(op.responses ?? {}).map(([code, r]) => ({ code, description: r.description ?? '' })),
  }
}

/** Every operation of the document, grouped by its first tag, in the order the document lists them. */
export function referenceGroups(doc: OpenApiDocument): ReferenceGroup[] {
  const groups = new Map<string, ReferenceGroup>()
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const tag = op.tags?.[0] ?? 'Other'
      let group = groups.get(tag)
      if (!group) groups.set(tag, (group = { tag, id: `tag-${slug(tag)}`, area: slug(tag), operations: [] }))
      group.operations.push(referenceOperation(path, method, op))
    }
  return [...groups.values()]
}

/** The shared schemas (`#/components/schemas`) an area's operations link to, described for the page. */
export function sharedSchemas(doc: OpenApiDocument, tag: string): { name: string; id: string; shape: Shape; description: string | null }[] {
  const used = schemasUsedBy(doc, tag)
  return Object.entries(doc.components?.schemas ?? {})
    .filter(([name]) => used.has(name))
    .map(([name, schema]) => ({ name, id: schemaId(name), shape: describeSchema(schema), description: schema.description ?? null }))
}

/** The names of the shared schemas an area's operations name, and the ones those name in turn. */
export function schemasUsedBy(doc: OpenApiDocument, tag: string): Set<string> {
  const names = new Set<string>()
  const collect = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(collect)
    if (!value || typeof value !== 'object') return
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') {
        const name = refName(inner)
        if (!names.has(name)) {
          names.add(name)
          collect(doc.components?.schemas?.[name])
        }
      } else collect(inner)
    }
  }
  for (const item of Object.values(doc.paths))
    for (const method of METHODS) if (item[method] && (item[method].tags?.[0] ?? 'Other') === tag) collect(item[method])
  return names
}
