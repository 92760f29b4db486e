import { describe, expect, it } from 'vitest'
import { givesGuarantee, productName, withoutTrailingMeasure, typeInName } from './nlp'

describe('product names from titles', () => {
  it('never calls a product by who it is for', () => {
    const name = productName('Campus Men First Running Shoes')
    expect(name.noun).toMatch(/shoes$/)
  })

  it('never takes a model line ("Z-Series", "S Series") for what the product is', () => {
    expect(productName('Acme Design Z-Series Automatic Mechanical Skeleton Watch').noun).toMatch(/watch$/)
    expect(productName('Nordic S Series Wireless Earbuds').noun).toMatch(/earbuds$/)
    // A dash glued to the noun before a model number separates them ("… Watch- TWTG10418").
    expect(productName('Stainless Steel Bracelet Style Straps Analogue Watch- TW10418').noun).toMatch(/watch$/)
  })

  it('names a family’s series and its number as the model, and no category from the family ("KryptoLok Series 2 w/ Key")', () => {
    expect(productName('Kryptonite KryptoLok Series 2 w/ Key')).toEqual({
      name: 'Kryptonite KryptoLok Series 2',
      noun: 'product',
      plural: false,
    })
    expect(productName('Apple iPhone 13 128GB')).toEqual({ name: 'Apple iPhone 13', noun: 'iPhone', plural: false })
  })

  it('never takes a design’s name before a model’s for what the product is ("Birds iPhone 16 Pro Glass Case")', () => {
    expect(productName('Flowers iPhone 15 Silicone Case').noun).toMatch(/case$/)
    expect(productName('Stripes USB-C Braided Cable').noun).toMatch(/cable$/)
    // A plural that names the thing stays the noun.
    expect(productName('Socks for running').noun).toBe('socks')
  })

  it('never takes a line’s name before someone’s possessive for what the product is ("LEGO Friends Olivia’s House")', () => {
    expect(productName("LEGO Friends Olivia's House 3315")).toMatchObject({ noun: 'house', plural: false })
    expect(productName("LEGO Friends Olivia's House").noun).toBe('house')
    // Nor a plural right after the maker's name: the maker's line ("Fear of God Essentials").
    expect(productName("Fear of God Essentials Women's Satin Nylon Bomber Jacket", { vendor: 'Fear of God' }).noun).not.toBe('essentials')
    // A maker's name with a measure after it is the maker's name, never a name ending with a measure.
    expect(productName('Kingston 64GB (2x32GB) Fury Beast CL36 DDR5 RAM', { vendor: 'Kingston' }).name).not.toMatch(/\d\s?GB$/i)
    // Who it is for, or a common noun's possessive, is no person: the plural stays the noun.
    expect(productName("Glasses Women's Cat Eye Sunglasses").noun).toBe('glasses')
    expect(productName("Sunglasses Kid's Polarized Lens").noun).toBe('sunglasses')
    expect(productName("Greeting Cards Mother's Day Assortment").noun).toBe('cards')
    expect(productName("Crayola Markers Artist's Choice Set").noun).toBe('markers')
    expect(productName("Socks Santa's Workshop Holiday Pattern").noun).toBe('socks')
  })

  it('a counted part before the product is not what it is ("2 Ports … Charger"), though a counted plural alone is', () => {
    expect(productName('40W 2 Ports USB-C Type-C GaN Fast Charger with Charging Light').noun).toBe('charger')
    expect(productName('2 Pieces Gold Ring Set').noun).toBe('ring set')
    expect(productName('Set of 4 Glasses').noun).toBe('glasses')
  })

  it('a keyword string naming its noun twice: the last noun that ends its phrase wherever it is said', () => {
    const digger = 'MMS 1.5Ton Mini Excavator 13.5HP B&S Engine Trencher Digger Pilot Control Crawler Digger for Farm Garden Yard'
    expect(productName(digger).noun).toBe('excavator')
    const memory = 'Ymeiton 2 pcs DDR5 desktop memory stick D5 16G 4800/5200/5600Mhz universal memory card 288-pin memory wholesale'
    expect(productName(memory).noun).toBe('memory card')
  })

  it('never takes a word made with -proof or -less for what the product is', () => {
    expect(productName('Unisex Glasses Windproof Outdoor Sport Eyewear Motocross Sunglasses for Men').noun).toBe('glasses')
  })

  it('takes the first of alternatives written with a slash', () => {
    expect(productName('kinis Wall Light/Wall Lamp to Décor Home/Living Room/Bedroom, Candle Design').noun).toBe('wall light')
    expect(productName('Black/White Canvas Sneakers').noun).toMatch(/sneakers$/)
    // A list of acronyms is no alternative: "ABS/PLA" filament, the name goes on.
    expect(productName('Acme Duo ABS/PLA Dual Nozzle 3D Printer').noun).toBe('printer')
  })

  it('never names a product by its sizes', () => {
    expect(productName('60"W x 24"D x 1-3/4" Thick Maple Butcher Block Square Edge Workbench Top').name).not.toMatch(/\d|\bx\b/)
    expect(productName('Acme 30cm x 40cm Bamboo Serving Board With Handles Set').name).toBe('Acme Bamboo Serving Board')
  })

  it('never takes a unit written after its number for what the product is', () => {
    const tablet = productName('Acme Tab X2 8 GB RAM 128 GB ROM 11.0 inch with Wi-Fi Only Tablet (Green)')
    expect(tablet.noun).not.toBe('inch')
    expect(tablet.name).toBe('Acme Tab')
    expect(productName('Kitchen Scale 5 kg with LCD').noun).toBe('scale')
  })

  it('reads past an acronym spelled out in brackets after it: an aside, not the end of the name', () => {
    expect(productName('XYZprinting da Vinci 2.0 Duo FFF (Fused Filament Fabrication) ABS/PLA Dual Nozzle 3D Printer').noun).toBe('printer')
    // Brackets that do not spell the acronym out still end the name.
    expect(productName('Acme Speaker BT (Black Edition) with Remote').name).toBe('Acme Speaker')
  })

  it('leaves a measure off the end of a name cut short', () => {
    expect(withoutTrailingMeasure('Acme 5 Rolls PETG Filament 1,75 mm')).toBe('Acme 5 Rolls PETG Filament')
    expect(withoutTrailingMeasure('Trail Bottle 750 ml')).toBe('Trail Bottle')
    expect(withoutTrailingMeasure('Pixel 8')).toBe('Pixel 8')
    // Never the whole name.
    expect(withoutTrailingMeasure('Tape 50 m')).toBe('Tape 50 m')
    expect(withoutTrailingMeasure('SEOUL 100 ML')).toBe('SEOUL')
  })

  it('names no category from a head word the title also says earlier inside another phrase', () => {
    // A shouting marketplace title whose last word repeats a word of its middle: the tagger cannot place it.
    expect(productName('INFINIX HOT 10 6/128 WALA BOX PACK WARRANTY WALA')).toMatchObject({ noun: 'product' })
    // A title in capitals still names what it is, and a head said earlier with only a number after it is still the head.
    expect(productName('ACME STEEL KETTLE').noun).toMatch(/kettle$/)
    expect(productName('Acme Kettle 2 Steel Kettle').noun).toMatch(/kettle$/)
  })
})

describe('the shop’s product type as the noun', () => {
  it('is the noun where the name says it last, not where a noun of the same phrase follows it', () => {
    expect(typeInName('Cordless Drill Driver 18V', 'Drill Drivers')).toEqual({ noun: 'drill driver', plural: false })
    expect(typeInName('Aurora Pour-Over Kettle for tea', 'Kettle')?.noun).toBe('kettle')
    // The shop's type names the fit; the shirt is the product.
    expect(typeInName('Slim Fit Easy-iron Shirt', 'Slim fit')).toBeNull()
  })
})

describe('a guarantee given, not the word said', () => {
  it('reads the noun and the verb with its term as a guarantee', () => {
    expect(givesGuarantee('Manufacturer’s 2 year guarantee.')).toBe(true)
    expect(givesGuarantee('It carries a lifetime print quality guarantee.')).toBe(true)
    expect(givesGuarantee('Every kettle is guaranteed for 2 years.')).toBe(true)
    expect(givesGuarantee('Money back guarantee if not satisfied.')).toBe(true)
  })

  it('reads an exclusion or a manner of speaking as none', () => {
    expect(givesGuarantee('We cannot guarantee an app’s availability.')).toBe(false)
    expect(givesGuarantee('If you love it, guaranteed many others will too.')).toBe(false)
    expect(givesGuarantee('Availability of apps is not included within the terms of the warranty.')).toBe(false)
  })
})

describe('a count in a title', () => {
  it('is never what the product is when the title names something else', () => {
    expect(productName('Bike Eyewear 8 Colors Outdoor Sports Sunglasses Men Women').noun).toBe('sunglasses')
    expect(productName('2 Pieces Ceramic Mugs').noun).toBe('mugs')
    expect(productName('Set of 4 Glasses').noun).toBe('glasses')
  })

  it('is left out of the name with its number', () => {
    expect(productName('Bike Eyewear 8 Colors Outdoor Sports Sunglasses Men Women Goggles').name).not.toMatch(/8|Colors/)
  })
})
