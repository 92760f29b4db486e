import { useMatches } from '@remix-run/react'

export interface RouteHandle {
  shopperView?: boolean
}

export function useShopperView(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.shopperView)
}
