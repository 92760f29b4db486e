import { redirect } from '@remix-run/node'
import type { SnackbarInput } from '../../server/domain/snackbar'
import { DIALOG_PARAMS } from '../../server/domain/url-state'
import { ApiError } from './api'
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

/**
 * The api's 503 (its database is not answering) as a page with that status, its message and its
 * Retry-After, instead of a 500; null for any other error.
 */
export function unavailablePage(error: unknown): Response | null {
  if (!(error instanceof ApiError) || error.status !== 503) return null
  const res = httpError(503, error.message)
  const retryAfter = Number(error.body.retry_after)
  if (Number.isInteger(retryAfter) && retryAfter > 0) res.headers.set('Retry-After', String(retryAfter))
  return res
}

/**
 * What to throw for an api failure: its 4xx (and its 503) as a page with that status and message
 * (404 stays 404), not a 500; anything else as it is.
 */
export function asHttpError(error: unknown): unknown {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return httpError(error.status, error.message)
  return unavailablePage(error) ?? error
}

/** Api answers in the 4xx range (and its 503) become pages with that status (404 stays 404), not a 500. */
export async function orHttpError<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending
  } catch (error) {
    throw asHttpError(error)
  }
}

/** Back to the page the form was on, without dialog parameters or Remix's own. */
export function backToForm(request: Request) {
  const url = new URL(request.url)
  for (const k of ['index', '_data', ...DIALOG_PARAMS]) url.searchParams.delete(k)
  const qs = url.searchParams.toString()
  return `${url.pathname}${qs ? `?${qs}` : ''}`
}
