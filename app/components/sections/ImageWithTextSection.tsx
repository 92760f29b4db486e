import type { Theme } from '../../../server/domain/page/schema'
import { placeholderUrl } from '../../../server/domain/placeholder'
import { SanitizedHtml } from '../SanitizedHtml'
import { SectionFrame, type HeadingLevel, type SectionOf } from './parts'
import { useShopperWords } from './words'

export const IMAGE_WITH_TEXT_SIZE = { width: 800, height: 600 } as const

/** Image beside sanitized rich text; the image sits left or right on wide screens, on top on narrow ones. */
export function ImageWithTextSection({
  section,
  headingLevel = 2,
  theme,
}: {
  section: SectionOf<'image-with-text'>
  headingLevel?: HeadingLevel
  /** Colours the placeholder drawn when the section has no image. */
  theme?: Pick<Theme, 'primary' | 'background'>
}) {
  const words = useShopperWords()
  const { width, height } = IMAGE_WITH_TEXT_SIZE
  const image = section.image ?? {
    src: placeholderUrl(width, height, { bg: theme?.primary, fg: theme?.background, text: section.heading || words.image }),
    alt: '',
  }
  return (
    <SectionFrame
      section={section}
      level={headingLevel}
      heading={section.heading}
      className={`pw-split pw-split--${section.imagePosition}`}
    >
      <div className="pw-split__media">
        <img src={image.src} alt={image.alt} width={width} height={height} loading="lazy" decoding="async" />
      </div>
      <SanitizedHtml html={section.body} className="pw-split__body pw-rich" />
    </SectionFrame>
  )
}
