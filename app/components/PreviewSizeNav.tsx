import { Link, useLocation } from '@remix-run/react'
import { withParams } from '../lib/dialog-url'

/** Desktop or mobile preview, as a `device` query parameter (links: no JavaScript needed). */
export function PreviewSizeNav({ device }: { device: 'desktop' | 'mobile' }) {
  const { pathname, search } = useLocation()
  return (
    <nav className="segmented" aria-label="Preview size">
      <Link
        to={withParams(pathname, search, { device: null })}
        replace
        preventScrollReset
        aria-current={device === 'desktop' ? 'true' : undefined}
      >
        Desktop
      </Link>
      <Link
        to={withParams(pathname, search, { device: 'mobile' })}
        replace
        preventScrollReset
        aria-current={device === 'mobile' ? 'true' : undefined}
      >
        Mobile
      </Link>
    </nav>
  )
}
