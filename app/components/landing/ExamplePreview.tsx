import type { SamplePage } from '~/.server/api'
import type { Page } from '../../../server/domain/page/schema'
import { PageView } from '../sections'

/** `inert`: the preview is a picture of a page; its links and headings are not part of this one. */
const INERT = { inert: '' } as Record<string, string>

/**
 * A real generated page in a desktop browser frame and a phone frame, scaled down with CSS only
 * (the page lays itself out by its own width, so each frame gets its real layout). Needs page.css
 * and landing.css.
 */
/** The page with its section ids prefixed: two previews (and this page's own anchors) never share an id. */
const withIdPrefix = (page: Page, prefix: string): Page => ({
  ...page,
  sections: page.sections.map((s) => ({ ...s, id: `${prefix}-${s.id}` })),
})

export function ExamplePreview({ sample, caption }: { sample: SamplePage; caption: string }) {
  const address = `your-store.com/products/${sample.product.handle}`
  return (
    <figure className="lp-example" data-testid="example-page">
      <div className="lp-example__frames">
        <div className="lp-browser" aria-hidden="true">
          <div className="lp-browser__bar">
            <span className="lp-browser__dots">
              <i />
              <i />
              <i />
            </span>
            <span className="lp-browser__address">{address}</span>
          </div>
          <div className="lp-browser__viewport">
            <div className="lp-browser__page" {...INERT}>
              <PageView page={withIdPrefix(sample.page, 'example-wide')} mode="share" />
            </div>
          </div>
        </div>
        <div className="lp-phone" aria-hidden="true">
          <div className="lp-phone__viewport">
            <div className="lp-phone__page" {...INERT}>
              <PageView page={withIdPrefix(sample.page, 'example-phone')} mode="share" />
            </div>
          </div>
        </div>
      </div>
      <figcaption>
        {caption} <strong>{sample.product.title}</strong>, from the demo store that ships with Pagewright, written by the built-in writer (
        {sample.template} template). Every line on it comes from the product's own listing.
      </figcaption>
    </figure>
  )
}
