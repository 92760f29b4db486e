import type { LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient, transportFor } from '~/.server/api'
import { env } from '~/.server/env'
import { escapeXml, POSTS_FEED_PATH } from '~/lib/xml'

/** RFC 822 date of a YYYY-MM-DD day (RSS 2.0 pubDate). */
const rssDate = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString()

/** /posts/rss.xml: the posts as an RSS 2.0 feed, with absolute links from PUBLIC_URL. */
export async function loader({ context }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const { items } = await api.posts.list()
  const base = env().publicUrl
  const entries = items.map((post) => {
    const link = escapeXml(`${base}/posts/${post.slug}`)
    const categories = post.tags.map((t) => `<category>${escapeXml(t)}</category>`).join('')
    return `<item><title>${escapeXml(post.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid><pubDate>${rssDate(post.date)}</pubDate><description>${escapeXml(post.description)}</description>${categories}</item>`
  })
  const newest = items
    .map((p) => p.updated ?? p.date)
    .sort()
    .at(-1)
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    '<title>Pagewright posts</title>',
    `<link>${escapeXml(`${base}/posts`)}</link>`,
    `<atom:link href="${escapeXml(`${base}${POSTS_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    '<description>Practical, honest advice for store owners on product pages, reviews, pricing and Google Shopping.</description>',
    '<language>en</language>',
    newest ? `<lastBuildDate>${rssDate(newest)}</lastBuildDate>` : '',
    ...entries,
    '</channel></rss>',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
