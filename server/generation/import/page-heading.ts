import { load, type CheerioAPI } from 'cheerio'
import type { Element } from 'domhandler'
import { htmlToText } from '../../domain/sanitize'
import { isBrandLabel, isCreditLine, isMakerLabel } from './normalize/brand'
import { stripSiteName } from './normalize/site-name'
import { collapseSpace } from './normalize/text'
import { unseen } from './shown-text'

// What the page itself shows a person as the product's name and brand: its heading, read as a
// browser lays it out, weighed against the structured name; the brand row of its specification table.

/** A class naming a price ("price", "actual-price", "productPrice"). */
export const PRICE_CLASS = /price/i
/** Text that is only amounts with their signs: "$24.99 $39.99", "1.299,00 €". */
const PRICES_ONLY = /^[\s\p{Sc}\d.,'\u00a0\u202f-]*\d[\s\p{Sc}\d.,'\u00a0\u202f-]*$/u

/**
 * The first `<h1>`'s text as a browser lays it out: lines in blocks of their own are apart
 * ("<div>DJUNGELSKOG</div><div>Soft toy, brown bear</div>" is "DJUNGELSKOG Soft toy, brown bear"),
 * and so are a link and the element after it (a brand's link and the name: "<a>Maison Francis
 * Kurkdjian</a><span>Gentle Fluidity Gold</span>", which a style sheet sets on two lines), and a
 * part that opens with a bracket ("<span>(SATA 600)</span>"); other
 * elements side by side are one word ("<span>i</span><span>Phone</span>", "Nike<sup>®</sup>").
 */
export function headingText($: CheerioAPI, el: Element | undefined = productHeading($)): string {
  if (!el) return ''
  // As a shopper sees it: not its words for screen readers or hidden ones (eBay's "Details about"),
  // nor a footnote's mark at its end ("Battery<sup>1</sup>"; a unit's power, "m<sup>2</sup>", stays).
  const h1 = $(el).clone()
  h1.find('*')
    .filter((_, e) => unseen(e))
    .remove()
  h1.find('sup')
    .filter((_, s) => {
      const before = s.prev?.type === 'text' ? (s.prev as unknown as { data: string }).data : ''
      return (
        /^[\d*†‡]{1,2}$/.test($(s).text().trim()) &&
        !$(s).nextAll().length &&
        !/(?<!\p{L})(?:mm|cm|dm|km|m|ft|in|yd|мм|см|дм|км|м)\s*$/iu.test(before)
      )
    })
    .remove()
  // A price box inside it (H&M's "Bomber Jacket <span class=price>$24.99 $39.99</span>"): the offer's, not the name's.
  h1.find('*')
    .filter((_, e) => PRICE_CLASS.test(e.attribs.class ?? '') && PRICES_ONLY.test($(e).text()))
    .remove()
  // A credit line closing it in an element of its own ("It Ends With Us <span>by Colleen Hoover</span>"): the
  // author's, not the name's.
  const last = h1.children().last()
  if (last.length && last[0].prev && collapseSpace(h1.text()).length > collapseSpace(last.text()).length && isCreditLine(last.text()))
    last.remove()
  // A side note closing it in <small> (a line of specifications under the name: "(61 cm(24 Zoll), weiß, …)").
  const note = h1.children().last()
  if (note.is('small') && note[0].prev && collapseSpace(h1.text()).length > collapseSpace(note.text()).length) note.remove()
  const spaced = $.html(h1)
    .replace(/<(div|p|br|li|h[1-6])\b/gi, ' <$1')
    // A link ends a word, also where its wrapper closes with it ("<span><a>Stuart Weitzman</a></span><span>Bejeweled…").
    .replace(/(<\/a>(?:<\/[a-z][a-z0-9]*>)*)(<[a-z])/gi, '$1 $2')
    // A part that opens with a bracket is a word of its own ("Drive</span><span>(SATA 600)").
    .replace(/(<\/[a-z][a-z0-9]*>)(<[a-z][^>]*>\s*[([])/gi, '$1 $2')
  return collapseSpace(load(spaced).text())
}

/** A shop's item number in brackets after a name: "(Cód. 212979)", "(Cód EAN 7891356046148)", "(Item #: T9F432251)", "(Art.-Nr. 4711)". */
const ITEM_NUMBER =
  /^\(\s*(?:cód(?:igo)?|cod|code|item|sku|ref(?:\.|erence|erência|erencia)?|art(?:\.|ikel)?-?nr|mpn|ean|upc)\.?(?:\s+(?:item|ean|no\.?|nr\.?))?\s*[:#]*\s*[\w-]*\d[\w-]*\s*\)$/iu

/** Letters and digits only, in lower case: what two spellings of one name share. */
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** Headings looked at, at most: a product page has one or a few. */
const MAX_HEADINGS = 30

/**
 * The product's `<h1>`: the page's only one, or of several the first whose words the page's own
 * title says (most of them, and the most of the title), since a logo's, an account menu's or a side
 * menu's `<h1>` may come first. When the title says none of several (a welcome line, a newsletter's,
 * a maker's notice), the `<h2>` it says is the product's ("<h2 class=product-name>").
 */
export function productHeading($: CheerioAPI): Element | undefined {
  // (Not a notice to browsers without scripts: "<noscript><h1>Für ein optimales Einkaufserlebnis…".)
  const all = $('h1')
    .toArray()
    .filter((el) => $(el).closest('noscript').length === 0)
    .slice(0, MAX_HEADINGS)
  if (all.length === 0) return nameLine($)
  if (all.length === 1) return all[0]
  const titled = new Set(words([$('title').first().text(), $('meta[property="og:title"]').attr('content') ?? ''].join(' ')))
  return (
    headingTheTitleSays($, all, titled, false) ?? headingTheTitleSays($, $('h2').toArray().slice(0, MAX_HEADINGS), titled, true) ?? all[0]
  )
}

/**
 * Of `headings`, the one the title says most of: most of its words, the most of the title's, and of
 * two that say as much, the one with fewer other words (a header's "Light novels … BOOK☆WALKER" says
 * two words, as does the book's name, which says nothing else). Failing that, and unless `strict`, a
 * long name the title shortens ("NEC MultiSync E274F black … günstig bei csv-direct.de") still shares
 * the most words with it, where a breadcrumb's "Monitore" before it shares none.
 */
function headingTheTitleSays($: CheerioAPI, headings: Element[], titled: Set<string>, strict: boolean): Element | null {
  let best = null as { el: Element; said: number; share: number } | null
  let mostSaid = null as { el: Element; said: number } | null
  for (const el of headings) {
    const w = words($(el).text())
    if (w.length === 0) continue
    const said = w.filter((x) => titled.has(x)).length
    const share = said / w.length
    if (share >= 0.6 && said >= (strict ? 2 : 1) && (said > (best?.said ?? 0) || (said === best?.said && share > best.share)))
      best = { el, said, share }
    if (said > (mostSaid?.said ?? 0)) mostSaid = { el, said }
  }
  return best?.el ?? (!strict && mostSaid && mostSaid.said >= 3 ? mostSaid.el : null)
}

/** A page's name line, and the words its title says after it (a brand, a colour). */
const nameLines = new WeakMap<CheerioAPI, { el: Element; after: string[] } | null>()
/** Text nodes looked at for a page's name line, at most. */
const MAX_TEXTS = 20_000
const NOT_A_NAME_LINE = new Set(['title', 'script', 'style', 'option', 'a', 'button', 'noscript'])

/**
 * A page without an `<h1>` (a shop that styles a `<div>` as its heading): the element whose own text
 * is the start of the page's title, all of its words but at most two after them (a brand, a colour)
 * and the site's name ("{name} Nike | Trendyol" over `<div>{name}</div>`), and at least three words.
 * Not a link (a breadcrumb's, a tile's) and not in the site's navigation; the first in the page.
 */
function nameLine($: CheerioAPI): Element | undefined {
  if (!nameLines.has($)) nameLines.set($, findNameLine($))
  return nameLines.get($)?.el
}

function findNameLine($: CheerioAPI): { el: Element; after: string[] } | null {
  const titles = [$('title').first().text(), $('meta[property="og:title"]').attr('content') ?? '']
    .map((t) => words(t.split(/\s+[|–—]\s+/)[0] ?? ''))
    .filter((t) => t.length >= 3)
  const texts = $('body')
    .find('*')
    .contents()
    .toArray()
    .filter((node) => node.type === 'text')
    .slice(0, MAX_TEXTS)
  const lines = texts.flatMap((node) => {
    const w = words((node as unknown as { data: string }).data)
    const el = node.parent as Element | null
    if (w.length < 3 || !el || el.type !== 'tag' || NOT_A_NAME_LINE.has(el.tagName)) return []
    if ($(el).closest('a, nav, header, footer, [class*="breadcrumb" i], [id*="breadcrumb" i]').length) return []
    return [{ el, w }]
  })
  for (const { el, w } of lines) {
    const title = titles.find((t) => w.length <= t.length && t.length - w.length <= 2 && w.every((x, i) => t[i] === x))
    if (title) return { el, after: title.slice(w.length) }
  }
  // Under a title that names no product (only the site's "Ms-it-Beratung"), the line the product's
  // photo is named after: `<div>{name}</div><img title="{name}">`, a photo no link leads from. Not
  // an icon beside its own words (a badge's "모든 주문 무료 배송", hidden from screen readers).
  const photoNames = $('body img[alt], body img[title]')
    .toArray()
    .filter((img) => $(img).closest('a, nav, header, footer').length === 0)
    .filter(
      (img) => img.attribs['aria-hidden'] !== 'true' && img.attribs.role !== 'presentation' && !/\bicon/i.test(img.attribs.class ?? ''),
    )
    .slice(0, MAX_HEADINGS)
    .flatMap((img) => [img.attribs.alt, img.attribs.title].map((n) => new Set(words(n ?? ''))).filter((n) => n.size >= 3))
  for (const { el, w } of lines) {
    const named = photoNames.some((n) => w.every((x) => n.has(x)) && [...n].filter((x) => !w.includes(x)).length <= 2)
    if (named) return { el, after: [] }
  }
  return null
}

/**
 * The brand a page without an `<h1>` shows just above its name line, where its title names it after
 * the name ("{name} Nike | Trendyol" over `<a>Nike</a>` then `<div>{name}</div>`): both say it.
 */
export function brandAboveNameLine($: CheerioAPI): string | null {
  if ($('h1').length || !nameLine($)) return null
  const line = nameLines.get($)
  if (!line?.after.length) return null
  const above = $(line.el).prev()
  const shown = collapseSpace(above.text())
  return above.length && words(shown).join(' ') === line.after.join(' ') ? brandValue(shown) : null
}

/**
 * The page's own heading when a structured title is that heading plus words after a separator
 * ("{name} - Buy {keywords} Product on Alibaba.com", "{name} online kaufen | OTTO"): the rest is the
 * site's search words and name, not the product's. Also when the heading is the structured name
 * in its own punctuation or word order, or with a word or two more.
 */
export function headingOverTitle($: CheerioAPI, title: string, brand: string | null | undefined): string {
  const heading = productHeading($)
  const h1 = headingText($, heading)
  // Structured names may carry HTML entities ("Black &amp; Silver"); the heading's text does not.
  const t = collapseSpace(htmlToText(title))
  // The shop's own line for the product: a word or two before the whole structured name, apart by a
  // space only, in one run of the heading's text ("アニメDVD　もののけ姫", the kind of item and its name;
  // not a category set apart by punctuation, "Спальни : Агата").
  const before = h1.toLowerCase().endsWith(t.toLowerCase()) ? h1.slice(0, h1.length - t.length) : ''
  const kindBefore = words(before).length
  if (heading && t && h1.length <= 300 && kindBefore >= 1 && kindBefore <= 2 && /[\p{L}\p{N}]\s+$/u.test(before))
    if (continuesInOneRun($, heading, words(h1))) return h1
  // Or the whole structured name and then, after a dash, the rest of the shop's line for it, in one run
  // of the heading's text ("Paldean Fates Elite Trainer Box - SV: Paldean Fates (PAF)", its set).
  const after = h1.toLowerCase().startsWith(t.toLowerCase()) ? h1.slice(t.length) : ''
  if (heading && t.length >= 3 && h1.length <= 300 && /^\s[-–—]\s\S/.test(after) && words(after).length <= 8)
    if (continuesInOneRun($, heading, words(h1))) return h1
  if (h1.split(' ').length < 3 || h1.length > 300) return title
  // The heading says the structured name as the shopper reads it: in its own punctuation ("Soft toy,
  // brown bear" for "Soft toy - brown bear"), after the brand ("RETRAK" + the name), or before a
  // model code ("… AMWW784"). Other words in a heading may be hidden ones ("Details").
  const h = words(h1)
  const n = words(t)
  // A name with no word of the heading's, where the page's own title says the heading: the site's
  // slogan in its OpenGraph tags ("Интернет‑магазин Wildberries: широкий ассортимент…").
  const documentTitle = new Set(words($('title').first().text()))
  if (!n.some((w) => h.includes(w)) && h.every((w) => documentTitle.has(w))) return h1
  const extra = h.length - n.length
  if (n.length >= 1 && extra >= 0 && extra <= 2) {
    const same = (from: number) => n.every((w, i) => h[from + i] === w)
    if (n.length >= 2 && extra === 0 && same(0)) return h1
    // The same words in the heading's order ("MARKUS Office chair, Glose black" for the structured
    // "Office chair MARKUS Glose black"): the shopper reads the heading.
    if (n.length >= 3 && extra === 0 && [...h].sort().join(' ') === [...n].sort().join(' ')) return h1
    if (n.length >= 2 && same(0) && h.slice(n.length).every((w) => /\d/.test(w) && /\p{L}/u.test(w))) return h1
    // A structured name cut short: the heading's own line goes on a word or two ("… All In One" +
    // "Bilgisayar"). Only words in the same run of text as the name's end: an element of their own may be hidden.
    if (n.length >= 3 && extra >= 1 && same(0) && heading && continuesInOneRun($, heading, h.slice(n.length - 1))) return h1
    // After the brand, also a one-word model name ("Tommy Jeans" + "OFLEKI"). (Not when the name
    // already says the brand: "Ultra Consola … Ultra" says it twice.)
    const b = words(brand ?? '')
    if (same(extra) && b.length && b.join(' ') === h.slice(0, extra).join(' ') && !b.every((w) => n.includes(w))) return h1
  }
  // The heading is the structured name with a qualifier in brackets after it ("… (12 GB RAM)"); not
  // the shop's item number ("… (Cód. 212979)"), which is no part of the name.
  const brackets = h1.toLowerCase().startsWith(t.toLowerCase()) ? h1.slice(t.length) : ''
  if (/^(?:\s*\([^()]{1,40}\))+\s*$/.test(brackets) && !brackets.match(/\([^()]*\)/g)!.every((b) => ITEM_NUMBER.test(b))) return h1
  // "Site | Its slogan | {name}": the site's words before the heading, apart by a separator.
  if (t.toLowerCase().endsWith(h1.toLowerCase()) && /\S\s+[-|–—·•:]\s*$/.test(t.slice(0, t.length - h1.length))) return h1
  if (!t.toLowerCase().startsWith(h1.toLowerCase())) return title
  const rest = t.slice(h1.length)
  // The heading glued to the line under it ("{name}  Model: X"): two of the page's lines, the first the name.
  const below = rest.trim()
  if (
    below.length >= 3 &&
    $('h2, h3, h4')
      .toArray()
      .some((el) => collapseSpace($(el).text()).startsWith(below))
  )
    return h1
  // "{name} By {author}": a book's name with its credit, which the heading sets apart.
  if (isCreditLine(rest)) return h1
  // "{name} | Site", or "{name} online kaufen | Site": a few search words, then the site's name.
  return /^\s*[-|–—·•:]\s+\S/.test(rest) || /^\s+[^|–—]{1,30}\s[|–—]\s+[^|–—]{1,40}$/.test(rest) ? h1 : title
}

/**
 * The page's heading over a name that only its OpenGraph tags give (no structured product names it):
 * those tags are written for link previews, often cut short ("… und 4 Schubladen,") or dressed in
 * a shop's words around another variant ("Promo {name} - 500 gram di {shop}" over "{name} - 1 kg").
 * The heading wins when it goes on from the whole tag, or when the tag says most of its words among its own
 * (null: the heading has no say here).
 */
export function headingOverOpenGraphTitle($: CheerioAPI, title: string, siteNames: string[]): string | null {
  const h1 = headingText($)
  const h = words(h1)
  // Without the site's name ("{name} | eBay"): that is no word of the product's.
  const n = words(stripSiteName(htmlToText(title), siteNames))
  if (h.length < 3 || h1.length > 300 || n.length === 0) return null
  // Cut short: the heading's own line goes on from the tag's last word (an element of its own, such
  // as "Код: 73556" or eBay's hidden "Details about", may be one a shopper does not read as the name).
  const heading = productHeading($)
  const continues =
    n.length < h.length && n.every((w, i) => h[i] === w) && !!heading && continuesInOneRun($, heading, h.slice(n.length - 1))
  // Dressed: the tag has words of its own around most of the heading's (a tag of only the heading's
  // words is the heading less its extras, which headingOverTitle weighs).
  const inTag = new Set(n)
  const inHeading = new Set(h)
  // (A category's heading, "Running Shoes for Men", says too little of "Nike Pegasus 41 Running Shoes for Men".)
  const dressed = n.some((w) => !inHeading.has(w)) && h.filter((w) => inTag.has(w)).length >= 0.75 * h.length && h.length >= 0.6 * n.length
  return continues || dressed ? h1 : null
}

/** Whether one text node of the heading holds these words in a row. */
function continuesInOneRun($: CheerioAPI, heading: Element, run: string[]): boolean {
  return $(heading)
    .find('*')
    .addBack()
    .contents()
    .toArray()
    .some((node) => node.type === 'text' && ` ${words($(node).text()).join(' ')} `.includes(` ${run.join(' ')} `))
}

/**
 * A heading of a word or three (the maker: "Kryptonite") whose next heading goes on with the name, as
 * the page's title writes the two in a row ("Kryptonite KryptoLok Series 2 w/ Key - Campus Bike
 * Shop"): the two together. Null when the title does not say so.
 */
function nameGoingOnBelow($: CheerioAPI, h1: string): string | null {
  const heading = productHeading($)
  const next = heading ? $(heading).next()[0] : undefined
  if (!next || !/^h[2-4]$/.test(next.tagName) || words(h1).length > 3) return null
  const below = collapseSpace($(next).text())
  const name = `${h1} ${below}`
  const title = collapseSpace($('title').first().text())
  return below && title.toLowerCase().startsWith(name.toLowerCase()) && /^(?:$|\s[|–—-]\s)/.test(title.slice(name.length)) ? name : null
}

/** The page's own name for the product when nothing structured gives one: `<h1>`, else `<title>` without " | Site". */
export function titleFromMarkup($: CheerioAPI): string | null {
  const h1 = headingText($)
  if (h1 && h1.length <= 300) return nameGoingOnBelow($, h1) ?? h1
  const title = collapseSpace($('title').first().text())
  return title.split(/\s+[|–—]\s+|\s+-\s+(?=[^-]+$)/)[0]?.trim() || null
}

/**
 * True when `name` is another title's first part with words around it: a heading's hidden "Details
 * about " before it, or a "see the original title" link after it.
 */
export function hiddenWordsAround(name: string, otherTitle: string | undefined): boolean {
  const other = collapseSpace((otherTitle ?? '').split(/\s+[|–—]\s+/)[0])
  const own = collapseSpace(name)
  return other.length >= 3 && own.length > other.length && own.includes(other)
}

/** Levels of wrappers around a label alone in its cell, up to the cell whose next holds the value. */
const LABEL_CELL_LEVELS = 3

/** Elements that hold a specification row's name: table and list cells, or a label of its own ("<p>Výrobca</p><p>Apple</p>"). */
const LABEL_CELLS = 'th, td, dt, p, span, div, strong, b, label, li'

/**
 * The brand row of the page's own specification: a table or definition-list cell, or a label
 * element of text alone, whose text is a brand label, and the cell or element beside it; failing
 * that, its manufacturer row.
 */
export function brandFromSpecRows($: CheerioAPI): string | null {
  const labels = $(LABEL_CELLS)
    .toArray()
    .filter(
      (el) =>
        /^(?:th|td|dt)$/.test(el.tagName) ||
        el.children.every((c) => c.type === 'text' || (c.type === 'tag' && !$(c).text().trim())) ||
        // Or text alone in one wrapper of its own ("<b><small>Hersteller </small></b> NEC").
        (el.children.length === 1 && el.children[0].type === 'tag' && (el.children[0] as Element).children.every((c) => c.type === 'text')),
    )
    // A tab's or a button's words ("Бренд" in a row of tabs) name a panel, not the cell beside them.
    .filter((el) => $(el).closest('button, [role="tab"], [role="button"]').length === 0)
  // "<span>make/manufacturer: <b>Consteel LTD</b></span>": the label as the text before the value.
  const inline = $('span, li, p, div')
    .toArray()
    .filter((el) => el.children.length <= 3 && el.children[0]?.type === 'text' && el.children.some((c) => c.type === 'tag'))
  for (const isLabel of [isBrandLabel, isMakerLabel]) {
    for (const el of inline) {
      const value = el.children.find((c): c is Element => c.type === 'tag')!
      // Its label ends with a colon ("Brand <b>new</b>" is a sentence, not a row).
      const label = $(el.children[0]).text()
      if (!/[:：]\s*$/.test(label) || !isLabel(label)) continue
      const text = brandValue(collapseSpace($(value).text()))
      if (text) return text
    }
    for (const el of labels) {
      if (!isLabel($(el).text())) continue
      // The value written right after the label in their element ("<span><b>Marca: </b>Electrolux</span>"),
      // or on the line below it ("<p><span>Hersteller</span><br>Acer</p>").
      const after = el.next?.type === 'tag' && (el.next as Element).tagName === 'br' ? el.next.next : el.next
      const written = after?.type === 'text' ? collapseSpace($(after).text()) : ''
      if (written) {
        const value = brandValue(written)
        if (value) return value
        continue
      }
      let cell = /^(?:th|td|dt)$/.test(el.tagName) ? $(el).next('td, dd') : $(el).next()
      // A label alone in a cell of its own, the value in the next cell ("<div><div>Varemærke</div></div><div>…",
      // eBay's "<div class=labels><div><div><span>Marke</span></div></div></div><div class=values>…").
      for (let up = el.parent, level = 0; !cell.length && up?.type === 'tag' && level < LABEL_CELL_LEVELS; up = up.parent, level++)
        if ($(up).children().length === 1 && collapseSpace($(up).text()) === collapseSpace($(el).text())) cell = $(up).next()
      // A cell that lists several brands as links (a maker and its line) gives the first.
      const shown = cell.find('a').length > 1 ? cell.find('a').first() : cell
      // Its words as read: not an icon's title or a menu button's ("Varemærkemenu").
      const value = brandValue(collapseSpace(shown.clone().find('svg, button, script, style').remove().end().text()))
      if (value) return value
    }
  }
  return brandLine($)
}

/**
 * The brand a Twitter product card states in its label and data pairs (`twitter:label2` "MARCA",
 * `twitter:data2` "Philco"), as shops fill them for link previews.
 */
export function brandFromCardLabels($: CheerioAPI): string | null {
  for (let n = 1; n <= 4; n++) {
    const label = $(`meta[name="twitter:label${n}"], meta[property="twitter:label${n}"]`).attr('content') ?? ''
    if (!label || !isBrandLabel(label)) continue
    const value = brandValue(collapseSpace($(`meta[name="twitter:data${n}"], meta[property="twitter:data${n}"]`).attr('content') ?? ''))
    if (value) return value
  }
  return null
}

/** A line of text on its own that reads "{label}: {value}" ("- Marca: Makita", "• Brand: Acme"), as a description's list of features writes it. */
const TEXT_ROW = /^\s*(?:[-–•*·]\s*)?([^:：\n]{2,30})[:：]\s*([^\n]{1,60}?)\s*$/u

/**
 * The brand a line of the product's description states between line breaks ("<br>- Marca: Makita<br>"):
 * a text of its own, not a sentence that mentions a brand. The brand row first, then the maker's.
 */
function brandLine($: CheerioAPI): string | null {
  const rows = $('br')
    .toArray()
    .slice(0, 2000)
    .flatMap((br) => [br.prev, br.next])
    .filter((n): n is NonNullable<typeof n> => n?.type === 'text')
    .map((n) => TEXT_ROW.exec((n as unknown as { data: string }).data))
    .filter((m): m is RegExpExecArray => m !== null)
  for (const isLabel of [isBrandLabel, isMakerLabel]) {
    const value = rows.map((m) => (isLabel(m[1]) ? brandValue(collapseSpace(m[2])) : null)).find((v) => v)
    if (value) return value
  }
  return null
}

/**
 * The brand an element states beside the product's own name in its attributes, as shops tag their buy
 * button for analytics (`<div price="131990" name="Холодильник BEKO …" brand="BEKO">`). Only the
 * element naming this product counts: other products' tiles carry the same attributes.
 */
export function brandBesideName($: CheerioAPI, title: string | null | undefined): string | null {
  const name = collapseSpace(title ?? '').toLowerCase()
  if (!name) return null
  for (const el of $('[brand], [data-brand]').toArray()) {
    const own = collapseSpace(el.attribs.name ?? el.attribs['data-name'] ?? '').toLowerCase()
    if (own !== name) continue
    const brand = brandValue(collapseSpace(el.attribs.brand ?? el.attribs['data-brand'] ?? ''))
    if (brand) return brand
  }
  return null
}

/**
 * The brand a shop's product markup tags beside the name its heading tags (`<h1><span itemprop="name">`
 * … `<span itemprop="brand">Nike</span>`), where the markup leaves out the `itemscope` that would
 * make it structured data: the first tag after the heading (a review's or a related tile's come later).
 */
export function brandTaggedAfterHeading($: CheerioAPI): string | null {
  const heading = productHeading($)
  if (!heading || (!$(heading).is('[itemprop="name"]') && !$(heading).find('[itemprop="name"]').length)) return null
  const all = $('h1, [itemprop="brand"]').toArray()
  // Not a related product's: a brand tag inside a scope of its own that does not hold the heading.
  const another = (el: Element) =>
    $(el)
      .closest('[itemscope]')
      .toArray()
      .some((scope) => !$(scope).find(heading).length)
  const next = all.slice(all.indexOf(heading) + 1).find((el) => el.attribs.itemprop === 'brand' && !another(el))
  if (!next) return null
  const tagged = $(next)
  const text =
    tagged.attr('content') ?? tagged.find('[itemprop="name"]').first().attr('content') ?? tagged.find('[itemprop="name"]').first().text()
  return brandValue(collapseSpace(text || tagged.text()))
}

/** A path to the site's page of one brand ("/brands/maison-francis-kurkdjian", "/marke/bosch/", "/marca/electrolux/111"). */
const BRAND_PAGE = /\/(?:brands?|marken?|marcas?|marques?|merken?|marchi)\/[^/?#]+(?:\/\d+)?\/?(?:$|[?#])/i

/** Whether a link goes to a brand's page on the page's own site ("/brands/mfk"). */
function linksToBrandPage(a: Element, pageUrl: string): boolean {
  try {
    const url = new URL(a.attribs.href, pageUrl)
    return url.hostname === new URL(pageUrl).hostname && BRAND_PAGE.test(url.pathname)
  } catch {
    return false
  }
}

/**
 * The brand the product's heading links to its page ("<h1><a href="/brands/mfk">Maison Francis
 * Kurkdjian</a><span>Gentle Fluidity Gold</span></h1>"), or the line just above the heading does
 * with nothing else on it ("<div><a href="/brand/Garmin">Garmin</a></div><h1>Edge 1050</h1>"): only
 * a link to a brand's page on the same site.
 */
export function brandLinkedInHeading($: CheerioAPI, pageUrl: string): string | null {
  const heading = productHeading($)
  if (!heading) return null
  for (const a of $(heading).find('a[href]').toArray()) {
    if (!linksToBrandPage(a, pageUrl)) continue
    const text = brandValue(collapseSpace($(a).text()))
    if (text) return text
  }
  const above = $(heading).prev()
  const links = above.is('a[href]') ? above.toArray() : above.find('a[href]').toArray()
  if (links.length !== 1 || !linksToBrandPage(links[0], pageUrl)) return null
  const text = collapseSpace($(links[0]).text())
  return text === collapseSpace(above.text()) ? brandValue(text) : null
}

/** A row's value as a brand: short, and not another row's label. */
function brandValue(text: string): string | null {
  return text && text.length <= 60 && !isBrandLabel(text) && !isMakerLabel(text) ? text : null
}

/** "Shop all up&up", "More from DeWalt": the words a link to a brand's page says beside its name. */
const SHOP_ALL = /^(?:shop all|shop more|more from|see more from|see all|view all)\s+(.{2,40})$/i

/**
 * The brand a "Shop all {brand}" link names, on a page whose title says that brand: only a link the
 * page marks as the brand's (`data-test="shopAllBrandLink"`, a class naming the brand) or one to a
 * brand's page on the same site. A "Shop all Towels" link to a category says no brand.
 */
export function brandFromShopAllLink($: CheerioAPI, title: string | null | undefined, pageUrl: string): string | null {
  if (!title) return null
  const said = ` ${words(title).join(' ')} `
  for (const a of $('a[href]').toArray().slice(0, 2000)) {
    const m = SHOP_ALL.exec(collapseSpace($(a).text()))
    if (!m) continue
    const marked = Object.entries(a.attribs).some(([k, v]) => k !== 'href' && /brand/i.test(v))
    const brand = brandValue(m[1].trim())
    if (brand && (marked || linksToBrandPage(a, pageUrl)) && said.includes(` ${words(brand).join(' ')} `)) return brand
  }
  return null
}
