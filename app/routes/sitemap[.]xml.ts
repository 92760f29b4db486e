import type { LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient, transportFor } from '~/.server/api'
import { env } from '~/.server/env'
import { escapeXml } from '~/lib/xml'

/** The public pages worth finding from a search engine (signed-in screens and share links are not listed). */
const PUBLIC_PAGES = ['/lp/1', '/lp/2', '/posts', '/templates', '/sections', '/trending', '/docs']

/** /sitemap.xml: the public pages and every post, with absolute URLs from PUBLIC_URL. */
export async function loader({ context }: LoaderFunctionArgs) {
  const api = createApiClient({ transport: transportFor(context), clientIp: context?.clientIp })
  const { items } = await api.posts.list()
  const base = env().publicUrl
  const newestPost = items
    .map((p) => p.updated ?? p.date)
    .sort()
    .at(-1)
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(path, path === '/posts' ? newestPost : undefined)),
    ...items.map((post) => url(`/posts/${post.slug}`, post.updated ?? post.date)),
    '</urlset>',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
