import { SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** Benefit cards in a responsive grid. */
export function BenefitsSection({ section, headingLevel = 2 }: { section: SectionOf<'benefits'>; headingLevel?: HeadingLevel }) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <ul className="pw-grid pw-cards">
        {section.items.map((item, i) => (
          <li key={i} className="pw-card">
            {item.title ? <h3>{item.title}</h3> : null}
            {item.text ? <p>{item.text}</p> : null}
          </li>
        ))}
      </ul>
    </SectionFrame>
  )
}
