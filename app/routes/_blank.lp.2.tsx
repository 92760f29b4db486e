import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { loadLanding } from '~/.server/landing'
import { readingPageHeaders } from '~/.server/reading-page'
import { ExamplePreview } from '~/components/landing/ExamplePreview'
import { COMMON_FAQ, landingMeta } from '~/components/landing/landing-content'
import { Faq, FinalCta, Hero, LandingFooter, LandingNav, Points, Steps } from '~/components/landing/LandingParts'
import { PlansBlock } from '~/components/landing/PlansBlock'
import type { RouteHandle } from '~/lib/shopper-view'
import landingCss from '~/styles/landing.css?url'
import pageCss from '~/styles/page.css?url'
import { FREE_PUBLISH_SLOTS, FREE_SIGNUP_CREDITS } from '../../server/domain/entitlements'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: landingCss },
]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  landingMeta({
    title: 'Pagewright — publish product pages to Shopify in seconds',
    description:
      'Connect your Shopify store, pick a synced product and publish a product page written from its real facts straight into your theme. Publishing again updates it.',
    path: '/lp/2',
    publicUrl: data?.publicUrl,
  })

export const loader = async ({ context }: LoaderFunctionArgs) =>
  json(await loadLanding(context, 'nomad-canvas-backpack'), { headers: readingPageHeaders() })

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

const SHOPIFY_FAQ = [
  {
    q: 'How does a page get into my store?',
    a: (
      <p>
        Pagewright adds its page block to your theme's product template and fills it for that product. Publishing the same page again
        updates it in place; it never makes a duplicate. You can also make one page's design the shared design of every Pagewright page in
        your store.
      </p>
    ),
  },
  {
    q: 'Do I have to change my theme?',
    a: (
      <p>
        No. The page appears through an app block in your current theme (on a theme without app blocks, in the product description). Pro
        plans can also install Pagewright's own theme as an unpublished theme, to try it before you switch.
      </p>
    ),
  },
]

/** Landing page 2 (campaign traffic): from a connected Shopify store to a published page. */
export default function Landing2() {
  const { plans, sample } = useLoaderData<typeof loader>()
  const { pathname, search } = useLocation()
  return (
    <div className="lp lp--shopify">
      <LandingNav />
      <Hero
        eyebrow="For Shopify store owners"
        title="Publish product pages to Shopify in seconds"
        lead="Connect your store, pick a product from your synced catalogue, and publish a landing-style page written from its real facts straight into your theme."
        cta={`Connect your store free`}
      />
      {sample ? (
        <section className="lp-section lp-section--example" id="example" aria-labelledby="example-title">
          <h2 id="example-title">What lands in your store</h2>
          <p className="lp-section__lead">A page Pagewright wrote from one synced product, as shoppers see it on a laptop and a phone.</p>
          <ExamplePreview sample={sample} caption="Made from" />
        </section>
      ) : null}
      <Steps
        title="Three steps, no copy-pasting"
        steps={[
          {
            title: 'Connect your store',
            text: 'Approve Pagewright in Shopify with one click, or connect a custom app token. A demo shop lets you try everything first.',
          },
          {
            title: 'Sync and pick a product',
            text: 'Your catalogue syncs in the background. Pick a product: its title, photos, options and specs are already there.',
          },
          {
            title: 'Publish into your theme',
            text: 'Review the page, set your price and buy button, and publish. Publishing again updates the page, never duplicates it.',
          },
        ]}
      />
      <Points
        title="Built for how you run your store"
        points={[
          {
            title: 'Your catalogue, not a copy',
            text: 'Pages start from the facts of your synced products, so nothing is fetched again and nothing is made up.',
          },
          {
            title: 'One design for every page',
            text: 'Like a page? Make its look and section order the shared design for all your Pagewright pages.',
          },
          {
            title: 'Free to start',
            text: `${FREE_SIGNUP_CREDITS} credits at sign-up and ${FREE_PUBLISH_SLOTS} page published to your store, with more for each store owner you refer.`,
          },
        ]}
      />
      {plans ? <PlansBlock plans={plans} pathname={pathname} search={search} /> : null}
      <Faq items={[...SHOPIFY_FAQ, ...COMMON_FAQ]} />
      <FinalCta
        title="Put your first page live today"
        text="Sign up with your e-mail, connect your store, publish. No card and no password needed."
        cta="Connect your store free"
      />
      <LandingFooter />
    </div>
  )
}
