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
import { ReferenceArea, ReferenceIndex } from '~/components/docs/ApiReference'
import { SiteHeader } from '~/components/SiteHeader'
import { referenceGroups, sharedSchemas, type OpenApiDocument } from '~/lib/api-reference'
import type { RouteHandle } from '~/lib/shopper-view'
import docsCss from '~/styles/docs.css?url'
import { FREE_PUBLISH_SLOTS, FREE_SIGNUP_CREDITS, MAX_PUBLISH_SLOTS, CREDITS_PER_PAGE } from '../../server/domain/entitlements'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: docsCss }]

const DESCRIPTION =
  'Pagewright help and API reference: credits and plans, what pages never invent, referral terms, API keys, rate limits, errors and every endpoint.'

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const area = data && 'area' in data ? data.area : null
  const missing = !!data && 'missing' in data
  const title = missing
    ? 'Not found · Pagewright'
    : area
      ? `${area.group.tag} · API reference · Pagewright`
      : 'Help and API reference · Pagewright'
  const description = area ? `Pagewright API: every ${area.group.tag} endpoint, what it takes and what it answers.` : DESCRIPTION
  const url = data ? `${data.publicUrl}/docs${area ? `?area=${area.group.area}` : ''}` : null
  return [
    { title },
    { name: 'description', content: description },
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(url ? [{ property: 'og:url', content: url }] : []),
  ]
}

/**
 * `/docs`: help, the API guide and an index of every operation; `/docs?area=<area>`: one area's
 * operations in full with the shared schemas they name (a page of its own keeps each light).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const signedIn = await optionalUser(request, context)
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const doc = (await api.docs.openapi()) as unknown as OpenApiDocument
  const groups = referenceGroups(doc)
  const headers = signedIn ? {} : readingPageHeaders()
  const publicUrl = env().publicUrl
  const wanted = new URL(request.url).searchParams.get('area')
  if (wanted !== null) {
    const group = groups.find((g) => g.area === wanted)
    const areas = groups.map(({ tag, area }) => ({ tag, area }))
    if (!group) return json({ publicUrl, missing: { areas } }, { status: 404 })
    const schemas = sharedSchemas(doc, group.tag)
    return json({ publicUrl, area: { group, schemas, areas } }, { headers })
  }
  const index = groups.map(({ tag, id, area, operations }) => ({
    tag,
    id,
    area,
    operations: operations.map(({ id, method, path, summary }) => ({ id, method, path, summary })),
  }))
  return json({ publicUrl, apiKeyHint: signedIn ? signedIn.user.api_key_hint : null, signedIn: !!signedIn, index }, { headers })
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** The one mutation here: a new API key, shown in this answer only (the api keeps its hash). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context)
  const form = await request.formData()
  if (form.get('intent') !== 'api-key')
    return json({ apiKey: null, error: 'This page only makes API keys: use the "Make an API key" button.' }, { status: 400 })
  const created = await api.auth.createApiKey()
  return json({ apiKey: created.api_key, error: null })
}

/** Help and terms that the dialogs link to, then the API: keys, limits, errors and the reference. */
export default function Docs() {
  const data = useLoaderData<typeof loader>()
  const created = useActionData<typeof action>()
  if ('area' in data) return <AreaPage {...data.area} publicUrl={data.publicUrl} />
  if ('missing' in data) return <MissingArea areas={data.missing.areas} />
  return (
    <DocsFrame>
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
              {data.index.map((g) => (
                <li key={g.id}>
                  <a href={`#${g.id}`}>{g.tag}</a>
                </li>
              ))}
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

        <ApiGuide
          publicUrl={data.publicUrl}
          signedIn={data.signedIn}
          apiKeyHint={data.apiKeyHint}
          createdKey={created?.apiKey ?? null}
          formError={created?.error ?? null}
        />

        <h2 id="reference">Reference</h2>
        <p>
          Every endpoint the api serves, grouped by area. Paths are relative to <code>{data.publicUrl}</code>. Each area has a page with
          what its endpoints take and answer, field by field.
        </p>
        <ReferenceIndex groups={data.index} />
        <p>
          <a href="#main">Back to the top</a>
        </p>
      </main>
    </DocsFrame>
  )
}

type AreaData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { area: unknown }>['area']

/** One area of the reference in full, with the other areas beside it. */
function AreaPage({ group, schemas, areas, publicUrl }: AreaData & { publicUrl: string }) {
  return (
    <DocsFrame>
      <div className="docs-intro">
        <p className="docs-crumbs">
          <a href="/docs">Help and API</a> › <a href="/docs#reference">Reference</a>
        </p>
        <h1>{group.tag}</h1>
        <p className="lead">
          Every {group.tag} endpoint: what it takes and what it answers. Paths are relative to <code>{publicUrl}</code>; how to sign
          requests is under <a href="/docs#using-the-key">Using the key</a>.
        </p>
      </div>
      <nav className="docs-toc" aria-label="Areas of the API">
        <p className="docs-toc__title">Areas</p>
        <ol>
          {areas.map((a) => (
            <li key={a.area}>
              <a href={`/docs?area=${a.area}`} aria-current={a.area === group.area ? 'page' : undefined}>
                {a.tag}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <main className="docs-main" id="main">
        <ReferenceArea group={group} schemas={schemas} />
        <p>
          <a href="#main">Back to the top</a>
        </p>
      </main>
    </DocsFrame>
  )
}

/** An area name the reference does not have: a 404 in the same frame, with the areas it has. */
function MissingArea({ areas }: { areas: { tag: string; area: string }[] }) {
  return (
    <DocsFrame>
      <main className="docs-main" id="main">
        <h1>Not found</h1>
        <p>There is no such part of the API reference. These are the parts it has:</p>
        <ul>
          {areas.map((a) => (
            <li key={a.area}>
              <a href={`/docs?area=${a.area}`}>{a.tag}</a>
            </li>
          ))}
        </ul>
      </main>
    </DocsFrame>
  )
}

/** The reading frame every docs page shares: the site header, then the page. */
function DocsFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="docs">
      <SiteHeader />
      <div className="docs-body">{children}</div>
    </div>
  )
}
