import { SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** Questions as native disclosure widgets: open and close without JavaScript. */
export function FaqSection({ section, headingLevel = 2 }: { section: SectionOf<'faq'>; headingLevel?: HeadingLevel }) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <div className="pw-faq__list">
        {section.items.map((item, i) => (
          <details key={i} className="pw-faq__item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </SectionFrame>
  )
}
