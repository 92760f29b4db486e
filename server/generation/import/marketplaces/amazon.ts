import type { CheerioAPI } from 'cheerio'
import { type RawFacts } from '../normalize/facts'
import { detectCurrency, parsePrice } from '../normalize/price'
import { type RawReview } from '../normalize/reviews'
import { ImportError } from '../types'
import { jsonAfter, isObj, text } from './embedded'

const DOMAIN_CURRENCY: [RegExp, string][] = [
  [/\.com$/, 'USD'],
  [/\.ca$/, 'CAD'],
  [/\.com\.mx$/, 'MXN'],
  [/\.com\.br$/, 'BRL'],
  [/\.co\.uk$/, 'GBP'],
  [/\.(de|fr|it|es|nl|com\.be)$/, 'EUR'],
  [/\.se$/, 'SEK'],
  [/\.pl$/, 'PLN'],
  [/\.com\.tr$/, 'TRY'],
  [/\.ae$/, 'AED'],
  [/\.sa$/, 'SAR'],
  [/\.eg$/, 'EGP'],
  [/\.in$/, 'INR'],
  [/\.co\.jp$/, 'JPY'],
  [/\.com\.au$/, 'AUD'],
  [/\.sg$/, 'SGD'],
  [/\.cn$/, 'CNY'],
]

function domainCurrency(pageUrl: string): string | null {
  const host = new URL(pageUrl).hostname
  return DOMAIN_CURRENCY.find(([re]) => re.test(host))?.[1] ?? null
}

const clean = (s: string) =>
  s
    .replace(/[\u200e\u200f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/** Amazon's robot check page instead of the product. */
export function isAmazonCaptcha($: CheerioAPI): boolean {
  return $('form[action*="validateCaptcha"]').length > 0 || /Enter the characters you see below/i.test($('body').text())
}

function images($: CheerioAPI, html: string): string[] {
  const out: string[] = []
  const color = jsonAfter(html, /['"]colorImages['"]\s*:\s*\{\s*['"]initial['"]\s*:\s*/)
  if (Array.isArray(color)) {
    for (const i of color) if (isObj(i)) out.push(...[text(i.hiRes) ?? text(i.large) ?? text(i.mainUrl)].filter((u): u is string => !!u))
  }
  const landing = $('#landingImage, #imgBlkFront').first()
  const hires = landing.attr('data-old-hires')
  if (hires) out.push(hires)
  try {
    const dyn = JSON.parse(landing.attr('data-a-dynamic-image') ?? '{}') as Record<string, [number, number]>
    const biggest = Object.entries(dyn).sort((a, b) => b[1][0] * b[1][1] - a[1][0] * a[1][1])[0]
    if (biggest) out.push(biggest[0])
  } catch {
    /* not JSON */
  }
  $('#altImages li.imageThumbnail img').each((_, el) => {
    const src = $(el).attr('src')
    if (src && !/play-button|transparent-pixel/.test(src)) out.push(src)
  })
  return out
}

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

function reviews($: CheerioAPI): RawReview[] {
  return $('[data-hook="review"]')
    .map((_, el) => {
      const r = $(el)
      const star = clean(
        r.find('[data-hook="review-star-rating"] .a-icon-alt, [data-hook="cmps-review-star-rating"] .a-icon-alt').first().text(),
      )
      const titleEl = r.find('[data-hook="review-title"]').first()
      const title = clean(titleEl.find('span').not('.a-icon-alt, .a-letter-space').last().text() || titleEl.text().replace(star, ''))
      return {
        author: clean(r.find('.a-profile-name').first().text()),
        rating: star || null,
        ratingScale: undefined,
        date: clean(r.find('[data-hook="review-date"]').first().text()),
        title,
        body: r.find('[data-hook="review-body"]').first().html() ?? '',
      } satisfies RawReview
    })
    .get()
}

export function parseAmazon($: CheerioAPI, html: string, pageUrl: string): RawFacts {
  if (isAmazonCaptcha($) && !$('#productTitle').length) {
    throw new ImportError(
      "Amazon showed a robot check instead of the product, so we couldn't read it. Try again later, or paste the product description instead.",
    )
  }
  const hint = domainCurrency(pageUrl)
  const core = '#corePriceDisplay_desktop_feature_div, #corePrice_feature_div, #corePrice_desktop, #apex_desktop'
  const priceText =
    $(core).find('.a-price:not(.a-text-price) .a-offscreen').first().text() ||
    $('#priceblock_dealprice, #priceblock_ourprice, #price_inside_buybox').first().text() ||
    $('.a-price:not(.a-text-price) .a-offscreen').first().text()
  const listText = $(core).find('.a-price.a-text-price .a-offscreen').first().text()
  const price = parsePrice(priceText, hint)
  const list = parsePrice(listText, hint)
  const byline = clean($('#bylineInfo').text())
  const specList = specs($)
  return {
    title: clean($('#productTitle').text()) || null,
    bullets: $('#feature-bullets li:not(.aok-hidden) .a-list-item, #feature-bullets li:not(.aok-hidden)')
      .map((_, el) => clean($(el).text()))
      .get()
      .filter((b) => b && !/^Make sure this fits/i.test(b)),
    images: images($, html),
    price: price?.amount ?? null,
    compareAtPrice: list && price && list.amount > price.amount ? list.amount : null,
    currency: price ? detectCurrency(priceText, hint) : hint,
    specs: specList,
    descriptionHtml: $('#productDescription').html() ?? null,
    vendor: byline.replace(/^Visit the\s+|\s+Store$|^Brand:\s*/gi, '') || specList.find((s) => /^brand$/i.test(s.name))?.value || null,
    reviews: reviews($),
    // "4.6 out of 5 stars" and "12,408 ratings" beside the title.
    listingRating: {
      average: /([\d.]+) out of/.exec(clean($('#averageCustomerReviews .a-icon-alt').first().text()))?.[1] ?? null,
      count: clean($('#acrCustomerReviewText').first().text()) || null,
      scale: /out of ([\d.]+)/.exec(clean($('#averageCustomerReviews .a-icon-alt').first().text()))?.[1] ?? null,
    },
  }
}
