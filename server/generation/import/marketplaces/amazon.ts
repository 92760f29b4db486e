import type { CheerioAPI } from 'cheerio'
import { brandFromByline, cleanBrand, isBrandLabel } from '../normalize/brand'
import { type RawFacts } from '../normalize/facts'
import { pageLocale } from '../normalize/locale'
import { countIn, numbersIn } from '../normalize/numbers'
import { type RawReview } from '../normalize/reviews'
import { plainLine as clean } from '../normalize/text'
import { marketplaceProductId } from '../platform'
import { readOffer } from './amazon-offer'
import { jsonAfter, isObj, text } from './embedded'

/** Each Amazon marketplace's currency and usual language (a page's own `lang` wins). */
const MARKETPLACES: [RegExp, string, string][] = [
  [/\.com$/, 'USD', 'en-US'],
  [/\.ca$/, 'CAD', 'en-CA'],
  [/\.com\.mx$/, 'MXN', 'es-MX'],
  [/\.com\.br$/, 'BRL', 'pt-BR'],
  [/\.co\.uk$/, 'GBP', 'en-GB'],
  [/\.de$/, 'EUR', 'de-DE'],
  [/\.fr$/, 'EUR', 'fr-FR'],
  [/\.it$/, 'EUR', 'it-IT'],
  [/\.es$/, 'EUR', 'es-ES'],
  [/\.nl$/, 'EUR', 'nl-NL'],
  [/\.com\.be$/, 'EUR', 'fr-BE'],
  [/\.se$/, 'SEK', 'sv-SE'],
  [/\.pl$/, 'PLN', 'pl-PL'],
  [/\.com\.tr$/, 'TRY', 'tr-TR'],
  [/\.ae$/, 'AED', 'en-AE'],
  [/\.sa$/, 'SAR', 'ar-SA'],
  [/\.eg$/, 'EGP', 'ar-EG'],
  [/\.in$/, 'INR', 'en-IN'],
  [/\.co\.jp$/, 'JPY', 'ja-JP'],
  [/\.com\.au$/, 'AUD', 'en-AU'],
  [/\.sg$/, 'SGD', 'en-SG'],
  [/\.cn$/, 'CNY', 'zh-CN'],
]

function marketplace(pageUrl: string): { currency: string | null; locale: string | null } {
  const host = new URL(pageUrl).hostname
  const found = MARKETPLACES.find(([re]) => re.test(host))
  return { currency: found?.[1] ?? null, locale: found?.[2] ?? null }
}

// ---------------------------------------------------------------------------------------------
// Photos: the gallery the page shows, each photo once.

/** Amazon's id of a photo ("81lde+541vL" in …/images/I/81lde+541vL._AC_SL1500_.jpg); sizes share it. */
export function amazonImageId(url: string): string | null {
  const m = /\/images\/[IG]\/([^/.]+)[^/]*$/.exec(url)
  if (!m) return null
  try {
    return decodeURIComponent(m[1])
  } catch {
    return m[1]
  }
}

interface GalleryEntry {
  best: string
  ids: string[]
}

/** One gallery entry: its URLs from biggest to smallest (a photo's sizes can have different ids). */
function galleryEntry(urls: (string | null)[]): GalleryEntry | null {
  const kept = urls.filter((u): u is string => !!u)
  return kept.length ? { best: kept[0], ids: kept.map(amazonImageId).filter((x): x is string => !!x) } : null
}

/**
 * The gallery's own data, one entry per photo: `colorImages.initial` (the photos of the variant the page
 * opens on, with their full-size, large and thumbnail versions), else `imageGalleryData` (the gallery of
 * books and other media, c. 2017–19: `mainUrl` and `thumbUrl` per photo).
 */
function galleryData(html: string): GalleryEntry[] {
  const color = jsonAfter(html, /['"]colorImages['"]\s*:\s*\{\s*['"]initial['"]\s*:\s*/)
  if (Array.isArray(color) && color.length) {
    return color
      .filter(isObj)
      .map((i) =>
        galleryEntry([text(i.hiRes), text(i.large), text(i.mainUrl), ...(isObj(i.main) ? Object.keys(i.main) : []), text(i.thumb)]),
      )
      .filter((g): g is GalleryEntry => g !== null)
  }
  const media = jsonAfter(html, /['"]imageGalleryData['"]\s*:\s*/)
  return (Array.isArray(media) ? media : [])
    .filter(isObj)
    .map((i) => galleryEntry([text(i.mainUrl), text(i.thumbUrl)]))
    .filter((g): g is GalleryEntry => g !== null)
}

/**
 * The gallery's photos, each once: entries that share a photo id (any of their sizes) are one photo.
 */
function distinctPhotos(gallery: GalleryEntry[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const g of gallery) {
    if (g.ids.some((id) => seen.has(id))) continue
    for (const id of g.ids) seen.add(id)
    out.push(g.best)
  }
  return out
}

/**
 * The product's photos: the gallery's data (every photo, as full-size URLs), else the thumbnail strip
 * the page shows (videos and 360° views left out), else the main image. The strip is only a preview:
 * it stops at seven slots (`maxAlts`), one of them often a video and the last often a "+N" standing
 * for the photos it leaves out, so it is read only when the page carries no gallery data.
 */
function images($: CheerioAPI, html: string): string[] {
  const gallery = distinctPhotos(galleryData(html))
  if (gallery.length) return gallery
  const strip = $('#altImages li')
    .toArray()
    .filter((li) => {
      const cls = $(li).attr('class') ?? ''
      return /\bitem\b|imageThumbnail/.test(cls) && !/video|360|template|aok-hidden/i.test(cls)
    })
    .map((li) => $(li).find('img').first().attr('src') ?? '')
    .filter((src) => src && !/play-button|play-icon|transparent-pixel|sprite/i.test(src))
  if (strip.length) return dedupe(strip)
  // 2018 mobile: the carousel's main and other photos, each with its large size.
  const carousel = $(
    '#imageBlock_feature_div img[data-a-image-name="mainImage"], #imageBlock_feature_div img[data-a-image-name="altImage"]',
  )
    .toArray()
    .map((img) => $(img).attr('data-a-hires') ?? $(img).attr('src') ?? '')
    .filter(Boolean)
  if (carousel.length) return dedupe(carousel)
  const landing = $('#landingImage, #imgBlkFront, #ebooksImgBlkFront, #main-image, #prodImage').first()
  const out: string[] = []
  const hires = landing.attr('data-old-hires')
  if (hires) out.push(hires)
  try {
    const dyn = JSON.parse(landing.attr('data-a-dynamic-image') ?? '{}') as Record<string, [number, number]>
    const biggest = Object.entries(dyn).sort((a, b) => b[1][0] * b[1][1] - a[1][0] * a[1][1])[0]
    if (biggest) out.push(biggest[0])
  } catch {
    /* not JSON */
  }
  if (!out.length && landing.attr('src')) out.push(landing.attr('src')!)
  const sorry = $('#dpSorryPage img[src]').first().attr('src')
  if (!out.length && sorry) out.push(sorry)
  return dedupe(out)
}

/** One URL per photo: the size variants of a photo share its id. */
function dedupe(urls: string[]): string[] {
  const seen = new Set<string>()
  return urls.filter((u) => {
    const key = amazonImageId(u) ?? u
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

// ---------------------------------------------------------------------------------------------

function specs($: CheerioAPI): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = []
  $(
    '#productDetails_techSpec_section_1 tr, #productDetails_detailBullets_sections1 tr, #technicalSpecifications_section_1 tr, #productOverview_feature_div tr',
  ).each((_, tr) => {
    const cells = $(tr).find('th, td')
    if (cells.length >= 2) out.push({ name: clean(cells.first().text()), value: clean(cells.last().text()) })
  })
  $('#detailBullets_feature_div li').each((_, li) => {
    const bold = $(li).find('.a-text-bold').first()
    const name = clean(bold.text()).replace(/\s*:$/, '')
    const value = clean(bold.nextAll().text() || $(li).text().replace(bold.text(), ''))
    if (name && value && !/customer reviews|best sellers rank/i.test(name)) out.push({ name, value })
  })
  return out.filter((s) => s.name && s.value && !/customer reviews|best sellers rank/i.test(s.name))
}

/**
 * What Amazon shows around a review's own words and is not part of them: the stars' text in the
 * title, the "Read more" expander of a long review, a hidden translation slot.
 */
const REVIEW_CHROME =
  '.a-icon-alt, .a-letter-space, .a-expander-header, .a-expander-prompt, [data-hook="expand-collapse-read-more-less"], .aok-hidden'

function reviews($: CheerioAPI): RawReview[] {
  return $('[data-hook="review"]')
    .map((_, el) => {
      const r = $(el)
      const star = clean(
        r.find('[data-hook="review-star-rating"] .a-icon-alt, [data-hook="cmps-review-star-rating"] .a-icon-alt').first().text(),
      )
      const own = (selector: string) => {
        const part = r.find(selector).first().clone()
        part.find(REVIEW_CHROME).remove()
        return part
      }
      return {
        author: clean(r.find('.a-profile-name').first().text()),
        rating: star || null,
        ratingScale: undefined,
        date: clean(r.find('[data-hook="review-date"]').first().text()),
        title: clean(own('[data-hook="review-title"]').text()),
        body: own('[data-hook="review-body"]').html() ?? '',
      } satisfies RawReview
    })
    .get()
}

/** A link to an author's page (a book's byline): "/Bruce-Tate/e/B001ITYIUU", "/kindle-dbs/author/…", "?field-author=…". */
const AUTHOR_LINK = /\/e\/B[0-9A-Z]{9}\b|\/author\/|[?&]field-author=/

/**
 * The brand the line under the title names: `#bylineInfo` ("Visit the Rock Stock Store", "by X
 * (Author)"), or in the 2017 layout the brand byline feature without it ("di <a id="brand">AMD</a>").
 * A line linking to an author's page credits a person, even without "(Author)" (2018's mobile Kindle
 * byline is the name alone); a brand store's link (/stores/PetSafe®+France/page/…) names the store.
 */
function bylineBrand($: CheerioAPI): string | null {
  const line = $('#bylineInfo').first()
  const link = line.is('a') ? line : line.find('a').first()
  const href = link.attr('href') ?? ''
  if (AUTHOR_LINK.test(href)) return null
  const store = /\/stores\/([^/?#]+)\/page\//.exec(href)?.[1]
  let storeName: string | null = null
  try {
    storeName = store ? decodeURIComponent(store.replace(/\+/g, ' ')) : null
  } catch {
    storeName = null // a malformed escape: no store name to go by
  }
  const named = brandFromByline(creditsOf($, line) || $('#brandByline_feature_div').first().text(), storeName)
  if (named) return notProgramme(named)
  // A byline that is only the brand's logo: its link's brand filter names it ("…browse-bin=Fruit+of+the+Loom").
  const logoLink = $('#bylineInfo_feature_div a[href*="field-lbr_brands_browse-bin="]').first().attr('href') ?? ''
  try {
    return notProgramme(cleanBrand(new URL(logoLink, 'https://www.amazon.com/').searchParams.get('field-lbr_brands_browse-bin')))
  } catch {
    return null
  }
}

/**
 * A byline's text without the fields a film's or a record's line adds, each a grey label and its value
 * ("Rated: NR (Not Rated)", "Format: Audio CD"): what is left is the credit or the brand.
 */
function creditsOf($: CheerioAPI, line: ReturnType<CheerioAPI>): string {
  const copy = line.clone()
  copy.find('span.a-color-secondary').each((_, el) => {
    const label = $(el).text().trim()
    if (!label.endsWith(':') || isBrandLabel(label.slice(0, -1))) return
    $(el).next('span').remove()
    $(el).remove()
  })
  return copy.text()
}

/** Amazon's own programmes' stores, which a byline names like a brand: they sell others' products. */
const PROGRAMMES = /^amazon\s+(?:renewed|warehouse|resale|second\s+chance|outlet)$/i
const notProgramme = (brand: string | null) => (brand && PROGRAMMES.test(brand) ? null : brand)

/** The product's ASIN: from its address (/dp/…, /gp/product/…, /ASIN/…), else its own buy form's field. */
function pageAsin($: CheerioAPI, pageUrl: string): string | null {
  const fromUrl = marketplaceProductId(new URL(pageUrl), 'amazon')
  const asin = fromUrl ?? $('#handleBuy input[name="ASIN"], input#ASIN').first().attr('value') ?? ''
  return /^[A-Z0-9]{10}$/i.test(asin) ? asin.toUpperCase() : null
}

export function parseAmazon($: CheerioAPI, html: string, pageUrl: string): RawFacts {
  const site = marketplace(pageUrl)
  const locale = pageLocale($, site.locale)
  const offer = readOffer($, site.currency, locale)
  const specList = specs($)
  // The product's own rating widget beside its title: "4,1 de 5 estrellas", "5.182 valoraciones".
  // c. 2010–14: the summary beside the title ("4.6 out of 5 stars", "(28 customer reviews)").
  // 2018 and 2026 mobile: the stars and "(58)" in the review link under the title.
  // (2011: the same summary without the jump bar, told from the carousels' by the product's own ASIN.)
  const asin = pageAsin($, pageUrl)
  const ownSummary = $(
    asin ? `#handleBuy .jumpBar .crAvgStars, .crAvgStars:has(> .asinReviewsSummary[name="${asin}"])` : '#handleBuy .jumpBar .crAvgStars',
  ).first()
  // Not another product's widget with the same ids (2019's add-on box, "Weitere Artikel hinzufügen",
  // comes first in the page with its own stars and count).
  const own = (selector: string) =>
    $(selector)
      .filter((_, el) => !$(el).closest('[id^="abb-"], [id*="sims"], [id^="sp_detail"]').length)
      .first()
  const stars = clean(
    own('#averageCustomerReviews .a-icon-alt').text() ||
      (own('#acrPopover').attr('title') ?? '') ||
      own('#acrCustomerReviewLink .a-icon-alt').text() ||
      (ownSummary.find('.swSprite').first().attr('title') ?? ''),
  )
  // Japanese writes the scale first: "5つ星のうち4.1" (of five stars, 4.1).
  const [first, second] = numbersIn(stars, locale)
  const [average, scale] = second !== undefined && (first === 5 || first === 10) && second < first ? [second, first] : [first, second]
  const count =
    countIn(
      clean(
        own('#acrCustomerReviewText').text() ||
          ownSummary.children('a').first().text() ||
          // (the count in brackets, "(393)": a bare "4,4" beside it is the stars')
          ($('#acrCustomerReviewLink > span:not([aria-hidden="true"])')
            .toArray()
            .map((el) => $(el).text())
            .find((t) => /^\s*\(\s*[\d.,\s\u00a0\u202f]+\)\s*$/.test(t)) ??
            ''),
      ),
      locale,
    ) ??
    // A count written short beside the stars ("(1.9L)", "(12K)"): the exact one of the product's own reviews section.
    countIn(clean($('#reviewsMedley [data-hook="total-review-count"]').first().text()), locale)
  return {
    // The 2010–14 title span is followed by the format ("[Hardcover]"), not part of the name.
    title:
      clean(
        // (A record's grey "Original recording" inside the title span is a label, not the name.)
        $('#productTitle').first().clone().find('.a-color-secondary').remove().end().text() ||
          $('#ebooksProductTitle').first().text() ||
          // 2018 mobile Kindle page: the title span (its h1 is a section's "About this item").
          $('#ebooksTitle').first().text() ||
          $('#btAsinTitle').first().clone().children().remove().end().text() ||
          // The fallback layout Amazon serves when its page fails to build ("Leider ist ein Fehler
          // aufgetreten…"): the product's name and one photo still shown, in #dpSorryPage.
          $('#dpSorryPage #title').first().text(),
      ) || null,
    bullets: $('#feature-bullets li:not(.aok-hidden) .a-list-item, #feature-bullets li:not(.aok-hidden)')
      .map((_, el) => clean($(el).text()))
      .get()
      .filter((b) => b && !/^Make sure this fits/i.test(b)),
    images: images($, html),
    price: offer.price,
    compareAtPrice: offer.compareAt,
    currency: offer.currency,
    specs: specList,
    descriptionHtml: $('#productDescription').html() ?? null,
    // The brand row of the specifications first (structured), then the byline ("Visit the Amazon Renewed Store" is a programme, not the maker).
    vendor: cleanBrand(specList.find((s) => isBrandLabel(s.name))?.value ?? null) ?? bylineBrand($),
    reviews: reviews($),
    listingRating: average !== undefined && count !== undefined ? { average, count, scale: scale ?? null } : null,
    locale,
  }
}
