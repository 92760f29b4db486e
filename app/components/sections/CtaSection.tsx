import { BuyButton, PriceTag, SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** Closing call to action on a primary-coloured band. `anchorId` marks the in-page "#buy" target. */
export function CtaSection({
  section,
  headingLevel = 2,
  buyHref = null,
  setBuyHref,
  anchorId,
}: {
  section: SectionOf<'cta'>
  headingLevel?: HeadingLevel
  /** Where the buy button goes; null: no button (the price still shows). */
  buyHref?: string | null
  /** Owner preview only: where to set the missing buy target. */
  setBuyHref?: string
  anchorId?: string
}) {
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      {section.text ? <p className="pw-lead">{section.text}</p> : null}
      {section.price ? <PriceTag price={section.price} /> : null}
      <div id={anchorId}>
        <BuyButton href={buyHref} setHref={setBuyHref} label={section.buttonLabel} />
      </div>
    </SectionFrame>
  )
}
