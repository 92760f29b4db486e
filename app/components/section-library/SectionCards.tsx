import { Link } from '@remix-run/react'
import type { LibraryCard } from '~/.server/section-library'
import type { Theme } from '../../../server/domain/page/schema'
import { SectionExample } from './SectionExample'

/** The library's list: each section type with its live preview, purpose, facts it needs and topics. */
export function SectionCards({ cards, theme }: { cards: LibraryCard[]; theme: Theme }) {
  return (
    <ol className="sl-cards">
      {cards.map((card) => (
        <li key={card.slug} className="sl-card" id={card.slug} data-section={card.slug}>
          <div className="sl-card__text">
            <h2 className="sl-card__title">
              <Link to={`/sections/${card.slug}`}>{card.name}</Link>
            </h2>
            <p className="sl-card__purpose">{card.purpose}</p>
            <h3 className="sl-label">Facts it needs</h3>
            <ul className="sl-needs">
              {card.needs.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <TopicChips topics={card.topics} />
            <Link to={`/sections/${card.slug}`} className="sl-more">
              {`How the ${card.name.toLowerCase()} section works`}
              <span aria-hidden="true"> →</span>
            </Link>
          </div>
          {/* The preview holds links of its own (buy buttons): a stretched link sits over it instead of around it. */}
          <div className="sl-card__preview">
            <SectionExample example={card.example} theme={theme} preview label={card.slug === 'reviews' ? 'Sample reviews' : undefined} />
            <Link to={`/sections/${card.slug}`} className="sl-card__preview-link" tabIndex={-1} aria-hidden="true" />
          </div>
        </li>
      ))}
    </ol>
  )
}

/** The topics a section belongs to, each a link to its topic page. */
export function TopicChips({ topics }: { topics: { slug: string; title: string }[] }) {
  return (
    <ul className="sl-card__topics" aria-label="Topics">
      {topics.map((t) => (
        <li key={t.slug}>
          <Link to={`/sections/t/${t.slug}`} className="sl-chip sl-chip--small">
            {t.title}
          </Link>
        </li>
      ))}
    </ul>
  )
}
