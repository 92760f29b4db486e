import { bulkOperationRunQuery } from './bulk'
import type { GraphqlContext } from './context'
import { fileCreate, stagedUploadsCreate } from './files'
import { metafieldsDelete, metafieldsSet } from './metafields'
import { productSet, productUpdate } from './product-mutations'
import type { WebhookData } from './state'
import { themeCreate, themeFilesUpsert } from './theme-mutations'
import { webPixelCreate, webPixelUpdate } from './web-pixels'

async function webhookSubscriptionCreate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  const input = args.webhookSubscription as { uri?: string | null; callbackUrl?: string | null; format?: 'JSON' | 'XML' | null }
  const uri = input.uri ?? input.callbackUrl ?? ''
  const fail = (message: string) => ({
    webhookSubscription: null,
    userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message }],
  })
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return fail('Address is invalid')
  }
  // Shopify wants https; the demo shop also takes http, since `npm start` serves plain http.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail(`Address protocol ${url.protocol}// is not supported`)
  const existing = await ctx.store.list('webhook')
  if (existing.some((w) => w.topic === args.topic && w.uri === uri)) return fail('Address for this topic has already been taken')
  const subscription: WebhookData = {
    id: await ctx.newId(),
    topic: String(args.topic),
    uri,
    format: input.format ?? 'JSON',
    createdAt: ctx.now().toISOString(),
  }
  await ctx.store.put('webhook', subscription.id, subscription)
  return { webhookSubscription: subscription, userErrors: [] }
}

/** Every mutation Pagewright's documents send. */
export const mutationResolvers = {
  bulkOperationRunQuery,
  productSet,
  productUpdate,
  metafieldsSet,
  metafieldsDelete,
  themeFilesUpsert,
  themeCreate,
  webhookSubscriptionCreate,
  stagedUploadsCreate,
  fileCreate,
  webPixelCreate,
  webPixelUpdate,
}
