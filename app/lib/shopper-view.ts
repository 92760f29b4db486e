import { useMatches } from '@remix-run/react'

/** Shopper-facing pages (share links): no app script, no app stylesheet, no session. */
export const isShopperPath = (pathname: string) => /^\/share(v2)?\//.test(pathname)

export interface RouteHandle {
  shopperView?: boolean
}

export function useShopperView(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.shopperView)
}
