import { formatDate, formatRating, plural } from './format'
import { SectionFrame, Stars, type HeadingLevel, type SectionOf } from './parts'

/**
 * Reviews exactly as given (the owner may hide, pin or fix a typo, never add or change a rating):
 * the provenance or disclosure line always shows; the listing's own rating when the source stated
 * one, else the average of the imported reviews.
 */
export function ReviewsSection({ section, headingLevel = 2 }: { section: SectionOf<'reviews'>; headingLevel?: HeadingLevel }) {
  const { summary, listingRating } = section
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <p className="pw-provenance">{section.provenance}</p>
      {listingRating ? (
        <p className="pw-summary">
          <Stars rating={listingRating.average} showNumber={false} />
          <span>
            <strong>{formatRating(listingRating.average)} out of 5</strong> · {plural(listingRating.count, 'rating', 'ratings')} on the
            product&apos;s listing
          </span>
        </p>
      ) : summary ? (
        <p className="pw-summary">
          <Stars rating={summary.average} showNumber={false} />
          <span>
            <strong>{formatRating(summary.average)} out of 5</strong> · {plural(summary.count, 'review', 'reviews')}
          </span>
        </p>
      ) : null}
      <ul className="pw-grid pw-reviews">
        {section.items.map((review, i) => {
          const date = review.date ? formatDate(review.date) : null
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
