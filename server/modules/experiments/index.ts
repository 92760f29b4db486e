/** What other areas may use of experiments: the counts the shopper side flushes, here or through the api. */
export { addShopperCounts, remoteShopperCounts } from './counts'
