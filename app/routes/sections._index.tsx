import { json, type HeadersFunction, type LinksFunction, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { readingPageHeaders } from '~/.server/reading-page'
import { canonicalUrl, libraryCards, libraryTheme, libraryTopics } from '~/.server/section-library'
import { LibraryLayout, TopicBar } from '~/components/section-library/LibraryChrome'
import { SectionCards } from '~/components/section-library/SectionCards'
import { libraryMeta } from '~/lib/section-library-meta'
import type { RouteHandle } from '~/lib/shopper-view'
import pageCss from '~/styles/page.css?url'
import sectionsCss from '~/styles/sections.css?url'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: sectionsCss },
]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  libraryMeta({
    title: 'Sections library · Pagewright',
    description:
      'Every section of a Pagewright product page, with a live example, the facts it is built from and the honesty rule it follows.',
    canonical: data?.canonical,
  })

/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export function loader() {
  const cards = libraryCards()
  return json(
    { cards, topics: libraryTopics(), theme: libraryTheme(), canonical: canonicalUrl('/sections') },
    { headers: readingPageHeaders() },
  )
}

export default function SectionsLibrary() {
  const { cards, topics, theme } = useLoaderData<typeof loader>()
  return (
    <LibraryLayout>
      <div className="sl-hero">
        <div className="sl-container">
          <p className="sl-eyebrow">Sections library</p>
          <h1>The building blocks of an honest product page</h1>
          <p className="sl-lead">
            Pagewright builds every page from {cards.length} kinds of section. Each one is written only from the facts of your product, and
            is left out when the facts are not there. Here is each section as shoppers see it, what it needs and the rule it never breaks.
          </p>
        </div>
      </div>
      <div className="sl-container">
        <TopicBar topics={topics} current={null} />
        <SectionCards cards={cards} theme={theme} />
      </div>
    </LibraryLayout>
  )
}
