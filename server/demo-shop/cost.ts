import {
  getNamedType,
  GraphQLInt,
  isCompositeType,
  isLeafType,
  isObjectType,
  Kind,
  valueFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import type { BucketData, ShopStore } from './state'

/**
 * Shopify's calculated query cost (shopify.dev "GraphQL Admin API rate limits"): scalars and enums
 * 0, objects 1, connections 2 + first × the cost of one node, each mutation field 10. The requested
 * cost is computed before running (from `first`/`last`); the actual cost after, from what came back.
 */
export const MAX_SINGLE_QUERY_COST = 1000
export const DEFAULT_BUCKET = { maximumAvailable: 2000, restoreRate: 100 }
export const RATE_LIMITS_DOC = 'https://shopify.dev/api/usage/rate-limits'

interface Walk {
  schema: GraphQLSchema
  fragments: Record<string, FragmentDefinitionNode>
  variables: Record<string, unknown>
}

type Data = Record<string, unknown> | null | undefined

const isConnection = (typeName: string) => typeName.endsWith('Connection')

/** The fields of a selection set (fragments expanded), each with the type it is selected on. */
function fields(w: Walk, set: SelectionSetNode, parent: GraphQLCompositeType): { node: FieldNode; on: GraphQLCompositeType }[] {
  const out: { node: FieldNode; on: GraphQLCompositeType }[] = []
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push({ node: sel, on: parent })
    else {
      const fragment = sel.kind === Kind.FRAGMENT_SPREAD ? w.fragments[sel.name.value] : sel
      if (!fragment) continue
      const condition = fragment.typeCondition ? w.schema.getType(fragment.typeCondition.name.value) : parent
      if (condition && isCompositeType(condition)) out.push(...fields(w, fragment.selectionSet, condition))
    }
  }
  return out
}

function fieldDef(on: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return 'getFields' in on ? (on.getFields() as Record<string, GraphQLField<unknown, unknown>>)[name] : undefined
}

function sizeArg(w: Walk, node: FieldNode): number {
  for (const name of ['first', 'last']) {
    const arg = node.arguments?.find((a) => a.name.value === name)
    const value = arg && valueFromAST(arg.value, GraphQLInt, w.variables)
    if (typeof value === 'number') return Math.max(value, 0)
  }
  return 1
}

const key = (node: FieldNode) => node.alias?.value ?? node.name.value

/** Cost of a selection set; with `data`, the actual cost of what was returned. */
function selectionCost(w: Walk, set: SelectionSetNode, parent: GraphQLCompositeType, data: Data, actual: boolean): number {
  let total = 0
  for (const { node, on } of fields(w, set, parent)) {
    const def = fieldDef(on, node.name.value)
    const set = node.selectionSet
    if (!def || isLeafType(getNamedType(def.type)) || !set) continue
    const named = getNamedType(def.type) as GraphQLCompositeType
    const value = actual ? (data?.[key(node)] as unknown) : undefined
    if (actual && (value === null || value === undefined)) continue
    if (isObjectType(named) && isConnection(named.name)) total += connectionCost(w, node, named, value as Data, actual)
    else if (Array.isArray(value))
      total += value.reduce<number>((sum, item) => sum + 1 + selectionCost(w, set, named, item as Data, true), 0)
    else total += 1 + selectionCost(w, set, named, value as Data, actual)
  }
  return total
}

function connectionCost(w: Walk, node: FieldNode, type: GraphQLCompositeType, data: Data, actual: boolean): number {
  let perPage = 0
  for (const { node: child, on } of fields(w, node.selectionSet!, type)) {
    const def = fieldDef(on, child.name.value)
    if (!def || !child.selectionSet) continue
    const itemType = getNamedType(def.type) as GraphQLCompositeType
    const items = actual ? ((data?.[key(child)] as Data[] | undefined) ?? []) : null
    if (child.name.value === 'nodes') {
      perPage += items
        ? items.reduce((sum, item) => sum + 1 + selectionCost(w, child.selectionSet!, itemType, item, true), 0)
        : sizeArg(w, node) * (1 + selectionCost(w, child.selectionSet, itemType, null, false))
    } else if (child.name.value === 'edges') {
      // An edge is free; its node is the object.
      const edgeNode = fields(w, child.selectionSet, itemType).find((f) => f.node.name.value === 'node')
      const nodeDef = edgeNode && fieldDef(edgeNode.on, 'node')
      if (!edgeNode || !nodeDef || !edgeNode.node.selectionSet) continue
      const nodeType = getNamedType(nodeDef.type) as GraphQLCompositeType
      const set = edgeNode.node.selectionSet
      perPage += items
        ? items.reduce((sum, edge) => sum + 1 + selectionCost(w, set, nodeType, edge?.[key(edgeNode.node)] as Data, true), 0)
        : sizeArg(w, node) * (1 + selectionCost(w, set, nodeType, null, false))
    }
  }
  return 2 + perPage
}

export interface CostInput {
  schema: GraphQLSchema
  operation: OperationDefinitionNode
  fragments: Record<string, FragmentDefinitionNode>
  variables: Record<string, unknown>
}

export function requestedCost(input: CostInput): number {
  return operationCost(input, null, false)
}

export function actualCost(input: CostInput, data: Data): number {
  return operationCost(input, data, true)
}

function operationCost({ schema, operation, fragments, variables }: CostInput, data: Data, actual: boolean): number {
  const w: Walk = { schema, fragments, variables }
  if (operation.operation === 'mutation') {
    const root = schema.getMutationType()!
    const names = fields(w, operation.selectionSet, root)
    return 10 * (actual ? names.filter((f) => data?.[key(f.node)] != null).length : names.length)
  }
  return selectionCost(w, operation.selectionSet, schema.getQueryType()!, data, actual)
}

export interface ThrottleStatus {
  maximumAvailable: number
  currentlyAvailable: number
  restoreRate: number
}

function refill(bucket: BucketData, now: number): BucketData {
  const available = Math.min(bucket.maximumAvailable, bucket.available + (Math.max(0, now - bucket.at) / 1000) * bucket.restoreRate)
  return { ...bucket, available, at: now }
}

const status = (b: BucketData): ThrottleStatus => ({
  maximumAvailable: b.maximumAvailable,
  currentlyAvailable: Math.floor(b.available),
  restoreRate: b.restoreRate,
})

const fresh = (now: number): BucketData => ({ ...DEFAULT_BUCKET, available: DEFAULT_BUCKET.maximumAvailable, at: now })

/** The leaky bucket of a shop: takes `cost` if it is there (nothing otherwise). */
export function charge(store: ShopStore, cost: number, now: number): Promise<{ ok: boolean; status: ThrottleStatus }> {
  return store.locked('bucket', 'graphql', async (current, save) => {
    const bucket = refill(current ?? fresh(now), now)
    const ok = bucket.available >= cost
    if (ok) bucket.available -= cost
    await save(bucket)
    return { ok, status: status(bucket) }
  })
}

/** Gives back what a query did not use (requested − actual). */
export function refund(store: ShopStore, amount: number, now: number): Promise<ThrottleStatus> {
  return store.locked('bucket', 'graphql', async (current, save) => {
    const bucket = refill(current ?? fresh(now), now)
    bucket.available = Math.min(bucket.maximumAvailable, bucket.available + Math.max(amount, 0))
    await save(bucket)
    return status(bucket)
  })
}

export function setLimits(store: ShopStore, limits: { maximumAvailable: number; restoreRate: number }, now: number): Promise<void> {
  return store.locked('bucket', 'graphql', async (_current, save) => {
    await save({ ...limits, available: limits.maximumAvailable, at: now })
  })
}
