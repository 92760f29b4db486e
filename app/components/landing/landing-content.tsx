import type { MetaDescriptor } from '@remix-run/node'
import { Link } from '@remix-run/react'
import {
  FREE_PRODUCT_LIMIT,
  FREE_PUBLISH_SLOTS,
  FREE_SIGNUP_CREDITS,
  MAX_PUBLISH_SLOTS,
  CREDITS_PER_PAGE,
  FREE_STORE_LIMIT,
  pagesFromCredits,
} from '../../../server/domain/entitlements'
import { PLATFORM_NAMES } from '../../../server/domain/platforms'

/** Title, description, canonical and Open Graph tags of a landing page. */
export function landingMeta(opts: { title: string; description: string; path: string; publicUrl: string | undefined }): MetaDescriptor[] {
  const url = opts.publicUrl ? `${opts.publicUrl}${opts.path}` : undefined
  return [
    { title: opts.title },
    { name: 'description', content: opts.description },
    ...(url
      ? [
          { tagName: 'link', rel: 'canonical', href: url },
          { property: 'og:url', content: url },
        ]
      : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Pagewright' },
    { property: 'og:title', content: opts.title },
    { property: 'og:description', content: opts.description },
    { name: 'twitter:card', content: 'summary' },
  ]
}

const MARKETPLACES = (['aliexpress', 'amazon', 'temu', 'dhgate', 'tiktok'] as const).map((p) => PLATFORM_NAMES[p])
const list = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`

/** Answers both landing pages give, from the product's own rules. */
export const COMMON_FAQ = [
  {
    q: 'What is a credit?',
    a: (
      <p>
        Writing a page costs {CREDITS_PER_PAGE} credits, and a new page can be started while you have more than {CREDITS_PER_PAGE} left. Pro
        plans add their credits every month (a yearly plan grants all twelve months at once). Editing a page, changing its price or buy
        button and publishing it cost nothing.
      </p>
    ),
  },
  {
    q: 'What does the free plan include?',
    a: (
      <p>
        {FREE_SIGNUP_CREDITS} credits at sign-up: {pagesFromCredits(FREE_SIGNUP_CREDITS)} pages from product links of any Shopify store. You
        can publish {FREE_PUBLISH_SLOTS} page into your store, plus one more for each store owner you refer (up to {MAX_PUBLISH_SLOTS}
        ), connect {FREE_STORE_LIMIT} store and keep up to {FREE_PRODUCT_LIMIT} of its products in Pagewright. New free pages open after a
        short wait; Pro pages open at once.
      </p>
    ),
  },
  {
    q: 'Which sites can I import from?',
    a: (
      <p>
        On every plan: any Shopify store's product page, products synced from your own connected store, or a description you paste. With
        Pro, also {list(MARKETPLACES)} listings and other product pages. Shoppers never see the supplier's name, price or link.
      </p>
    ),
  },
  {
    q: 'What does "honest" mean here?',
    a: (
      <p>
        Every sentence comes from facts Pagewright imported from the product's listing. It never invents reviews, star ratings, sales
        numbers, "as seen on" logos, guarantee lengths or shipping times. Imported reviews keep their source and a plain disclosure.
        Anything only you know (your price, guarantee, shipping) you add yourself. <Link to="/docs#honesty">More on our rules</Link>.
      </p>
    ),
  },
  {
    q: 'Can I cancel?',
    a: (
      <p>
        Yes. Plans are monthly or yearly subscriptions paid by card through Stripe; you manage or cancel yours from the Subscription page.
      </p>
    ),
  },
]
