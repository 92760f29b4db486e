import { GraphQLError } from 'graphql'
import type { Database } from '../db/client'
import { gidNumber } from './schema'
import type { ProductData, ShopData, ShopStore } from './state'

export interface DemoShopDeps {
  database: Database
  clock: () => Date
  /** Our server's public origin: storefront, admin and OAuth pages of a demo shop live at `${publicUrl}/demo-shop/{shop}/…`. */
  publicUrl: string
  /**
   * The Pagewright app as Shopify knows it: OAuth client id/secret (HMACs are signed with apiSecret),
   * app URL (redirect and app URLs must be on its origin).
   */
  app: { apiKey: string; apiSecret: string; appUrl: string }
  /** Sends a webhook POST to a subscription's uri (the lead passes an in-process sender for our own origin). */
  deliver: (request: Request) => Promise<Response>
  /** Fetches a URL (themeCreate's source zip); in-process for our own origin. */
  fetchUrl: (url: string) => Promise<Response>
  /**
   * The Pagewright user id of the request's signed-in web session, or null. A shop's admin, app link
   * and OAuth consent answer only its owner (Shopify's own admin needs the merchant's sign-in).
   */
  viewerOf: (request: Request) => Promise<number | null>
}

/** One request's view of one shop. */
export interface ShopContext {
  deps: DemoShopDeps
  shop: ShopData
  store: ShopStore
  /** `${publicUrl}/demo-shop/{shop}`: what `https://{shop}` means for a demo shop. */
  origin: string
  now(): Date
  /** A new globally unique object number (products, variants, images, themes …). */
  newId(): Promise<number>
}

export interface GraphqlContext extends ShopContext {
  /** Scopes of the access token, with the reads that writes imply. */
  scopes: Set<string>
  /** Running a bulk query: connections may omit `first`. */
  bulk: boolean
  /** Work to do once the response is written (webhooks Shopify sends after a mutation). */
  after: (() => Promise<void>)[]
}

export const API_VERSION = '2026-10'

/** Shopify's answer when the token lacks a scope. */
export function requireScope(ctx: GraphqlContext, scope: string, field: string) {
  if (ctx.scopes.has(scope)) return
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: `\`${scope}\` access scope.`,
    },
  })
}

/** Reads that a granted write implies (`write_products` → `read_products`). */
export function expandScopes(scopes: string[]): Set<string> {
  const out = new Set(scopes)
  for (const s of scopes) if (s.startsWith('write_')) out.add(`read_${s.slice('write_'.length)}`)
  return out
}

/** What Shopify answers in the token's `scope`: a read is left out when its write is there. */
export const compressScopes = (scopes: string[]) =>
  [...new Set(scopes)].filter((s) => !(s.startsWith('read_') && scopes.includes(`write_${s.slice('read_'.length)}`))).join(',')

export const money = (value: string | number) => (typeof value === 'number' ? value : Number(value)).toFixed(2)
/** Shopify's Decimal scalar: "48.0", "12.5". */
export const decimal = (value: string | number) => {
  const n = Number(value)
  return Number.isInteger(n) ? n.toFixed(1) : String(n)
}

/** A gid argument of the expected type, or Shopify's coercion error. */
export function idArg(value: unknown, type: string): number {
  const n = gidNumber(value, type)
  if (n === null)
    throw new GraphQLError(`Invalid global id '${String(value)}'`, {
      extensions: { code: 'argumentLiteralsIncompatible', typeName: 'CoercionError' },
    })
  return n
}

export const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id)

export async function allProducts(ctx: { store: ShopStore }): Promise<ProductData[]> {
  return byId(await ctx.store.list('product'))
}

/** `$app` and `$app:x` are the app's reserved namespaces (`app--{id}`, `app--{id}--x`); none given means `$app`. */
export function resolveNamespace(namespace: string | null | undefined, appId: number): string {
  if (namespace == null || namespace === '$app') return `app--${appId}`
  if (namespace.startsWith('$app:')) return `app--${appId}--${namespace.slice('$app:'.length)}`
  return namespace
}

/** On the Online Store: shown on the storefront and given an `onlineStoreUrl`. */
export const isPublished = (p: ProductData) => p.status === 'ACTIVE'
