/** Text for an XML element or attribute (feeds, sitemaps): the five special characters escaped, control characters dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** The feeds' and sitemap's own feed URLs. */
export const POSTS_FEED_PATH = '/posts/rss.xml'
