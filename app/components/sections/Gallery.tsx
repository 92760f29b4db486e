import { fill } from '../../../server/domain/page/shopper-words'
import { useShopperWords } from './words'

/** Loading hints React 18 does not know as camelCase props (lowercase attributes render as-is). */
const FIRST_IMAGE = { fetchpriority: 'high' } as Record<string, string>

export interface GalleryImage {
  src: string
  alt: string
}

/** Large images are drawn square (object-fit: contain), so the page does not shift while they load. */
const SIZE = 800
const THUMB = 96

/**
 * Product images: one large image and a row of thumbnails that switch it, without JavaScript
 * (app/styles/gallery.css). Each thumbnail is the label of a visually hidden radio input placed
 * just before its slide — `radio:checked + slide` shows it — so there are no history entries, the
 * group is one tab stop, arrow keys move through the images and the focused thumbnail shows a ring.
 * One image: no thumbnails. Only the first image loads eagerly; hidden slides and thumbnails are lazy.
 * `idPrefix` makes the input ids and group name unique on the page (e.g. the section id).
 */
export function Gallery({ images, idPrefix }: { images: GalleryImage[]; idPrefix: string }) {
  const words = useShopperWords()
  if (images.length === 0) return null
  if (images.length === 1) {
    const [image] = images
    return (
      <div className="pw-gallery pw-gallery--single">
        <div className="pw-gallery__slide">
          <img src={image.src} alt={image.alt} width={SIZE} height={SIZE} loading="eager" decoding="async" {...FIRST_IMAGE} />
        </div>
      </div>
    )
  }
  const name = `${idPrefix}-gallery`
  const count = images.length
  return (
    <div className="pw-gallery" role="group" aria-label={words.productImages}>
      {images.map((image, i) => {
        const id = `${idPrefix}-gallery-${i + 1}`
        const first = i === 0
        return [
          <input key={`r${i}`} className="pw-gallery__radio" type="radio" name={name} id={id} defaultChecked={first} />,
          <div key={`s${i}`} className="pw-gallery__slide">
            <img
              src={image.src}
              alt={image.alt}
              width={SIZE}
              height={SIZE}
              loading={first ? 'eager' : 'lazy'}
              decoding="async"
              {...(first ? FIRST_IMAGE : {})}
            />
          </div>,
          <label key={`t${i}`} className="pw-gallery__thumb" htmlFor={id}>
            <img src={image.src} alt="" width={THUMB} height={THUMB} loading="lazy" decoding="async" />
            <span className="pw-sr">
              {fill(words.imageOf, { n: i + 1, count })}
              {image.alt ? `: ${image.alt}` : ''}
            </span>
          </label>,
        ]
      })}
    </div>
  )
}
