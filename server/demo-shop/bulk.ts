import { randomBytes } from 'node:crypto'
import { execute, GraphQLError, parse, validate, type DocumentNode, type GraphQLResolveInfo } from 'graphql'
import { type GraphqlContext } from './context'
import { gid } from './schema'
import type { BulkData } from './state'
import { notify } from './webhooks'

type Obj = Record<string, unknown>

const isConnection = (v: unknown): v is { edges?: { node: Obj }[]; nodes?: Obj[] } =>
  !!v && typeof v === 'object' && (Array.isArray((v as Obj).edges) || Array.isArray((v as Obj).nodes))

/**
 * Shopify's bulk JSONL: one line per node of the top connection, and each node of a nested
 * connection on a line of its own after its parent, carrying `__parentId`.
 */
export function toJsonl(data: Obj): { lines: string[]; roots: number } {
  const lines: string[] = []
  let roots = 0
  const emit = (conn: { edges?: { node: Obj }[]; nodes?: Obj[] }, parentId: unknown) => {
    const nodes = conn.edges ? conn.edges.map((e) => e.node) : (conn.nodes ?? [])
    for (const node of nodes) {
      if (parentId === undefined) roots++
      const line: Obj = {}
      const children: { edges?: { node: Obj }[]; nodes?: Obj[] }[] = []
      for (const [k, v] of Object.entries(node)) {
        if (isConnection(v)) children.push(v)
        else line[k] = v
      }
      if (parentId !== undefined) line.__parentId = parentId
      lines.push(JSON.stringify(line))
      for (const c of children) emit(c, node.id)
    }
  }
  for (const value of Object.values(data)) if (isConnection(value)) emit(value, undefined)
  return { lines, roots }
}

export async function bulkOperationRunQuery(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const invalid = (message: string) => ({ bulkOperation: null, userErrors: [{ field: ['query'], message, code: 'INVALID' }] })
  let document: DocumentNode
  try {
    document = parse(String(args.query))
  } catch (e) {
    return invalid(e instanceof GraphQLError ? e.message : 'Invalid bulk query')
  }
  const problems = validate(info.schema, document)
  if (problems.length) return invalid(problems.map((p) => p.message).join(' '))
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition')
  if (!operation || operation.operation !== 'query') return invalid('Bulk operations run queries only')

  const result = await execute({ schema: info.schema, document, contextValue: { ...ctx, bulk: true, after: [] } })
  const now = ctx.now().toISOString()
  const denied = result.errors?.some((e) => e.extensions?.code === 'ACCESS_DENIED')
  const { lines, roots } = result.errors?.length || !result.data ? { lines: [], roots: 0 } : toJsonl(result.data as Obj)
  const op: BulkData = {
    id: await ctx.newId(),
    status: result.errors?.length ? 'FAILED' : 'COMPLETED',
    errorCode: result.errors?.length ? (denied ? 'ACCESS_DENIED' : 'INTERNAL_SERVER_ERROR') : null,
    query: String(args.query),
    key: randomBytes(16).toString('hex'),
    jsonl: lines.map((l) => `${l}\n`).join(''),
    objectCount: lines.length,
    rootObjectCount: roots,
    createdAt: now,
    completedAt: now,
  }
  await ctx.store.put('bulk', op.id, op)
  ctx.after.push(async () => {
    await notify(ctx, 'bulk_operations/finish', {
      admin_graphql_api_id: gid('BulkOperation', op.id),
      completed_at: op.completedAt,
      created_at: op.createdAt,
      error_code: op.errorCode?.toLowerCase() ?? null,
      status: op.status.toLowerCase(),
      type: 'query',
    })
  })
  // Shopify answers CREATED; the operation is finished by the time anyone asks (bulkOperation(id)).
  return { bulkOperation: { ...op, status: 'CREATED', completedAt: null }, userErrors: [] }
}

/** The result file of a finished operation, when the key matches. */
export async function bulkResult(ctx: Pick<GraphqlContext, 'store'>, id: string, key: string | null): Promise<string | null> {
  if (!/^\d{1,16}$/.test(id)) return null
  const op = await ctx.store.get('bulk', id)
  return op && key && op.key === key ? op.jsonl : null
}
