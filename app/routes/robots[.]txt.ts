import { env } from '~/.server/env'

/** /robots.txt: everything public may be crawled; the support console and form endpoints are not pages. */
export function loader() {
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /resources/', '', `Sitemap: ${env().publicUrl}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
