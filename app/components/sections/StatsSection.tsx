import { keepTogether } from './format'
import { SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/**
 * Big figures with their labels; the owner's view also shows where each comes from (shopper pages
 * leave `source` empty: shopperPage blanks it unless keepProvenance, the owner's preview), so
 * "Source:" is only ever read by the owner and stays in English, as the rest of the app.
 */
export function StatsSection({ section, headingLevel = 2 }: { section: SectionOf<'stats'>; headingLevel?: HeadingLevel }) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <dl className="pw-grid pw-stats">
        {section.items.map((item, i) => (
          <div key={i} className="pw-stat">
            <dt>{item.label}</dt>
            <dd className={`pw-stat__value${item.value.length > 7 ? ' pw-stat__value--long' : ''}`}>{keepTogether(item.value)}</dd>
            {item.source ? <dd className="pw-stat__source">Source: {item.source}</dd> : null}
          </div>
        ))}
      </dl>
    </SectionFrame>
  )
}
