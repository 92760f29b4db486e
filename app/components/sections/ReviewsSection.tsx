import { countWith, fill, formatRatingIn, formatReviewDate } from '../../../server/domain/page/shopper-words'
import { SectionFrame, Stars, type HeadingLevel, type SectionOf } from './parts'
import { useShopperWords } from './words'

/**
 * Reviews exactly as given (the owner may hide, pin or fix a typo, never add or change a rating):
 * the provenance or disclosure line always shows; the listing's own rating when the source stated
 * one, else the average of the imported reviews.
 */
export function ReviewsSection({ section, headingLevel = 2 }: { section: SectionOf<'reviews'>; headingLevel?: HeadingLevel }) {
  const words = useShopperWords()
  const { summary, listingRating } = section
  const rated = listingRating ?? summary
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <p className="pw-provenance">{section.provenance}</p>
      {rated ? (
        <p className="pw-summary">
          <Stars rating={rated.average} showNumber={false} />
          <span>
            <strong>{fill(words.outOf5, { rating: formatRatingIn(rated.average, words) })}</strong>
            {' · '}
            {countWith(rated.count, listingRating ? words.listingCount : words.reviewCount, words)}
          </span>
        </p>
      ) : null}
      <ul className="pw-grid pw-reviews">
        {section.items.map((review, i) => {
          const date = review.date ? formatReviewDate(review.date, words) : null
          return (
            <li key={i} className="pw-card pw-review">
              {review.rating !== null ? <Stars rating={review.rating} /> : null}
              {review.title ? <h3>{review.title}</h3> : null}
              <p className="pw-review__body">{review.body}</p>
              <p className="pw-review__meta">
                <span className="pw-review__author">{review.author}</span>
                {date && date.text ? (
                  <>
                    {' · '}
                    <time dateTime={date.dateTime}>{date.text}</time>
                  </>
                ) : null}
              </p>
            </li>
          )
        })}
      </ul>
    </SectionFrame>
  )
}
