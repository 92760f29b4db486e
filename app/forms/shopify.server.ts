import { z } from 'zod'
import { optionalText, requiredText } from '../../server/domain/validation'
import { CONNECT_INTENT, PUBLICATION_INTENT, SHOP_MAX, STORE_INTENT } from './shopify'

/** /connect-shopify: the store's address for OAuth, the demo shop, or a custom app's token. */
export const connectSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(CONNECT_INTENT.connect), shop: requiredText({ max: SHOP_MAX }) }),
  z.object({ intent: z.literal(CONNECT_INTENT.demo) }),
  z.object({
    intent: z.literal(CONNECT_INTENT.custom),
    shop: requiredText({ max: SHOP_MAX }),
    access_token: requiredText({ max: SHOP_MAX }),
    api_secret: optionalText({ max: SHOP_MAX }),
  }),
])

/** /stores: one store, one action. Disconnecting needs the confirmation the screen asks for. */
export const storeActionSchema = z.object({
  intent: z.enum([
    STORE_INTENT.current,
    STORE_INTENT.sync,
    STORE_INTENT.disconnect,
    STORE_INTENT.uploadTheme,
    STORE_INTENT.retryThemeFiles,
  ]),
  store_id: z.coerce.number().int().positive(),
  confirm: z.literal('yes').optional(),
})

/** /publications/{id}: one button of the publish panel, and where to come back to. */
export const publicationActionSchema = z.object({
  intent: z.enum([
    PUBLICATION_INTENT.unpublish,
    PUBLICATION_INTENT.allowDescription,
    PUBLICATION_INTENT.withdrawDescription,
    PUBLICATION_INTENT.retryThemeFiles,
  ]),
  store_id: z.coerce.number().int().positive().optional(),
  back: z.string().max(2048).optional(),
})
