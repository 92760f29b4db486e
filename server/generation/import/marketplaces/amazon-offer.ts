import type { CheerioAPI } from 'cheerio'
import { separatorsOf } from '../normalize/numbers'
import { detectCurrency, parsePrice } from '../normalize/price'
import { plainLine } from '../normalize/text'

/**
 * Amazon's offer: the price to pay and its list price, read only from the product's own buy box.
 * The rest of the page is read in amazon.ts.
 */

const clean = plainLine

// ---------------------------------------------------------------------------------------------
// The offer: only the product's own buy box, never a sponsored, related or bundled offer, nor a used or
// renewed one beside a new offer (a product sold only used or only renewed has that as its own).

/**
 * Where each layout shows the product's own offer, newest first: the price to pay and, in the same
 * place, its list / "M.R.P." / strike-through price. Nothing outside these places is read — a price
 * found elsewhere on the page belongs to something else.
 */
const OFFERS: {
  box: string
  price: string
  list: string
  ownRows?: RegExp
  /**
   * Where else the row's list price is, named after the row: its other half ("Buy New" header and
   * its inner panel, 2019), or the centre's block for that row (renewed tiers).
   */
  listAlso?: (rowId: string) => string
  when?: ($: CheerioAPI) => boolean
}[] = [
  // 2023–: the core price beside the title (one per buy-box row), and the apex / qualified buy box.
  {
    box: '#corePriceDisplay_desktop_feature_div, #corePriceDisplay_mobile_feature_div',
    price: '.priceToPay, .apexPriceToPay, .a-price:not(.a-text-price)',
    list: '.basisPrice .a-price, .a-price.a-text-price[data-a-strike="true"]',
  },
  { box: '#corePrice_desktop', price: '.apexPriceToPay, .priceToPay, .a-price:not(.a-text-price)', list: '.a-price.a-text-price' },
  { box: '#corePrice_feature_div', price: '.apexPriceToPay, .priceToPay, .a-price:not(.a-text-price)', list: '.a-price.a-text-price' },
  // 2017–22: the price table, its list price struck through ("Prezzo consigliato: EUR 249,90", "List Price:").
  {
    box: '#price, #unifiedPrice_feature_div',
    price: '#priceblock_dealprice, #priceblock_saleprice, #priceblock_ourprice',
    list: '.priceBlockStrikePriceString, #listPrice, .a-text-strike',
  },
  // 2018 mobile: the price under the title ("$ 21 11", its list price struck beside it).
  { box: '#newPitchPriceWrapper_feature_div', price: '.a-section:has(> .price-large)', list: '.a-text-strike' },
  { box: '#buybox, #desktop_buybox', price: '#price_inside_buybox, #newBuyBoxPrice', list: '#listPrice' },
  // c. 2010–14: the "buying" price table ("List Price: $24.95 / Price: $18.77").
  { box: '#priceBlock', price: '#actualPriceValue, .priceLarge', list: '#listPriceValue, .listprice' },
  // Kindle: the Kindle price of this edition.
  // (2019: the "Kindle-Preis:" row of the buy box's table.)
  {
    box: '#buybox, #desktop_buybox',
    price: '#kindle-price, tr.kindle-price .a-color-price',
    list: '#digital-list-price .a-text-strike, tr.digital-list-price .a-text-strike',
  },
  // 2018 mobile Kindle page: "Kindle Price: $25.00" (the "Print List Price" above it is another format's).
  { box: '#ebooksPrice_feature_div', price: '.kindle-price .a-color-price', list: '.digital-list-price .a-text-strike' },
  // Books, c. 2018–22: the "Buy new" row of the accordion; the new offer's own box ("Comprar novo:
  // R$ 19,90 / De: R$ 59,90", whose price span is `#price` itself); 2019 .de: the "buy new" section.
  // (Of the newer accordion's rows, the one open: the others may be other offers, a Prime price.)
  {
    box: '#newOfferAccordionRow, [id^="newAccordionRow"].a-accordion-active',
    price: '.header-price, .offer-price',
    list: '.a-text-strike',
  },
  { box: '#qualifiedBuybox', price: '#price.header-price, .header-price, .offer-price', list: '.a-text-strike' },
  { box: '#buyNewSection', price: '.offer-price', list: '.a-text-strike', listAlso: () => '#buyNewInner' },
  // 2024–: a product sold only used ("Buy used:" is the whole buy box): that offer is the product's own.
  {
    box: '#usedOnlyBuybox',
    price: '.priceToPay, .a-price:not(.a-text-price), .offer-price',
    list: '.a-price.a-text-price',
    ownRows: /^used(?:OnlyBuybox|BuySection|buyBox|_buybox_desktop)$/i,
  },
  // 2019: a buy box whose one row is "Buy Used" (no "Buy New" section, no new offer's price): as above.
  {
    box: '#buybox #usedBuySection',
    price: '.offer-price',
    list: '.a-text-strike',
    ownRows: /^usedBuySection$/i,
    when: ($) => !$(NEW_OFFER).length,
  },
  // A product sold only renewed (an "Amazon Renewed" listing, no new row in its buy box): the open
  // row of its renewed tiers is its own offer; the list price is in the centre's block for that row.
  {
    box: '#buyBoxAccordion > [id^="renewedTier"].a-accordion-active',
    price: '.header-price, .priceToPay, .apexPriceToPay, .a-price:not(.a-text-price), .offer-price',
    list: '.a-price.a-text-price[data-a-strike="true"], .basisPrice .a-price',
    ownRows: /^(?:apex_desktop_)?renewedTier\d*AccordionRow$/i,
    listAlso: (rowId) => `#apex_desktop_${rowId}`,
    when: soldOnlyRenewed,
  },
]

/** Where a buy box offers the product new: its row or section, its price, or its "out of stock" box. */
const NEW_OFFER =
  '#buyNewSection, #newOfferAccordionRow, [id^="newAccordionRow"], #qualifiedBuybox, #outOfStock, #price_inside_buybox, #priceblock_ourprice'

/**
 * Whether the buy box offers the product only renewed: every row of its accordion a renewed tier (or
 * a used one), and no new offer anywhere — not a new row, the new offer's own box, nor its
 * "out of stock" box.
 */
function soldOnlyRenewed($: CheerioAPI): boolean {
  const rows = $('#buyBoxAccordion > [id]')
    .toArray()
    .map((r) => $(r).attr('id') ?? '')
    .filter((id) => /AccordionRow/i.test(id))
  if (!rows.some((id) => /^renewedTier/i.test(id))) return false
  if (!rows.every((id) => /^(?:renewedTier\d*|used)AccordionRow/i.test(id))) return false
  return !$('#newOfferAccordionRow, [id^="newAccordionRow"], #qualifiedBuybox, #outOfStock').length
}

/** Buy-box rows and panels that are another offer than the product's own new one. */
const OTHER_OFFER = /used|olp|aod|sims|sp_detail|bundle|twister-?plus|popover|renewed/i

/** A list price in a row labelled as another format's ("Print List Price" on a Kindle edition's table). */
function otherFormatsList($: CheerioAPI, el: Parameters<CheerioAPI>[0]): boolean {
  return /\b(?:print|paperback|hardcover)\b/i.test(clean($(el).closest('tr').children().first().text()))
}

function isOwnOffer($: CheerioAPI, el: Parameters<CheerioAPI>[0], ownRows?: RegExp): boolean {
  return !$(el)
    .parents('[id]')
    .toArray()
    .some((p) => {
      const id = $(p).attr('id') ?? ''
      // In a used-only or renewed-only buy box its own rows are named so; anything else another offer is still out.
      return OTHER_OFFER.test(ownRows ? id.replace(ownRows, '') : id)
    })
}

/**
 * A price element's text: its screen-reader text, else its visible symbol and digits ("$ 14 . 99" →
 * "$14.99"), without a unit price in brackets ("$12.48 ($6.24 / Pack)" → "$12.48").
 */
function priceText($: CheerioAPI, el: Parameters<CheerioAPI>[0], locale: string | null = null): string {
  const e = $(el)
  const off = clean(e.find('.a-offscreen').first().text())
  if (off) return off
  if (e.hasClass('a-price')) return clean(e.find('[aria-hidden="true"]').first().text() || e.text()).replace(/\s+/g, '')
  // 2018 mobile: symbol and cents as superscripts around the whole units ("$ 21 11" is $21.11),
  // joined with the page's own decimal mark ("EUR 1.299 00" on a German page is 1.299,00).
  const units = e.children('.price-large')
  if (units.length) {
    const sup = e.children('.price-info-superscript')
    return clean(`${sup.eq(0).text()}${units.text()}${separatorsOf(locale)?.decimal ?? '.'}${sup.eq(1).text()}`).replace(/\s+/g, '')
  }
  // A line of its own under the price is not the price ("EUR 10,88 <p>Bespaar EUR 8,48 (44%)</p>").
  const own = e.clone()
  own.children('p, div').remove()
  return clean(own.text().replace(/\([^)]*\)/g, ' '))
}

interface Offer {
  price: number | null
  compareAt: number | null
  currency: string | null
}

export function readOffer($: CheerioAPI, hint: string | null, locale: string | null): Offer {
  for (const where of OFFERS) {
    if (where.when && !where.when($)) continue
    for (const box of $(where.box).toArray()) {
      if (!isOwnOffer($, box, where.ownRows)) continue
      const el = $(box)
        .find(where.price)
        .toArray()
        // A struck price is the former one, wherever it comes in the table ("Prix : 75,99 €" struck
        // above "Prix de l'offre : 64,59 €").
        .find((p) => isOwnOffer($, p, where.ownRows) && !$(p).closest('.a-text-strike').length && priceText($, p))
      const raw = el ? priceText($, el, locale) : ''
      const price = parsePrice(raw, hint, locale)
      if (!price) continue
      const rowId = $(box).attr('id') ?? ''
      const listPlace = where.listAlso && /^[\w-]+$/.test(rowId) ? $(box).add(where.listAlso(rowId)) : $(box)
      const listEl = listPlace
        .find(where.list)
        .toArray()
        .find((p) => isOwnOffer($, p, where.ownRows) && !otherFormatsList($, p) && priceText($, p))
      const list = listEl ? parsePrice(priceText($, listEl, locale), hint, locale) : null
      return {
        price: price.amount,
        compareAt: list && list.amount > price.amount ? list.amount : null,
        currency: detectCurrency(raw, hint),
      }
    }
  }
  return { price: null, compareAt: null, currency: hint }
}
