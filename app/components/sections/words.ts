import { createContext, useContext } from 'react'
import { shopperWords, type ShopperWords } from '../../../server/domain/page/shopper-words'

/**
 * The renderers' own words in the page's language (server/domain/page/shopper-words.ts), set by
 * PageView for everything inside it; English for a section rendered on its own.
 */
export const ShopperWordsContext = createContext<ShopperWords>(shopperWords())

export const useShopperWords = () => useContext(ShopperWordsContext)
