// The site's own name is never part of a product's name or its description: "… - AliExpress 509",
// "Amazon.es: …", "Kit | Anyeluz", "Smarter Shopping, Better Living! Aliexpress.com".

/** Lower case, accents off, only letters and digits: "Amazon.es" → "amazones". */
const squash = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')

// Parts of a host or a site's name that say nothing about which site it is.
const HOST_NOISE = new Set(['www', 'm', 'shop', 'store', 'com', 'net', 'org', 'co', 'us', 'uk', 'de', 'es', 'fr', 'it', 'in', 'sa'])

/**
 * The names a site goes by, squashed: the platform's name, the page's own `og:site_name` /
 * application name, and the host's name without its country or "www" ("es.aliexpress.com" →
 * "aliexpress"). Names shorter than 3 letters are left out.
 */
export function siteNames(url: string | null | undefined, ...names: (string | null | undefined)[]): string[] {
  const out = new Set<string>()
  for (const n of names) {
    const s = squash(n ?? '')
    if (s.length >= 3) out.add(s)
  }
  try {
    const labels = new URL(url ?? '').hostname.toLowerCase().split('.')
    // The registrable name: the last label that is not a TLD or a country code.
    const name = [...labels].reverse().find((l, i) => i > 0 && !HOST_NOISE.has(l) && l.length > 2)
    if (name) out.add(squash(name))
  } catch {
    /* no URL */
  }
  return [...out]
}

/**
 * The shop's own name where a product's name opens with it ("Sainsbury's Apricot Ripe & Ready" on
 * sainsburys.co.uk, "Apple TV HD" on apple.com): a shop that names a product after itself makes it
 * (its own label). Matched against the host's name only, as the title writes it; null otherwise.
 */
export function shopNameOpening(title: string | null | undefined, url: string): string | null {
  let host: string | undefined
  try {
    const labels = new URL(url).hostname.toLowerCase().split('.')
    host = [...labels].reverse().find((l, i) => i > 0 && !HOST_NOISE.has(l) && l.length > 2)
  } catch {
    return null
  }
  if (!host) return null
  const words = (title ?? '').trim().split(/\s+/)
  for (let n = 1; n <= 3 && n < words.length; n++) {
    const opening = words.slice(0, n).join(' ')
    if (squash(opening) === squash(host)) return opening
  }
  return null
}

/**
 * True when a piece of text is nothing but the site's name: its name with a TLD, a number or a
 * country after it ("AliExpress 509", "Amazon.com", "aliexpress.", "Anyeluz").
 */
export function isSiteName(piece: string, names: string[]): boolean {
  let s = squash(piece)
  if (!s) return false
  for (const n of names) s = s.split(n).join(' ')
  const rest = s.trim()
  if (rest === squash(piece)) return false
  // The name written again in the site's own script ("GOMAJI夠麻吉", "Lazada ลาซาด้า").
  if (/^[^\p{Script=Latin}\p{N}\s]{1,8}$/u.test(rest)) return true
  return rest.split(/\s+/).every((w) => w === '' || /^\d+$/.test(w) || HOST_NOISE.has(w))
}

// Where a site's name is put beside a product's name: " - ", " | ", " – ", " — ", " :: ", or
// "Site: " at the start. A colon inside a product's name ("Tiamat's Wrath: Book 8") is left alone
// unless what comes before it is the site's name.
const SEPARATOR = /\s+[-|–—·•]\s+|\s+::\s+|\s*｜\s*/

/** The product's name without the site's name before or after it; the text itself when nothing else would be left. */
export function stripSiteName(title: string, names: string[]): string {
  if (!names.length) return title
  // Pieces at even places, the separators between them at odd places.
  let tokens = title.split(new RegExp(`(${SEPARATOR.source})`))
  while (tokens.length > 2 && isSiteName(tokens[tokens.length - 1], names)) tokens = tokens.slice(0, -2)
  while (tokens.length > 2 && isSiteName(tokens[0], names)) tokens = tokens.slice(2)
  let out = tokens.join('').trim()
  const colon = /^([^:]{2,40}):\s+(.+)$/.exec(out)
  if (colon && isSiteName(colon[1], names)) out = colon[2].trim()
  out = withoutShopAtSite(out, names)
  return out || title
}

/**
 * The words that join a site's name onto a product's name without a separator, in the languages of
 * shops' titles: "… at Walmart.com", "… online kaufen bei OTTO", "… giá tốt tại Bách hoá XANH",
 * "… pas cher sur X", "… al mejor precio en X", "… купить в X".
 */
const SHOP_AT =
  /\s+(?:(?:buy\s+)?(?:online\s+)?(?:(?:at\s+)?(?:the\s+)?(?:best|lowest)\s+prices?\s+)?(?:at|on|from)|(?:online\s+|günstig\s+)?(?:kaufen\s+)?bei|(?:pas\s+cher\s+|en\s+ligne\s+)?(?:sur|chez)|(?:al\s+mejor\s+precio\s+|online\s+)?en|(?:com\s+o\s+melhor\s+preço\s+|online\s+)?(?:em|no|na)|(?:al\s+miglior\s+prezzo\s+|online\s+)?su|(?:online\s+)?(?:kopen\s+)?bij|(?:giá\s+(?:tốt|rẻ)(?:\s+nhất)?\s+|chính\s+hãng\s+)?tại|(?:купить\s+)?(?:в|на))$/iu

/** The product's name without "{shopping words} {site name}" at its end ("Ba rọi heo giá tốt tại Bách hoá XANH"). */
function withoutShopAtSite(title: string, names: string[]): string {
  const words = title.split(/\s+/)
  for (let n = 1; n <= 4 && n < words.length; n++) {
    if (!isSiteName(words.slice(-n).join(' '), names)) continue
    const before = words.slice(0, -n).join(' ')
    const joined = SHOP_AT.exec(before)
    if (!joined) continue
    const name = before.slice(0, joined.index).trim()
    if (name.split(/\s+/).length >= 2) return name
  }
  return title
}

const WORD = /[\p{L}\p{N}]{4,}/gu

/**
 * True when a description is the site's rather than the product's: it names the site and either
 * shares no word (of four letters or more) with the product's name (a slogan) or wraps the whole
 * name, or every word of it, in the site's own words (a generated meta description: "Buy {name} on AliExpress for …
 * Enjoy ✓Free Shipping Worldwide!", "Amazon.com: {name} : Clothing"), in whatever language.
 */
export function isSiteBoilerplate(text: string, title: string | null | undefined, names: string[]): boolean {
  const words = (text.match(WORD) ?? []).map(squash)
  if (!words.length) return true
  const namesSite = words.some((w) => names.some((n) => w === n || w.startsWith(n))) || names.some((n) => squash(text).includes(n))
  if (!namesSite) return false
  const titleWords = (title ?? '').match(WORD)?.map(squash) ?? []
  // The whole name, or every word of it (another variant's: "Promo {name} - 500 gram di {shop}. Promo
  // khusus pengguna baru di aplikasi Tokopedia!" beside the heading's "{name} - 1 kg").
  // (Not on a brand's own store, whose name is in the product's: "Hydro Flask 32 oz Wide Mouth Bottle".)
  const namesTheSite = titleWords.some((w) => names.some((n) => n.includes(w) || w.includes(n)))
  const everyWord = !namesTheSite && titleWords.every((w) => words.includes(w))
  if (titleWords.length >= 3 && (squash(text).includes(squash(title ?? '')) || everyWord)) return true
  return !words.some((w) => titleWords.includes(w) && !names.includes(w))
}
