import type { ReactNode } from 'react'
import type { Section } from '../../../server/domain/page/schema'
import { fill, formatRatingIn } from '../../../server/domain/page/shopper-words'
import { formatPrice } from './format'
import { useShopperWords } from './words'

export type SectionOf<T extends Section['type']> = Extract<Section, { type: T }>
export type HeadingLevel = 1 | 2
export type Price = NonNullable<SectionOf<'hero'>['price']>

export const headingId = (sectionId: string) => `${sectionId}-title`

/**
 * Every section: `<section id data-section-type>` named by its heading, with a centred inner column.
 * The heading is an h1 for the page's first hero (see PageView) and an h2 everywhere else.
 */
export function SectionFrame({
  section,
  level,
  heading,
  className,
  children,
}: {
  section: Section
  level: HeadingLevel
  heading: string
  className?: string
  children: ReactNode
}) {
  const H = level === 1 ? 'h1' : 'h2'
  const titled = heading.length > 0
  return (
    <section
      id={section.id}
      data-section-type={section.type}
      className={`pw-section pw-${section.type}${className ? ` ${className}` : ''}`}
      aria-labelledby={titled ? headingId(section.id) : undefined}
    >
      <div className="pw-inner">
        {titled ? (
          <H id={headingId(section.id)} className="pw-title">
            {heading}
          </H>
        ) : null}
        {children}
      </div>
    </section>
  )
}

/** The price; the compare-at price is shown struck through only when the source states a higher one. */
export function PriceTag({ price }: { price: Price }) {
  const words = useShopperWords()
  const was = price.compareAt !== null && price.compareAt > price.amount ? price.compareAt : null
  return (
    <p className="pw-price">
      {was !== null ? (
        <>
          <span className="pw-sr">{`${words.price} `}</span>
          <strong className="pw-price__now">{formatPrice(price.amount, price.currency, words)}</strong>{' '}
          <s className="pw-price__was">
            <span className="pw-sr">{`${words.was} `}</span>
            {formatPrice(was, price.currency, words)}
          </s>
        </>
      ) : (
        <strong className="pw-price__now">{formatPrice(price.amount, price.currency, words)}</strong>
      )}
    </p>
  )
}

/** Star rating: five stars filled to the rating, read out as "Rated 4 out of 5", with the number as text. */
export function Stars({ rating, showNumber = true }: { rating: number; showNumber?: boolean }) {
  const words = useShopperWords()
  const label = formatRatingIn(rating, words)
  const pct = (Math.min(5, Math.max(0, rating)) / 5) * 100
  return (
    <span className="pw-rating" role="img" aria-label={fill(words.rated, { rating: label })}>
      <span className="pw-stars" aria-hidden="true">
        ★★★★★
        <span className="pw-stars__on" style={{ width: `${pct}%` }}>
          ★★★★★
        </span>
      </span>
      {showNumber ? (
        <span className="pw-rating__num" aria-hidden="true">
          {label}
        </span>
      ) : null}
    </span>
  )
}

/**
 * The buy button: a link to the owner's buy target. Without one, shoppers see no dead button, and
 * the owner's preview says where to set it.
 */
export function BuyButton({ href, setHref, label }: { href: string | null; setHref?: string; label: string }) {
  if (href) return <ButtonLink href={href} label={label} large />
  if (!setHref) return null
  return (
    <a className="pw-button pw-button--lg pw-button--missing" href={setHref}>
      Set where the button goes
    </a>
  )
}

export function ButtonLink({ href, label, large }: { href: string; label: string; large?: boolean }) {
  const words = useShopperWords()
  return (
    <a className={`pw-button${large ? ' pw-button--lg' : ''}`} href={href}>
      {label || words.buyNow}
    </a>
  )
}
