import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { createApiClient, transportFor } from '~/.server/api'
import { referralCookie } from '~/.server/session'
import { CREDITS_PER_PAGE, FREE_SIGNUP_CREDITS, pagesFromCredits } from '../../server/domain/entitlements'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.inviter ? `${data.inviter} invited you to Pagewright` : 'Join Pagewright' },
  { name: 'robots', content: 'noindex' },
]

/**
 * The referral link /r/{invitation_code}: who invited the visitor, what Pagewright does, and the way
 * to sign up. A known code is remembered for 30 days (the referral is recorded at sign-up); an
 * unknown one still leads to sign-up, without an error.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = (params.id ?? '').toUpperCase()
  let inviter: string | null = null
  let known = false
  if (/^[A-Z0-9]{4,16}$/.test(code)) {
    const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
    const found = await api.referrals.inviter(code).catch(() => null)
    if (found) {
      known = true
      inviter = found.first_name
    }
  }
  const headers = known ? { 'Set-Cookie': await referralCookie.serialize(code) } : undefined
  return json({ inviter, known }, { headers })
}

export default function Referral() {
  const { inviter, known } = useLoaderData<typeof loader>()
  return (
    <section className="card referral-card">
      <h1>{inviter ? `${inviter} invited you to Pagewright` : known ? 'You were invited to Pagewright' : 'Join Pagewright'}</h1>
      <p className="lead">Paste a product link and get a fast, honest product page for your store in seconds.</p>
      <ul className="benefits">
        <li>Only the product’s real facts and reviews: nothing invented.</li>
        <li>Pages shoppers load in a blink, with no script to slow them.</li>
        <li>Publish into your Shopify store, or share a link.</li>
      </ul>
      <p>
        A free account comes with {FREE_SIGNUP_CREDITS} credits: {pagesFromCredits(FREE_SIGNUP_CREDITS)} pages at {CREDITS_PER_PAGE} credits
        each.
      </p>
      <p>
        <Link to="/account/sign-up" className="button button--primary">
          Create your free account
        </Link>
      </p>
      <p className="small muted">
        Already have one? <Link to="/account/login">Sign in</Link>. <Link to="/docs#referral-terms">How referrals work</Link>
      </p>
    </section>
  )
}
