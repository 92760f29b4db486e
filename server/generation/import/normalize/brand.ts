import { escapeRegExp, isTemplateResidue } from './text'

// A product's brand as a person names it, from the words a marketplace puts around it.

/**
 * The ways marketplaces write a brand line, per language: "{}" is the brand. Data, not code: a new
 * language or wording is a new line here (and a line in brand.test.ts).
 */
export const BYLINE_TEMPLATES: readonly string[] = [
  // English
  'Visit the {} Store',
  'Brand: {}',
  'by {}',
  // Spanish
  'Visita la tienda de {}',
  'Marca: {}',
  'de {}',
  // German
  'Besuchen Sie den {}-Store',
  'Besuche den {}-Store',
  'Marke: {}',
  'von {}',
  // French
  'Visitez la boutique {}',
  'Visiter la boutique {}',
  'Marque : {}',
  'Marque: {}',
  'par {}',
  // Italian
  'Visita lo Store di {}',
  'Visita il negozio di {}',
  'di {}',
  // Dutch
  'Bezoek de {}-winkel',
  'Bezoek de {} winkel',
  'Merk: {}',
  'door {}',
  // Portuguese
  'Visite a loja da {}',
  'Visite a loja do {}',
  'Visite a loja de {}',
  'Visite a loja {}',
  // Swedish, Polish, Turkish
  'Besök {}-butiken',
  'Odwiedź sklep {}',
  '{} Mağazasını ziyaret edin',
  // Japanese (amazon.co.jp: "Visit the X Store", "Brand: X")
  '{}のストアを表示',
  'ブランド: {}',
  // Arabic (amazon.sa / .ae / .eg)
  'زيارة متجر {}',
  'العلامة التجارية: {}',
]

/**
 * The label of a brand row or specification ("Brand", "Brand Name", "Marca", "品牌名称") in the
 * languages of our marketplaces and of AliExpress' and Taobao's sites: en, es, pt, fr, de, it, nl, pl,
 * tr, ru, ar, he, ja, ko, th, vi, zh, and the other European ones. Data, like the bylines above.
 */
export const BRAND_LABELS: readonly string[] = [
  'brand',
  'brand name',
  'marca',
  'nombre de la marca',
  'nome da marca',
  'marque',
  'nom de marque',
  'marke',
  'markenname',
  'nome del marchio',
  'marchio',
  'merk',
  'merknaam',
  'marka',
  'nazwa marki',
  'marka adı',
  'бренд',
  'название бренда',
  'العلامة التجارية',
  'اسم العلامة التجارية',
  'מותג',
  'שם מותג',
  'ブランド',
  'ブランド名',
  '브랜드',
  '브랜드 이름',
  '브랜드명',
  'แบรนด์',
  'ชื่อแบรนด์',
  'thương hiệu',
  'tên thương hiệu',
  '品牌',
  '品牌名称',
  // The other languages of the EU and its neighbours: et, fi, sv, da, no, cs, sk, hu, ro, el, lv, lt, uk.
  'kaubamärk',
  'tootemark',
  'merkki',
  'tuotemerkki',
  'märke',
  'varumärke',
  'mærke',
  'varemærke',
  'merke',
  'varemerke',
  'značka',
  'márka',
  'marcă',
  'marca produsului',
  'μάρκα',
  'zīmols',
  'prekės ženklas',
  'бренд товару',
  'торгова марка',
]

/** Names of a specification row that says who made the product: its brand where no row says "brand". */
const MAKER_LABELS: readonly string[] = [
  'manufacturer',
  'make',
  'make/manufacturer',
  'make / manufacturer',
  'maker',
  'hersteller',
  'fabricant',
  'fabricante',
  'produttore',
  'fabbricante',
  'fabrikant',
  'producent',
  'produsent',
  'výrobce',
  'výrobca',
  'gyártó',
  'producător',
  'valmistaja',
  'tillverkare',
  'proizvođač',
  'proizvajalec',
  'gamintojas',
  'ražotājs',
  'tootja',
  'üretici',
  'κατασκευαστής',
  'производитель',
  'виробник',
  'יצרן',
  'الشركة المصنعة',
  'メーカー',
  '제조사',
  '制造商',
  '製造商',
  'nhà sản xuất',
  'ผู้ผลิต',
]

/** Whether a row's name says "manufacturer" ("Hersteller:", "Výrobca"). */
export function isMakerLabel(name: string | null | undefined): boolean {
  return MAKER_LABELS.includes(labelOf(name))
}

const labelOf = (name: string | null | undefined) =>
  (name ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\s*[:：]\s*$/, '')
    .trim()
    .toLocaleLowerCase()

/** Whether a row's or specification's name says "brand" ("Brand Name", "Marca:", "品牌名称："). */
export function isBrandLabel(name: string | null | undefined): boolean {
  const label = labelOf(name)
  return label !== '' && BRAND_LABELS.includes(label)
}

/**
 * A name's words as a text writes them, whole words only and any case, joined by up to three
 * characters that are no letters ("TP-Link" for "TP Link"; no "Link" in "TP-Link", no "Shop" in "Workshop").
 */
export function nameIn(text: string, name: string): RegExpExecArray | null {
  const words = name.match(/[\p{L}\p{N}]+/gu)
  if (!words) return null
  return new RegExp(
    `(?<![\\p{L}\\p{N}][-'’.]?)${words.map(escapeRegExp).join('[^\\p{L}\\p{N}]{1,3}')}(?![-'’.]?[\\p{L}\\p{N}])`,
    'iu',
  ).exec(text)
}
const TEMPLATES = BYLINE_TEMPLATES.map((t) => {
  const [before, after] = t.split('{}').map((p) => escapeRegExp(p).replace(/ +/g, '\\s+').replace(/-/g, '[-\\s]?'))
  return new RegExp(`^\\s*${before}(.+?)${after}\\s*$`, 'iu')
})

/** A word in any case, where the rest of its pattern is not ("by", "By", "BY"). */
const anyCase = (word: string) => [...word].map((c) => `[${escapeRegExp(c.toLowerCase())}${escapeRegExp(c.toUpperCase())}]`).join('')

/** The bylines written as one word before the name ("by {}", "von {}", "par {}"): a credit line's shape. */
const CREDIT_LINES = BYLINE_TEMPLATES.filter((t) => /^\p{L}+ \{\}$/u.test(t)).map(
  // The word in any case, then a person's name: two or more words in capitals ("Colleen Hoover", "James S. A. Corey").
  (t) => new RegExp(`^\\s*${anyCase(t.slice(0, -3))}\\s+\\p{Lu}[\\p{L}'’-]*\\.?(?:\\s+\\p{Lu}[\\p{L}'’-]*\\.?)+\\s*$`, 'u'),
)

/** Whether a line is a credit ("by Colleen Hoover", "von James S. A. Corey"): a byline's word before a person's name. */
export function isCreditLine(text: string): boolean {
  return text.trim().length <= 80 && CREDIT_LINES.some((re) => re.test(text))
}

/**
 * A contributor's credit, not a brand: "by David Baldacci (Author)", "von James S. A. Corey (Autor)",
 * "Jim Wilson (Author), Jane Roe (Editor)". Books, music and films name people with their role.
 */
const ROLES =
  '(?:author|autor(?:in)?|auteur|autore|auteure|editor|editora|herausgeber|illustrator|illustrateur|ilustrador|translator|übersetzer|traducteur|traductor|narrator|sprecher|contributor|foreword|introduction|artist|künstler|actor|director|composer|performer)s?'
// One role or several ("(Artist, Contributor)").
const CONTRIBUTOR = new RegExp(`\\(${ROLES}(?:,\\s*${ROLES})*\\)`, 'i')

/** Values that mean "no brand". */
const NO_BRAND =
  /^(?:no\s*brand|none|null|n\/?a|unbranded|generic[oa]?|generique|generisch|unknown|other|otros?|sin marca|sem marca|ohne marke|senza marca|sans marque|geen merk|bez marki|без бренда|nicht vorhanden|keine angabe|noenname[_\s]*null|oem)$/i

/**
 * The brand a byline names, or null when it names none (an author's credit, "Generic", empty):
 * "Visita la tienda de Cecotec" → "Cecotec", "Brand: SOAR&EAGLE" → "SOAR&EAGLE", "by X (Author)" → null.
 */
export function brandFromByline(byline: string | null | undefined, storeName?: string | null): string | null {
  const text = (byline ?? '')
    .replace(/[\u200e\u200f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text || CONTRIBUTOR.test(text)) return null
  // Amazon says when the store's page is in another language: "(em Espanhol)", "(in Spanish)".
  const line = text.replace(STORE_LANGUAGE, '')
  for (const re of TEMPLATES) {
    const m = re.exec(line)
    if (m) return cleanBrand(m[1])
  }
  // A wording not listed ("Ga naar de winkel van PetSafe"): the words the brand store's own name holds.
  return cleanBrand((storeName && wordsShared(line, storeName)) || line)
}

const wordKey = (w: string) => w.toLocaleLowerCase().replace(/[^\p{L}\p{N}&]/gu, '')
/** A word's parts, as a store link writes them apart ("Roche-Posay", "BLACK+DECKER"). */
const partsOf = (w: string) =>
  w
    .split(/[+_-]+/)
    .map(wordKey)
    .filter(Boolean)

/**
 * The longest run of `line`'s words that all appear in `name` ("Ga naar de winkel van PetSafe",
 * "PetSafe® France" → "PetSafe"; "… La Roche-Posay", "La-Roche-Posay" → "La Roche-Posay"). A lone
 * word of one or two letters ("la") is a word of the wording, not a brand, unless it is two capitals ("HP").
 */
export function wordsShared(line: string, name: string): string | null {
  const inName = new Set(
    name
      .split(/[\s+_-]+/)
      .map(wordKey)
      .filter(Boolean),
  )
  const shared = (w: string) => partsOf(w).length > 0 && partsOf(w).every((p) => inName.has(p))
  const words = line.split(' ')
  let best: string[] = []
  for (let i = 0; i < words.length; i++) {
    let j = i
    while (j < words.length && shared(words[j])) j++
    if (j - i > best.length) best = words.slice(i, j)
  }
  // (Two initials in capitals — "HP", "LG", "3M" — are a brand's name, not the wording's.)
  if (best.length === 1 && wordKey(best[0]).length <= 2 && !/^(?=.*\p{Lu})[\p{Lu}\p{N}]{2}$/u.test(best[0])) return null
  return best.length ? best.join(' ') : null
}

/** A trailing note of the language the store's page is in ("(em Espanhol)", "(in Spanish)", "(auf Englisch)"). */
const STORE_LANGUAGE = /\s*\((?:em|in|en|auf|in lingua|na)\s+\p{L}+\)$/iu

/** A maker's legal form after its name, in the cases it is written in ("Company", "Inc.", "LTD", "GmbH", "AG"). */
const LEGAL_FORM =
  /(?<=\p{L}{2}),?\s+(?:(?:[Cc]ompany|COMPANY|[Ii]nc|INC|LLC|[Ll]td|LTD|[Ll]imited|LIMITED|GmbH|[Cc]orp|CORP|[Cc]orporation)\.?|AG|S\.A\.?)$/u
/** A store's country after a shop's name written in lower and upper case ("Skullcandy US"; not "MADE IN", "FOR US"). */
const STORE_COUNTRY = /(?<=\p{Ll}\p{L}*)\s+(?:US|UK|GB|EU|DE|FR|ES|IT|NL|BE|CA|AU|NZ|IN|JP|MX|BR|IE|SE|NO|DK|FI|PL|AT|CH|PT)$/u

/** A brand value as found, without quotes and stray punctuation; null for "no brand" placeholders. */
export function cleanBrand(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const spaced = value.replace(/\s+/g, ' ')
  // A title's separator first (" | Urban Outfitters"): a template printed an empty brand before the site's name.
  if (/^\s*[|｜]/.test(spaced)) return null
  // A note in brackets after the name is not the brand's ("(全台多分店)": all branches in Taiwan).
  let s = spaced
    .replace(/\s*[(（][^()（）]{1,30}[)）]\s*$/u, '')
    // A trade mark sign is the owner's legal note, not part of the name ("Wade Logan®").
    .replace(/\s*(?:[®™℠]|\((?:R|TM)\))/giu, '')
    .replace(/^["'“”‘’«»\s•·*–—-]+|["'“”‘’«»\s,;:.›>-]+$/g, '')
    .trim()
  // A name written in initials keeps its last dot ("e.l.f.", "R.K.").
  if (/^(?:\p{L}\.)+\p{L}$/u.test(s) && spaced.trim().startsWith(`${s}.`)) s += '.'
  // The maker's legal form, or the store's country after a shop's name, is not what a shopper calls
  // the brand ("Death Wish Coffee Company", "Skullcandy US"; a store's vendor name).
  // Not a name that is an article and a word before them ("The Honest Company", "The Limited").
  if (!/^the\s+\S+(?:\s+\S+)?$/i.test(s)) s = s.replace(LEGAL_FORM, '')
  s = s.replace(STORE_COUNTRY, '')
  // A brand given as its page's address ("https://shop.es/marca/absolut/1132"): the name in it.
  if (/^https?:\/\//i.test(s)) s = brandInAddress(s) ?? ''
  // "Senza marca/Generico": each of its names says there is none ("N/A" is one name).
  const folded = s.normalize('NFD').replace(/\p{M}/gu, '')
  const noBrand = NO_BRAND.test(folded) || folded.split(/\s*\/\s*/).every((part) => NO_BRAND.test(part))
  // A brand with no letter is a code of the shop's own ("4248"), not a name a shopper reads.
  if (!s || s.length > 120 || noBrand || isTemplateResidue(s) || !/\p{L}/u.test(s)) return null
  return s
}

/** The name after a brand folder in an address ("/marca/absolut/1132" → "absolut"), or null. */
function brandInAddress(url: string): string | null {
  const m = /\/(?:brands?|marca|marcas|marke|marken|marque|marques|merk|marka|бренд\p{L}*)\/([^/?#]+)/iu.exec(url)
  if (!m) return null
  try {
    return (
      decodeURIComponent(m[1])
        .replace(/[-_+]+/g, ' ')
        .trim() || null
    )
  } catch {
    return null
  }
}
