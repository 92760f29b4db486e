import type { Page, Section, Theme } from '../../../server/domain/page/schema'
import { shopperWords } from '../../../server/domain/page/shopper-words'
import { BenefitsSection } from './BenefitsSection'
import { ComparisonSection } from './ComparisonSection'
import { CtaSection } from './CtaSection'
import { FaqSection } from './FaqSection'
import { formatPrice, safeHref } from './format'
import { GuaranteeSection } from './GuaranteeSection'
import { HeroSection } from './HeroSection'
import { ImageWithTextSection } from './ImageWithTextSection'
import type { HeadingLevel } from './parts'
import { ReviewsSection } from './ReviewsSection'
import { SpecsSection } from './SpecsSection'
import { StatsSection } from './StatsSection'
import { themeStyle } from './theme'
import { ShopperWordsContext, useShopperWords } from './words'

export type PageViewMode = 'share' | 'preview'
export type PageViewDevice = 'desktop' | 'mobile'

export interface PageViewProps {
  page: Page
  /** `share`: the public page. `preview`: the owner's view (framed; same markup otherwise). */
  mode?: PageViewMode
  /** `mobile` renders the page in a phone-width column (layout follows the column, not the window). */
  device?: PageViewDevice
  /** Owner preview only: where the owner sets a missing buy target (shown instead of the button). */
  setBuyHref?: string
}

/** Fallback in-page target of the buy buttons: the first call-to-action section's button. */
export const BUY_ANCHOR = 'buy'

/**
 * The generated page: a `.pw-page` root carrying the theme as CSS custom properties (and the page's
 * language, when it has one), then every section in order. The renderers' own words are in the
 * page's language (shopper-words.ts). Pure markup (no state, effects or handlers): it works with
 * JavaScript off. Needs `app/styles/page.css`.
 */
export function PageView({ page, mode = 'share', device = 'desktop', setBuyHref }: PageViewProps) {
  // The owner's buy target; without one there is no button (never a dead link).
  const buyHref = safeHref(page.owner?.buyUrl)
  // Exactly one h1: the first hero's heading, or the first section's when there is no hero.
  const h1Index = Math.max(
    0,
    page.sections.findIndex((s) => s.type === 'hero'),
  )
  const buyIndex = page.sections.some((s) => s.id === BUY_ANCHOR) ? -1 : page.sections.findIndex((s) => s.type === 'cta')
  const { theme } = page
  return (
    <ShopperWordsContext.Provider value={shopperWords(page.language)}>
      <div
        className="pw-page"
        lang={page.language}
        data-mode={mode}
        data-device={device}
        data-font={theme.font}
        data-radius={theme.radius}
        style={themeStyle(theme)}
      >
        {page.sections.map((section, i) => (
          <SectionView
            key={`${i}:${section.id}`}
            section={section}
            level={i === h1Index ? 1 : 2}
            theme={theme}
            buyHref={buyHref}
            setBuyHref={mode === 'preview' ? setBuyHref : undefined}
            buyAnchor={i === buyIndex}
            gallery={i === h1Index ? page.gallery : undefined}
          />
        ))}
        {buyHref ? <BuyBar page={page} buyHref={buyHref} /> : null}
      </div>
    </ShopperWordsContext.Provider>
  )
}

/** Small screens: the price and buy button stay at the bottom edge (CSS only; hidden on wide pages). */
function BuyBar({ page, buyHref }: { page: Page; buyHref: string }) {
  const words = useShopperWords()
  const hero = page.sections.find((s) => s.type === 'hero')
  const label = hero?.type === 'hero' && hero.ctaLabel ? hero.ctaLabel : words.buyNow
  const price = hero?.type === 'hero' ? hero.price : null
  return (
    <div className="pw-buybar">
      {price ? <strong className="pw-price__now">{formatPrice(price.amount, price.currency, words)}</strong> : null}
      <a className="pw-button" href={buyHref}>
        {label}
      </a>
    </div>
  )
}

export function SectionView({
  section,
  level,
  theme,
  buyHref,
  setBuyHref,
  buyAnchor,
  gallery,
}: {
  gallery?: Page['gallery']
  section: Section
  level: HeadingLevel
  theme: Theme
  buyHref: string | null
  setBuyHref?: string
  buyAnchor: boolean
}) {
  switch (section.type) {
    case 'hero':
      return <HeroSection section={section} headingLevel={level} buyHref={buyHref} setBuyHref={setBuyHref} gallery={gallery} />
    case 'benefits':
      return <BenefitsSection section={section} headingLevel={level} />
    case 'image-with-text':
      return <ImageWithTextSection section={section} headingLevel={level} theme={theme} />
    case 'stats':
      return <StatsSection section={section} headingLevel={level} />
    case 'comparison':
      return <ComparisonSection section={section} headingLevel={level} />
    case 'reviews':
      return <ReviewsSection section={section} headingLevel={level} />
    case 'faq':
      return <FaqSection section={section} headingLevel={level} />
    case 'guarantee':
      return <GuaranteeSection section={section} headingLevel={level} />
    case 'cta':
      return (
        <CtaSection
          section={section}
          headingLevel={level}
          buyHref={buyHref}
          setBuyHref={setBuyHref}
          anchorId={buyAnchor ? BUY_ANCHOR : undefined}
        />
      )
    case 'specs':
      return <SpecsSection section={section} headingLevel={level} />
    default: {
      const unknown: never = section
      return unknown
    }
  }
}
