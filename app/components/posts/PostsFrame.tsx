import type { ReactNode } from 'react'
import { SiteHeader } from '~/components/SiteHeader'

/**
 * The frame of the reading pages (/posts, /posts/{slug}): a small site header, the page, a footer
 * with the feed. Plain links only: these pages ship no script.
 */
export function PostsFrame({ children }: { children: ReactNode }) {
  return (
    <div className="posts-site">
      <SiteHeader />
      <main className="posts-main" id="main">
        {children}
      </main>
      <footer className="posts-footer">
        <p>
          Pagewright · honest product pages from a product link · <a href="/posts/rss.xml">RSS feed</a>
        </p>
      </footer>
    </div>
  )
}

/** "November 17, 2026" for a YYYY-MM-DD day, the same on the server and in any time zone. */
export function formatPostDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })
}

export function PostByline({
  date,
  updated,
  minutes,
  author,
}: {
  date: string
  updated?: string | null
  minutes: number
  author?: string
}) {
  return (
    <p className="post-byline">
      {author ? `By ${author} · ` : null}
      <time dateTime={date}>{formatPostDay(date)}</time>
      {updated ? (
        <>
          {' · updated '}
          <time dateTime={updated}>{formatPostDay(updated)}</time>
        </>
      ) : null}
      {` · ${minutes} min read`}
    </p>
  )
}

export function PostTags({ tags }: { tags: string[] }) {
  return (
    <ul className="post-tags" aria-label="Topics">
      {tags.map((t) => (
        <li key={t}>{t.replace(/-/g, ' ')}</li>
      ))}
    </ul>
  )
}
