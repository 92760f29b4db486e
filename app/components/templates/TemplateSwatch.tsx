import type { Theme } from '../../../server/domain/page/schema'
import { SECTION_LABELS, type SectionType } from '../../../server/domain/page/section-types'

/** How tall each section is drawn in the strip (the hero is the big one). */
const HEIGHT: Partial<Record<SectionType, number>> = { hero: 3, 'image-with-text': 2, reviews: 2, comparison: 2 }

/**
 * A compact picture of a template for the /generate choice: its colours, font and corners, and its
 * sections in order as a strip of blocks. Pure CSS, a few hundred bytes per template.
 */
export function TemplateSwatch({ theme, order }: { theme: Theme; order: readonly SectionType[] }) {
  return (
    <span
      className="tpl-swatch"
      data-font={theme.font}
      data-radius={theme.radius}
      style={{ background: theme.background, color: theme.text, borderColor: theme.primary }}
      title={order.map((t) => SECTION_LABELS[t]).join(' → ')}
      aria-hidden="true"
    >
      <span className="tpl-swatch__type">
        <span style={{ color: theme.primary }}>Aa</span>
        <i style={{ background: theme.accent }} />
      </span>
      <span className="tpl-swatch__strip">
        {order.map((t, i) => (
          <i
            key={t}
            className={`tpl-swatch__block tpl-swatch__block--${t}`}
            style={{ flexGrow: HEIGHT[t] ?? 1, background: i === 0 ? theme.primary : t === 'cta' ? theme.accent : undefined }}
          />
        ))}
      </span>
    </span>
  )
}
