import { storefrontProductUrl } from '../domain/shopify'
import { connection, type PageArgs } from './connection'
import { allProducts, byId, decimal, idArg, isPublished, money, requireScope, resolveNamespace, type GraphqlContext } from './context'
import { isShopFile, nodesQuery, shopFileErrors, shopFileImage } from './files'
import { gid } from './schema'
import type { BulkData, FileData, ImageData, MetafieldData, ProductData, ThemeData, VariantData, WebhookData } from './state'
import { jobQuery } from './theme-mutations'
import { webPixelQuery } from './web-pixels'

type Args = Record<string, unknown>
type Resolver<P = unknown> = (parent: P, args: Args, ctx: GraphqlContext) => unknown

const moneyV2 = (amount: string, currencyCode: string) => ({ amount: decimal(amount), currencyCode })
const prices = (p: ProductData) => p.variants.map((v) => Number(v.price))
const compareAts = (p: ProductData) => p.variants.filter((v) => v.compareAtPrice !== null).map((v) => Number(v.compareAtPrice))

const productResolvers: Record<string, Resolver<ProductData>> = {
  id: (p) => gid('Product', p.id),
  legacyResourceId: (p) => String(p.id),
  onlineStoreUrl: (p, _a, ctx) => (isPublished(p) ? storefrontProductUrl(ctx.origin, p.handle) : null),
  onlineStorePreviewUrl: (p, _a, ctx) => storefrontProductUrl(ctx.origin, p.handle),
  description: (p) =>
    p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  totalInventory: (p) => p.variants.reduce((sum, v) => sum + (v.tracked ? v.inventory : 0), 0),
  tracksInventory: () => true,
  hasOnlyDefaultVariant: (p) => p.variants.length === 1 && p.variants[0].title === 'Default Title',
  priceRangeV2: (p, _a, ctx) => {
    const ps = prices(p)
    return {
      minVariantPrice: moneyV2(String(ps.length ? Math.min(...ps) : 0), ctx.shop.currency),
      maxVariantPrice: moneyV2(String(ps.length ? Math.max(...ps) : 0), ctx.shop.currency),
    }
  },
  compareAtPriceRange: (p, _a, ctx) => {
    const c = compareAts(p)
    if (!c.length) return null
    return {
      minVariantCompareAtPrice: moneyV2(String(Math.min(...c)), ctx.shop.currency),
      maxVariantCompareAtPrice: moneyV2(String(Math.max(...c)), ctx.shop.currency),
    }
  },
  options: (p, args) =>
    p.options
      .slice(0, typeof args.first === 'number' ? args.first : undefined)
      .map((o, i) => ({ id: gid('ProductOption', o.id), name: o.name, values: o.values, position: i + 1, optionValues: [] })),
  media: (p, args, ctx) => connection(p.images, args as PageArgs, ctx.bulk),
  variants: (p, args, ctx) => connection(p.variants, args as PageArgs, ctx.bulk),
  variantsCount: (p) => ({ count: p.variants.length, precision: 'EXACT' }),
  featuredMedia: (p) => p.images[0] ?? null,
  metafield: (p, args, ctx) => findMetafield(p.metafields, ctx, args.namespace as string | undefined, args.key as string),
  metafields: (p, args, ctx) => connection(p.metafields, args as PageArgs, ctx.bulk),
}

/** Reads resolve `$app:x` like writes do. */
function findMetafield(list: MetafieldData[], ctx: GraphqlContext, namespace: string | undefined, key: string) {
  const ns = resolveNamespace(namespace, ctx.shop.appId)
  return list.find((m) => m.namespace === ns && m.key === key) ?? null
}

const variantResolvers: Record<string, Resolver<VariantData>> = {
  id: (v) => gid('ProductVariant', v.id),
  legacyResourceId: (v) => String(v.id),
  price: (v) => money(v.price),
  compareAtPrice: (v) => (v.compareAtPrice === null ? null : money(v.compareAtPrice)),
  availableForSale: (v) => !v.tracked || v.inventory > 0,
  inventoryQuantity: (v) => v.inventory,
  displayName: (v) => v.title,
}

/** A product's image, or a file of the shop's Files (files.ts: processed before it is READY). */
const mediaImageResolvers: Record<string, Resolver<ImageData | FileData>> = {
  id: (m) => gid('MediaImage', m.id),
  alt: (m) => m.alt ?? '',
  mediaContentType: () => 'IMAGE',
  status: (m) => (isShopFile(m) ? m.status : 'READY'),
  fileStatus: (m) => (isShopFile(m) ? m.status : 'READY'),
  fileErrors: (m) => (isShopFile(m) ? shopFileErrors(m) : []),
  mimeType: (m) => (isShopFile(m) ? m.mimeType : null),
  createdAt: (m) => (isShopFile(m) ? m.createdAt : new Date(0).toISOString()),
  updatedAt: (m) => (isShopFile(m) ? m.updatedAt : new Date(0).toISOString()),
  mediaErrors: () => [],
  mediaWarnings: () => [],
  image: (m, _a, ctx) =>
    isShopFile(m)
      ? shopFileImage(ctx, m)
      : { id: gid('ImageSource', m.id), url: m.url, src: m.url, originalSrc: m.url, altText: m.alt, width: 800, height: 800 },
  preview: (m, _a, ctx) => {
    const image = isShopFile(m)
      ? shopFileImage(ctx, m)
      : { id: gid('ImageSource', m.id), url: m.url, altText: m.alt, width: 800, height: 800 }
    return { status: isShopFile(m) ? m.status : 'READY', image }
  },
}

const metafieldResolvers: Record<string, Resolver<MetafieldData>> = {
  id: (m) => gid('Metafield', m.id),
  legacyResourceId: (m) => String(m.id),
  jsonValue: (m) => (m.type === 'json' ? JSON.parse(m.value) : m.value),
}

function themeFile(theme: ThemeData, filename: string) {
  const text = theme.files[filename]
  const base64 = theme.binary[filename]
  const body =
    text !== undefined
      ? { __typename: 'OnlineStoreThemeFileBodyText', content: text }
      : { __typename: 'OnlineStoreThemeFileBodyBase64', contentBase64: base64 }
  const size = text !== undefined ? Buffer.byteLength(text) : Buffer.from(base64, 'base64').length
  return {
    id: 0,
    filename,
    body,
    size: String(size),
    contentType: contentTypeOf(filename),
    checksumMd5: null,
    createdAt: theme.createdAt,
    updatedAt: theme.updatedAt,
  }
}

export function contentTypeOf(filename: string): string {
  const ext = filename.split('.').pop()?.toLowerCase() ?? ''
  const types: Record<string, string> = {
    css: 'text/css',
    js: 'application/javascript',
    json: 'application/json',
    liquid: 'application/x-liquid',
    svg: 'image/svg+xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    woff: 'font/woff',
    woff2: 'font/woff2',
    txt: 'text/plain',
  }
  return types[ext] ?? 'application/octet-stream'
}

/** `filenames` accept Shopify's `*` wildcard (`templates/*.json`). */
const matcher = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)

const themeResolvers: Record<string, Resolver<ThemeData>> = {
  id: (t) => gid('OnlineStoreTheme', t.id),
  prefix: () => '/t/1',
  processing: () => false,
  processingFailed: () => false,
  themeStoreId: () => null,
  files: (t, args) => {
    const patterns = (args.filenames as string[] | undefined)?.map(matcher)
    const names = [...Object.keys(t.files), ...Object.keys(t.binary)].sort().filter((n) => !patterns || patterns.some((p) => p.test(n)))
    const first = typeof args.first === 'number' ? args.first : 50
    const files = names.map((n, i) => ({ ...themeFile(t, n), id: i + 1 }))
    return connection(files, { first, after: args.after as string | undefined }, false)
  },
}

const bulkResolvers: Record<string, Resolver<BulkData>> = {
  id: (b) => gid('BulkOperation', b.id),
  type: () => 'QUERY',
  objectCount: (b) => String(b.objectCount),
  rootObjectCount: (b) => String(b.rootObjectCount),
  fileSize: (b) => (b.objectCount ? String(Buffer.byteLength(b.jsonl)) : null),
  url: (b, _a, ctx) => (b.objectCount ? `${ctx.origin}/bulk/${b.id}.jsonl?key=${b.key}` : null),
  partialDataUrl: () => null,
}

const webhookResolvers: Record<string, Resolver<WebhookData>> = {
  id: (w) => gid('WebhookSubscription', w.id),
  legacyResourceId: (w) => String(w.id),
  callbackUrl: (w) => w.uri,
  endpoint: (w) => ({ __typename: 'WebhookHttpEndpoint', callbackUrl: w.uri }),
  apiVersion: () => ({ handle: '2026-10', displayName: '2026-10', supported: true }),
  includeFields: () => [],
  metafieldNamespaces: () => [],
  metafields: () => [],
  updatedAt: (w) => w.createdAt,
}

const queryResolvers: Record<string, Resolver> = {
  shop: (_p, _a, ctx) => ({
    id: gid('Shop', ctx.shop.shopId),
    name: ctx.shop.name,
    email: ctx.shop.email,
    contactEmail: ctx.shop.email,
    myshopifyDomain: ctx.shop.domain,
    currencyCode: ctx.shop.currency,
    ianaTimezone: 'UTC',
    createdAt: ctx.shop.createdAt,
    url: ctx.origin,
    primaryDomain: {
      id: gid('Domain', ctx.shop.shopId),
      host: ctx.shop.domain,
      url: ctx.origin,
      sslEnabled: ctx.origin.startsWith('https:'),
    },
  }),
  currentAppInstallation: (_p, _a, ctx) => ({
    id: gid('AppInstallation', ctx.shop.appId),
    app: { id: gid('App', ctx.shop.appId), title: 'Pagewright', apiKey: ctx.deps.app.apiKey, handle: 'pagewright', embedded: false },
    accessScopes: [...ctx.scopes].sort().map((handle) => ({ handle, description: handle.replace(/_/g, ' ') })),
    launchUrl: ctx.deps.app.appUrl,
  }),
  products: async (_p, args, ctx) => {
    requireScope(ctx, 'read_products', 'products')
    return connection(await allProducts(ctx), args as PageArgs, ctx.bulk)
  },
  productsCount: async (_p, args, ctx) => {
    requireScope(ctx, 'read_products', 'productsCount')
    const count = (await ctx.store.list('product')).length
    const limit = typeof args.limit === 'number' ? args.limit : null
    return limit !== null && count > limit ? { count: limit, precision: 'AT_LEAST' } : { count, precision: 'EXACT' }
  },
  product: async (_p, args, ctx) => {
    requireScope(ctx, 'read_products', 'product')
    return ctx.store.get('product', idArg(args.id, 'Product'))
  },
  bulkOperation: (_p, args, ctx) => ctx.store.get('bulk', idArg(args.id, 'BulkOperation')),
  themes: async (_p, args, ctx) => {
    requireScope(ctx, 'read_themes', 'themes')
    const roles = args.roles as string[] | undefined
    const names = args.names as string[] | undefined
    const themes = byId(await ctx.store.list('theme')).filter(
      (t) => (!roles || roles.includes(t.role)) && (!names || names.includes(t.name)),
    )
    return connection(themes, args as PageArgs, false)
  },
  theme: async (_p, args, ctx) => {
    requireScope(ctx, 'read_themes', 'theme')
    return ctx.store.get('theme', idArg(args.id, 'OnlineStoreTheme'))
  },
  job: jobQuery,
  nodes: nodesQuery,
  webPixel: webPixelQuery,
}

/** Resolvers for every field Pagewright's documents reach; the rest answer from the records' own properties. */
export const typeResolvers = {
  QueryRoot: queryResolvers,
  Product: productResolvers,
  ProductVariant: variantResolvers,
  MediaImage: mediaImageResolvers,
  Metafield: metafieldResolvers,
  OnlineStoreTheme: themeResolvers,
  BulkOperation: bulkResolvers,
  WebhookSubscription: webhookResolvers,
  Media: { __resolveType: () => 'MediaImage' },
  File: { __resolveType: () => 'MediaImage' },
  Node: { __resolveType: () => 'MediaImage' },
  OnlineStoreThemeFileBody: { __resolveType: (b: { __typename: string }) => b.__typename },
  WebhookSubscriptionEndpoint: { __resolveType: (e: { __typename: string }) => e.__typename },
}
