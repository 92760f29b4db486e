import { describe, expect, it } from 'vitest'
import { isSiteBoilerplate, isSiteName, shopNameOpening, siteNames, stripSiteName } from './site-name'

describe("the site's own name", () => {
  const ali = siteNames('https://es.aliexpress.com/item/1005006180026951.html', 'aliexpress.', 'AliExpress')
  const amazon = siteNames('https://www.amazon.es/dp/B01MUGXRT9', 'Amazon')
  const store = siteNames('https://www.anyeluz.com/products/kit', 'Anyeluz')

  it("collects the platform's name, the page's site name and the host's name", () => {
    expect(ali).toEqual(['aliexpress'])
    expect(amazon).toEqual(['amazon'])
    expect(siteNames('https://northwindgoods.com/shop/x', 'Northwind Goods')).toEqual(['northwindgoods'])
    expect(siteNames('not a url', null)).toEqual([])
  })

  it('knows a piece that is only the name (with a TLD, a number or a country)', () => {
    expect(isSiteName('AliExpress 509', ali)).toBe(true)
    expect(isSiteName('Amazon.com', amazon)).toBe(true)
    expect(isSiteName('Amazon.es', amazon)).toBe(true)
    expect(isSiteName('Amazon Basics', amazon)).toBe(false)
    expect(isSiteName('Green', amazon)).toBe(false)
    expect(isSiteName('2024', amazon)).toBe(false)
  })

  it.each([
    ['GaN-cargador USB tipo C, 65W - AliExpress 509', ali, 'GaN-cargador USB tipo C, 65W'],
    ['Amazon.es: Cecotec Robot Limpiacristales Windroid 880', amazon, 'Cecotec Robot Limpiacristales Windroid 880'],
    ['Cecotec Windroid 880 | Amazon.com', amazon, 'Cecotec Windroid 880'],
    ['Kit Potencializador | Anyeluz', store, 'Kit Potencializador'],
    ['Apple iPhone 13 (128GB) - Green', amazon, 'Apple iPhone 13 (128GB) - Green'],
    ["Tiamat's Wrath: Book 8 of the Expanse", amazon, "Tiamat's Wrath: Book 8 of the Expanse"],
    ['Amazon Basics - AA Batteries', amazon, 'Amazon Basics - AA Batteries'],
    ['AliExpress', ali, 'AliExpress'],
  ])('%s → %s', (title, names, expected) => {
    expect(stripSiteName(title, names)).toBe(expected)
  })

  it('drops the shopping words that join the site’s name onto the product’s, in the shop’s language', () => {
    const bhx = siteNames('https://www.bachhoaxanh.com/thit-heo/ba-roi-heo', null)
    const otto = siteNames('https://www.otto.de/p/nike-air-max-90-1234', null)
    expect(stripSiteName('Ba rọi heo giá tốt tại Bách hoá XANH', bhx)).toBe('Ba rọi heo')
    expect(stripSiteName('Nike Air Max 90 online kaufen bei OTTO', otto)).toBe('Nike Air Max 90')
    expect(stripSiteName('Echo Dot Wall Mount at Amazon.com', amazon)).toBe('Echo Dot Wall Mount')
    // A word that joins nothing before the site's name is the product's ("… for Amazon").
    expect(stripSiteName('Echo Dot Wall Mount for Amazon', amazon)).toBe('Echo Dot Wall Mount for Amazon')
    expect(stripSiteName('Nike Air Max 90 OTTO', otto)).toBe('Nike Air Max 90 OTTO')
    // Never down to a single word.
    expect(stripSiteName('Schuhe online kaufen bei OTTO', otto)).toBe('Schuhe online kaufen bei OTTO')
  })

  it('knows the site’s name written again in its own script ("GOMAJI夠麻吉")', () => {
    const gomaji = siteNames('https://www.gomaji.com/Taipei/p123456', null)
    expect(isSiteName('GOMAJI夠麻吉', gomaji)).toBe(true)
    expect(stripSiteName('Pizza set for two | GOMAJI夠麻吉', gomaji)).toBe('Pizza set for two')
    // Other words after the name are not its other spelling.
    expect(isSiteName('GOMAJI Travel', gomaji)).toBe(false)
    expect(isSiteName('Pizza', gomaji)).toBe(false)
  })

  it("takes the site's slogan for what it is, never a product's description", () => {
    const title = 'GaN-cargador USB tipo C de carga rápida para teléfono'
    expect(isSiteBoilerplate('Smarter Shopping, Better Living! Aliexpress.com', title, ali)).toBe(true)
    expect(isSiteBoilerplate('Cargador rápido GaN de 65W con tres puertos.', title, ali)).toBe(false)
    // Names the site, but is about the product.
    expect(isSiteBoilerplate('Este cargador GaN se vende en AliExpress.', title, ali)).toBe(false)
  })

  it("takes the site's description written around the product's name for the site's, in any language", () => {
    const title = 'Ładowarka GaN USB typu C do szybkiego ładowania telefonu'
    const generated = `Kup produkt ${title} na Aliexpress za . Znajdź więcej produktów 7, 123 i . Ciesz się ✓Darmową dostawą! ✓Łatwy zwrot.`
    expect(isSiteBoilerplate(generated, title, ali)).toBe(true)
    expect(isSiteBoilerplate(`Amazon.com: ${title} : Electronics`, title, amazon)).toBe(true)
    // The product's own text may repeat its name; without the site's name it is the product's.
    expect(isSiteBoilerplate(`${title}: 65 W, trzy porty, składana wtyczka.`, title, ali)).toBe(false)
    // A short name inside the site's text is not the whole name.
    expect(isSiteBoilerplate('Ładowarka GaN w sklepie AliExpress: darmowa dostawa.', title, ali)).toBe(false)
  })

  it('takes every word of the name in the site’s text, another variant’s name among them, for the site’s', () => {
    const tokopedia = siteNames('https://www.tokopedia.com/hijrahfood/dada-ayam-500-gram', null, null)
    const title = 'Dada Ayam Boneless Tanpa Tulang & Kulit | Fillet Chicken Breast - 1 kg'
    const meta =
      'Promo Dada Ayam Boneless Tanpa Tulang & Kulit | Fillet Chicken Breast - 500 gram di Hijrahfood Meatshop Mall. Promo khusus pengguna baru di aplikasi Tokopedia!'
    expect(isSiteBoilerplate(meta, title, tokopedia)).toBe(true)
    // The product's own words with most, not all, of the name's are the product's.
    expect(isSiteBoilerplate('Dada ayam fillet tanpa kulit, dipotong segar. Tersedia juga di Tokopedia.', title, tokopedia)).toBe(false)
    // A brand's own store: its name is in the product's, and its short description is the product's.
    const hydro = siteNames('https://www.hydroflask.com/32-oz-wide-mouth', 'Hydro Flask', null)
    expect(
      isSiteBoilerplate(
        'The 32 oz Wide Mouth bottle from Hydro Flask keeps drinks cold for 24 hours.',
        'Hydro Flask 32 oz Wide Mouth Bottle',
        hydro,
      ),
    ).toBe(false)
  })
})

describe('a product named after the shop that sells it', () => {
  it('has the shop’s name as its brand, as the title writes it', () => {
    expect(shopNameOpening("Sainsbury's Apricot Ripe & Ready x5", 'https://www.sainsburys.co.uk/shop/gb/groceries/apricot')).toBe(
      "Sainsbury's",
    )
    expect(shopNameOpening('Apple TV HD 32 GB', 'https://www.apple.com/de/shop/buy-tv/apple-tv-hd')).toBe('Apple')
    expect(shopNameOpening('Happy Coffee Sidamo Bio', 'https://happy-coffee.org/products/sidamo')).toBe('Happy Coffee')
  })
  it('is nothing when the name does not open with the shop’s, or is only the shop’s name', () => {
    expect(shopNameOpening('HomePod — White', 'https://www.apple.com/au/shop/buy-homepod/homepod/white')).toBeNull()
    expect(shopNameOpening('Kettle by Apple', 'https://www.apple.com/p/1')).toBeNull()
    expect(shopNameOpening('Apple', 'https://www.apple.com/p/1')).toBeNull()
    expect(shopNameOpening('Apple TV', 'not a link')).toBeNull()
  })
})
