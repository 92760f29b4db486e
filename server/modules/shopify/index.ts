/** What other areas may use of the Shopify area: its services, and the work its jobs do. */
export { createShopifyServices } from './services'
export { runSync, refreshProduct, PAGE_SIZE } from './sync'
export { runPublish } from './publish-job'
export { followThemeChange } from './publish-theme'
export { forgetShop } from './stores'
export { republishLive } from './republish'
export { runChallengerSync } from './challenger'
