import type { Page } from '../../../server/domain/page/schema'
import { PageView } from '../sections/PageView'

export type PreviewSize = 'card' | 'desktop' | 'mobile'

/**
 * A live render of a template: the sample page drawn by the real section renderers at its real
 * width (1280 px for desktop, a phone column for mobile), scaled down with CSS `zoom` (so a frame's
 * scroll area follows the scaled page). Only a picture: hidden from assistive technology and inert.
 * Needs app/styles/page.css and app/styles/templates.css.
 */
export function TemplatePreview({ page, size, label }: { page: Page; size: PreviewSize; label?: string }) {
  const device = size === 'mobile' ? 'mobile' : 'desktop'
  return (
    <div className={`tpl-frame tpl-frame--${size}`} data-testid={`template-preview-${size}`} title={label}>
      {/* Its own form: the gallery's radio buttons of each preview are a group of their own. */}
      <form className="tpl-canvas" aria-hidden="true" {...{ inert: '' }}>
        <PageView page={page} mode="share" device={device} />
      </form>
    </div>
  )
}
