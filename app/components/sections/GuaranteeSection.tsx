import { SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** The guarantee as a framed note with a shield mark. */
export function GuaranteeSection({ section, headingLevel = 2 }: { section: SectionOf<'guarantee'>; headingLevel?: HeadingLevel }) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <svg className="pw-guarantee__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path
          d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {section.text ? <p>{section.text}</p> : null}
    </SectionFrame>
  )
}
