import { ButtonLink, PriceTag, SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** Closing call to action on a primary-coloured band. `anchorId` marks the in-page "#buy" target. */
export function CtaSection({
  section,
  headingLevel = 2,
  buyHref = '#buy',
  anchorId,
}: {
  section: SectionOf<'cta'>
  headingLevel?: HeadingLevel
  buyHref?: string
  anchorId?: string
}) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      {section.text ? <p className="pw-lead">{section.text}</p> : null}
      {section.price ? <PriceTag price={section.price} /> : null}
      <div id={anchorId}>
        <ButtonLink href={buyHref} label={section.buttonLabel} large />
      </div>
    </SectionFrame>
  )
}
