import { Outlet } from '@remix-run/react'
import { AppShell } from '~/components/AppShell'

/** The "default" layout of reference §2.1. Guards stay in each child's loader and action. */
export default function DefaultLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}
