import { keepTogether } from './format'
import { SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** Specifications as a description list, one name/value row each. */
export function SpecsSection({ section, headingLevel = 2 }: { section: SectionOf<'specs'>; headingLevel?: HeadingLevel }) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <dl className="pw-specs__list">
        {section.items.map((item, i) => (
          <div key={i}>
            <dt>{item.name}</dt>
            <dd>{keepTogether(item.value)}</dd>
          </div>
        ))}
      </dl>
    </SectionFrame>
  )
}
