/** /products: the buttons of a product card and of the bulk bar (no zod here: the screen's script imports this). */
export const CATALOG_INTENT = {
  create: 'create',
  favorite: 'favorite',
  unfavorite: 'unfavorite',
  bulk: 'bulk',
  sync: 'sync',
} as const
