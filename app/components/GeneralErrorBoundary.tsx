import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { useEffect } from 'react'
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload'

/** Spec §8: 404 shows "Page Not Found", anything else "Internal Server Error". */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const is404 = isRouteErrorResponse(error) && error.status === 404
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkError()
  }, [error])
  const detail = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : null
  return (
    <section className="card error-page" data-testid="error-page">
      <h1>{is404 ? 'Page Not Found' : 'Internal Server Error'}</h1>
      {detail ? <p data-testid="error-detail">{detail}</p> : null}
      {!is404 ? <p className="muted">Something went wrong on our side. Please try again in a moment.</p> : null}
      <p>
        <Link to="/" className="button">
          Go to your pages
        </Link>
      </p>
    </section>
  )
}
