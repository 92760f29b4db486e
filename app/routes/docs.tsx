import {
  json,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { createApiClient, transportFor } from '~/.server/api'
import { optionalUser, requireUser } from '~/.server/auth'
import { env } from '~/.server/env'
import { readingPageHeaders } from '~/.server/reading-page'
import { QUALIFIED_REFERRAL_TEXT } from '~/components/dialogs/ReferDialog'
import { ApiGuide } from '~/components/docs/ApiGuide'
import { ApiReference } from '~/components/docs/ApiReference'
import { SiteHeader } from '~/components/SiteHeader'
import { referenceGroups, sharedSchemas, type OpenApiDocument } from '~/lib/api-reference'
import type { RouteHandle } from '~/lib/shopper-view'
import docsCss from '~/styles/docs.css?url'
import { FREE_PUBLISH_SLOTS, FREE_SIGNUP_CREDITS, MAX_PUBLISH_SLOTS } from '../../server/domain/accounts'
import { CREDITS_PER_PAGE } from '../../server/domain/plans'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: docsCss }]

const DESCRIPTION =
  'Pagewright help and API reference: credits and plans, what pages never invent, referral terms, API keys, rate limits, errors and every endpoint.'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'Help and API reference · Pagewright' },
  { name: 'description', content: DESCRIPTION },
  ...(data ? [{ tagName: 'link', rel: 'canonical', href: `${data.publicUrl}/docs` }] : []),
  { property: 'og:type', content: 'website' },
  { property: 'og:title', content: 'Pagewright help and API reference' },
  { property: 'og:description', content: DESCRIPTION },
  ...(data ? [{ property: 'og:url', content: `${data.publicUrl}/docs` }] : []),
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signedIn = await optionalUser(request, context)
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const doc = (await api.docs.openapi()) as unknown as OpenApiDocument
  return json(
    {
      publicUrl: env().publicUrl,
      apiKeyHint: signedIn ? signedIn.user.api_key_hint : null,
      signedIn: !!signedIn,
      groups: referenceGroups(doc),
      schemas: sharedSchemas(doc),
    },
    { headers: signedIn ? {} : readingPageHeaders() },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** The one mutation here: a new API key, shown in this answer only (the api keeps its hash). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  const form = await request.formData()
  if (form.get('intent') !== 'api-key') throw json({ error: 'Unknown action' }, { status: 400 })
  const created = await api.auth.createApiKey()
  return json({ apiKey: created.api_key })
}

/** Help and terms that the dialogs link to, then the API: keys, limits, errors and the reference. */
export default function Docs() {
  const data = useLoaderData<typeof loader>()
  const created = useActionData<typeof action>()
  return (
    <div className="docs">
      <SiteHeader />
      <div className="docs-body">
        <div className="docs-intro">
          <h1>Pagewright help and API</h1>
          <p className="lead">
            How credits, honesty and referrals work, and how to drive Pagewright from your own code: every endpoint, with what it takes and
            what it answers.
          </p>
        </div>
        <nav className="docs-toc" aria-label="On this page">
          <p className="docs-toc__title">On this page</p>
          <ol>
            <li>
              <a href="#credits">Credits and plans</a>
            </li>
            <li>
              <a href="#honesty">What we never invent</a>
            </li>
            <li>
              <a href="#referral-terms">Referral terms</a>
            </li>
            <li>
              <a href="#api">The API</a>
              <ol>
                <li>
                  <a href="#api-key">Getting an API key</a>
                </li>
                <li>
                  <a href="#using-the-key">Using it</a>
                </li>
                <li>
                  <a href="#rate-limits">Rate limits</a>
                </li>
                <li>
                  <a href="#errors">Errors</a>
                </li>
                <li>
                  <a href="#openapi">OpenAPI document</a>
                </li>
              </ol>
            </li>
            <li>
              <a href="#reference">Reference</a>
              <ol>
                {data.groups.map((g) => (
                  <li key={g.id}>
                    <a href={`#${g.id}`}>{g.tag}</a>
                  </li>
                ))}
                <li>
                  <a href="#schemas">Shared schemas</a>
                </li>
              </ol>
            </li>
          </ol>
        </nav>
        <main className="docs-main" id="main">
          <h2 id="credits">Credits and plans</h2>
          <p>
            Every page costs {CREDITS_PER_PAGE} credits. A new account gets {FREE_SIGNUP_CREDITS} credits. Pro plans add credits every month
            (or all twelve months at once on a yearly plan). Prices are in USD.
          </p>

          <h2 id="honesty">What we never invent</h2>
          <p>
            Pagewright writes pages only from facts it imported from your product's source. It does not invent reviews, ratings, sales
            numbers, "as seen on" logos, guarantee lengths or shipping times. Reviews shown on a page name where they came from.
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

          <ApiGuide publicUrl={data.publicUrl} signedIn={data.signedIn} apiKeyHint={data.apiKeyHint} createdKey={created?.apiKey ?? null} />

          <h2 id="reference">Reference</h2>
          <p>
            Every endpoint the api serves, grouped by area. Paths are relative to <code>{data.publicUrl}</code>.
          </p>
          <ApiReference groups={data.groups} schemas={data.schemas} />
          <p>
            <a href="#main">Back to the top</a>
          </p>
        </main>
      </div>
    </div>
  )
}
