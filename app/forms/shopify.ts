import type { FieldRule } from '../lib/form'

/** The connect screen's buttons. */
export const CONNECT_INTENT = { connect: 'connect', demo: 'demo', custom: 'custom' } as const

/** /stores: one store, one action. */
export const STORE_INTENT = {
  current: 'current',
  sync: 'sync',
  disconnect: 'disconnect',
  uploadTheme: 'upload-theme',
  retryThemeFiles: 'retry-theme-files',
} as const

/** A publication's buttons (the publish panel posts them to /publications/{id}). */
export const PUBLICATION_INTENT = {
  unpublish: 'unpublish',
  allowDescription: 'allow-description',
  withdrawDescription: 'withdraw-description',
  retryThemeFiles: 'retry-theme-files',
} as const

/** The longest store address or token the connect forms take (the schemas' limit too). */
export const SHOP_MAX = 255

/** What the browser checks before posting the store's address; the action checks all with shopify.server.ts. */
export const CONNECT_RULES = { shop: { required: true, maxLength: SHOP_MAX } satisfies FieldRule }
