import { describe, expect, it } from 'vitest'
import { BYLINE_TEMPLATES, brandFromByline, cleanBrand, isBrandLabel, isCreditLine, isMakerLabel } from './brand'

describe('brand bylines', () => {
  it.each([
    ['Visit the SainSmart Store', 'SainSmart'],
    ['Visita la tienda de Cecotec', 'Cecotec'],
    ['Besuchen Sie den Bosch-Store', 'Bosch'],
    ['Visitez la boutique Moulinex', 'Moulinex'],
    ['Visita lo Store di Bialetti', 'Bialetti'],
    ['Bezoek de Philips-winkel', 'Philips'],
    ['Brand: SOAR&EAGLE', 'SOAR&EAGLE'],
    ['Marca: Xiaomi', 'Xiaomi'],
    ['Marke: WMF', 'WMF'],
    ['Marque : Tefal', 'Tefal'],
    ['von WINOMO', 'WINOMO'],
    ['by Anker', 'Anker'],
    ['  \u200eVisit the   Gorilla  Store ', 'Gorilla'],
    ['HydroPeak', 'HydroPeak'],
    ['Visite a Loja da Tramontina', 'Tramontina'],
    ['Visite a loja do Mondial (em Espanhol)', 'Mondial'],
    ['Visit the Cecotec Store (in Spanish)', 'Cecotec'],
    ['Visiter la boutique HP', 'HP'],
    ['Brand: e.l.f.', 'e.l.f.'],
    ['Visit the e.l.f. Store', 'e.l.f.'],
    ['Brand: Acme.', 'Acme'],
    ['Marca: R.K.', 'R.K.'],
  ])('%s → %s', (byline, brand) => {
    expect(brandFromByline(byline)).toBe(brand)
  })

  it("reads an author's credit as no brand", () => {
    expect(brandFromByline('by Mat Follas (Author)')).toBeNull()
    expect(brandFromByline('by David Baldacci (Author) Format: Kindle Edition')).toBeNull()
    expect(brandFromByline('von James S. A. Corey (Autor) › Entdecken Sie James S. A. Corey bei Amazon')).toBeNull()
    expect(brandFromByline('de Carlos Ruiz Zafón (Autor)')).toBeNull()
    expect(brandFromByline('Jim Wilson (Author), Jane Roe (Editor)')).toBeNull()
  })

  it('every template names the brand once, and reads back its own example', () => {
    for (const t of BYLINE_TEMPLATES) {
      expect(t.split('{}')).toHaveLength(2)
      expect(brandFromByline(t.replace('{}', 'Acme'))).toBe('Acme')
    }
  })

  it('takes placeholders for no brand', () => {
    expect(brandFromByline('Brand: Generic')).toBeNull()
    expect(cleanBrand('NoEnName_Null')).toBeNull()
    expect(cleanBrand('None')).toBeNull()
    // "Generic" and "not stated" in the languages of our shoppers' sites, accents or not.
    for (const none of ['Genérico', 'Generico', 'Générique', 'Generisch', 'Sem marca', 'Nicht vorhanden', 'Keine Angabe'])
      expect(cleanBrand(none), none).toBeNull()
    expect(cleanBrand('Generali')).toBe('Generali')
    // Several of them joined, after a list's dash ("- Senza marca/Generico"); a real name with a slash stays.
    for (const none of ['- Senza marca/Generico', 'Sans marque', 'Geen merk / Generic']) expect(cleanBrand(none), none).toBeNull()
    expect(cleanBrand('AC/DC')).toBe('AC/DC')
    expect(cleanBrand('N/A')).toBeNull()
    // A template's empty brand before the site's name (" | Urban Outfitters" in product:brand).
    expect(cleanBrand(' | Urban Outfitters')).toBeNull()
    expect(cleanBrand('Urban Outfitters')).toBe('Urban Outfitters')
    // A brand given as its page's address: the name in it, or none.
    expect(cleanBrand('https://www.ulabox.com/marca/absolut/1132')).toBe('absolut')
    expect(cleanBrand('https://www.shop.example/brands/the-north-face')).toBe('the north face')
    expect(cleanBrand('https://www.shop.example/about-us')).toBeNull()
    expect(cleanBrand('  "Amduine" ')).toBe('Amduine')
    expect(cleanBrand('Wade Logan®')).toBe('Wade Logan')
    expect(cleanBrand('Acme™ Tools')).toBe('Acme Tools')
    expect(cleanBrand('Frobozz(R)')).toBe('Frobozz')
    expect(cleanBrand('')).toBeNull()
    expect(brandFromByline(null)).toBeNull()
  })

  it('leaves out the maker’s legal form and a store’s country after the name', () => {
    expect(cleanBrand('Death Wish Coffee Company')).toBe('Death Wish Coffee')
    expect(cleanBrand('Acme, Inc.')).toBe('Acme')
    expect(cleanBrand('Hugo Boss AG')).toBe('Hugo Boss')
    expect(cleanBrand('Skullcandy US')).toBe('Skullcandy')
    expect(cleanBrand('Sklum ES')).toBe('Sklum')
    // A name that is its initials, a partnership's "& Co." and a short name before capitals stay.
    expect(cleanBrand('LG')).toBe('LG')
    expect(cleanBrand('Tiffany & Co.')).toBe('Tiffany & Co')
    expect(cleanBrand('TP US')).toBe('TP US')
    // Names whose last word only looks like a legal form or a country.
    expect(cleanBrand('The Honest Company')).toBe('The Honest Company')
    expect(cleanBrand('The Limited')).toBe('The Limited')
    expect(cleanBrand('Zig ag')).toBe('Zig ag')
    expect(cleanBrand('MADE IN')).toBe('MADE IN')
    expect(cleanBrand('FOR US')).toBe('FOR US')
  })

  it('takes a brand with no letter for a shop’s code, not a name', () => {
    expect(cleanBrand('4248')).toBeNull()
    expect(cleanBrand('3M')).toBe('3M')
  })

  it('knows a credit line: a byline’s word before a name', () => {
    expect(isCreditLine('by Colleen Hoover')).toBe(true)
    expect(isCreditLine(' von James S. A. Corey')).toBe(true)
    expect(isCreditLine('Colleen Hoover')).toBe(false)
    expect(isCreditLine('by 2025')).toBe(false)
  })

  it('leaves out a note in brackets after the name', () => {
    expect(cleanBrand("達美樂披薩DOMINO'S PIZZA(全台多分店)")).toBe("達美樂披薩DOMINO'S PIZZA")
    expect(cleanBrand('Acme (Official)')).toBe('Acme')
    expect(cleanBrand('Acme（官方）')).toBe('Acme')
    // Brackets inside the name stay.
    expect(cleanBrand('Acme (UK) Tools')).toBe('Acme (UK) Tools')
  })
})

describe('brand labels', () => {
  it.each(['Brand', 'Brand Name', 'Marca:', 'Nazwa marki', 'שם מותג', '品牌名称：', ' ブランド ', 'Kaubamärk', 'Merkki:', 'Značka'])(
    '%s names the brand',
    (label) => {
      expect(isBrandLabel(label)).toBe(true)
    },
  )
  it.each(['Model', 'Brand new', 'Store', '', null])('%s does not', (label) => {
    expect(isBrandLabel(label)).toBe(false)
  })
})

describe('manufacturer labels', () => {
  it.each(['Manufacturer', 'Hersteller:', 'Výrobca', ' Fabricant ', 'メーカー', 'Производитель'])('%s names the maker', (label) => {
    expect(isMakerLabel(label)).toBe(true)
  })
  it.each(['Brand', 'Made in', 'Manufacturer warranty', '', null])('%s does not', (label) => {
    expect(isMakerLabel(label)).toBe(false)
  })
})
