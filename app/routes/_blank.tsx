import { Outlet } from '@remix-run/react'
import { BlankLayout } from '~/components/BlankLayout'
import { useShopperView } from '~/lib/shopper-view'

/** The "blank" layout of reference §2.1. Guards stay in each child's loader and action. */
export default function Blank() {
  // Share pages are the shopper's whole screen.
  if (useShopperView()) return <Outlet />
  return (
    <BlankLayout>
      <Outlet />
    </BlankLayout>
  )
}
