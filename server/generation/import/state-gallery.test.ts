import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { withGallery } from './gallery'
import { coversPhotos, stateGallery } from './state-gallery'

const PAGE = 'https://shop.example/ip/roku-tv/314022535'
const CDN = 'https://img.shop-cdn.example/asr'
const MAIN = `${CDN}/feb32bf3-f50d.jpeg`

/** A page whose markup shows the main photo only, its script's state after it. */
function page(state: unknown, assign = true): string {
  const json = JSON.stringify(state)
  const script = assign ? `<script>window.__STATE__ = ${json};</script>` : `<script type="application/json" id="state">${json}</script>`
  return `<html><head><meta property="og:image" content="${MAIN}"></head><body><main><h1>Roku TV</h1>
    <div class="hero"><img src="${MAIN}?odnWidth=612" alt="Roku TV"></div><p class="price">$98.00</p></main>${script}</body></html>`
}

const photo = (id: string) => ({ id: id.toUpperCase(), url: `${CDN}/${id}.jpeg`, zoomable: true })
const OWN = [photo('feb32bf3-f50d'), photo('6b022eb7-847b'), photo('fa65a222-7f93'), photo('54b40030-c7ec')]

describe('the gallery a page keeps in its script’s state', () => {
  it('reads the list of the product’s photos that holds its main photo, in an assignment or a JSON script', () => {
    const state = { product: { usItemId: '314022535', name: 'Roku TV', images: OWN, padding: 'x'.repeat(200) } }
    for (const html of [page(state), page(state, false)]) expect(stateGallery(load(html), MAIN, PAGE)).toEqual(OWN.map((p) => p.url))
  })

  it('puts the main photo first, and takes each photo’s largest size where the entry names its sizes', () => {
    const sizes = (id: string) => ({ thumb: `${CDN}/${id}.png?h=180`, main: `${CDN}/${id}.png?h=450`, zoom: `${CDN}/${id}.png` })
    // Kept by asset id, the main photo (ranked first) not first in the object.
    const state = {
      images: {
        A1: { assetSizeUrls: sizes('cc054c98-0d21') },
        B2: { assetSizeUrls: sizes('feb32bf3-f50d') },
        C3: { assetSizeUrls: sizes('d06e584c-68b1') },
      },
    }
    const main = `${CDN}/feb32bf3-f50d.png?h=450`
    expect(stateGallery(load(page({ ...state, padding: 'x'.repeat(200) })), main, PAGE)).toEqual([
      `${CDN}/feb32bf3-f50d.png`,
      `${CDN}/cc054c98-0d21.png`,
      `${CDN}/d06e584c-68b1.png`,
    ])
  })

  it('knows an entry’s sizes of its photo by the keys that lead to them (`sources.full[0].url`)', () => {
    const media = (stem: string) => ({
      media: 14762,
      sources: {
        mini: [{ url: `${CDN}/${stem}-mini.jpg` }],
        standard: [{ url: `${CDN}/${stem}.jpg` }],
        full: [{ url: `${CDN}/${stem}-full.jpg` }],
      },
    })
    const state = {
      product: { mediaObjects: [media('8521_d363c12cd7-trousers'), media('8521_8e75528d95-trousers')] },
      padding: 'x'.repeat(200),
    }
    expect(stateGallery(load(page(state)), `${CDN}/8521_d363c12cd7-trousers.jpg`, PAGE)).toEqual([
      `${CDN}/8521_d363c12cd7-trousers-full.jpg`,
      `${CDN}/8521_8e75528d95-trousers-full.jpg`,
    ])
  })

  it('asks for photos named by their base as the main photo is asked for', () => {
    const base = 'https://assets.media.example/isr/166325/c1/-'
    const main = `${base}/ASSET_97657177/fee_786_587_png`
    const links = ['97657177', '97657170', '97657171'].map((n) => ({ __typename: 'ProductAsset', link: `${base}/ASSET_${n}` }))
    expect(stateGallery(load(page({ product: { assetProductImages: links }, padding: 'x'.repeat(200) })), main, PAGE)).toEqual([
      main,
      `${base}/ASSET_97657170/fee_786_587_png`,
      `${base}/ASSET_97657171/fee_786_587_png`,
    ])
  })

  it('never takes a row of tiles: entries that link to a page are other products, even with the main photo among them', () => {
    const tiles = OWN.map((p, i) => ({ image: p.url, canonicalUrl: `/ip/other-${i}/${4000 + i}` }))
    expect(stateGallery(load(page({ related: tiles, padding: 'x'.repeat(200) })), MAIN, PAGE)).toEqual([])
  })

  it('never takes a list without the main photo, or one on another site', () => {
    const others = OWN.slice(1)
    expect(stateGallery(load(page({ recentlyViewed: others, padding: 'x'.repeat(200) })), MAIN, PAGE)).toEqual([])
    const elsewhere = OWN.map((p) => ({ url: p.url.replace('shop-cdn.example', 'other-cdn.example') }))
    expect(stateGallery(load(page({ images: [{ url: MAIN }, ...elsewhere.slice(1)], padding: 'x'.repeat(200) })), MAIN, PAGE)).toEqual([])
  })

  it('is the page’s gallery when the markup shows one photo, or only photos the list holds', () => {
    const html = page({ product: { images: OWN }, padding: 'x'.repeat(200) })
    expect(withGallery(load(html), [MAIN], PAGE)).toHaveLength(4)
    expect(
      coversPhotos(
        OWN.map((p) => p.url),
        [`${CDN}/6b022eb7-847b.jpeg?odnWidth=80`],
      ),
    ).toBe(true)
    expect(
      coversPhotos(
        OWN.map((p) => p.url),
        [`${CDN}/99999999-0000.jpeg`],
      ),
    ).toBe(false)
  })
})
