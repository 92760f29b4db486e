import type { LiveExample } from '~/.server/section-library'
import type { Theme } from '../../../server/domain/page/schema'
import { SectionView } from '../sections/PageView'
import { themeStyle } from '../sections/theme'

/** React 18 does not know `inert`; the lowercase attribute renders as-is. */
const INERT = { inert: '' } as Record<string, string>

/**
 * A live example: the section drawn by the renderer of published pages, in a `.pw-page` with the
 * sample theme, inside a browser-like frame that says it is sample content. `preview`: a scaled,
 * non-interactive thumbnail (cards); otherwise the real thing at the frame's width, or a phone's.
 */
export function SectionExample({
  example,
  theme,
  device = 'desktop',
  preview = false,
  label,
}: {
  example: LiveExample
  theme: Theme
  device?: 'desktop' | 'mobile'
  preview?: boolean
  label?: string
}) {
  const reviews = example.section.type === 'reviews'
  const page = (
    <div
      className="pw-page"
      data-mode="share"
      data-device={device}
      data-font={theme.font}
      data-radius={theme.radius}
      style={themeStyle(theme)}
    >
      <SectionView
        section={example.section}
        level={2}
        theme={theme}
        buyHref={example.buyHref}
        buyAnchor={false}
        gallery={example.gallery ?? undefined}
      />
    </div>
  )
  return (
    <figure className={`sl-frame${preview ? ' sl-frame--preview' : ''}${device === 'mobile' ? ' sl-frame--phone' : ''}`}>
      <figcaption className="sl-frame__bar">
        <span className="sl-frame__dots" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
        <span className="sl-frame__label">
          <strong>{label ?? 'Sample content'}</strong> · demo store: {example.productTitle}
        </span>
      </figcaption>
      {reviews && !preview ? (
        <p className="sl-frame__note" role="note">
          Sample reviews: these are the demo store’s sample reviews, shown to explain the section. They are not real customer reviews.
        </p>
      ) : null}
      {preview ? (
        <div className="sl-frame__viewport" {...INERT}>
          <div className="sl-frame__canvas">{page}</div>
        </div>
      ) : (
        <div className="sl-frame__body">{page}</div>
      )}
    </figure>
  )
}
