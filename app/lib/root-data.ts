import { useRouteLoaderData } from '@remix-run/react'
import type { Plan } from '../../server/domain/plans'
import type { SnackbarInput } from '../../server/domain/snackbar'
import type { PublicUser } from '../../server/domain/user'
import type { PaymentCheck } from '../components/dialogs/PaymentInfoDialog'
import type { Clock } from './format-time'

export interface RootData {
  user: PublicUser | null
  userFetchFailed: boolean
  toasts: (SnackbarInput & { id: string })[]
  googleEnabled: boolean
  publicUrl: string
  /** Loaded only while the upgrade dialog is open. */
  plans: Plan[] | null
  plansFailed: boolean
  /** The viewer's time zone and language as the server could tell (the browser refines it). */
  clock: Clock
  /** The payment check's outcome when the URL carries a Checkout session_id (reference §2.9 query parameters, §7.4). */
  paymentCheck: PaymentCheck | null
}

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root')
  if (!data) throw new Error('root data missing')
  return data
}
