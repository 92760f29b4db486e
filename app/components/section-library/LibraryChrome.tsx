import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SiteHeader } from '../SiteHeader'

export function LibraryLayout({ children }: { children: ReactNode }) {
  return (
    <div className="sl">
      <SiteHeader />
      <main className="sl-main" id="main">
        {children}
      </main>
      <footer className="sl-footer">
        <p>
          Every example is sample content written from the products of Pagewright’s <a href="/demo-store">demo store</a>, rendered by the
          same code that renders published pages.
        </p>
      </footer>
    </div>
  )
}

/** Topic filter: "All sections" and each topic, as plain links (the current one is marked). */
export function TopicBar({ topics, current }: { topics: { slug: string; title: string }[]; current: string | null }) {
  return (
    <nav className="sl-topics" aria-label="Filter sections by topic">
      <ul>
        <li>
          <Link to="/sections" className="sl-chip" aria-current={current === null ? 'page' : undefined}>
            All sections
          </Link>
        </li>
        {topics.map((t) => (
          <li key={t.slug}>
            <Link to={`/sections/t/${t.slug}`} className="sl-chip" aria-current={current === t.slug ? 'page' : undefined}>
              {t.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** An unknown section or topic: a 404 inside the library with the ways on. */
export function LibraryNotFound({
  what,
  slug,
  sections,
  topics,
}: {
  what: 'section' | 'topic'
  slug: string
  sections: { slug: string; name: string }[]
  topics: { slug: string; title: string }[]
}) {
  return (
    <div className="sl-container sl-missing">
      <p className="sl-eyebrow">404 · Not found</p>
      <h1>{what === 'section' ? 'There is no such section' : 'There is no such topic'}</h1>
      <p className="sl-lead">
        The library has no {what} called “{slug.slice(0, 80)}”. Pick one of these, or <Link to="/sections">browse every section</Link>.
      </p>
      <div className="sl-missing__lists">
        <section aria-labelledby="missing-sections">
          <h2 id="missing-sections">Sections</h2>
          <ul>
            {sections.map((s) => (
              <li key={s.slug}>
                <Link to={`/sections/${s.slug}`}>{s.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="missing-topics">
          <h2 id="missing-topics">Topics</h2>
          <ul>
            {topics.map((t) => (
              <li key={t.slug}>
                <Link to={`/sections/t/${t.slug}`}>{t.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
