import { GraphQLError } from 'graphql'
import { requireScope, resolveNamespace, type GraphqlContext } from './context'
import { gidNumber } from './schema'
import type { MetafieldData } from './state'

export interface MetafieldInput {
  namespace?: string | null
  key?: string | null
  type?: string | null
  value?: string | null
}

export interface UserError {
  field: string[]
  message: string
  code?: string
  elementIndex?: number
}

/** Shopify's value limit for a metafield (the brief's cap for `json`). */
export const MAX_METAFIELD_BYTES = 2 * 1024 * 1024

const TYPES = new Set([
  'boolean',
  'color',
  'date',
  'date_time',
  'json',
  'money',
  'multi_line_text_field',
  'number_decimal',
  'number_integer',
  'rich_text_field',
  'single_line_text_field',
  'url',
  'list.single_line_text_field',
  'list.url',
])

function valueError(type: string, value: string): string | null {
  switch (type) {
    case 'json':
    case 'rich_text_field':
    case 'money':
      try {
        JSON.parse(value)
        return null
      } catch (e) {
        return `Value is invalid JSON: ${e instanceof Error ? e.message : 'unexpected token'}.`
      }
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'Value must be true or false.'
    case 'number_integer':
      return /^-?\d+$/.test(value) ? null : 'Value must be an integer.'
    case 'number_decimal':
      return Number.isFinite(Number(value)) ? null : 'Value must be a decimal number.'
    case 'url':
      return /^(https?:\/\/|mailto:|sms:|tel:|\/)/.test(value) ? null : 'Value must be a URL.'
    default:
      return null
  }
}

/** Everything wrong with a list of metafield inputs (nothing is written when there is anything). */
export function metafieldErrors(inputs: MetafieldInput[], appId: number, existing: MetafieldData[], prefix: string[]): UserError[] {
  const errors: UserError[] = []
  inputs.forEach((m, i) => {
    const at = (name: string) => [...prefix, String(i), name]
    const err = (name: string, message: string, code: string) => errors.push({ field: at(name), message, code, elementIndex: i })
    const namespace = resolveNamespace(m.namespace, appId)
    const key = m.key ?? ''
    if (!/^[a-zA-Z0-9_-]{2,64}$/.test(key))
      return err('key', 'Key must be 2-64 characters of letters, digits, dashes and underscores.', 'INVALID')
    if (!/^[a-zA-Z0-9_-]{3,255}$/.test(namespace))
      return err('namespace', 'Namespace must be 3-255 characters of letters, digits, dashes and underscores.', 'INVALID')
    const type = m.type ?? existing.find((x) => x.namespace === namespace && x.key === key)?.type
    if (!type) return err('type', "Type can't be blank.", 'BLANK')
    if (!TYPES.has(type)) return err('type', `Type '${type}' is not a valid metafield type.`, 'INVALID_TYPE')
    const value = m.value ?? ''
    if (Buffer.byteLength(value) > MAX_METAFIELD_BYTES)
      return err('value', 'Value is too big: the maximum size is 2 MB.', 'LESS_THAN_OR_EQUAL_TO')
    const problem = valueError(type, value)
    if (problem) return err('value', problem, 'INVALID_VALUE')
  })
  return errors
}

/** Writes one (already checked) input into `list`; returns the stored metafield. */
export async function upsertMetafield(ctx: GraphqlContext, list: MetafieldData[], m: MetafieldInput): Promise<MetafieldData> {
  const namespace = resolveNamespace(m.namespace, ctx.shop.appId)
  const now = ctx.now().toISOString()
  const found = list.find((x) => x.namespace === namespace && x.key === m.key)
  if (found) {
    Object.assign(found, { type: m.type ?? found.type, value: m.value ?? '', updatedAt: now })
    return found
  }
  const created: MetafieldData = {
    id: await ctx.newId(),
    namespace,
    key: m.key!,
    type: m.type!,
    value: m.value ?? '',
    createdAt: now,
    updatedAt: now,
  }
  list.push(created)
  return created
}

interface MetafieldsSetInput extends MetafieldInput {
  ownerId: string
}

/** `metafieldsSet`: products and the shop own metafields here; all inputs are written, or none. */
export async function metafieldsSet(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  const inputs = args.metafields as MetafieldsSetInput[]
  if (inputs.length > 25)
    return {
      metafields: null,
      userErrors: [{ field: ['metafields'], message: 'Exceeded the maximum metafields input limit of 25.', code: 'LESS_THAN_OR_EQUAL_TO' }],
    }
  const products = new Map<number, Awaited<ReturnType<typeof ctx.store.get<'product'>>>>()
  const shop = structuredClone(ctx.shop)
  const errors: UserError[] = []
  for (const [i, m] of inputs.entries()) {
    const productId = gidNumber(m.ownerId, 'Product')
    const shopId = gidNumber(m.ownerId, 'Shop')
    let list: MetafieldData[] | null = null
    if (productId !== null) {
      requireScope(ctx, 'write_products', 'metafieldsSet')
      if (!products.has(productId)) products.set(productId, await ctx.store.get('product', productId))
      list = products.get(productId)?.metafields ?? null
    } else if (shopId === ctx.shop.shopId) list = shop.metafields
    else if (!/^gid:\/\/shopify\/[A-Za-z]+\/\d+$/.test(m.ownerId))
      throw new GraphQLError(`Invalid global id '${m.ownerId}'`, { extensions: { code: 'argumentLiteralsIncompatible' } })
    if (!list) {
      errors.push({ field: ['metafields', String(i), 'ownerId'], message: 'Owner does not exist.', code: 'INVALID', elementIndex: i })
      continue
    }
    errors.push(
      ...metafieldErrors([m], ctx.shop.appId, list, ['metafields']).map((e) => ({
        ...e,
        field: ['metafields', String(i), e.field[2]],
        elementIndex: i,
      })),
    )
  }
  if (errors.length) return { metafields: null, userErrors: errors }
  const written: MetafieldData[] = []
  for (const m of inputs) {
    const productId = gidNumber(m.ownerId, 'Product')
    const list = productId !== null ? products.get(productId)!.metafields : shop.metafields
    written.push({ ...(await upsertMetafield(ctx, list, m)) })
  }
  const now = ctx.now().toISOString()
  for (const product of products.values()) if (product) await ctx.store.put('product', product.id, { ...product, updatedAt: now })
  if (inputs.some((m) => gidNumber(m.ownerId, 'Shop') !== null)) await ctx.store.put('shop', 'shop', shop)
  return { metafields: written, userErrors: [] }
}

interface MetafieldIdentifierInput {
  ownerId: string
  namespace: string
  key: string
}

/** `metafieldsDelete`: each identified metafield of a product (or the shop) is removed; one that is not there answers null. */
export async function metafieldsDelete(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  const inputs = args.metafields as MetafieldIdentifierInput[]
  if (inputs.length > 250)
    return { deletedMetafields: null, userErrors: [{ field: ['metafields'], message: 'At most 250 metafields at once.' }] }
  const deleted: (MetafieldIdentifierInput | null)[] = []
  const now = ctx.now().toISOString()
  for (const m of inputs) {
    const namespace = resolveNamespace(m.namespace, ctx.shop.appId)
    const productId = gidNumber(m.ownerId, 'Product')
    if (productId !== null) {
      requireScope(ctx, 'write_products', 'metafieldsDelete')
      const product = await ctx.store.get('product', productId)
      const kept = product?.metafields.filter((x) => !(x.namespace === namespace && x.key === m.key))
      if (!product || kept!.length === product.metafields.length) deleted.push(null)
      else {
        await ctx.store.put('product', product.id, { ...product, metafields: kept!, updatedAt: now })
        deleted.push(m)
      }
    } else if (gidNumber(m.ownerId, 'Shop') === ctx.shop.shopId) {
      const kept = ctx.shop.metafields.filter((x) => !(x.namespace === namespace && x.key === m.key))
      if (kept.length === ctx.shop.metafields.length) deleted.push(null)
      else {
        await ctx.store.put('shop', 'shop', { ...ctx.shop, metafields: kept })
        deleted.push(m)
      }
    } else deleted.push(null)
  }
  return { deletedMetafields: deleted, userErrors: [] }
}
