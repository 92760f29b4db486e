import {
  execute,
  getVariableValues,
  GraphQLError,
  isAbstractType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql'
import { sha256 } from '../crypto'
import { log } from '../log'
import { expandScopes, API_VERSION, type GraphqlContext, type ShopContext } from './context'
import { actualCost, charge, MAX_SINGLE_QUERY_COST, RATE_LIMITS_DOC, refund, requestedCost, type ThrottleStatus } from './cost'
import { mutationResolvers } from './mutations'
import { typeResolvers } from './resolvers'
import { buildAdminSchema } from './schema'

type Resolvers = Record<string, Record<string, unknown>>

/**
 * Sets each resolver on the schema's own field (what @graphql-tools' addResolversToSchema does). Done
 * by hand because under vitest @graphql-tools loads graphql's CommonJS build while our code gets its
 * ES build, and graphql refuses types "from another module or realm". A name that is not in Shopify's
 * schema throws, so a resolver can never drift from the schema.
 */
function attachResolvers(schema: GraphQLSchema, resolvers: Resolvers): GraphQLSchema {
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName)
    for (const [name, fn] of Object.entries(fields)) {
      if (name === '__resolveType' && isAbstractType(type)) type.resolveType = fn as typeof type.resolveType
      else if (isObjectType(type) && type.getFields()[name]) type.getFields()[name].resolve = fn as GraphQLFieldResolver<unknown, unknown>
      else throw new Error(`${typeName}.${name} is not in Shopify's schema`)
    }
  }
  return schema
}

let executable: GraphQLSchema | null | undefined

/** Shopify's schema (an instance of its own) with the demo shop's resolvers; null without the schema file. */
export function demoShopSchema(): GraphQLSchema | null {
  if (executable === undefined) {
    const schema = buildAdminSchema()
    executable = schema && attachResolvers(schema, { ...typeResolvers, Mutation: mutationResolvers } as Resolvers)
  }
  return executable
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Shopify-API-Version': API_VERSION },
  })

const UNAUTHORIZED = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }

/** Shopify's (graphql-ruby's) wording for the most common validation error. */
function shopifyError(e: GraphQLError): GraphQLFormattedError {
  const formatted = e.toJSON()
  const m = /^Cannot query field "([^"]+)" on type "([^"]+)"\./.exec(e.message)
  if (!m) return formatted
  return {
    ...formatted,
    message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`,
    extensions: { code: 'undefinedField', typeName: m[2], fieldName: m[1] },
  }
}

async function scopesOf(request: Request, base: ShopContext): Promise<string[] | null> {
  const token = request.headers.get('x-shopify-access-token')
  if (!token) return null
  const record = await base.store.get('token', sha256(token))
  if (!record || record.type !== 'access') return null
  if (record.expiresAt && new Date(record.expiresAt) <= base.now()) return null
  return record.scopes
}

async function readBody(request: Request): Promise<{ query?: unknown; variables?: unknown; operationName?: unknown } | null> {
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/graphql')) return { query: await request.text() }
    return (await request.json()) as { query?: unknown; variables?: unknown; operationName?: unknown }
  } catch {
    return null
  }
}

/** `POST /admin/api/{version}/graphql.json`: token, validation, cost and the leaky bucket, then execution. */
export async function handleGraphql(request: Request, base: ShopContext): Promise<Response> {
  const scopes = await scopesOf(request, base)
  if (!scopes) return json(UNAUTHORIZED, 401)
  const schema = demoShopSchema()
  if (!schema) return json({ errors: 'The demo shop needs the dev dependency @shopify/dev-mcp (the Admin API schema).' }, 503)
  const body = await readBody(request)
  if (!body || typeof body.query !== 'string' || !body.query.trim())
    return json({ errors: { query: 'Required parameter missing or invalid' } }, 400)

  let document: DocumentNode
  try {
    document = parse(body.query)
  } catch (e) {
    return json({ errors: [e instanceof GraphQLError ? e.toJSON() : { message: 'Syntax error' }] })
  }
  const invalid = validate(schema, document)
  if (invalid.length) return json({ errors: invalid.map(shopifyError) })

  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined
  if (!operation)
    return json({ errors: [{ message: operationName ? `No operation named "${operationName}"` : 'An operation name is required' }] })
  const inputs = body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {}
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], inputs)
  if (coerced.errors) return json({ errors: coerced.errors.map((e) => e.toJSON()) })
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  )
  const costInput = { schema, operation, fragments, variables: coerced.coerced }

  const requested = requestedCost(costInput)
  const now = () => base.now().getTime()
  if (requested > MAX_SINGLE_QUERY_COST) {
    return json({
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_SINGLE_QUERY_COST, documentation: RATE_LIMITS_DOC },
        },
      ],
    })
  }
  const taken = await charge(base.store, requested, now())
  const cost = (actual: number | null, throttleStatus: ThrottleStatus) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus },
  })
  if (!taken.ok)
    return json({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMITS_DOC } }],
      extensions: cost(null, taken.status),
    })

  const ctx: GraphqlContext = { ...base, scopes: expandScopes(scopes), bulk: false, after: [] }
  const result = await execute({ schema, document, operationName, variableValues: inputs, contextValue: ctx })
  const actual = Math.min(requested, actualCost(costInput, result.data as Record<string, unknown> | null))
  const status = await refund(base.store, requested - actual, now())
  const response = json({
    ...(result.errors ? { errors: result.errors.map(shopifyError) } : {}),
    data: result.data ?? null,
    extensions: cost(actual, status),
  })
  // Webhooks go out after the answer, as Shopify's do; a failure is logged by the sender.
  if (ctx.after.length)
    void (async () => {
      for (const task of ctx.after) await task().catch((e) => log.warn('demo shop after-response task failed', { error: String(e) }))
    })()
  return response
}
