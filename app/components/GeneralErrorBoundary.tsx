import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import { useEffect } from 'react'
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload'
import { errorPageFor, type ErrorPage } from '../lib/error-page'

/** The status an error stands for: a thrown response's own, 500 for anything else. */
export const errorStatus = (error: unknown): number => (isRouteErrorResponse(error) ? error.status : 500)

/** The error page of a status (app/lib/error-page.ts): its heading and words, and the route's own message under the heading. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const { pathname, search } = useLocation()
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError()
  }, [error])
  const page = errorPageFor(errorStatus(error))
  const detail = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : null
  return (
    <section className="card error-page" data-testid="error-page">
      <h1>{page.heading}</h1>
      {detail ? <p data-testid="error-detail">{detail}</p> : null}
      <p className="muted" data-testid="error-words">
        {page.words}
      </p>
      <p className="actions-row">
        <NextLink next={page.next} here={`${pathname}${search}`} />
      </p>
    </section>
  )
}

/** A plain link (it must work without JS, and after an error the app may not have loaded). */
function NextLink({ next, here }: { next: ErrorPage['next']; here: string }) {
  if (next === 'reload')
    return (
      <>
        <a href={here} className="button button--primary">
          Reload this page
        </a>
        <Link to="/" className="button">
          Go to your pages
        </Link>
      </>
    )
  if (next === 'signIn')
    return (
      <a href={`/account/login?${new URLSearchParams({ redirectTo: here })}`} className="button button--primary">
        Sign in again
      </a>
    )
  return (
    <Link to="/" className="button">
      Go to your pages
    </Link>
  )
}
