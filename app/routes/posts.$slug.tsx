import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ApiError, createApiClient, transportFor, type PostSummary } from '~/.server/api'
import { env } from '~/.server/env'
import { readingPageHeaders } from '~/.server/reading-page'
import { PostByline, PostsFrame, PostTags } from '~/components/posts/PostsFrame'
import { SanitizedHtml } from '~/components/SanitizedHtml'
import type { RouteHandle } from '~/lib/shopper-view'
import { POSTS_FEED_PATH } from '~/lib/xml'
import postsCss from '~/styles/posts.css?url'
import { FREE_SIGNUP_CREDITS, CREDITS_PER_PAGE } from '../../server/domain/entitlements'
import { sanitizeArticle } from '../../server/domain/sanitize'

export const handle: RouteHandle = { noScript: true }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: postsCss }]

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const MORE = 3

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const base = data?.publicUrl ?? ''
  const feed = {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/rss+xml',
    title: 'Pagewright posts',
    href: `${base}${POSTS_FEED_PATH}`,
  }
  const post = data?.post
  if (!post) return [{ title: 'Post not found · Pagewright' }, { name: 'robots', content: 'noindex' }, feed]
  const url = `${base}/posts/${post.slug}`
  return [
    { title: `${post.title} · Pagewright` },
    { name: 'description', content: post.description },
    { name: 'author', content: post.author },
    { tagName: 'link', rel: 'canonical', href: url },
    feed,
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: 'Pagewright' },
    { property: 'og:title', content: post.title },
    { property: 'og:description', content: post.description },
    { property: 'og:url', content: url },
    { property: 'article:published_time', content: post.date },
    ...(post.updated ? [{ property: 'article:modified_time', content: post.updated }] : []),
    ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    { name: 'twitter:card', content: 'summary' },
  ]
}

/** One article, or a 404 in the same frame (with the newest posts to go to instead). */
/** Anonymous visitors are answered from memory for a minute (app/.server/reading-page.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const slug = params.slug ?? ''
  const [found, { items }] = await Promise.all([
    SLUG.test(slug) && slug.length <= 120
      ? api.posts.get(slug).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null
          throw error
        })
      : null,
    api.posts.list(),
  ])
  const publicUrl = env().publicUrl
  const more = items.filter((p) => p.slug !== slug).slice(0, MORE)
  if (!found) return json({ post: null, html: null, more, publicUrl }, { status: 404 })
  const { html, ...post } = found
  return json({ post, html: sanitizeArticle(html), more, publicUrl }, { headers: readingPageHeaders() })
}

export default function Post() {
  const { post, html, more } = useLoaderData<typeof loader>()
  return (
    <PostsFrame>
      {post && html ? (
        <article className="post">
          <p className="post-back">
            <Link to="/posts">← All posts</Link>
          </p>
          <header className="post-head">
            <PostTags tags={post.tags} />
            <h1>{post.title}</h1>
            <p className="post-lead">{post.description}</p>
            <PostByline author={post.author} date={post.date} updated={post.updated} minutes={post.reading_minutes} />
          </header>
          <SanitizedHtml html={html} className="post-body" />
          <TryPagewright />
        </article>
      ) : (
        <section className="post post-missing" aria-labelledby="missing-title">
          <h1 id="missing-title">There is no post at this address</h1>
          <p className="lead">The link may be mistyped, or the post may have moved. Every article is listed on the posts page.</p>
          <p>
            <Link to="/posts" className="button button--primary">
              See all posts
            </Link>{' '}
            <Link to="/" className="button">
              Go to Pagewright
            </Link>
          </p>
        </section>
      )}
      <MorePosts posts={more} title={post ? 'More posts' : 'Recent posts'} />
    </PostsFrame>
  )
}

/** A short, honest pitch: what Pagewright does and what it costs to try. */
function TryPagewright() {
  return (
    <aside className="post-cta" aria-labelledby="cta-title">
      <h2 id="cta-title">Write product pages from real facts</h2>
      <p>
        Pagewright turns a product link into a fast product page built only from the product’s own facts. It never invents reviews, ratings
        or sales numbers. New accounts get {FREE_SIGNUP_CREDITS} free credits; a page costs {CREDITS_PER_PAGE}.
      </p>
      <p className="post-cta__actions">
        <Link to="/account/sign-up" className="button button--primary">
          Try Pagewright free
        </Link>
        <Link to="/templates" className="button">
          See page templates
        </Link>
      </p>
    </aside>
  )
}

function MorePosts({ posts, title }: { posts: PostSummary[]; title: string }) {
  if (posts.length === 0) return null
  return (
    <nav className="post-more" aria-labelledby="more-title">
      <h2 id="more-title">{title}</h2>
      <ul>
        {posts.map((p) => (
          <li key={p.slug}>
            <Link to={`/posts/${p.slug}`}>{p.title}</Link>
            <span className="muted small"> · {p.reading_minutes} min read</span>
          </li>
        ))}
      </ul>
    </nav>
  )
}
