import { z } from 'zod'
import { CATALOG_INTENT } from './catalog'

/** What /products and /google-shopping accept from their forms and URLs (read by loaders and actions only). */
const id = z.coerce.number().int().positive()

export const catalogActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(CATALOG_INTENT.create), product_id: id }),
  z.object({ intent: z.literal(CATALOG_INTENT.favorite), product_id: id }),
  z.object({ intent: z.literal(CATALOG_INTENT.unfavorite), product_id: id }),
  z.object({ intent: z.literal(CATALOG_INTENT.sync), store_id: id }),
  z.object({
    intent: z.literal(CATALOG_INTENT.bulk),
    ids: z.array(id).min(1, 'Tick at least one product.').max(200),
    action: z.enum(['favorite', 'unfavorite', 'delete', 'restore']),
  }),
])

/** The list's filters, read from the URL (anything unknown is ignored). */
export const catalogFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  show: z.enum(['all', 'favorites', 'with-pages', 'without-pages', 'removed']).catch('all'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
})

/** /google-shopping: the ticked products, propose or accept, and where accepted text goes. */
export const optimizeFormSchema = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1, 'Tick at least one product.').max(50, 'At most 50 products at a time.'),
  action: z.enum(['propose', 'accept']),
  write_to: z.enum(['metafields', 'product']).catch('metafields'),
})
