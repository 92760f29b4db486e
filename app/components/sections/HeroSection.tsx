import { Gallery, type GalleryImage } from './Gallery'
import { BuyButton, PriceTag, SectionFrame, type HeadingLevel, type SectionOf } from './parts'

/** Loading hints React 18 does not know as camelCase props (lowercase attributes render as-is). */
const LCP_IMAGE = { fetchpriority: 'high' } as Record<string, string>

/** Heading, subheading, price and the buy button; the product image is the page's LCP element. */
export function HeroSection({
  section,
  headingLevel = 1,
  buyHref = null,
  setBuyHref,
  gallery,
}: {
  /** The page's chosen images; with more than one, the hero shows them as a gallery. */
  gallery?: GalleryImage[]
  section: SectionOf<'hero'>
  headingLevel?: HeadingLevel
  /** Where the buy button goes; null: no button (the price still shows). */
  buyHref?: string | null
  /** Owner preview only: where to set the missing buy target. */
  setBuyHref?: string
}) {
  return (
    <SectionFrame
      section={section}
      level={headingLevel}
      heading={section.heading}
      className={section.image || (gallery && gallery.length > 1) ? 'pw-hero--media' : undefined}
    >
      <div className="pw-hero__text">
        {section.subheading ? <p className="pw-lead">{section.subheading}</p> : null}
        {section.price ? <PriceTag price={section.price} /> : null}
        <BuyButton href={buyHref} setHref={setBuyHref} label={section.ctaLabel} />
      </div>
      {gallery && gallery.length > 1 ? (
        <div className="pw-hero__media">
          <Gallery images={gallery} idPrefix={section.id} />
        </div>
      ) : section.image ? (
        <div className="pw-hero__media">
          <img src={section.image.src} alt={section.image.alt} width={800} height={800} loading="eager" {...LCP_IMAGE} />
        </div>
      ) : null}
    </SectionFrame>
  )
}
