import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { QUALIFIED_REFERRAL_TEXT } from '~/components/dialogs/ReferDialog'
import { Logo } from '~/components/ui/Logo'
import { FREE_PUBLISH_SLOTS, FREE_SIGNUP_CREDITS, MAX_PUBLISH_SLOTS } from '../../server/domain/accounts'
import { CREDITS_PER_PAGE } from '../../server/domain/plans'

export const meta: MetaFunction = () => [{ title: 'Help · Pagewright' }]

export const loader = () => null

/** Help and terms that the dialogs link to. */
export default function Docs() {
  return (
    <main className="bare prose">
      <Logo />
      <h1>Pagewright help</h1>

      <h2 id="credits">Credits and plans</h2>
      <p>
        Every page costs {CREDITS_PER_PAGE} credits. A new account gets {FREE_SIGNUP_CREDITS} credits. Pro plans add credits every month (or
        all twelve months at once on a yearly plan). Prices are in USD.
      </p>

      <h2 id="honesty">What we never invent</h2>
      <p>
        Pagewright writes pages only from facts it imported from your product's source. It does not invent reviews, ratings, sales numbers,
        "as seen on" logos, guarantee lengths or shipping times. Reviews shown on a page name where they came from.
      </p>

      <h2 id="referral-terms">Referral terms</h2>
      <ol>
        <li>
          Free accounts can publish {FREE_PUBLISH_SLOTS} page. Each qualified referral adds one publish slot, up to {MAX_PUBLISH_SLOTS}{' '}
          slots in all.
        </li>
        <li>{QUALIFIED_REFERRAL_TEXT}</li>
        <li>
          Your referral link has the shape <code>/r/your-invitation-code</code>; you find it under "Publish more pages".
        </li>
        <li>Slots are granted when the referral qualifies. Referrals found to be fraudulent are removed with the slots they gave.</li>
        <li>Pro plans publish without limit, so referral slots do not apply to them.</li>
      </ol>
      <p>
        <Link to="/">Back to Pagewright</Link>
      </p>
    </main>
  )
}
