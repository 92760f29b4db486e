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
import { FREE_SIGNUP_CREDITS } from '../../server/domain/entitlements'
import { PLATFORM_NAMES } from '../../server/domain/platforms'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: landingCss },
]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  landingMeta({
    title: 'Pagewright — honest product pages from any product link',
    description:
      'Paste a product link and get a fast product page written only from the real facts: no invented reviews, no made-up numbers, 0 KB of JavaScript for shoppers.',
    path: '/lp/1',
    publicUrl: data?.publicUrl,
  })

export const loader = async ({ context }: LoaderFunctionArgs) =>
  json(await loadLanding(context, 'aurora-pour-over-set'), { headers: readingPageHeaders() })

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** Landing page 1 (campaign traffic): honest pages from any product link. */
export default function Landing1() {
  const { plans, sample } = useLoaderData<typeof loader>()
  const { pathname, search } = useLocation()
  return (
    <div className="lp">
      <LandingNav />
      <Hero
        eyebrow="Product pages for Shopify stores"
        title="Honest product pages from any product link"
        lead="Paste a link. Pagewright imports the real facts (photos, specs, options, reviews) and writes a fast landing page from them. Nothing invented, nothing to install for your shoppers."
        cta={`Start free with ${FREE_SIGNUP_CREDITS} credits`}
      />
      {sample ? (
        <section className="lp-section lp-section--example" id="example" aria-labelledby="example-title">
          <h2 id="example-title">A real page, not a mock-up</h2>
          <p className="lp-section__lead">This is what Pagewright wrote from one product link. Nobody touched it up.</p>
          <ExamplePreview sample={sample} caption="Made from" />
        </section>
      ) : null}
      <Steps
        title="How it works"
        steps={[
          {
            title: 'Paste a product link',
            text: `Any Shopify store's product page works on every plan; Pro adds ${PLATFORM_NAMES.aliexpress}, ${PLATFORM_NAMES.amazon} and more.`,
          },
          {
            title: 'Check the facts and outline',
            text: 'See what was imported and where it came from, adjust the outline, then let Pagewright write the page.',
          },
          {
            title: 'Share or publish',
            text: 'Send shoppers to a fast public link, or publish the page into your Shopify store. Edit any line, any time.',
          },
        ]}
      />
      <Points
        title="Why store owners trust it"
        points={[
          {
            title: 'No invented reviews',
            text: 'Reviews, ratings and numbers appear only when the source has them, with where they came from.',
          },
          {
            title: 'Pages shoppers load fast',
            text: 'Shopper pages are plain HTML and CSS with 0 KB of JavaScript, so they open quickly on a phone.',
          },
          {
            title: 'Your price, your button',
            text: "Set your own price, guarantee and buy link. A supplier's name, price or link never reaches your shoppers.",
          },
        ]}
      />
      {plans ? <PlansBlock plans={plans} pathname={pathname} search={search} /> : null}
      <Faq items={COMMON_FAQ} />
      <FinalCta
        title="Your next product page, from the facts"
        text="Sign up with your e-mail; no card and no password needed."
        cta={`Start free with ${FREE_SIGNUP_CREDITS} credits`}
      />
      <LandingFooter />
    </div>
  )
}
