import { redirect } from '@remix-run/node'
import type { SnackbarInput } from '../../server/domain/snackbar'
import { flashToast } from './session'

/** Success feedback: redirect and show a snackbar on the next page (works with JS off). */
export async function redirectWithToast(request: Request, to: string, toast: SnackbarInput, headers?: HeadersInit) {
  const h = new Headers(headers)
  h.append('Set-Cookie', await flashToast(request, toast))
  return redirect(to, { headers: h })
}

/** A 4xx the error boundary shows, with a message a person understands. */
export function httpError(status: number, message: string): Response {
  return new Response(JSON.stringify({ message }), { status, headers: { 'Content-Type': 'application/json' } })
}
