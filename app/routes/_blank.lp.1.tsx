import type { MetaFunction } from '@remix-run/node'
import { Link, useLocation } from '@remix-run/react'
import { withParams } from '~/lib/dialog-url'
import { FREE_SIGNUP_CREDITS } from '../../server/domain/accounts'

export const meta: MetaFunction = () => [{ title: 'Pagewright — honest product pages in seconds' }]

export const loader = () => null

/** Landing page 1 (campaign traffic). The upgrade dialog here hides its plan-loading error. */
export default function Landing1() {
  const { pathname, search } = useLocation()
  return (
    <section className="landing">
      <h1>Product pages that sell, without the made-up reviews</h1>
      <p className="lead">Paste a product link. Pagewright imports the real facts and writes a fast landing page in seconds.</p>
      <div className="landing-actions">
        <Link to="/account/sign-up" className="button button--primary">{`Start free — ${FREE_SIGNUP_CREDITS} credits`}</Link>
        <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button">
          See Pro plans
        </Link>
      </div>
    </section>
  )
}
