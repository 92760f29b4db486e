import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { readingPageHeaders } from '~/.server/reading-page'
import { canonicalUrl, libraryTheme, libraryTopics, sectionDetail, sectionLinks, type SectionDetail } from '~/.server/section-library'
import { LibraryLayout, LibraryNotFound } from '~/components/section-library/LibraryChrome'
import { TopicChips } from '~/components/section-library/SectionCards'
import { SectionExample } from '~/components/section-library/SectionExample'
import { libraryMeta } from '~/lib/section-library-meta'
import type { RouteHandle } from '~/lib/shopper-view'
import pageCss from '~/styles/page.css?url'
import sectionsCss from '~/styles/sections.css?url'
import type { Theme } from '../../server/domain/page/schema'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: sectionsCss },
]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.section
    ? libraryMeta({
        title: `${data.section.name} section · Pagewright sections library`,
        description: `${data.section.purpose} ${data.section.honesty}`.slice(0, 300),
        canonical: data.canonical,
      })
    : [{ title: 'Section not found · Pagewright' }, { name: 'robots', content: 'noindex' }]

/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  const section = sectionDetail(slug)
  const shared = { theme: libraryTheme(), sections: sectionLinks(), topics: libraryTopics(), slug }
  if (!section) return json({ ...shared, section: null, canonical: null }, { status: 404 })
  return json({ ...shared, section, canonical: canonicalUrl(`/sections/${section.slug}`) }, { headers: readingPageHeaders() })
}

export default function SectionPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <LibraryLayout>
      {data.section ? (
        <SectionDetailView section={data.section} theme={data.theme} />
      ) : (
        <LibraryNotFound what="section" slug={data.slug} sections={data.sections} topics={data.topics} />
      )}
    </LibraryLayout>
  )
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`

function SectionDetailView({ section, theme }: { section: SectionDetail; theme: Theme }) {
  const several = section.examples.length > 1
  return (
    <>
      <div className="sl-hero sl-hero--section">
        <div className="sl-container">
          <nav aria-label="Breadcrumb" className="sl-crumbs">
            <Link to="/sections">Sections</Link>
            <span aria-hidden="true"> / </span>
            <span aria-current="page">{section.name}</span>
          </nav>
          <h1>{section.name}</h1>
          <p className="sl-lead">{section.purpose}</p>
          <TopicChips topics={section.topics} />
        </div>
      </div>
      <div className="sl-container sl-detail">
        <p className="sl-about">{section.about}</p>
        <aside className="sl-rule" aria-labelledby="rule-title">
          <h2 id="rule-title">Honesty rule</h2>
          <p>{section.honesty}</p>
        </aside>
        <div className="sl-facts">
          <section aria-labelledby="needs-title" className="sl-panel">
            <h2 id="needs-title">Facts it needs</h2>
            <ul className="sl-needs">
              {section.needs.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <h3 className="sl-label">Without them</h3>
            <p>{section.withoutFacts}</p>
          </section>
          <section aria-labelledby="owner-title" className="sl-panel">
            <h2 id="owner-title">What the owner can edit</h2>
            <ul className="sl-needs">
              {section.ownerCan.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <p className="sl-muted">Every section can also be moved, hidden, removed, or rewritten from the product facts.</p>
          </section>
          <section aria-labelledby="used-title" className="sl-panel">
            <h2 id="used-title">Used in</h2>
            {section.usedIn.length ? (
              <ul className="sl-used">
                {section.usedIn.map((t) => (
                  <li key={t.id}>
                    <Link to={`/templates/${t.id}`}>{t.name}</Link>
                    <span className="sl-muted">{` · ${ordinal(t.position)} of ${t.of} sections`}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No page template places it by default; owners add it in the editor.</p>
            )}
          </section>
        </div>
        <section aria-labelledby="examples-title" className="sl-block">
          <h2 id="examples-title">{several ? `Layouts (${section.examples.length})` : 'Live example'}</h2>
          <p className="sl-muted">Drawn by the same code as a published page, with sample content from the demo store.</p>
          {section.examples.map((ex) => (
            <div key={ex.variant.slug} className="sl-variant" data-variant={ex.variant.slug}>
              {several ? (
                <>
                  <h3>{ex.variant.name}</h3>
                  <p className="sl-muted">{ex.variant.description}</p>
                </>
              ) : null}
              <SectionExample example={ex} theme={theme} label={section.slug === 'reviews' ? 'Sample reviews' : undefined} />
            </div>
          ))}
          <div className="sl-variant sl-variant--phone">
            <h3>On a phone</h3>
            <SectionExample
              example={section.phone}
              theme={theme}
              device="mobile"
              label={section.slug === 'reviews' ? 'Sample reviews' : undefined}
            />
          </div>
        </section>
        <nav aria-labelledby="others-title" className="sl-others">
          <h2 id="others-title">Other sections</h2>
          <ul>
            {section.others.map((o) => (
              <li key={o.slug}>
                <Link to={`/sections/${o.slug}`} className="sl-chip">
                  {o.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  )
}
