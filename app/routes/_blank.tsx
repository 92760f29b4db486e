import { Outlet } from '@remix-run/react'
import { BlankLayout } from '~/components/BlankLayout'

/** The "blank" layout of spec §2. Guards stay in each child's loader and action. */
export default function Blank() {
  return (
    <BlankLayout>
      <Outlet />
    </BlankLayout>
  )
}
