import type { ProductFacts } from '../../../domain/product-facts'

/**
 * The language of a product's own words, so the built-in writer never wraps English grammar around
 * foreign words. The importer may state it (`facts.language`, a BCP 47 tag); otherwise it is read
 * from the text: the script for non-Latin writing, else the share of each language's most common
 * function words. Product texts are short and full of names, where general-purpose detectors
 * (franc, tinyld) misread a Spanish title as French or a German one as Volapük; counting function
 * words over every sentence of the listing, among the languages marketplaces serve, is steadier.
 */
export interface Language {
  /** ISO 639-1 code ("en", "es", "he"). */
  code: string
  /** Its English name, for notes to the owner ("Spanish"). */
  name: string
  /** The writer's words to use when the language is written two ways: "zh-Hant" for Traditional Chinese. */
  locale?: string
}

const NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  pl: 'Polish',
  sv: 'Swedish',
  tr: 'Turkish',
  ru: 'Russian',
  uk: 'Ukrainian',
  he: 'Hebrew',
  ar: 'Arabic',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
  el: 'Greek',
  th: 'Thai',
  hi: 'Hindi',
  id: 'Indonesian',
}

export const ENGLISH: Language = { code: 'en', name: 'English' }

const DISPLAY_NAMES = new Intl.DisplayNames(['en'], { type: 'language' })

export function languageOf(code: string): Language {
  const tag = code.toLowerCase().split(/[-_]/)[0]
  // "no" names Norwegian without saying which written form: Bokmål ("nb") is what nearly every shop writes.
  const c = tag === 'no' ? 'nb' : tag
  if (c === 'zh' && TRADITIONAL_TAG.test(code)) return { code: c, name: 'Chinese', locale: 'zh-Hant' }
  let name = NAMES[c]
  if (!name) {
    try {
      name = DISPLAY_NAMES.of(c) ?? c
    } catch {
      name = c
    }
  }
  return { code: c, name }
}

/** Chinese as written in Taiwan, Hong Kong and Macau: Traditional characters. */
const TRADITIONAL_TAG = /^zh[-_](?:hant|tw|hk|mo)\b/i
// Common characters written differently in the two scripts, the same place in each list.
const TRADITIONAL =
  /[這個們來時為國說對會學過還從點發現開問與實麼當沒經動種頭風車長門書買賣價貨購電體專網優質組鏽級裝鋼籃廣機灣護費運帶東設計無雙層線樂應圖營]/g
const SIMPLIFIED =
  /[这个们来时为国说对会学过还从点发现开问与实么当没经动种头风车长门书买卖价货购电体专网优质组锈级装钢篮广机湾护费运带东设计无双层线乐应图营]/g

/** Chinese in the script its text is mostly written in. */
function chineseIn(text: string): Language {
  const traditional = (text.match(TRADITIONAL) ?? []).length
  return traditional > (text.match(SIMPLIFIED) ?? []).length ? languageOf('zh-Hant') : languageOf('zh')
}

/** Letters of each non-Latin script, and the language a page mostly in it is written in. */
const SCRIPTS: { code: string; letters: RegExp }[] = [
  { code: 'he', letters: /[\u0590-\u05ff]/g },
  { code: 'ar', letters: /[\u0600-\u06ff\u0750-\u077f]/g },
  { code: 'ru', letters: /[\u0400-\u04ff]/g },
  { code: 'el', letters: /[\u0370-\u03ff]/g },
  { code: 'ko', letters: /[\uac00-\ud7af\u1100-\u11ff]/g },
  { code: 'ja', letters: /[\u3040-\u30ff]/g },
  { code: 'zh', letters: /[\u4e00-\u9fff]/g },
  { code: 'th', letters: /[\u0e00-\u0e7f]/g },
  { code: 'hi', letters: /[\u0900-\u097f]/g },
]
const LATIN = /[a-zà-öø-ÿāăąćčďđēėęěğīįıłńňőœřśşšţťūůűųźżž]/gi

/** Frequent function words; a word shared by several languages counts for each, divided among them. */
const WORDS: Record<string, string> = {
  en: 'the and with for of to is are this that your you it its from on by or an be can will has have our not all more which at as in into',
  es: 'el la los las de del y con para por que es en un una su sus se al más como sin muy lo tu este esta son sobre entre',
  de: 'der die das und mit für ist ein eine einen nicht auf den dem des sie es zu von im bei auch oder sich wie aus ihr ihre nach zum zur wird werden sind',
  fr: 'le la les des et avec pour est une un du de en au aux dans sur par ce cette vous votre vos qui que pas plus sans ou à nos notre',
  it: 'il lo la gli le di del della e con per è un una che non da in si sono al alla dei delle più questo',
  pt: 'o a os as de do da dos das e com para por que é um uma não em no na seu sua mais ao você à',
  nl: 'de het een en met voor van is niet op te dat die zijn je uw ook bij naar aan wordt of',
  pl: 'i w z na do się nie jest to dla od że o przez jak po ze oraz lub',
  sv: 'och med för är en ett att av på som det till den inte har om från',
  // Norwegian and Danish share most of these with each other and some with Swedish ("og", "er", "ikke"
  // are never Swedish); the site's country tells the two apart where the words do not. (Their "for"
  // is left out: it is English's too.)
  nb: 'og med er en et ei å av på som det til den ikke har om fra de kan skal vil også eller ved blir noen hvis',
  da: 'og med er en et at af på som det til den ikke har om fra de kan skal vil også eller ved bliver nogle hvis jeg',
  tr: 've bir ile için bu da de çok olarak daha en gibi olan',
  sk: 'a je na s v sa pre z do so od ako alebo aj ktorý ktorá ktoré pri aby ale',
  cs: 'a je na s v se pro z do ze od jako nebo i který která které při aby ale',
  id: 'yang dan di ke dari untuk dengan ini itu adalah pada tidak akan atau juga dalam bisa dapat kami anda lebih sangat tanpa',
}
const WEIGHT = new Map<string, Map<string, number>>()
for (const [code, list] of Object.entries(WORDS)) {
  for (const w of list.split(' ')) {
    const m = WEIGHT.get(w) ?? new Map<string, number>()
    m.set(code, 1)
    WEIGHT.set(w, m)
  }
}
for (const m of WEIGHT.values()) for (const code of m.keys()) m.set(code, 1 / m.size)

/** Letters only a few languages write, as a second hint. */
const MARKS: [string, RegExp][] = [
  ['es', /[ñ¿¡]/g],
  ['es', /[áíóú]/gi],
  ['pt', /[áíóúâê]/gi],
  ['de', /[äöüß]/gi],
  ['fr', /[œçêëèîïûù]/gi],
  ['pt', /[ãõ]/gi],
  ['pl', /[ąęłńśźż]/gi],
  ['tr', /[ğışİ]/g],
  ['sv', /[å]/gi],
  // æ and ø are Norwegian and Danish, never Swedish; å is all three's.
  ['nb', /[æøå]/gi],
  ['da', /[æøå]/gi],
  ['sk', /[ľĺŕô]/gi],
  ['cs', /[ěřů]/gi],
  ['sk', /[ďňť]/gi],
  ['cs', /[ďňť]/gi],
]

const VIETNAMESE = /[\u1ea0-\u1ef9ơư]/gi

/** The language of a text, or null when it is too short to tell. `hint`: a language the site suggests, a tie-breaker. */
/**
 * Cyrillic with Ukraine's own letters (і, ї, є, ґ): Ukrainian, unless Russia's own (ы, э, ё) stand
 * beside them, where the page's declared language decides, else the more written letters (a Russian
 * shop's title copied with one Ukrainian "від" is Russian).
 */
function ukrainianOrRussian(text: string, hint: string | null): 'uk' | 'ru' {
  const russian = (text.match(/[ыэё]/gi) ?? []).length
  if (!russian) return 'uk'
  if (hint === 'ru' || hint === 'uk') return hint
  return (text.match(/[іїєґ]/gi) ?? []).length >= russian ? 'uk' : 'ru'
}

export function textLanguage(text: string, hint: string | null = null): Language | null {
  const latin = (text.match(LATIN) ?? []).length
  let best: { code: string; n: number } | null = null
  for (const s of SCRIPTS) {
    const n = (text.match(s.letters) ?? []).length
    if (n > 0 && (!best || n > best.n)) best = { code: s.code, n }
  }
  if (best && best.code === 'ru' && /[іїєґ]/i.test(text)) best.code = ukrainianOrRussian(text, hint)
  // Bulgarian writes no ы, э or ё and often ъ; a page that declares another Cyrillic language is in it.
  else if (best && best.code === 'ru' && !/[ыэё]/i.test(text) && /ъ/i.test(text)) best.code = 'bg'
  if (best && ['ru', 'bg'].includes(best.code) && hint && /^(?:bg|uk|sr|mk|be|kk)$/.test(hint)) best.code = hint
  if (best && best.code === 'zh' && /[\u3040-\u30ff]/.test(text)) best.code = 'ja'
  if (best && best.n >= Math.max(4, latin * 0.5)) return best.code === 'zh' ? chineseIn(text) : languageOf(best.code)
  const scores = new Map<string, number>()
  // Function words as prose writes them, in lower case: "Pro" in "iMac Pro" is a name, not Czech "pro";
  // and standing alone: the "i" of "i7-13700K" is a model's, not Polish "i"; nor "w/" ("with"), not Polish "w".
  for (const word of text.match(/(?<![\p{L}\p{N}])[\p{L}']+(?![\p{L}\p{N}/])/gu) ?? []) {
    if (word !== word.toLowerCase()) continue
    for (const [code, w] of WEIGHT.get(word) ?? []) scores.set(code, (scores.get(code) ?? 0) + w)
  }
  // Vietnamese letters (ơ, ư and the vowels with a dot below or a hook above) are written in no other
  // language: one in a short name ("Ba rọi heo") says more than a page's mistaken lang="en".
  const vietnamese = (text.match(VIETNAMESE) ?? []).length
  if (vietnamese) scores.set('vi', Math.min(vietnamese, 10) * 1.5)
  // á, í, ó, ú are Czech and Slovak letters too: beside č, š or ž they say nothing of Spanish or Portuguese.
  const central = /[čšžľĺŕďňťěřů]/i.test(text)
  for (const [code, re] of MARKS) {
    if (central && (code === 'es' || code === 'pt')) continue
    const n = (text.match(re) ?? []).length
    if (n) scores.set(code, (scores.get(code) ?? 0) + Math.min(n, 10) * 0.3)
  }
  if (hint && scores.size > 0) scores.set(hint, (scores.get(hint) ?? 0) + 0.75)
  const ranked = [...scores].sort((a, b) => b[1] - a[1])
  if (ranked.length === 0 || ranked[0][1] < 1.5) return null
  const [first, second] = ranked
  // Close languages share most words: Slovak and Czech are told apart by their own letters alone,
  // Norwegian and Danish by a few words of their own and the site's country (the hint).
  const kin = second && ['cs,sk', 'da,nb'].includes([first[0], second[0]].sort().join())
  if (second && !kin && first[1] < second[1] * 1.3) return null
  return languageOf(first[0])
}

const memo = new WeakMap<object, Language>()

/**
 * The language of the product's own words (title, bullets, description, specifications, options):
 * what the importer states, else what the text shows, else English.
 */
export function factsLanguage(facts: ProductFacts): Language {
  const known = memo.get(facts)
  if (known) return known
  const stated = (facts as { language?: unknown }).language
  let lang: Language | null = typeof stated === 'string' && /^[a-z]{2,3}\b/i.test(stated) ? languageOf(stated) : null
  if (!lang) {
    const text = [
      facts.title,
      ...facts.bullets,
      facts.descriptionText,
      ...facts.specs.flatMap((s) => [s.name, s.value]),
      ...facts.options.flatMap((o) => [o.name, ...o.values]),
    ].join('\n')
    // The page's declared language helps the count, and answers when the words do not tell (a
    // Slovenian or Latvian page has no function words the count knows).
    const declared = facts.pageLanguage ? languageOf(facts.pageLanguage).code : null
    // A declared English is often a template's default left as it was (Micromania's French pages say
    // lang="en"): on a country's domain whose shops write another language, the country's says more.
    const defaultEnglish = declared === 'en' && !englishAddress(facts.source.url) && !writesEnglish(text)
    const hint =
      marketplaceLanguage(facts.source.url) ??
      (defaultEnglish ? (countryLanguage(facts.source.url) ?? declared) : (declared ?? countryLanguage(facts.source.url)))
    // Words that do not tell ("KÄRCHER Hochdruckreiniger »K 3 Full Control«"): the site's or the
    // page's stated language, else its country's.
    lang = textLanguage(text, hint) ?? (hint ? languageOf(hint) : ENGLISH)
    // Characters both scripts share: the page's declared Taiwanese, Hong Kong or Macau Chinese, or its site's country.
    if (
      lang.code === 'zh' &&
      !lang.locale &&
      (TRADITIONAL_TAG.test(facts.pageLanguage ?? '') || /\.(?:tw|hk|mo)$/.test(parsed(facts.source.url)?.hostname ?? ''))
    )
      lang = languageOf('zh-Hant')
  }
  memo.set(facts, lang)
  return lang
}

/** Whether a text writes a function word only English has among the counted languages (WORDS): then a declared English is meant. */
const writesEnglish = (text: string) =>
  (text.toLowerCase().match(/[\p{L}']+/gu) ?? []).some((w) => {
    const langs = WEIGHT.get(w)
    return langs?.size === 1 && langs.has('en')
  })

/** An address that names English: an "/en/" or "/en-gb/" folder, or an "en." host. */
function englishAddress(url: string): boolean {
  const u = parsed(url)
  return !!u && (/^en\./i.test(u.hostname) || /^\/en(?:[-_][a-z]{2})?(?:\/|$)/i.test(u.pathname))
}

/** The language a marketplace's address states ("es.aliexpress.com"; "/-/en" overrides), before the page's own. */
function marketplaceLanguage(url: string): string | null {
  const u = parsed(url)
  if (!u) return null
  const path = /^\/-\/([a-z]{2})\b/.exec(u.pathname)
  if (path) return path[1]
  return /^([a-z]{2})\.aliexpress\./.exec(u.hostname)?.[1] ?? null
}

/** The language of the address's country ("amazon.de", "otto.de"), where its shops write one. */
function countryLanguage(url: string): string | null {
  const tld = /\.([a-z]{2})$/.exec(parsed(url)?.hostname ?? '')?.[1]
  return tld ? (COUNTRY_LANGUAGE[tld] ?? null) : null
}

function parsed(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/** Country domains whose shops write one language (not .ch, .be, .ca, .in, where several are written). */
const COUNTRY_LANGUAGE: Record<string, string> = {
  de: 'de',
  at: 'de',
  es: 'es',
  mx: 'es',
  ar: 'es',
  cl: 'es',
  fr: 'fr',
  it: 'it',
  nl: 'nl',
  pl: 'pl',
  se: 'sv',
  br: 'pt',
  pt: 'pt',
  tr: 'tr',
  ru: 'ru',
  ua: 'uk',
  jp: 'ja',
  kr: 'ko',
  cn: 'zh',
  tw: 'zh',
  vn: 'vi',
  cz: 'cs',
  sk: 'sk',
  ee: 'et',
  lv: 'lv',
  si: 'sl',
  ro: 'ro',
  bg: 'bg',
  fi: 'fi',
  dk: 'da',
  no: 'nb',
  gr: 'el',
  il: 'he',
  th: 'th',
  id: 'id',
}

/** Whether a word or phrase is written in Latin letters only (so English grammar may go around it). */
export function latinOnly(text: string): boolean {
  return !SCRIPTS.some((s) => new RegExp(s.letters.source).test(text))
}
