import { Outlet } from '@remix-run/react'
import { AppShell } from '~/components/AppShell'

/** The "default" layout of spec §2. Guards stay in each child's loader and action. */
export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
