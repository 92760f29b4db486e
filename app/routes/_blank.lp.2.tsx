import type { MetaFunction } from '@remix-run/node'
import { Link, useLocation } from '@remix-run/react'
import { withParams } from '~/lib/dialog-url'
import { FREE_SIGNUP_CREDITS } from '../../server/domain/accounts'

export const meta: MetaFunction = () => [{ title: 'Pagewright — honest product pages in seconds' }]

export const loader = () => null

/** Landing page 2 (campaign traffic). The upgrade dialog here hides its plan-loading error. */
export default function Landing2() {
  const { pathname, search } = useLocation()
  return (
    <section className="landing">
      <h1>From AliExpress link to Shopify page in one go</h1>
      <p className="lead">
        Import a marketplace product, review the outline, publish into your store. Every claim on the page comes from the source.
      </p>
      <div className="landing-actions">
        <Link to="/account/sign-up" className="button button--primary">{`Start free — ${FREE_SIGNUP_CREDITS} credits`}</Link>
        <Link to={withParams(pathname, search, { dialog: 'upgrade' })} preventScrollReset className="button">
          See Pro plans
        </Link>
      </div>
    </section>
  )
}
