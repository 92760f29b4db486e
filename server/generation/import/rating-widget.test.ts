import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { fakeFetcher } from '../../../tests/fixtures/import/fake-fetcher'
import {
  decimalRatingBesideHeading,
  decimalRatingWithCount,
  ratingBesideHeading,
  ratingShownNowhere,
  ratingsBeforeReviews,
  starRowFill,
  starWidgetEmpty,
} from './rating-widget'
import { importProduct } from './index'

const page = (underHeading: string, later = '') =>
  `<html><body><main><section class="details"><div class="info"><h1>Maple Bench Top 60 x 24</h1><p>Item #: T9F432251</p></div>
  ${underHeading}</section><div class="tabs"><div class="review"><div rating="3" class="star-rating">☆☆☆ (1)</div></div></div>${later}</main></body></html>`

describe('the star widget beside the product’s heading', () => {
  it('reads the rating its attribute states and the count written inside it', () => {
    const html = page(
      `<div rating="5" class="star-rating"><span>&#x2606;</span><span>&#x2606;</span><span>&#x2606;</span><span>&#x2606;</span><span>&#x2606;</span><span class="number-reviews">(6)</span></div>`,
    )
    expect(ratingBesideHeading(load(html))).toEqual({ average: 5, count: '6', scale: 5 })
    expect(ratingBesideHeading(load(page(`<div class="stars" data-rating="4,5">★★★★☆ 1.204 avaliações</div>`)))).toEqual({
      average: 4.5,
      count: '1.204',
      scale: 5,
    })
  })

  it('reads the rating and count its words for a screen reader state', () => {
    const said = page(
      `<a href="#reviews"><span class="rating-stars"><span class="sr-only">4.7 out of 5 stars with 1654 reviews</span><svg></svg></span></a>`,
    )
    expect(ratingBesideHeading(load(said))).toEqual({ average: 4.7, count: '1654', scale: 5 })
    const german = page(`<span class="stars" aria-label="4,5 von 5 Sternen, 1.204 Bewertungen"></span>`)
    expect(ratingBesideHeading(load(german))).toEqual({ average: 4.5, count: '1204', scale: 5 })
    // Stamped labels the badge its star icons sit in.
    const badge = page(
      `<span class="stamped-badge" aria-label="Rated 4.1 out of 5 stars 14 reviews"><span class="stamped-starrating" aria-hidden="true"><i class="stamped-fa-star"></i><i class="stamped-fa-star"></i></span></span>`,
    )
    expect(ratingBesideHeading(load(badge))).toEqual({ average: 4.1, count: '14', scale: 5 })
    // A region holding the heading too is the page's: its label says nothing of these stars.
    const region = `<html><body><main aria-label="Our shop, rated 4.9 out of 5 stars by 2,000 reviews"><div><h1>Espresso machine 4711</h1>
      <div class="star-rating" data-rating="4.2"><i class="star"></i> (12)</div></div></main></body></html>`
    expect(ratingBesideHeading(load(region))).toEqual({ average: 4.2, count: '12', scale: 5 })
  })

  it('reads stars that state their rating in data-star-rating and the count a screen reader is told beside them ("(67)")', () => {
    const stars = (count: string) =>
      `<div><a href="#reviews"><span class="MD-z" data-star-rating="4"><span>4</span><span class="sr-only">Rated 4 stars out of 5</span></span>${count}</a></div>`
    expect(ratingBesideHeading(load(page(stars('<span aria-label="67 reviews">(67)</span>'))))).toEqual({
      average: 4,
      count: '67',
      scale: 5,
    })
    // Without a count anywhere, no rating.
    expect(ratingBesideHeading(load(page(stars(''))))).toBeNull()
  })

  it('reads the average and count a badge writes beside stars that say nothing themselves ("4,9 (15)")', () => {
    const stars = (fill: string) =>
      `<div class="rating-percent__full">${'<div class="rating-percent__full-star" style="width: 20%">&#9733;</div>'.repeat(4)}<div class="rating-percent__full-star" style="width: ${fill}">&#9733;</div></div>`
    const badge = `<div class="rating"><a href="#reviews">${stars('18.7%')}<span>(98.7)</span></a> <span class="value">4,9</span> <span>(15)</span></div>`
    expect(ratingBesideHeading(load(page(badge)))).toEqual({ average: 4.9, count: '15', scale: 5 })
    // A whole number beside a count is no average it states.
    expect(ratingBesideHeading(load(page(badge.replace('4,9', '4'))))).toBeNull()
  })

  it('states nothing without both: stars with no count, a count with no rating, a rating out of range', () => {
    expect(ratingBesideHeading(load(page(`<div rating="5" class="star-rating">☆☆☆☆☆</div>`)))).toBeNull()
    expect(ratingBesideHeading(load(page(`<div class="star-rating">☆☆☆☆☆ (6)</div>`)))).toBeNull()
    expect(ratingBesideHeading(load(page(`<div rating="9" class="star-rating">(6)</div>`)))).toBeNull()
  })

  it('never takes a review’s stars far from the heading, a histogram, or stars before the heading', () => {
    expect(ratingBesideHeading(load(page('')))).toBeNull()
    expect(ratingBesideHeading(load(page(`<div data-rating="4" class="stars-histogram">(12)</div>`)))).toBeNull()
    const before = `<html><body><main><section><div data-rating="4" class="stars">(12)</div><div><h1>Maple Bench Top 60 x 24</h1></div></section></main></body></html>`
    expect(ratingBesideHeading(load(before))).toBeNull()
  })
})

describe('the count of ratings written before the count of reviews', () => {
  it('is the rating’s count where the data counts the written reviews', () => {
    // The page's text as read with its tags taken out: entities are still written.
    expect(ratingsBeforeReviews('4.3 ★  3,397 Ratings&nbsp;  &amp;  &nbsp;213 Reviews ', 213)).toBe('3397')
    expect(ratingsBeforeReviews('3.9 ★ 673 ratings and 51 reviews', '51')).toBe('673')
    expect(ratingsBeforeReviews('4,1 de 5 · 5.182 valoraciones y 213 opiniones', 213)).toBe('5182')
    // India writes lakhs: 1,90,019 is 190,019.
    expect(ratingsBeforeReviews('4.6 1,90,019 Ratings &amp; 6,023 Reviews ₹69,900', 6023)).toBe('190019')
    expect(ratingsBeforeReviews('4.4 12,34,56,789 Ratings & 6,023 Reviews', 6023)).toBe('123456789')
  })
  it('is nothing when the page writes no such pair for that count', () => {
    // Another number before the count: sales, questions, or fewer than the reviews.
    expect(ratingsBeforeReviews('5,000 sold · 213 reviews', 213)).toBeNull()
    expect(ratingsBeforeReviews('12 ratings & 213 reviews', 213)).toBeNull()
    expect(ratingsBeforeReviews('3,397 Ratings & 214 Reviews', 213)).toBeNull()
    // The rating before the count is not a count of ratings.
    expect(ratingsBeforeReviews('4.3 ratings 213 reviews', 213)).toBeNull()
  })
})

describe('a rating written under the heading, its stars an icon', () => {
  it('reads "5 (8.560 rating)" in the heading’s box, and nothing from a line that counts something else', () => {
    const under = (line: string) =>
      load(
        `<html lang="id"><body><div class="box"><div><h1>Dada Ayam Fillet - 1 kg</h1><p>Terjual 10 rb+ • <svg></svg><span>bintang </span><span>5</span> <span>(8.560 rating)</span></p></div></div></body></html>`.replace(
          /<p>.*<\/p>/,
          line,
        ),
      )
    expect(
      ratingBesideHeading(under('<p>Terjual 10 rb+ • <svg></svg><span>bintang </span><span>5</span> <span>(8.560 rating)</span></p>')),
    ).toEqual({
      average: 5,
      count: '8560',
      scale: 5,
    })
    expect(ratingBesideHeading(under('<p><span>4,3</span> <span>(646 avaliações)</span></p>'))).toEqual({
      average: 4.3,
      count: '646',
      scale: 5,
    })
    expect(ratingBesideHeading(under('<p>Pack of 5 (2 pieces)</p>'))).toBeNull()
    expect(ratingBesideHeading(under('<p>Size 15 (20 reviews)</p>'))).toBeNull()
    expect(ratingBesideHeading(under('<p>0.0 (0 reviews)</p>'))).toBeNull()
    // A number that ends the heading itself is the name's, not a rating.
    const named = load('<html><body><div><h1><span>AirPods Pro 2</span></h1><a href="#reviews">(1,234 reviews)</a></div></body></html>')
    expect(ratingBesideHeading(named)).toBeNull()
  })
})

describe('the decimal the product’s stars say', () => {
  it('is read from their title or label, and only from the first stars after the heading', () => {
    const said = (stars: string) => decimalRatingBesideHeading(load(page(stars)))
    expect(said(`<div class="product-rating"><i class="rating rating-4" title="3.9 out of 5 eggs"></i><span>(1,708)</span></div>`)).toBe(
      3.9,
    )
    expect(said(`<span class="stars" aria-label="4,6 von 5 Sternen"></span>`)).toBe(4.6)
    // Whole stars say nothing more than a whole-number rating does.
    expect(said(`<i class="rating rating-4" title="4 out of 5 eggs"></i>`)).toBeNull()
    expect(said('')).toBeNull()
  })

  it('is read from the reviews’ summary anywhere on the page, where its stars stand beside the product’s own count', () => {
    const summary = (label: string, count: number) =>
      `<section><div><span>4.74</span><span>/5</span><div><span>(${count} avaliações)</span><div aria-label="${label}" class="ratingStarsContainer"></div></div></div></section>`
    const at = (body: string, count: number) => decimalRatingWithCount(load(`<html><body><h1>Notebook</h1>${body}</body></html>`), count)
    expect(at(summary('Classificação: 4.74 de 5 estrelas.', 27), 27)).toBe(4.74)
    // Another count (a tile's, a review's own stars): not the product's.
    expect(at(summary('Classificação: 4.74 de 5 estrelas.', 12), 27)).toBeNull()
    // The first stars beside the count say whole stars: nothing more to read, whatever a tile says after them.
    expect(at(summary('Review: 5 out of 5 stars.', 39) + summary('Review: 4.8 out of 5 stars.', 39), 39)).toBeNull()
  })

  it('replaces a structured rating only where it is that rating rounded to whole stars', async () => {
    const html = (ratingValue: number, title: string) =>
      `<html><head><script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Maple Bench Top 60 x 24',
        image: 'https://cdn.shop.example/media/48213/bench-48213.jpg',
        offers: { '@type': 'Offer', price: '459.95', priceCurrency: 'USD' },
        aggregateRating: { '@type': 'AggregateRating', ratingValue, reviewCount: 1708 },
      })}</script></head><body><main><div><h1>Maple Bench Top 60 x 24</h1><div class="product-rating"><i class="rating" title="${title}"></i></div></div></main></body></html>`
    const rating = async (ratingValue: number, title: string) => {
      const url = 'https://shop.example/p/bench-48213'
      const facts = await importProduct(url, fakeFetcher({ [url]: { body: html(ratingValue, title), contentType: 'text/html' } }))
      return facts.listingRating?.average
    }
    expect(await rating(4, '3.9 out of 5 eggs')).toBe(3.9)
    // Another rating than the data's, or data that already has its decimal: the data stands.
    expect(await rating(4, '3.2 out of 5 eggs')).toBe(4)
    expect(await rating(4.2, '3.9 out of 5 eggs')).toBe(4.2)
  })
})

describe('a row of star icons, each classed with its fill', () => {
  const stars = (fills: string[]) => `<div class="rating-stars">${fills.map((f) => `<div class="review-star ${f}"></div>`).join('')}</div>`

  it('adds up the fills a class names and reads the count written in the badge', () => {
    const row = stars([
      'pr-star-v4-100-filled',
      'pr-star-v4-100-filled',
      'pr-star-v4-100-filled',
      'pr-star-v4-100-filled',
      'pr-star-v4-50-filled',
    ])
    const html = page(
      `<div class="inline-reviews"><div class="inline-rating">${row}</div><div class="text"><div class="write">414 Reviews</div></div></div>`,
    )
    expect(ratingBesideHeading(load(html))).toEqual({ average: 4.5, count: '414', scale: 5 })
    expect(starRowFill(load(stars(['star full', 'star full', 'star full', 'star half', 'star empty']))('.rating-stars')[0])).toBe(3.5)
  })

  it('reads no rating from stars that do not say their fill, nor without a count', () => {
    expect(starRowFill(load(stars(['star', 'star', 'star', 'star', 'star']))('.rating-stars')[0])).toBeNull()
    const row = stars(['s-100-filled', 's-100-filled', 's-100-filled', 's-100-filled', 's-0-filled'])
    expect(
      ratingBesideHeading(
        load(page(`<div class="inline-reviews"><div class="inline-rating">${row}</div><a href="#write">Write a review</a></div>`)),
      ),
    ).toBeNull()
  })
})

describe('a structured rating against what the page shows', () => {
  const product = (aggregateRating: object, body: string) =>
    `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Maple Bench Top 60 x 24',
      image: 'https://cdn.shop.example/media/48213/bench-48213.jpg',
      offers: { '@type': 'Offer', price: '459.95', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ...aggregateRating },
    })}</script></head><body><main><div><h1>Maple Bench Top 60 x 24</h1>${body}</div></main></body></html>`
  const rated = async (html: string) => {
    const url = 'https://shop.example/p/bench-48213'
    const facts = await importProduct(url, fakeFetcher({ [url]: { body: html, contentType: 'text/html' } }))
    return facts.listingRating ? { average: Number(facts.listingRating.average), count: Number(facts.listingRating.count) } : null
  }

  it('drops a rating of one review that the page has no place to show (a theme’s JSON-LD, no widget)', async () => {
    const one = { ratingValue: '5.0', reviewCount: '1' }
    expect(await rated(product(one, '<p>5 Piece hygiene kit, case of 96</p>'))).toBeNull()
    // Shown by a widget, or with its count written, it stands; so does a rating of many reviews.
    expect(await rated(product(one, '<div class="jdgm-widget"></div>'))).toMatchObject({ average: 5 })
    expect(await rated(product(one, '<p>Kit</p><span>1 review</span>'))).toMatchObject({ average: 5 })
    expect(await rated(product({ ratingValue: '4.5', ratingCount: '37' }, '<p>Kit</p>'))).toMatchObject({ average: 4.5 })
  })

  it('takes the whole stars the page draws and writes as stars over a structured rating that says otherwise', async () => {
    const stars = (full: number) =>
      `<div class="rating-stars">${'<span class="ci ci-star-full"></span>'.repeat(full)}${'<span class="ci ci-star-empty"></span>'.repeat(5 - full)}</div>`
    const html = (said: string) => product({ ratingValue: '4.5', reviewCount: '20' }, `${stars(5)}<p>${said} (20 avaliações)</p>`)
    expect(await rated(html('Avaliação geral: 5 estrelas'))).toEqual({ average: 5, count: 20 })
    // A whole number not written as the stars proves nothing ("5" is written all over a page).
    expect(await rated(html('Entrega em 5 dias'))).toEqual({ average: 4.5, count: 20 })
  })

  it('reads stars whose label says their rating alone, the count in their badge', () => {
    const sephora = page(
      `<a href="#reviews"><div aria-label="4.5 stars" class="css-ychh9y"><svg aria-hidden="true"></svg></div><span class="css-2rg6q7">655 reviews</span></a>`,
    )
    expect(ratingBesideHeading(load(sephora))).toEqual({ average: 4.5, count: '655', scale: 5 })
    // Without a count beside them, no rating.
    expect(ratingBesideHeading(load(page(`<div aria-label="4.5 stars" class="css-ychh9y"></div>`)))).toBeNull()
  })
})

describe('a structured rating of a handful of reviews the page shows nowhere', () => {
  it('is shown nowhere when no element is a rating’s place: a gallery’s "previews" list is none', () => {
    const gallery = '<div class="gallery"><ul class="previews-list slides"><li><img src="a.jpg"></li></ul></div><p>Acer CB242Y</p>'
    expect(ratingShownNowhere(load(gallery), 5, 1)).toBe(true)
    // A reviews block, even empty, is a place that shows it.
    expect(ratingShownNowhere(load(`${gallery}<div id="reviews"></div>`), 5, 1)).toBe(false)
  })
})

describe('a star widget drawn empty by its own word', () => {
  const bar = (rating: string, readonly = '1') =>
    `<html><body><h1>Dell R620</h1><div class="br-wrapper br-theme-css-stars"><select data-current-rating="${rating}" data-readonly="${readonly}" style="display:none"><option value="1">1</option><option value="5">5</option></select><div class="br-widget"><a data-rating-value="1"></a><a data-rating-value="5"></a></div></div></body></html>`
  it('is a read-only bar whose current rating is 0', () => {
    expect(starWidgetEmpty(load(bar('0')))).toBe(true)
    expect(starWidgetEmpty(load(bar('')))).toBe(true)
  })
  it('is not a bar that states a rating, nor one the shopper may still rate, nor a page without one', () => {
    expect(starWidgetEmpty(load(bar('4')))).toBe(false)
    expect(starWidgetEmpty(load(bar('0', '0')))).toBe(false)
    expect(starWidgetEmpty(load('<html><body><h1>Dell R620</h1></body></html>'))).toBe(false)
  })
})

describe('Magento’s rating bar beside the heading', () => {
  it('reads the bar’s filled width and the count written beside it', () => {
    const bar = (width: string, links: string) =>
      page(
        `<div class="ratings"><div class="rating-box"><div class="rating" style="width:${width}"></div></div><p class="rating-links">${links}</p></div>`,
      )
    expect(
      ratingBesideHeading(load(bar('100%', '<a href="#reviews">1 Review(s)</a> | <a href="/review/add">Add Your Review</a>'))),
    ).toEqual({
      average: 5,
      count: '1',
      scale: 5,
    })
    expect(ratingBesideHeading(load(bar('80%', '<a href="#reviews">12 Reviews</a>')))).toEqual({ average: 4, count: '12', scale: 5 })
    // A bar with no count beside it is nobody's rating.
    expect(ratingBesideHeading(load(bar('80%', '<a href="/review/add">Add Your Review</a>')))).toBeNull()
  })
})
