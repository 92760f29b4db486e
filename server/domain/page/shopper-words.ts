/**
 * The words the page renderers write themselves on a shopper page (the share page's React sections,
 * the store's Liquid snippets, and the texts the publisher adds: the review disclosure, the
 * "Shipping and returns" heading, the gallery's default descriptions), in each language the
 * built-in writer writes headings in: English, Spanish, German, French, Italian and Portuguese
 * here, Dutch, Swedish, Turkish and Romanian in shopper-words-more.ts, Polish, Russian, Czech and
 * Slovak in shopper-words-slavic.ts, Finnish, Estonian, Latvian, Slovenian, Bulgarian and
 * Vietnamese in shopper-words-north.ts, Danish and Norwegian in shopper-words-nordic.ts. A page in
 * another language gets English words.
 *
 * One table for both renderers: React reads it here; the Liquid snippets read
 * `snippets/pagewright-words.liquid`, generated from it (server/liquid/words-snippet.ts). Numbers
 * and dates are written as Intl writes them for the language (a test compares them); they are
 * spelled out here so the browser, the server and Liquid can never disagree.
 *
 * Placeholders are `{name}`; every language fills the same ones as English.
 */

import { ASIA_SHOPPER_WORDS } from './shopper-words-asia'
import { MORE_SHOPPER_WORDS } from './shopper-words-more'
import { NORDIC_SHOPPER_WORDS } from './shopper-words-nordic'
import { NORTH_SHOPPER_WORDS } from './shopper-words-north'
import { SLAVIC_SHOPPER_WORDS } from './shopper-words-slavic'
import { SHOPPER_LANGUAGES, type Counted, type ShopperLanguage, type ShopperWords } from './shopper-words-type'

export { SHOPPER_LANGUAGES, type Counted, type ShopperLanguage, type ShopperWords }

const EN: ShopperWords = {
  language: 'en',
  decimal: '.',
  group: ',',
  singular: [1],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  date: '{month} {day}, {year}',
  rated: 'Rated {rating} out of 5',
  outOf5: '{rating} out of 5',
  reviewCount: { one: '{count} review', other: '{count} reviews' },
  listingCount: { one: "{count} rating on the product's listing", other: "{count} ratings on the product's listing" },
  price: 'Price',
  was: 'was',
  buyNow: 'Buy now',
  chooseVariant: 'Choose a variant',
  soldOut: 'Sold out',
  soldOutNote: '(sold out)',
  regularPrice: 'Regular price',
  option: 'Option',
  quantity: 'Quantity',
  addToCart: 'Add to cart',
  money: '{currency}{amount}',
  moneyInLetters: '{currency}\u00a0{amount}',
  moneyGroupFrom: 4,
  currencies: {
    AUD: 'A$',
    BRL: 'R$',
    CAD: 'CA$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    HKD: 'HK$',
    ILS: '₪',
    INR: '₹',
    JPY: '¥',
    KRW: '₩',
    MXN: 'MX$',
    NZD: 'NZ$',
    PHP: '₱',
    TWD: 'NT$',
    USD: '$',
    VND: '₫',
    XAF: 'FCFA',
    XCD: 'EC$',
    XCG: 'Cg.',
    XOF: 'F\u202fCFA',
    XPF: 'CFPF',
  },
  productImages: 'Product images',
  imageOf: 'Image {n} of {count}',
  image: 'Image',
  feature: 'Feature',
  madeWith: 'Made with',
  reviewsFromAnotherStore: 'Reviews from buyers of this product on another store',
  reviewsFromBuyers: 'Reviews from buyers of this product',
  reviewsImported: 'Reviews imported by the store from {apps}.',
  reviewsAndImported: '{source}, and reviews imported by the store from {apps}.',
  and: 'and',
  aReviewFile: 'a review file',
  anotherStore: 'another store',
  shippingAndReturns: 'Shipping and returns',
  photoOf: 'Photo of {name}',
  photoNumberOf: 'Photo {n} of {name}',
}

const ES: ShopperWords = {
  language: 'es',
  decimal: ',',
  group: '.',
  singular: [1],
  months: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  date: '{day} {month} {year}',
  rated: 'Valoración: {rating} de 5',
  outOf5: '{rating} de 5',
  reviewCount: { one: '{count} opinión', other: '{count} opiniones' },
  listingCount: { one: '{count} valoración en la ficha del producto', other: '{count} valoraciones en la ficha del producto' },
  price: 'Precio',
  was: 'antes',
  buyNow: 'Comprar ahora',
  chooseVariant: 'Elige una variante',
  soldOut: 'Agotado',
  soldOutNote: '(agotado)',
  regularPrice: 'Precio habitual',
  option: 'Opción',
  quantity: 'Cantidad',
  addToCart: 'Añadir al carrito',
  money: '{amount}\u00a0{currency}',
  moneyInLetters: '{amount}\u00a0{currency}',
  moneyGroupFrom: 5,
  currencies: { EUR: '€', THB: '฿', USD: 'US$', VND: '₫', XCG: 'Cg.', XPF: 'CFPF' },
  productImages: 'Imágenes del producto',
  imageOf: 'Imagen {n} de {count}',
  image: 'Imagen',
  feature: 'Característica',
  madeWith: 'Hecho con',
  reviewsFromAnotherStore: 'Opiniones de compradores de este producto en otra tienda',
  reviewsFromBuyers: 'Opiniones de compradores de este producto',
  reviewsImported: 'Opiniones importadas por la tienda desde {apps}.',
  reviewsAndImported: '{source} y opiniones importadas por la tienda desde {apps}.',
  and: 'y',
  aReviewFile: 'un archivo de opiniones',
  anotherStore: 'otra tienda',
  shippingAndReturns: 'Envío y devoluciones',
  photoOf: 'Foto de {name}',
  photoNumberOf: 'Foto {n} de {name}',
}

const DE: ShopperWords = {
  language: 'de',
  decimal: ',',
  group: '.',
  singular: [1],
  months: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
  date: '{day}. {month} {year}',
  rated: 'Bewertung: {rating} von 5',
  outOf5: '{rating} von 5',
  reviewCount: { one: '{count} Rezension', other: '{count} Rezensionen' },
  listingCount: { one: '{count} Bewertung im Produktangebot', other: '{count} Bewertungen im Produktangebot' },
  price: 'Preis',
  was: 'statt',
  buyNow: 'Jetzt kaufen',
  chooseVariant: 'Variante wählen',
  soldOut: 'Ausverkauft',
  soldOutNote: '(ausverkauft)',
  regularPrice: 'Normalpreis',
  option: 'Variante',
  quantity: 'Menge',
  addToCart: 'In den Warenkorb',
  money: '{amount}\u00a0{currency}',
  moneyInLetters: '{amount}\u00a0{currency}',
  moneyGroupFrom: 4,
  currencies: {
    AUD: 'AU$',
    BRL: 'R$',
    CAD: 'CA$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    HKD: 'HK$',
    ILS: '₪',
    INR: '₹',
    JPY: '¥',
    KRW: '₩',
    MXN: 'MX$',
    NZD: 'NZ$',
    THB: '฿',
    TWD: 'NT$',
    USD: '$',
    VND: '₫',
    XAF: 'FCFA',
    XCD: 'EC$',
    XCG: 'Cg.',
    XOF: 'F\u202fCFA',
    XPF: 'CFPF',
  },
  productImages: 'Produktbilder',
  imageOf: 'Bild {n} von {count}',
  image: 'Bild',
  feature: 'Merkmal',
  madeWith: 'Erstellt mit',
  reviewsFromAnotherStore: 'Bewertungen von Käufern dieses Produkts in einem anderen Shop',
  reviewsFromBuyers: 'Bewertungen von Käufern dieses Produkts',
  reviewsImported: 'Vom Shop aus {apps} importierte Bewertungen.',
  reviewsAndImported: '{source} sowie vom Shop aus {apps} importierte Bewertungen.',
  and: 'und',
  aReviewFile: 'einer Bewertungsdatei',
  anotherStore: 'einem anderen Shop',
  shippingAndReturns: 'Versand und Rückgabe',
  photoOf: 'Foto von {name}',
  photoNumberOf: 'Foto {n} von {name}',
}

const FR: ShopperWords = {
  language: 'fr',
  decimal: ',',
  // A narrow no-break space, as Intl writes it.
  group: '\u202f',
  singular: [0, 1],
  months: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  date: '{day} {month} {year}',
  // French puts a no-break space before a colon.
  rated: 'Note\u00a0: {rating} sur 5',
  outOf5: '{rating} sur 5',
  reviewCount: { one: '{count} avis', other: '{count} avis' },
  listingCount: { one: '{count} évaluation sur la fiche produit', other: '{count} évaluations sur la fiche produit' },
  price: 'Prix',
  was: 'au lieu de',
  buyNow: 'Acheter maintenant',
  chooseVariant: 'Choisissez une variante',
  soldOut: 'Épuisé',
  soldOutNote: '(épuisé)',
  regularPrice: 'Prix habituel',
  option: 'Variante',
  quantity: 'Quantité',
  addToCart: 'Ajouter au panier',
  money: '{amount}\u00a0{currency}',
  moneyInLetters: '{amount}\u00a0{currency}',
  moneyGroupFrom: 4,
  currencies: {
    ARS: '$AR',
    AUD: '$AU',
    BMD: '$BM',
    BND: '$BN',
    BRL: 'R$',
    BZD: '$BZ',
    CAD: '$CA',
    CLP: '$CL',
    COP: '$CO',
    EUR: '€',
    FJD: '$FJ',
    FKP: '£FK',
    GBP: '£GB',
    GIP: '£GI',
    ILS: '₪',
    INR: '₹',
    KRW: '₩',
    LBP: '£LB',
    MXN: '$MX',
    NAD: '$NA',
    NZD: '$NZ',
    SBD: '$SB',
    SGD: '$SG',
    SRD: '$SR',
    TTD: '$TT',
    USD: '$US',
    UYU: '$UY',
    VND: '₫',
    WST: '$WS',
    XAF: 'FCFA',
    XCG: 'Cg.',
    XOF: 'F\u202fCFA',
    XPF: 'FCFP',
  },
  productImages: 'Images du produit',
  imageOf: 'Image {n} sur {count}',
  image: 'Image',
  feature: 'Caractéristique',
  madeWith: 'Créé avec',
  reviewsFromAnotherStore: "Avis d'acheteurs de ce produit sur une autre boutique",
  reviewsFromBuyers: "Avis d'acheteurs de ce produit",
  reviewsImported: 'Avis importés par la boutique depuis {apps}.',
  reviewsAndImported: '{source} et avis importés par la boutique depuis {apps}.',
  and: 'et',
  aReviewFile: "un fichier d'avis",
  anotherStore: 'une autre boutique',
  shippingAndReturns: 'Livraison et retours',
  photoOf: 'Photo de {name}',
  photoNumberOf: 'Photo {n} de {name}',
}

const IT: ShopperWords = {
  language: 'it',
  decimal: ',',
  group: '.',
  singular: [1],
  months: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
  date: '{day} {month} {year}',
  rated: 'Valutazione: {rating} su 5',
  outOf5: '{rating} su 5',
  reviewCount: { one: '{count} recensione', other: '{count} recensioni' },
  listingCount: { one: '{count} valutazione nella scheda prodotto', other: '{count} valutazioni nella scheda prodotto' },
  price: 'Prezzo',
  was: 'invece di',
  buyNow: 'Acquista ora',
  chooseVariant: 'Scegli una variante',
  soldOut: 'Esaurito',
  soldOutNote: '(esaurito)',
  regularPrice: 'Prezzo di listino',
  option: 'Opzione',
  quantity: 'Quantità',
  addToCart: 'Aggiungi al carrello',
  money: '{amount}\u00a0{currency}',
  moneyInLetters: '{amount}\u00a0{currency}',
  moneyGroupFrom: 5,
  currencies: {
    AUD: 'A$',
    CAD: 'CA$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    ILS: '₪',
    NZD: 'NZ$',
    PHP: '₱',
    THB: '฿',
    XAF: 'FCFA',
    XCD: 'EC$',
    XCG: 'Cf',
    XOF: 'F\u202fCFA',
    XPF: 'CFPF',
  },
  productImages: 'Immagini del prodotto',
  imageOf: 'Immagine {n} di {count}',
  image: 'Immagine',
  feature: 'Caratteristica',
  madeWith: 'Creato con',
  reviewsFromAnotherStore: 'Recensioni di acquirenti di questo prodotto su un altro negozio',
  reviewsFromBuyers: 'Recensioni di acquirenti di questo prodotto',
  reviewsImported: 'Recensioni importate dal negozio da {apps}.',
  reviewsAndImported: '{source} e recensioni importate dal negozio da {apps}.',
  and: 'e',
  aReviewFile: 'un file di recensioni',
  anotherStore: 'un altro negozio',
  shippingAndReturns: 'Spedizione e resi',
  photoOf: 'Foto di {name}',
  photoNumberOf: 'Foto {n} di {name}',
}

const PT: ShopperWords = {
  language: 'pt',
  decimal: ',',
  group: '.',
  singular: [0, 1],
  months: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'],
  date: '{day} de {month} de {year}',
  rated: 'Avaliação: {rating} de 5',
  outOf5: '{rating} de 5',
  reviewCount: { one: '{count} avaliação', other: '{count} avaliações' },
  listingCount: { one: '{count} classificação no anúncio do produto', other: '{count} classificações no anúncio do produto' },
  price: 'Preço',
  was: 'antes',
  buyNow: 'Comprar agora',
  chooseVariant: 'Escolha uma variante',
  soldOut: 'Esgotado',
  soldOutNote: '(esgotado)',
  regularPrice: 'Preço normal',
  option: 'Opção',
  quantity: 'Quantidade',
  addToCart: 'Adicionar ao carrinho',
  money: '{currency}\u00a0{amount}',
  moneyInLetters: '{currency}\u00a0{amount}',
  moneyGroupFrom: 4,
  currencies: {
    AUD: 'AU$',
    BRL: 'R$',
    CAD: 'CA$',
    CNY: 'CN¥',
    EUR: '€',
    GBP: '£',
    HKD: 'HK$',
    ILS: '₪',
    INR: '₹',
    JPY: 'JP¥',
    KRW: '₩',
    MXN: 'MX$',
    NZD: 'NZ$',
    THB: '฿',
    TWD: 'NT$',
    USD: 'US$',
    VND: '₫',
    XAF: 'FCFA',
    XCD: 'EC$',
    XCG: 'Cg.',
    XOF: 'F\u202fCFA',
    XPF: 'CFPF',
  },
  productImages: 'Imagens do produto',
  imageOf: 'Imagem {n} de {count}',
  image: 'Imagem',
  feature: 'Característica',
  madeWith: 'Feito com',
  reviewsFromAnotherStore: 'Avaliações de compradores deste produto em outra loja',
  reviewsFromBuyers: 'Avaliações de compradores deste produto',
  reviewsImported: 'Avaliações importadas pela loja a partir de {apps}.',
  reviewsAndImported: '{source} e avaliações importadas pela loja a partir de {apps}.',
  and: 'e',
  aReviewFile: 'um arquivo de avaliações',
  anotherStore: 'outra loja',
  shippingAndReturns: 'Entrega e devoluções',
  photoOf: 'Foto de {name}',
  photoNumberOf: 'Foto {n} de {name}',
}

export const SHOPPER_WORDS: Readonly<Record<ShopperLanguage, ShopperWords>> = {
  en: EN,
  es: ES,
  de: DE,
  fr: FR,
  it: IT,
  pt: PT,
  ...MORE_SHOPPER_WORDS,
  ...SLAVIC_SHOPPER_WORDS,
  ...NORTH_SHOPPER_WORDS,
  ...NORDIC_SHOPPER_WORDS,
  ...ASIA_SHOPPER_WORDS,
}

const isShopperLanguage = (code: string): code is ShopperLanguage => (SHOPPER_LANGUAGES as readonly string[]).includes(code)

/** The renderers' words for a page's language ("es", "pt-BR"); English when absent or without a table. */
export function shopperWords(language?: string | null): ShopperWords {
  const code = (language ?? '').toLowerCase().split(/[-_]/)[0]
  return isShopperLanguage(code) ? SHOPPER_WORDS[code] : EN
}

/** Fills `{name}` placeholders; an unknown one stays as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** A whole number with the language's thousands separator: 12,408 · 12.408 · 12 408. */
export function formatCountIn(n: number, words: ShopperWords = EN): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, words.group)
}

/** A rating as people write it: "4", "4.5", "4,95"; clamped to 0–5, two decimals at most (never rounded up to a perfect 5). */
export function formatRatingIn(rating: number, words: ShopperWords = EN): string {
  const r = Math.min(5, Math.max(0, rating))
  return String(Math.round(r * 100) / 100).replace('.', words.decimal)
}

/** "12 reviews", "1 opinión", "0 avis". */
export function countWith(n: number, forms: Counted, words: ShopperWords = EN): string {
  return fill(words.singular.includes(n) ? forms.one : forms.other, { count: formatCountIn(n, words) })
}

/** Currencies Intl writes without decimals ("¥1,250") or with three ("BHD 1.250"); all others have two. */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = [
  ...['AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD', 'IRR', 'ISK', 'JPY', 'KMF', 'KPW', 'KRW', 'LAK'],
  ...['LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF', 'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF', 'YER'],
]
export const THREE_DECIMAL_CURRENCIES: readonly string[] = ['BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']

/** How a price in `currency` is written in the language, `{amount}` left to fill: "{amount}\u00a0US$", "CHF\u00a0{amount}". */
export function pricePattern(currency: string, words: ShopperWords = EN): string {
  const code = currency.toUpperCase()
  const symbol = Object.hasOwn(words.currencies, code) ? words.currencies[code] : undefined
  // Intl's currency spacing: a symbol that ends in a currency sign touches the figure ("$5", "CA$5"), letters do not ("CHF 5").
  if (symbol !== undefined && /\p{Sc}$/u.test(symbol)) return fill(words.money, { currency: symbol })
  return fill(words.moneyInLetters, { currency: symbol ?? code })
}

/**
 * A price as Intl.NumberFormat(language, { style: 'currency', currency }) writes it: "$1,249.99",
 * "1249,99 US$", "1.249,99 $", "1 249,99 $US", "US$ 1.249,99". Any code works (an unknown one is
 * written as it is, with two decimals), so the share page and the store never disagree.
 */
export function formatPriceIn(amount: number, currency: string, words: ShopperWords = EN): string {
  const code = currency.toUpperCase()
  const digits = ZERO_DECIMAL_CURRENCIES.includes(code) ? 0 : THREE_DECIMAL_CURRENCIES.includes(code) ? 3 : 2
  const scale = 10 ** digits
  const scaled = Math.round(amount * scale)
  const whole = String(Math.floor(scaled / scale))
  const grouped = whole.length >= words.moneyGroupFrom ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, words.group) : whole
  const figure = digits ? `${grouped}${words.decimal}${String(scaled % scale).padStart(digits, '0')}` : grouped
  return pricePattern(code, words).replace('{amount}', () => figure)
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * A review date as shown to shoppers: an ISO date becomes "Mar 5, 2024", "5 mar 2024", "5. März
 * 2024" (the day the source wrote, whatever the time after it); anything else the source wrote is
 * shown as it came (never guessed). `dateTime` is set only for machine-readable dates.
 */
export function formatReviewDate(raw: string, words: ShopperWords = EN): { text: string; dateTime?: string } {
  const value = raw.trim()
  const m = ISO_DATE.exec(value)
  const month = m ? Number(m[2]) : 0
  const day = m ? Number(m[3]) : 0
  if (!m || month < 1 || month > 12 || day < 1 || day > 31) return { text: value }
  return { text: fill(words.date, { day, month: words.months[month - 1], year: m[1] }), dateTime: value }
}

/** Whether a page's `language` is a well-formed primary language code ("es", "fil"). */
export const isLanguageCode = (code: unknown): code is string => typeof code === 'string' && /^[a-z]{2,3}$/.test(code)
