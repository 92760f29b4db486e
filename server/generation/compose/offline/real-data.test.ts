import { describe, expect, it } from 'vitest'
import type { ProductFacts } from '../../../domain/product-facts'
import type { SanitizedHtml } from '../../../domain/sanitize'
import { findTemplate } from '../../../domain/templates'
import { checkPageHonesty } from '../honesty'
import { composeWith } from '../testing'
import { pageTexts } from '../trace'
import { cleanFacts, isBoilerplate, isPlaceholder, looksLikeCode } from './clean'
import { factsLanguage, textLanguage } from './language'
import { optionWords, productName } from './nlp'
import { benefitItem } from './phrases'
import { research, shortName } from './research'
import { Ledger } from './text'
import { createOfflineComposer } from '.'

/** The writer's guards for real pages (issue 21); the corpus test (tests/corpus/writer.test.ts) measures them on saved pages. */

function facts(over: Partial<ProductFacts>): ProductFacts {
  return {
    title: 'Plain Mug',
    descriptionHtml: '' as SanitizedHtml,
    descriptionText: '',
    bullets: [],
    images: ['https://img.example/1.jpg'],
    price: null,
    compareAtPrice: null,
    currency: null,
    options: [],
    variants: [],
    vendor: null,
    productType: null,
    tags: [],
    specs: [],
    reviews: [],
    ratingSummary: null,
    source: { url: 'https://shop.example/products/mug', platform: 'generic', name: 'Shop' },
    fetchedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }
}

describe('residue at the writer boundary', () => {
  it('drops script, JSON, markup and template residue, placeholders and marketplace slogans', () => {
    expect(looksLikeCode('(function(f) {var _np=(window.P._namespace("DetailPageProductOverviewTemplatesJava"));')).toBe(true)
    expect(looksLikeCode('{"isAjaxInProgress_B004AQ1W8Y":"0"}')).toBe(true)
    expect(looksLikeCode('<div class="a-row">x</div>')).toBe(true)
    expect(looksLikeCode('Size: 14.7" high x 1.2" wide; 10.5" deep')).toBe(false)
    expect(looksLikeCode('[2024 Upgraded] Soft silicone shell')).toBe(false)
    for (const v of ['/', '-', 'N/A', ' ', 'null']) expect(isPlaceholder(v), v).toBe(true)
    expect(isPlaceholder('No')).toBe(false)
    expect(isBoilerplate('Smarter Shopping, Better Living!')).toBe(true)
    expect(isBoilerplate('Enjoy ✓Free Shipping Worldwide! ✓Limited Time Sale ✓Easy Return.')).toBe(true)
    const clean = cleanFacts(
      facts({
        specs: [
          { name: 'Componentes incluidos', value: '(function(f) {var _np=(window.P._namespace("X"));})' },
          { name: 'Contact Material', value: '/' },
          { name: 'Material', value: 'Stoneware' },
        ],
        bullets: ['<script>x()</script>', 'Holds 350 ml'],
        descriptionText:
          'Smarter Shopping, Better Living! Aliexpress.com\nA mug thrown by hand. Shop mugs with fast delivery and free shipping.',
      }),
    )
    expect(clean.specs).toEqual([{ name: 'Material', value: 'Stoneware' }])
    expect(clean.bullets).toEqual(['Holds 350 ml'])
    expect(clean.descriptionText).toBe('A mug thrown by hand.')
  })
})

describe('the language of the source', () => {
  it('reads it from the script or from function words, and prefers what the importer states', () => {
    expect(textLanguage('Navegación inteligente, cálculo de la ruta y limpieza en profundidad con sus mopas de microfibra')?.code).toBe(
      'es',
    )
    expect(textLanguage('Ein robuster Kleiderständer gibt Ihnen Raum für das Kleiderhängen, wenn Sie es brauchen')?.code).toBe('de')
    expect(textLanguage('מגן מסך לאייפון עם התקנה קלה ועמידות גבוהה')?.code).toBe('he')
    expect(textLanguage('A hand-glazed ceramic dripper on a glass carafe, with the filter off the wall')?.code).toBe('en')
    // A model's letters are no function word: the "i" of "i7-13700K" is not Polish "i".
    expect(
      textLanguage('Intel Core i7-13700K Desktop Processor 16 Cores, up to 5.4GHz\nBrand\nIntel\nCPU model\nCore i7\ni3-10110U', 'en')
        ?.code,
    ).not.toBe('pl')
    // Nor is English's "w/" ("with") Polish "w".
    expect(textLanguage('Kryptonite KryptoLok Series 2 w/ Key\nBrand: Kryptonite, Product: KryptoLok Series 2 w/ Key')?.code ?? 'en').toBe(
      'en',
    )
    expect(factsLanguage(facts({ title: 'Taza', language: 'pt-BR' } as Partial<ProductFacts>)).code).toBe('pt')
    // "no" does not say which written Norwegian: shops write Bokmål, which has the words (shopper-words-nordic.ts).
    expect(factsLanguage(facts({ title: 'Joggesko', language: 'no-NO' } as Partial<ProductFacts>)).code).toBe('nb')
  })

  it('reads Vietnamese from its own letters, even against a page that declares English', () => {
    expect(factsLanguage(facts({ title: 'Ba rọi heo', pageLanguage: 'en' })).code).toBe('vi')
    expect(textLanguage('Nồi cơm điện')?.code).toBe('vi')
  })

  it('tells Norwegian and Danish from Swedish by their own small words and letters, and one from the other by the site’s country', () => {
    const norwegian = 'Bærbar PC med 15,6" skjerm og rask SSD, som blir brukt av noen skoler. Den har ikke berøringsskjerm.'
    // Never Swedish: Norwegian by its own words ("blir", "noen"), or Danish by Danish ones.
    expect(textLanguage(norwegian)?.code).toBe('nb')
    expect(
      textLanguage('Bærbar computer med 15,6" skærm og hurtig SSD, som bliver brugt af nogle skoler. Den har ikke berøringsskærm.')?.code,
    ).toBe('da')
    expect(textLanguage('Bärbar dator med 15,6" skärm och snabb SSD, som är gjord för hemmakontor och skola.')?.code).toBe('sv')
    // Words both write: the site's country says which.
    const shared = 'Bærbar PC med 15,6" skærm og SSD, som er til den der har brug for det. Den har ikke touch.'
    const at = (url: string) =>
      facts({ title: 'HP Pavilion 15s', descriptionText: shared, source: { url, platform: 'generic', name: 'Shop' } })
    expect(factsLanguage(at('https://www.elkjop.no/product/x')).code).toBe('nb')
    expect(factsLanguage(at('https://www.elgiganten.dk/product/x')).code).toBe('da')
  })

  it('takes a declared English with no words to tell for a template’s default on a country’s domain of another language', () => {
    const at = (url: string, descriptionText = '') =>
      facts({ title: 'Playstation 5 - PS5', descriptionText, pageLanguage: 'en', source: { url, platform: 'generic', name: 'Shop' } })
    expect(factsLanguage(at('https://www.micromania.fr/playstation-5-105642.html')).code).toBe('fr')
    // English words still say English there, and a .com's declared English stands.
    expect(factsLanguage(at('https://www.shop.de/p/1', 'The console with the controller and a game, in the box for you')).code).toBe('en')
    expect(factsLanguage(at('https://www.shop.com/p/1')).code).toBe('en')
    // An address in English, or one English word, says the declared English is meant.
    expect(factsLanguage(at('https://www.shop.nl/en/p/123')).code).toBe('en')
    expect(factsLanguage(at('https://www.shop.nl/p/123', 'Pro with MagSafe Case')).code).toBe('en')
  })

  it('counts French by its most common small words', () => {
    expect(textLanguage('Pull en laine - bleu à 25,00€ - Découvrez nos pulls dans notre rayon')?.code).toBe('fr')
  })

  it('takes the language of the site’s country when the words do not tell and the page declares none', () => {
    const de = facts({
      title: 'KLARO Hochdruckreiniger »K 3«',
      source: { url: 'https://www.shop.de/p/1', platform: 'generic', name: 'shop.de' },
    })
    expect(factsLanguage(de).code).toBe('de')
    // A country with several languages says nothing; a declared language comes first.
    const ch = facts({
      title: 'KLARO Hochdruckreiniger »K 3«',
      source: { url: 'https://www.shop.ch/p/1', platform: 'generic', name: 'shop.ch' },
    })
    expect(factsLanguage(ch).code).toBe('en')
    const declared = facts({
      title: 'KLARO Hochdruckreiniger »K 3«',
      pageLanguage: 'fr',
      source: { url: 'https://www.shop.de/p/1', platform: 'generic', name: 'shop.de' },
    })
    expect(factsLanguage(declared).code).toBe('fr')
  })

  it('writes Traditional Chinese headings for a Traditional Chinese source, Simplified for a Simplified one', async () => {
    const tw = facts({ title: '可提式多功能不鏽鋼碗籃組', descriptionText: '這個碗籃組附砧板，可以直接加熱，露營時非常方便。' })
    expect(factsLanguage(tw)).toMatchObject({ code: 'zh', locale: 'zh-Hant' })
    expect(
      factsLanguage(facts({ title: '可提式多功能不锈钢碗篮组', descriptionText: '这个碗篮组附砧板，可以直接加热，露营时非常方便。' }))
        .locale,
    ).toBeUndefined()
    // Characters both scripts share: the page's declared Taiwanese Chinese decides.
    expect(factsLanguage(facts({ title: '鵝肉鬆原味罐裝', descriptionText: '嚴選鵝肉', pageLanguage: 'zh-TW' })).locale).toBe('zh-Hant')
    const c = createOfflineComposer()
    const template = findTemplate(1)
    const { page } = await c.compose(tw, await c.outline(tw, await c.research(tw), template), template)
    expect(page.language).toBe('zh')
    expect(JSON.stringify(page)).toMatch(/立即訂購|立即購買/)
    expect(JSON.stringify(page)).not.toMatch(/立即下单|立即购买/)
  })

  it('takes the language the page declares when its words do not tell, and names it for the owner', async () => {
    const sl = facts({
      title: 'Potapljaška maska z dioptrijo za začetnike',
      descriptionText: 'Možnost izbire različnih dioptrij za levo in desno oko.',
      pageLanguage: 'sl-SI',
    })
    expect(factsLanguage(sl)).toEqual({ code: 'sl', name: 'Slovenian' })
    expect(factsLanguage(facts({ title: 'Plain Mug', descriptionText: 'A mug for the morning.', pageLanguage: 'sl' })).code).toBe('en')
    const c = createOfflineComposer()
    const template = findTemplate(1)
    const { page, note } = await c.compose(sl, await c.outline(sl, await c.research(sl), template), template)
    expect(note).toMatch(/^This page is in Slovenian, as the product's source is/)
    const shown = JSON.stringify(page)
    expect(page.language).toBe('sl')
    expect(shown).not.toMatch(/feature by feature|Order the|Shop now|Buy now/)
    expect(shown).toMatch(/Naročite zdaj|Kupite zdaj|Kupi/)
  })

  it('writes the headings and buttons of a source stated to be in Bulgarian in Bulgarian, and names the language for the owner', async () => {
    // Cyrillic words alone are read as Russian: the source states its language.
    const bg = facts({
      title: 'Електрическа кана от неръждаема стомана, 1,7 литра',
      bullets: ['Изключва се сама, когато водата заври', 'Дръжката не се нагрява'],
      descriptionText: 'Каната загрява водата бързо. Капакът се отваря с едно натискане.',
      specs: [{ name: 'Материал', value: 'Неръждаема стомана' }],
      price: 39.9,
      currency: 'EUR',
      language: 'bg',
    } as Partial<ProductFacts>)
    expect(factsLanguage(bg)).toEqual({ code: 'bg', name: 'Bulgarian' })
    const c = createOfflineComposer()
    const template = findTemplate(1)
    const { page, note } = await c.compose(bg, await c.outline(bg, await c.research(bg), template), template)
    expect(page.language).toBe('bg')
    expect(note).toMatch(/^This page is in Bulgarian, as the product's source is; .* wrote only the headings and buttons, in Bulgarian/)
    const shown = JSON.stringify(page)
    const texts = pageTexts(page).map((t) => t.text)
    expect(texts).toEqual(expect.arrayContaining(['Предимства', 'Купете сега', 'Поръчайте сега', 'Купи']))
    expect(shown).not.toMatch(/Shop now|Buy now|Order the|feature by feature/)
    // Russian's words are not Bulgarian's.
    expect(shown).not.toMatch(/Купить|Оформить заказ/)
  })

  it('writes a Spanish source with its own sentences and Spanish headings, and tells the owner', async () => {
    const f = facts({
      title: 'Taza de cerámica hecha a mano, 350 ml',
      bullets: ['ESMALTE BRILLANTE: cada taza tiene un acabado único', 'Apta para el lavavajillas y el microondas'],
      descriptionText: 'Una taza de cerámica hecha a mano en Valencia. Cada pieza es única y puede variar un poco.',
      options: [{ name: 'Color', values: ['Azul', 'Blanco'] }],
      listingRating: { average: 4.5, count: 120 },
    })
    const c = createOfflineComposer()
    const template = findTemplate(1)
    const r = await c.research(f)
    const { page, note } = await c.compose(f, await c.outline(f, r, template), template)
    expect(note).toMatch(/^This page is in Spanish, as the product's source is/)
    const texts = pageTexts(page).map((t) => t.text)
    expect(texts).toContain('Características')
    expect(texts.join(' ')).not.toMatch(/\b(the|what|which|why|your|get|order)\b/i)
    expect(r.faq).toEqual([])
    expect(checkPageHonesty(page, f)).toEqual([])
  })
})

describe('what the page calls the product', () => {
  it('finds the head noun phrase, never an acronym, a unit or a word of a book title', () => {
    expect(productName('Skullcandy Crusher ANC 2 Wireless Over-Ear Bluetooth Headphones with Extra USB-C Charging Cable')).toEqual({
      name: 'Skullcandy Crusher ANC 2 Headphones',
      noun: 'headphones',
      plural: true,
    })
    expect(productName('iPhone 17 512 GB: 15.93 cm (6.3″) Display with Promotion')).toMatchObject({ name: 'iPhone 17', noun: 'iPhone' })
    expect(productName('Ratio Eight')).toMatchObject({ name: 'Ratio Eight', noun: 'product' })
    expect(productName('USB Heated Shoe Insoles Electric Foot Warming Pad Feet Warmer')).toMatchObject({ noun: 'shoe insoles' })
    const book = facts({ title: 'The Whole Truth (A. Shaw Book 1)', specs: [{ name: 'Print length', value: '497 pages' }] })
    expect(research(book)).toMatchObject({ name: 'The Whole Truth', noun: 'book' })
  })

  it('calls a video game a game, never a book for its publisher nor the first word of its title', () => {
    const game = facts({
      title: "Pokémon: Let's Go, Pikachu! - Nintendo Switch",
      specs: [
        { name: 'ESRB Rating', value: 'E (Everyone)' },
        { name: 'Software Format', value: 'Physical' },
        { name: 'Publisher', value: 'Nintendo' },
      ],
    })
    expect(research(game)).toMatchObject({ noun: 'game', plural: false })
  })

  it('a long title that opens with describing words is named by what follows them, not by its category alone', () => {
    // Written for this test, in the shape of a marketplace lamp's title.
    const named = productName('Rustic Handmade Oak Bedside Reading Lamps 40W Warm Light for Bedroom Study Office')
    expect(named.noun).toBe('reading lamps')
    expect(named.name).not.toBe('Reading Lamps')
    expect(named.name.split(' ').length).toBeGreaterThan(2)
    expect(named.name).toMatch(/Reading Lamps$/)
  })

  it('a possessive says whose, never what; a hyphenated head takes no modifier; a comma without its space still ends the name', () => {
    // Written for this test, in the shape of marketplace clothing titles.
    expect(productName("Men's Relaxed Linen Beach Shirts")).toMatchObject({ noun: 'beach shirts' })
    expect(productName('Funny Chemistry Teacher T-Shirt')).toMatchObject({ noun: 't-shirt' })
    expect(productName("Women's Ribbed Knit Lounge Set Co-ord,Long Sleeve Top,Wide Leg Pants").name).not.toMatch(/Sleeve|Pants/)
  })

  it('answers about the box only with contents: no parcel measure, no yes or no', () => {
    const lamp = facts({
      title: 'Plaster Wall Lamp',
      specs: [
        { name: 'Package Dimensions', value: '10.3 x 6.7 x 5.5 inches' },
        { name: 'Batteries included?', value: 'No' },
        { name: 'Material', value: 'Plaster' },
      ],
    })
    const questions = research(lamp).faq.map((q) => q.question)
    expect(questions.some((q) => /in the box/i.test(q))).toBe(false)
    const boxed = facts({ title: 'Plaster Wall Lamp', specs: [{ name: 'Included components', value: 'Two G9 bulbs, screws' }] })
    expect(research(boxed).faq.find((q) => /in the box/i.test(q.question))?.answer).toMatch(/two G9 bulbs, screws/i)
  })

  it('never wraps English grammar around an option name in another script', () => {
    expect(optionWords('Shoe Size')).toBe('shoe size')
    expect(optionWords('צרור')).toBeNull()
    const f = facts({
      descriptionText: 'A stoneware mug thrown by hand and glazed in the studio. It holds a large coffee and keeps it warm for longer.',
      options: [{ name: 'צרור', values: ['אדום', 'כחול'] }],
    })
    expect(factsLanguage(f).code).toBe('en')
    expect(research(f).faq.map((q) => q.question)).toEqual(['What options are there?'])
  })
})

describe('cards and closing lines', () => {
  it('gives no card a title without its text', async () => {
    expect(benefitItem('Hand-knotted fringes')).toEqual({ title: '', text: 'Hand-knotted fringes.' })
    const page = await composeWith(
      facts({
        bullets: ['Hand-knotted fringes', 'Soft silicone shell, cool to the touch', 'Machine washable at 40 °C', 'Pre-seasoned glaze'],
      }),
    )
    for (const s of page.sections) if (s.type === 'benefits') for (const item of s.items) expect(item.text, item.title).not.toBe('')
  })

  it('shows the name at most twice and closes with a line of its own', async () => {
    const ledger = new Ledger()
    ledger.watch('Plain Mug', 1)
    expect(ledger.claim('Plain Mug')).toBe(true)
    expect(ledger.keep('The Plain Mug holds tea.')).toBeNull()
    ledger.allowName(2)
    expect(ledger.keep('The Plain Mug holds tea.')).toBe('The Plain Mug holds tea.')
    const a = await composeWith(facts({ title: 'Aurora Stoneware Mug', listingRating: { average: 4.4, count: 80 } }))
    const b = await composeWith(facts({ title: 'Terra Linen Throw', productType: 'Blanket' }))
    const closing = (p: typeof a) => p.sections.find((s) => s.type === 'cta')
    expect(closing(a)).toMatchObject({ text: 'Rated 4.4 out of 5 from 80 ratings on Shop.' })
    expect(closing(b)).toMatchObject({ text: expect.stringMatching(/^(?:One|Your new|The|Your) blanket\b.*one click away\.$/) })
    // One buyer's five stars is no reason to buy: the page closes on the product instead.
    const single = await composeWith(facts({ title: 'Aurora Stoneware Mug', listingRating: { average: 5, count: 1 } }))
    expect((closing(single) as { text: string }).text).not.toMatch(/Rated/)
  })
})

describe('the language of Cyrillic words', () => {
  it('tells Bulgarian from Russian by its letters, and takes a declared Cyrillic language', () => {
    expect(textLanguage('Мъжки дънки с джобове, черен цвят, памук и еластан')?.code).toBe('bg')
    expect(textLanguage('Мужские джинсы с карманами, чёрный цвет, хлопок')?.code).toBe('ru')
    expect(textLanguage('Мужские джинсы с карманами, хлопок', 'bg')?.code).toBe('bg')
    expect(textLanguage('Чоловічі джинси з кишенями, бавовна і еластан')?.code).toBe('uk')
  })

  it('reads a Russian shop’s words with one Ukrainian word in them as the page declares them', () => {
    const mixed = 'Ноутбук DELL Latitude 5590, 4 ядра від 1.7 ghz, Экран 15,6", АКБ больше 2ч, Состояние Нового'
    expect(textLanguage(mixed, 'ru')?.code).toBe('ru')
    expect(textLanguage(mixed, 'uk')?.code).toBe('uk')
    // Without a declaration, the more written letters: here Russia's (Э, ы) against one "і".
    expect(textLanguage(`${mixed}, Видеокарта Intel, выход HDMI`)?.code).toBe('ru')
  })

  it('reads Slovak and Czech words as Slovak and Czech, never as Portuguese', () => {
    const sk = 'Apple iMac Pro je počítač s ohromujúcou silou pre profesionálnych užívateľov, klávesnica a myš v slovenskej lokalizácii.'
    expect(textLanguage(sk)?.code).toBe('sk')
    // A specification full of á, í and ú, the letters Spanish and Portuguese also write.
    const specs = `${sk} 27" 5K Retina displej s rozlíšením 5120 × 2880 bodov, grafická karta AMD, operačná pamäť 32GB, operačný systém MacOS.`
    expect(textLanguage(specs)?.code).toBe('sk')
    // A name's "Pro" is no Czech "pro".
    expect(textLanguage(`APPLE iMac Pro 27" Retina\nApple iMac Pro ${sk}`)?.code).toBe('sk')
    expect(
      textLanguage(
        'Počítač je určen pro profesionální uživatele a dodává se s klávesnicí, která má českou lokalizaci; záruka při koupi jsou dva roky.',
      )?.code,
    ).toBe('cs')
  })
})

describe('the short name of a source not in English', () => {
  it('ends before a bundle’s "+" and never on a sign alone', () => {
    expect(shortName('Cama Eloísa Single 1.5 Plazas + Set 2 Cajones Cic')).toBe('Cama Eloísa Single 1.5 Plazas')
    expect(shortName('Kit Copos Vidro Jarra Cozinha Mesa & Bar Nadir')).toBe('Kit Copos Vidro Jarra Cozinha Mesa')
    // A screen's size or its aspect ratio after the name begins its specifications.
    expect(shortName('Acer CB242YE 23.8" 16:9 Full HD IPS Display schwarz')).toBe('Acer CB242YE')
    // A label in brackets before the name is no part of it.
    expect(shortName('[November 26, 2025] Veterinary Euthanasia Techniques: A Practical Guide 2nd Edition')).toBe(
      'Veterinary Euthanasia Techniques',
    )
    expect(shortName('【2024 Upgraded】 Wireless Earbuds')).toBe('Wireless Earbuds')
    expect(productName('[November 26, 2025] Veterinary Euthanasia Techniques', { book: true }).name).toBe(
      'Veterinary Euthanasia Techniques',
    )
    expect(shortName('Acer CB242YE 23.8 Zoll Monitor 16:9')).toBe('Acer CB242YE')
    expect(shortName('Samsung Odyssey G5 Curved 21:9')).toBe('Samsung Odyssey G5 Curved')
  })
})

describe('the shop’s own template around the name', () => {
  it('drops a description line that names the shop, unless the shop is the maker', () => {
    const seo = "Vireo Desk 27 en iyi fiyatla Bazaarly'den satın alın! Şimdi indirimli fiyatla sipariş verin, ayağınıza gelsin!"
    const source = { url: 'https://www.bazaarly.com.tr/vireo-desk-27-p-4711', platform: 'generic' as const, name: 'bazaarly.com.tr' }
    expect(cleanFacts(facts({ title: 'Vireo Desk 27', descriptionText: `${seo}\nA 27-inch all-in-one.`, source })).descriptionText).toBe(
      'A 27-inch all-in-one.',
    )
    expect(cleanFacts(facts({ title: 'Vireo Desk 27', descriptionText: seo, source, vendor: 'Bazaarly' })).descriptionText).toBe(seo)
  })
})

describe('a name that is "The" and one word', () => {
  it('is a work’s or a maker’s name, not its own lower-case noun: headings say "yours", not "the witcher"', async () => {
    const game = facts({ title: 'The Witcher 3 - Wild Hunt (Game of the Year Edition) [PlayStation 4]', price: 35.99, currency: 'EUR' })
    const found = research(game)
    expect(found).toMatchObject({ name: 'The Witcher', noun: 'product' })
    const c = createOfflineComposer()
    const template = findTemplate(1)
    const { page } = await c.compose(game, await c.outline(game, await c.research(game), template), template)
    const headings = page.sections.filter((s) => s.type !== 'hero').map((s) => s.heading.toLowerCase())
    expect(headings.filter((h) => h.includes('the witcher'))).toEqual([])
    // A kind of thing named with more words keeps its noun.
    expect(research(facts({ title: 'The Everyday Pour-Over Kettle' })).noun).toMatch(/kettle/)
  })
})
