import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { createApiClient, transportFor } from '~/.server/api'
import { env } from '~/.server/env'
import { readingPageHeaders } from '~/.server/reading-page'
import { PostByline, PostsFrame, PostTags } from '~/components/posts/PostsFrame'
import type { RouteHandle } from '~/lib/shopper-view'
import { POSTS_FEED_PATH } from '~/lib/xml'
import postsCss from '~/styles/posts.css?url'

export const handle: RouteHandle = { noScript: true }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: postsCss }]

const TITLE = 'Guides for store owners'
const DESCRIPTION =
  'Practical, honest advice on product pages, reviews, pricing, photos and Google Shopping, from the team behind Pagewright.'

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const base = data?.publicUrl ?? ''
  return [
    { title: `${TITLE} · Pagewright` },
    { name: 'description', content: DESCRIPTION },
    { tagName: 'link', rel: 'canonical', href: `${base}/posts` },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Pagewright posts', href: `${base}${POSTS_FEED_PATH}` },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Pagewright' },
    { property: 'og:title', content: TITLE },
    { property: 'og:description', content: DESCRIPTION },
    { property: 'og:url', content: `${base}/posts` },
  ]
}

/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ context }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const { items } = await api.posts.list()
  return json({ posts: items, publicUrl: env().publicUrl }, { headers: readingPageHeaders() })
}

/** /posts: every article, newest first (no sign-in, no script). */
export default function Posts() {
  const { posts } = useLoaderData<typeof loader>()
  return (
    <PostsFrame>
      <div className="posts-index">
        <header className="posts-intro">
          <p className="posts-kicker">Pagewright posts</p>
          <h1>{TITLE}</h1>
          <p className="lead">{DESCRIPTION}</p>
          <p className="small">
            <a href={POSTS_FEED_PATH}>Follow new posts by RSS</a>
          </p>
        </header>
        <ol className="post-list">
          {posts.map((post) => (
            <li key={post.slug} className="post-card">
              <PostTags tags={post.tags} />
              <h2>
                <Link to={`/posts/${post.slug}`}>{post.title}</Link>
              </h2>
              <p>{post.description}</p>
              <PostByline date={post.date} updated={post.updated} minutes={post.reading_minutes} />
            </li>
          ))}
        </ol>
      </div>
    </PostsFrame>
  )
}
