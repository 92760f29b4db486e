import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { readingPageHeaders } from '~/.server/reading-page'
import { canonicalUrl, libraryCards, libraryTheme, libraryTopics, sectionLinks } from '~/.server/section-library'
import { LibraryLayout, LibraryNotFound, TopicBar } from '~/components/section-library/LibraryChrome'
import { SectionCards } from '~/components/section-library/SectionCards'
import { libraryMeta } from '~/lib/section-library-meta'
import type { RouteHandle } from '~/lib/shopper-view'
import pageCss from '~/styles/page.css?url'
import sectionsCss from '~/styles/sections.css?url'
import { findTopic, sectionsOfTopic } from '../../server/domain/page/section-library'

export const handle: RouteHandle = { noScript: true }
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: pageCss },
  { rel: 'stylesheet', href: sectionsCss },
]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.topic
    ? libraryMeta({
        title: `${data.topic.title} sections · Pagewright sections library`,
        description: data.topic.description,
        canonical: data.canonical,
      })
    : [{ title: 'Topic not found · Pagewright' }, { name: 'robots', content: 'noindex' }]

/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  const topic = findTopic(slug)
  const shared = { theme: libraryTheme(), topics: libraryTopics(), sections: sectionLinks(), slug }
  if (!topic) return json({ ...shared, topic: null, cards: [], canonical: null }, { status: 404 })
  return json(
    {
      ...shared,
      topic: { slug: topic.slug, title: topic.title, description: topic.description },
      cards: libraryCards(sectionsOfTopic(topic.slug)),
      canonical: canonicalUrl(`/sections/t/${topic.slug}`),
    },
    { headers: readingPageHeaders() },
  )
}

export default function SectionTopic() {
  const data = useLoaderData<typeof loader>()
  if (!data.topic)
    return (
      <LibraryLayout>
        <LibraryNotFound what="topic" slug={data.slug} sections={data.sections} topics={data.topics} />
      </LibraryLayout>
    )
  return (
    <LibraryLayout>
      <div className="sl-hero">
        <div className="sl-container">
          <p className="sl-eyebrow">Sections · Topic</p>
          <h1>{data.topic.title}</h1>
          <p className="sl-lead">{data.topic.description}</p>
        </div>
      </div>
      <div className="sl-container">
        <TopicBar topics={data.topics} current={data.topic.slug} />
        <p className="sl-count">
          {data.cards.length === 1 ? '1 section' : `${data.cards.length} sections`} in {data.topic.title.toLowerCase()}
        </p>
        <SectionCards cards={data.cards} theme={data.theme} />
      </div>
    </LibraryLayout>
  )
}
