import type { CheerioAPI } from 'cheerio'
import type { AnyNode } from 'domhandler'
import { isCardLink } from './gallery'

// A structured price as the page's visible text writes it, in whatever form: written nowhere (a
// price before VAT), or written only as a payment per month (a plan's instalment).

/** A price per month written after its amount, its currency sign between them or not ("$24.96/mo.", "24,96 € al mes", "pro Monat"). */
const PER_MONTH =
  /^\s*(?:\p{Sc})?\s*(?:\/\s*(?:mo|mth|month|mes|monat|mois|mese|maand|mies|mån)\b|(?:per|a|al|pro|par|por) (?:month|mes|monat|mois|mese|maand)\b|monthly\b|mensuales?\b|monatlich\b)/iu

/**
 * A page's visible text: no scripts, styles or templates, whitespace collapsed. Given the page's
 * address, without the cards wrapped whole in a link to another page with their picture (Etsy's
 * shop's other listings at $25.00): what they write is another product's.
 */
function visibleText($: CheerioAPI, pageUrl: string | null = null): string {
  const body = $('body').clone()
  body.find('script, style, template, noscript').remove()
  if (pageUrl)
    body
      .find('a[href]')
      .filter((_, a) => isCardLink($, a, pageUrl))
      .remove()
  // Each text apart, in the page's order: "<span>$200</span><span>2 bids</span>" is "$200 2 bids", never "$2002 bids".
  const texts: string[] = []
  const stack: AnyNode[] = [...body.toArray()]
  while (stack.length) {
    const node = stack.pop()!
    if (node.type === 'text') texts.push((node as unknown as { data: string }).data)
    else if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i])
  }
  return texts.join(' ').replace(/\s+/g, ' ')
}

/** `price` as a page may write it: "1099.99", "1,099.99", "1.099,99", "1 099,99"; whole amounts also without cents. */
function amountWritten(price: number): RegExp {
  const [units, cents] = price.toFixed(2).split('.')
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, "[.,\\s\u00a0\u202f’']?")
  // (Never a share: "25% Cotton" is no $25.00.)
  return new RegExp(`(?<![\\d.,])${grouped}(?:[.,]${cents}${cents === '00' ? '|(?![.,]\\d)' : ''})(?!\\d|\\s?%)`, 'g')
}

/** An approximation written before an amount, its currency between them or not ("Approximately US $3,971.45", "ca. 12 €", "≈ $5"). */
export const APPROXIMATELY =
  /(?:\bapproximately|\bapprox\.?|\bca\.|\bcirca|\benviron|\bungefähr|\betwa|\baprox(?:imadamente)?\.?|\bcerca de|\bоколо|\bпримерно|≈)\s*(?:[\p{Lu}]{1,3}\s?)?\p{Sc}?\s*$/iu

/**
 * How the page's visible text writes `price` (a structured price its price box does not show):
 * `nowhere` (Etsy's price before VAT), only `per-month` ("$24.96/mo." beside "$649.99 Retail price":
 * a carrier's phone or a financed product whose structured offer states the instalment), only as
 * an approximation (`converted`: "EUR 3,500.00 Approximately US $3,971.45", a listing's price in the
 * viewer's currency), or `elsewhere` (in words the price box does not read as a price: "alkaen 74,95 €").
 */
export function writtenAs(
  $: CheerioAPI,
  price: number,
  pageUrl: string | null = null,
): 'nowhere' | 'per-month' | 'converted' | 'elsewhere' {
  const text = visibleText($, pageUrl)
  let monthly = false
  let converted = false
  for (const m of text.matchAll(amountWritten(price))) {
    if (PER_MONTH.test(text.slice(m.index + m[0].length, m.index + m[0].length + 20))) monthly = true
    else if (APPROXIMATELY.test(text.slice(Math.max(0, m.index - 24), m.index))) converted = true
    else return 'elsewhere'
  }
  return monthly ? 'per-month' : converted ? 'converted' : 'nowhere'
}
