/** Kept apart from the zod schemas so screens can name platforms without shipping zod. */
/** Where a product came from. `text` is a description pasted by the user. */
export const PLATFORMS = ['shopify', 'aliexpress', 'amazon', 'temu', 'dhgate', 'tiktok', 'generic', 'text'] as const
export type Platform = (typeof PLATFORMS)[number]

export const PLATFORM_NAMES: Record<Platform, string> = {
  shopify: 'Shopify',
  aliexpress: 'AliExpress',
  amazon: 'Amazon',
  temu: 'Temu',
  dhgate: 'DHgate',
  tiktok: 'TikTok Shop',
  generic: 'the product page',
  text: 'your description',
}
