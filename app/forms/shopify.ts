import { z } from 'zod'
import { optionalText, requiredText } from '../../server/domain/validation'

/** The connect screen's buttons. */
export const CONNECT_INTENT = { connect: 'connect', demo: 'demo', custom: 'custom' } as const

/** /connect-shopify: the store's address for OAuth, the demo shop, or a custom app's token. */
export const connectSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(CONNECT_INTENT.connect), shop: requiredText({ max: 255 }) }),
  z.object({ intent: z.literal(CONNECT_INTENT.demo) }),
  z.object({
    intent: z.literal(CONNECT_INTENT.custom),
    shop: requiredText({ max: 255 }),
    access_token: requiredText({ max: 255 }),
    api_secret: optionalText({ max: 255 }),
  }),
])

/** /stores: one store, one action. Disconnecting needs the confirmation the screen asks for. */
export const STORE_INTENT = { current: 'current', sync: 'sync', disconnect: 'disconnect', uploadTheme: 'upload-theme' } as const
export const storeActionSchema = z.object({
  intent: z.enum([STORE_INTENT.current, STORE_INTENT.sync, STORE_INTENT.disconnect, STORE_INTENT.uploadTheme]),
  store_id: z.coerce.number().int().positive(),
  confirm: z.literal('yes').optional(),
})
