import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isEnergyLabelFile } from './energy-label'
import { galleryPhotos, photoIdParts, picturesNamed, withGallery } from './gallery'
import { cleanImages, isLoneSiteLogo } from './normalize/images'

const PAGE = 'https://shop.example/p/kettle-4711'
const MAIN = 'https://cdn.shop.example/media/48213/kettle-48213-front.jpg?w=600'

/** A product page: a gallery of thumbnails, and a "you may also like" row of other products' tiles. */
function page(gallery: string, related = ''): string {
  return `<html><body><header><a href="/"><img src="/logo.svg" alt="Shop"></a></header>
  <main><h1>Kettle 4711</h1>${gallery}<p class="price">€49.00</p>${related}</main></body></html>`
}

const RELATED = `<ul class="also">
  <li><a href="/p/toaster-1200"><img src="https://cdn.shop.example/media/48213/toaster-5501.jpg"></a><span>Toaster 1200 €39.00</span></li>
  <li><a href="/p/mug-77"><img src="https://cdn.shop.example/media/48213/mug-5502.jpg"></a><span>Mug €9.00</span></li>
  <li><a href="/p/jug-78"><img src="https://cdn.shop.example/media/48213/jug-5503.jpg"></a><span>Jug €19.00</span></li>
  <li><a href="/p/pan-79"><img src="https://cdn.shop.example/media/48213/pan-5504.jpg"></a><span>Pan €29.00</span></li>
</ul>`

const photos = (html: string, main = MAIN) => galleryPhotos(load(html), main, PAGE)

describe('the gallery in a shop’s markup', () => {
  it('reads a row of thumbnails that shows the product’s photo, fullest size first', () => {
    const html = page(`<div class="thumbs">
      <button><img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg?w=80" data-zoom-image="https://cdn.shop.example/media/48213/kettle-48213-front.jpg?w=2000"></button>
      <button><img src="https://cdn.shop.example/media/48214/kettle-48214-side.jpg?w=80" data-zoom-image="https://cdn.shop.example/media/48214/kettle-48214-side.jpg?w=2000"></button>
      <button><img src="https://cdn.shop.example/media/48215/kettle-48215-lid.jpg?w=80" data-zoom-image="https://cdn.shop.example/media/48215/kettle-48215-lid.jpg?w=2000"></button>
      <span>1/3</span>
    </div>`)
    expect(photos(html)).toEqual([
      'https://cdn.shop.example/media/48213/kettle-48213-front.jpg?w=2000',
      'https://cdn.shop.example/media/48214/kettle-48214-side.jpg?w=2000',
      'https://cdn.shop.example/media/48215/kettle-48215-lid.jpg?w=2000',
    ])
  })

  it('never takes a row of tiles that link to other products, even on the same CDN folder', () => {
    expect(photos(page('<img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg">', RELATED))).toEqual([])
  })

  it('needs the product’s own photo in the row: a row of other photos is somebody else’s', () => {
    const html = page(
      `<div><img src="https://cdn.shop.example/media/90001/banner-90001.jpg"><img src="https://cdn.shop.example/media/90002/banner-90002.jpg"></div>`,
    )
    expect(photos(html)).toEqual([])
  })

  it('counts the sizes of one photo once: a <picture>’s sources, a query of sizes, slider clones', () => {
    const slide = (id: number) => `<li><picture>
      <source srcset="//cdn.shop.example/i/${id}_Z00A?w=180&fmt=webp 1x, //cdn.shop.example/i/${id}_Z00A?w=360&fmt=webp 2x">
      <source srcset="//cdn.shop.example/i/${id}_Z00A?w=268&fmt=jpeg">
      <img src="//cdn.shop.example/i/${id}_Z00A?w=134"></picture></li>`
    const html = page(`<ul>${slide(48213)}${slide(48214)}${slide(48215)}${slide(48213)}</ul>`)
    const found = photos(html, 'https://cdn.shop.example/s/48213_SET?w=620')
    expect(found).toHaveLength(3)
    expect(found[0]).toBe('https://cdn.shop.example/i/48213_Z00A?w=360&fmt=webp')
  })

  it('reads a slide that names its photo in several size folders, and links to its full size', () => {
    const slide = (
      n: number,
    ) => `<li><a href="https://cdn.shop.example/img-1000/${n}/4821${n}00.png" data-src="https://cdn.shop.example/img-500/${n}/4821${n}00.png">
      <img src="https://cdn.shop.example/img-125/${n}/4821${n}00.png" srcset="https://cdn.shop.example/img-125/${n}/4821${n}00.png, https://cdn.shop.example/img-250/${n}/4821${n}00.png 2x"></a></li>`
    const html = page(`<ul>${slide(1)}${slide(2)}${slide(3)}</ul>`)
    expect(photos(html, 'https://cdn.shop.example/img-large/1/4821100.png')).toEqual([
      'https://cdn.shop.example/img-1000/1/4821100.png',
      'https://cdn.shop.example/img-1000/2/4821200.png',
      'https://cdn.shop.example/img-1000/3/4821300.png',
    ])
  })

  it('reads a shop’s own attribute for a photo’s sizes, each size with an id of its own', () => {
    const thumb = (n: number) =>
      `<img src="https://shop.example/art/PREVIEW_${n}/5d9${n}e2b69f/.jpg" data-product-hdimage-source="https://shop.example/art/HD_${n}/5b5${n}93069f/.jpg" data-product-sdimage-source="https://shop.example/art/SD_${n}/501${n}a2b69f/.jpg">`
    const html = page(`<div class="thumbnails">${thumb(1)}${thumb(2)}${thumb(3)}</div>`)
    expect(photos(html, 'https://shop.example/art/SD_1/5011a2b69f/.jpg')).toEqual([
      'https://shop.example/art/HD_1/5b5193069f/.jpg',
      'https://shop.example/art/HD_2/5b5293069f/.jpg',
      'https://shop.example/art/HD_3/5b5393069f/.jpg',
    ])
  })

  it('leaves out a third party’s badge laid over the photo', () => {
    const html = page(`<div><div><img src="https://badges.example.net/img/1/162/36094.png"></div>
      <div><img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg"></div></div>`)
    expect(photos(html)).toEqual(['https://cdn.shop.example/media/48213/kettle-48213-front.jpg'])
  })

  it('leaves out a video’s slide and the site’s logo laid over a slide', () => {
    const html = page(`<div>
      <div><img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg"></div>
      <div><img src="https://cdn.shop.example/media/48214/kettle-48214-side.jpg"></div>
      <div class="slide--video"><img src="https://cdn.shop.example/media/48216/kettle-48216-poster.jpg"></div>
      <div><img src="https://cdn.shop.example/frontend/logo/watermark.png"></div>
    </div>`)
    expect(photos(html)).toEqual([
      'https://cdn.shop.example/media/48213/kettle-48213-front.jpg',
      'https://cdn.shop.example/media/48214/kettle-48214-side.jpg',
    ])
  })

  it('prefers the row with the most photos to a row of two colour swatches beside it', () => {
    const html =
      page(`<div class="swatches"><img src="https://cdn.shop.example/m/48213alt2.jpg"><img src="https://cdn.shop.example/m/48299alt1.jpg"></div>
      <div class="slides"><img src="https://cdn.shop.example/m/48213.jpg"><img src="https://cdn.shop.example/m/48213alt1.jpg"><img src="https://cdn.shop.example/m/48213alt2.jpg"><img src="https://cdn.shop.example/m/48213alt3.jpg"></div>`)
    expect(photos(html, 'https://cdn.shop.example/m/48213.jpg')).toHaveLength(4)
  })

  it('never takes a colour picker’s swatches for the gallery, even where the gallery is filled by script', () => {
    const html =
      page(`<ul class="color_group_list color_swatch"><li><a href="#"><img src="https://cdn.shop.example/m/48213-red_swatch.jpg"></a></li>
      <li><a href="#"><img src="https://cdn.shop.example/m/48213-blue_swatch.jpg"></a></li></ul>`)
    expect(photos(html, 'https://cdn.shop.example/m/48213.jpg')).toEqual([])
  })

  it('never takes a colour picker that tells a screen reader it is a choice (a radio group) for the gallery', () => {
    const chip = (n: number, id: string) =>
      `<button type="button" role="radio" aria-checked="${n === 1}" title="Colour ${n}"><img src="https://cdn.shop.example/media/48213/kettle-${id}_41?wid=65" alt="Colour option ${n}"></button>`
    const thumbs = ['48213-front', '48214-side', '48215-lid']
      .map((id) => `<button><img src="https://cdn.shop.example/media/48213/kettle-${id}.jpg?w=80" alt="view"></button>`)
      .join('')
    const html = page(`<div class="thumbs">${thumbs}</div>
      <div role="radiogroup" class="colours">${[1, 2, 3, 4, 5].map((n) => chip(n, `4821${n}-chip`)).join('')}</div>`)
    expect(photos(html, 'https://cdn.shop.example/media/48213/kettle-48213-front.jpg?w=600')).toHaveLength(3)
  })

  it('reads a gallery of photos named after the product (no number in their names)', () => {
    const named = (folder: string, suffix = '') => `https://shop.example/images/products/${folder}/acme_citizen_playing_cards${suffix}.jpg`
    const html = page(`<div class="carousel">
      <a href="${named('zoom')}"><img src="${named('carousel')}"></a>
      ${[1, 2, 3].map((n) => `<a href="${named('large', `_det${n}`)}"><img src="${named('carousel', `_det${n}`)}"></a>`).join('')}
    </div>`)
    expect(photos(html, named('zoom'))).toHaveLength(4)
    // A short or one-word name is no id.
    expect(
      photos(
        page('<div><img src="https://shop.example/i/front.jpg"><img src="https://shop.example/i/back.jpg"></div>'),
        'https://shop.example/i/front.jpg',
      ),
    ).toEqual([])
  })

  it('has nothing to go on when the photo’s address carries no id', () => {
    expect(photoIdParts('https://cdn.shop.example/images/product/large.jpg')).toEqual([])
    expect(photoIdParts('https://cdn.shop.example/2020/11/640x640/kettle-48213_w1200.jpg')).toEqual(['48213'])
    expect(photos(page('<div><img src="/a.jpg"><img src="/b.jpg"></div>'), 'https://shop.example/images/large.jpg')).toEqual([])
  })
})

describe('photos named the ways scripts and image services name them', () => {
  const slide = (id: number, size = '') => `https://cdn.shop.example/media/${id}/kettle-${id}-photo${size}.jpg`

  it('reads photos named in groups of digits, whatever folder names their size (Newegg)', () => {
    const newegg = (folder: string, file: string) => `https://c1.neweggimages.com/${folder}/${file}`
    expect(photoIdParts(newegg('productimage/nb640', '14-932-327-V11.jpg'))).toContain('14-932-327-V11')
    // A date is no photo's number.
    expect(photoIdParts('https://shop.example/uploads/2024-05-12.jpg')).toEqual([])
    const files = ['22-234-588-01.jpg', '22-234-588-04.png', '22-234-588-03.png', '22-234-588-02.jpg']
    const html = page(
      `<div class="swiper-wrapper">${files.map((f) => `<div class="swiper-slide"><img src="${newegg('productimage/nb640', f)}"></div>`).join('')}</div>`,
    )
    // The structured data names the first photo in another folder ("ProductImage").
    expect(photos(html, newegg('ProductImage', files[0]))).toHaveLength(4)
  })

  it('reads slides that name their photo for a script to draw (<div data-image-url>)', () => {
    const html = page(
      `<div class="slider">${[48213, 48214, 48215].map((id) => `<div data-image-url="${slide(id)}?sw=1000"></div>`).join('')}</div>`,
    )
    expect(photos(html, slide(48213))).toHaveLength(3)
  })

  it('counts a photo once when its file name carries its width ("…_80.jpg" beside "…_600.jpg"), but keeps a series ("_01", "_02")', () => {
    const sizes = page(
      `<div><button><img src="${slide(48213, '_80')}"></button><div class="hero"><img src="${slide(48213, '_600')}"></div></div>`,
    )
    expect(withGallery(load(sizes), [slide(48213)], PAGE)).toEqual([slide(48213)])
    const series = page(`<div>${['_01', '_02', '_03'].map((n) => `<img src="${slide(48213, n)}">`).join('')}</div>`)
    expect(withGallery(load(series), [slide(48213, '_01')], PAGE)).toHaveLength(3)
  })

  it('reads the photo an image optimiser is asked to resize (Next.js’s /_next/image?url=…) as the photo itself', () => {
    const next = (id: number, w: number) => `/_next/image?url=${encodeURIComponent(slide(id))}&amp;w=${w}&amp;q=100`
    const html = page(
      `<div class="thumbs">${[48213, 48214, 48215].map((id) => `<div class="swiper-slide"><img src="${next(id, 1500)}"></div>`).join('')}</div>`,
    )
    expect(withGallery(load(html), [slide(48213)], PAGE)).toEqual([slide(48213), slide(48214), slide(48215)])
  })

  it('looks into a <template>’s content without taking it for an element', () => {
    const html = page(`<div><div><template><img src="${slide(48213)}"></template></div><div><img src="${slide(48214)}"></div></div>`)
    expect(() => withGallery(load(html), [slide(48213)], PAGE)).not.toThrow()
  })
})

describe('withGallery', () => {
  const html = page(`<div>
    <img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg">
    <img src="https://cdn.shop.example/media/48214/kettle-48214-side.jpg">
  </div>`)

  it('takes the gallery when it shows more photos than the structured data named', () => {
    expect(withGallery(load(html), [MAIN], PAGE)).toHaveLength(2)
  })

  it('takes the photos beside the heading when the main photo is a placeholder or its gallery is on another server', () => {
    const near = `<html><body><section><h1>Kettle 4711</h1><div>
      <img src="https://media.cdn.example/kettle-48213-front.jpg"><img src="https://media.cdn.example/kettle-48213-side.jpg"><img src="https://media.cdn.example/kettle-48213-box.jpg">
      </div></section></body></html>`
    expect(withGallery(load(near), ['https://www.shop.example/img/NoImageIcon_sm.jpg'], PAGE)).toHaveLength(3)
    expect(withGallery(load(near), ['https://www.shop.example/img/kettle-48213.jpg'], PAGE)).toHaveLength(3)
    // Not another product's photos beside a real main photo.
    expect(withGallery(load(near), ['https://www.shop.example/img/toaster-90001.jpg'], PAGE)).toEqual([
      'https://www.shop.example/img/toaster-90001.jpg',
    ])
  })

  it('never takes a link’s pictures (a photo and the badge over it) or a <picture>’s sources for a row of slides', () => {
    const badge = page(
      `<a class="zoom" href="https://cdn.shop.example/media/48213/kettle-48213-front.jpg"><img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg"><img class="flags" src="https://cdn.shop.example/media/77001/badge-77001.png"></a>`,
    )
    expect(withGallery(load(badge), [MAIN], PAGE)).toEqual([MAIN])
  })

  it('reads a script’s list of paths from the root on the main photo’s server, when the main photo ends with one of them', () => {
    const main = 'https://img.cdn.example/mnresize/415/622/Assets/ProductImages/3390771/1/6660036_1_org_zoom.jpg'
    const paths = ['/Assets/ProductImages/3390771/1/6660036_1_org_zoom.jpg', '/Assets/ProductImages/3390771/1/6660036_2_org_zoom.jpg']
    const html = `<html><body><h1>Backpack</h1><img src="${main}"><script>window.__STATE__ = {"product":{"images":${JSON.stringify(paths)}}}</script></body></html>`
    expect(withGallery(load(html), [main], 'https://www.shop.example/nike/backpack-p-3390771')).toEqual([
      main,
      'https://img.cdn.example/mnresize/415/622/Assets/ProductImages/3390771/1/6660036_2_org_zoom.jpg',
    ])
    // Slashes written as \u002F are read too.
    const escaped = html.replace(
      JSON.stringify(paths),
      JSON.stringify(paths.map((p) => `https://img.cdn.example/mnresize/415/622${p}`)).replaceAll('/', '\\u002F'),
    )
    expect(withGallery(load(escaped), [main], 'https://www.shop.example/nike/backpack-p-3390771')).toHaveLength(2)
  })

  it('reads the list a page hands its script when the markup shows one photo at most, and only the product’s', () => {
    const data = (list: string) =>
      `<html><body><h1>Minor II Headphones</h1><div id="app"></div><script>window.__STATE__ = {"product":{"additionalImages":${list}}}</script></body></html>`
    const own = JSON.stringify([
      'https://multimedia.shop.example/products/13548749.jpg',
      'https://multimedia.shop.example/products/13548749_1.jpg',
      'https://multimedia.shop.example/products/13548749_2.jpg',
    ])
    const address = 'https://www.shop.example/en-ca/product/minor-ii-headphones/13548749'
    expect(withGallery(load(data(own)), [], address)).toHaveLength(3)
    // Another product's state: its photos are not the address's product's.
    expect(withGallery(load(data(own)), [], 'https://www.shop.example/en-ca/product/other/77001234')).toEqual([])
    // Escaped slashes and objects: each object's picture.
    const objects =
      '[{"src":"https:\\/\\/img.shop.example\\/331001240366_1.jpg","alt":"a"},{"src":"https:\\/\\/img.shop.example\\/331001240366_2.jpg","alt":"b"}]'
    expect(withGallery(load(data(objects)), [], 'https://www.shop.example/p/331001240366')).toHaveLength(2)
    // Other products' pictures (no id they share) and another product's list beside a main photo are not it.
    const tiles = JSON.stringify([
      'https://img.shop.example/p/90001.jpg',
      'https://img.shop.example/p/90002.jpg',
      'https://img.shop.example/p/90003.jpg',
    ])
    expect(withGallery(load(data(tiles)), [], PAGE)).toEqual([])
    expect(withGallery(load(data(own)), ['https://multimedia.shop.example/products/77001.jpg'], PAGE)).toEqual([
      'https://multimedia.shop.example/products/77001.jpg',
    ])
  })

  it('keeps what the importer found when that is as many or more (duplicates counted once)', () => {
    const found = [MAIN, MAIN, 'https://cdn.shop.example/media/48217/kettle-48217-box.jpg']
    expect(withGallery(load(html), found, PAGE)).toBe(found)
  })

  it('with no photo named at all, takes the gallery in the heading’s own block, never tiles or a row far from it', () => {
    expect(withGallery(load(html), [], PAGE)).toEqual([
      'https://cdn.shop.example/media/48213/kettle-48213-front.jpg',
      'https://cdn.shop.example/media/48214/kettle-48214-side.jpg',
    ])
    // A logo's <h1> before the product's: the heading the page's title names is the product's.
    const twoHeadings = `<html><head><title>Kettle 4711 - Shop</title></head><body><h1><img src="/logo.png" alt=""></h1>
      <section><h1>Kettle 4711</h1><div><img src="https://cdn.shop.example/media/48213/a-48213.jpg"><img src="https://cdn.shop.example/media/48214/b-48214.jpg"></div></section></body></html>`
    expect(withGallery(load(twoHeadings), [], PAGE)).toHaveLength(2)
    expect(withGallery(load(page('<p>No photos</p>', RELATED)), [], PAGE)).toEqual([])
    const far = `<html><body><main><div><div><div><div><div><h1>Kettle 4711</h1></div></div></div></div></div>
      <footer><div><img src="https://cdn.shop.example/media/90001/banner-90001.jpg"><img src="https://cdn.shop.example/media/90002/banner-90002.jpg"></div></footer></main></body></html>`
    expect(withGallery(load(far), [], PAGE)).toEqual([])
    // A gallery column far from the heading is found when it comes before the heading's column, as a gallery is read first.
    const column = `<html><body><main><div class="gallery"><div><img src="https://cdn.shop.example/media/48213/a-48213.jpg"><img src="https://cdn.shop.example/media/48214/b-48214.jpg"></div></div>
      <div><div><div><div><div><div><h1>Kettle 4711</h1><span><img src="https://cdn.shop.example/badge/90003/new-90003.png"></span></div></div></div></div></div></div></main></body></html>`
    expect(withGallery(load(column), [], PAGE)).toHaveLength(2)
    expect(
      withGallery(load(column.replace('<main><div class="gallery">', '<main><div class="x"></div><div class="gallery">')), [], PAGE),
    ).toHaveLength(2)
    // The site's header before the page's main part holds a row of its icons: never the product's photos.
    const header = `<html><body><header><div><img src="https://cdn.shop.example/media/usp/truck-90001.png"><img src="https://cdn.shop.example/media/usp/return-90002.png"></div></header>
      <div><div><div><div><div><div><h1>Kettle 4711</h1></div></div></div></div></div></div></body></html>`
    expect(withGallery(load(header), [], PAGE)).toEqual([])
    expect(withGallery(load(header.replace(/header>/g, 'div>')), [], PAGE)).toEqual([])
    // Photos on the shop's image CDN (another domain) are its photos; a row of two sites' pictures is not a gallery.
    const cdn = page(
      `<div><img src="https://img.cdn-example.net/48213/a-48213.jpg"><img src="https://img.cdn-example.net/48214/b-48214.jpg"></div>`,
    )
    expect(withGallery(load(cdn), [], PAGE)).toHaveLength(2)
    const mixed = page(
      `<div><img src="https://img.cdn-example.net/48213/a-48213.jpg"><img src="https://badges.example.org/90001/b-90001.png"></div>`,
    )
    expect(withGallery(load(mixed), [], PAGE)).toEqual([])
  })

  it('reads the gallery a Magento 2 shop hands its script (largest size, videos left out), when the markup shows one photo', () => {
    const slide = (n: number, extra = '') =>
      `{"thumb":"https:\\/\\/shop.example\\/media\\/t\\/k${n}.jpg","img":"https:\\/\\/shop.example\\/media\\/i\\/k${n}.jpg","full":"https:\\/\\/shop.example\\/media\\/f\\/k${n}.jpg","type":"image","videoUrl":null${extra}}`
    const video = `{"thumb":"https:\\/\\/shop.example\\/media\\/t\\/v.jpg","type":"video","videoUrl":"https:\\/\\/video.example\\/v"}`
    const init = `<script type="text/x-magento-init">{"[data-gallery-role=gallery-placeholder]": {"mage/gallery/gallery": {"mixins": [], "data": [${[1, 2, 3].map((n) => slide(n)).join(',')},${video}], "options": {"nav": "thumbs"}}}}</script>`
    const html = page(`<div data-gallery-role="gallery-placeholder"><img src="https://shop.example/media/i/k1.jpg"></div>${init}`)
    expect(withGallery(load(html), ['https://shop.example/media/i/k1.jpg'], PAGE)).toEqual(
      [1, 2, 3].map((n) => `https://shop.example/media/f/k${n}.jpg`),
    )
    // A block that is not JSON, or names no gallery, adds nothing.
    const broken = page(
      `<img src="https://shop.example/media/i/k1.jpg"><script type="text/x-magento-init">{"mage/gallery/gallery": [</script>`,
    )
    expect(withGallery(load(broken), ['https://shop.example/media/i/k1.jpg'], PAGE)).toEqual(['https://shop.example/media/i/k1.jpg'])
  })
})

describe('a slider drawn with backgrounds', () => {
  const photo = (id: string, size = ';s=82x0') => `https://cdn.x/v1/files/${id}-PK/image${size}`
  const IDS = ['ab12cd34ef', 'cd56ef78ab', 'ef90ab12cd']
  const html = page(
    `<div class="slider">${IDS.map((id) => `<button type="button" style="background-image:url(${photo(id)})"></button>`).join('')}</div>`,
  )

  it('reads each slide’s background picture as a photo of the gallery', () => {
    const first = photo(IDS[0], '')
    expect(withGallery(load(html), [first], PAGE)).toEqual(IDS.map((id) => photo(id)))
    // Each at its full size once cleaned: the ";s=82x0" is only the thumbnail's size.
    expect(cleanImages(withGallery(load(html), [first], PAGE), PAGE)).toEqual(IDS.map((id) => photo(id, '')))
  })

  it('reads a background written with quotes too, and never a row of other photos', () => {
    const quoted = page(`<ul>${IDS.map((id) => `<li><span style="background-image: url('${photo(id)}')"></span></li>`).join('')}</ul>`)
    expect(galleryPhotos(load(quoted), photo(IDS[0], ''), PAGE)).toHaveLength(3)
    expect(galleryPhotos(load(html), photo('ff00ff00ff', ''), PAGE)).toEqual([])
  })
})

describe('a gallery drawn without script', () => {
  it('counts each slide once: a radio button before each is no slide, and a slide’s many sizes of one photo are one', () => {
    const cdn = 'https://img.shop.example'
    const slide = (
      id: string,
    ) => `<input type="radio" name="g" id="g-${id}"><span class="wrap"><label for="g-${id}"><img src="${cdn}/D_Q_${id}_102025-R.jpg" srcset="${cdn}/D_Q_2X_${id}_102025-R.jpg 2x"></label>
      <figure><img data-zoom="${cdn}/D_NQ_2X_${id}_102025-F.jpg" src="${cdn}/D_NQ_${id}_102025-O.jpg" srcset="${cdn}/D_Q_${id}_102025-L.jpg 640w, ${cdn}/D_Q_${id}_102025-F.jpg 1200w, ${cdn}/D_Q_${id}_102025-C.jpg 400w"></figure></span>`
    const ids = ['666806-MLA954954', '848516-MLA954949', '712233-MLA954950', '905511-MLA954951']
    const html = page(`<div class="column"><div class="variation"></div>${ids.map(slide).join('')}</div>`)
    const photos = galleryPhotos(load(html), `${cdn}/D_NQ_${ids[0]}_102025-O.jpg`, PAGE)
    expect(photos).toHaveLength(4)
    expect(photos[1]).toContain(ids[1])
  })
})

describe('slides the stylesheet hides', () => {
  const slide = (n: string, attrs = 'class="swiper-slide"') =>
    `<div ${attrs}><a href="https://cdn.shop.example/media/48213/kettle-48213-${n}.jpg"><img src="https://cdn.shop.example/media/48213/kettle-48213-${n}-m.jpg"></a></div>`
  const named = (html: string) => photos(html).map((u) => u.replace(/.*kettle-48213-/, ''))

  it('leaves out another option’s photos: hidden by a class and marked with what they belong to, as no shown slide is', () => {
    const used = ['used-1', 'used-2', 'used-3', 'used-4'].map((n) => slide(n, 'class="swiper-slide hidden" data-branch="1000"'))
    const html = page(`<div class="swiper-wrapper">${['front', 'side', 'back'].map((n) => slide(n)).join('')}${used.join('')}</div>`)
    expect(named(html)).toEqual(['front.jpg', 'side.jpg', 'back.jpg'])
  })

  it('keeps the product’s own thumbnails a strip hides past the first few', () => {
    const more = ['top', 'inside'].map((n) => slide(n, 'class="swiper-slide hidden"'))
    const html = page(`<div class="swiper-wrapper">${['front', 'side', 'back'].map((n) => slide(n)).join('')}${more.join('')}</div>`)
    expect(named(html)).toEqual(['front.jpg', 'side.jpg', 'back.jpg', 'top.jpg', 'inside.jpg'])
  })

  it('drops a placeholder file ("no_photo.jpg") from the photos', () => {
    expect(cleanImages([MAIN, 'https://shop.example/database/images/no_photo.jpg'], PAGE)).toHaveLength(1)
    // In the words other shops use: "nopic", German "kein Bild", Spanish "sin imagen".
    for (const file of ['descpics/nopic.jpg', 'gfx/keinBild.gif', 'img/sin-imagen.png', 'img/nopic-s.jpg'])
      expect(cleanImages([MAIN, `https://shop.example/${file}`], PAGE)).toHaveLength(1)
    expect(cleanImages([MAIN, 'https://shop.example/img/nopicnic-basket.jpg'], PAGE)).toHaveLength(2)
    // A word of a product's name is no placeholder.
    expect(cleanImages([MAIN, 'https://cdn.shop.example/media/the-missing-link-tee.jpg'], PAGE)).toHaveLength(2)
  })
})

describe('the EU energy label beside a screen’s photos', () => {
  it('is no photo: a slide in a folder of labels, or a picture the page shows as its label; a name that states its class stays a photo', () => {
    const slides = `<div>
      <img src="https://cdn.shop.example/media/48213/kettle-48213-front.jpg" alt="Kettle 4711 [Energieklasse F]">
      <img src="https://cdn.shop.example/media/48214/kettle-48214-side.jpg">
      <img src="https://cdn.shop.example/media/48215/kettle-48215-label.jpg"></div>`
    const label = `<div class="energy-label energy-label-F"><a><img alt="energy label class F" src="https://cdn.shop.example/media/48215/kettle-48215-label.jpg"></a></div>`
    expect(withGallery(load(page(slides)), [MAIN], PAGE)).toHaveLength(3)
    expect(withGallery(load(page(slides + label)), [MAIN], PAGE)).toEqual([
      'https://cdn.shop.example/media/48213/kettle-48213-front.jpg',
      'https://cdn.shop.example/media/48214/kettle-48214-side.jpg',
    ])
    expect(isEnergyLabelFile('https://shop.example/apics/energy/39885.jpg')).toBe(true)
    expect(isEnergyLabelFile('https://shop.example/img/eu-energy-label_F.png')).toBe(true)
    expect(isEnergyLabelFile('https://shop.example/apics/39885_1.jpg')).toBe(false)
    expect(isEnergyLabelFile('https://shop.example/img/energy-drink-can.jpg')).toBe(false)
  })
})

describe('one photo beside the heading of a hand-made shop', () => {
  const shop = (
    pictures: string,
  ) => `<html><body><table><tr><td><a href="/"><img src="/logo.jpg" width="86" height="79"></a></td></tr></table>
    <table><tr><td><h1>NEC E274F-BK</h1>${pictures}<img src="/images/green.gif" alt="in stock"><h3>227,70 €</h3>
    <a href="https://get.adobe.example/reader"><img src="https://get.adobe.example/reader.png" width="88" height="31"></a></td></tr></table></body></html>`
  it('is the product’s photo when nothing else names one; an icon, a link’s picture or a second picture leave none', () => {
    const photo = '<img src="https://images.distributor.example/api/JPG.ashx?s=109233534&amp;q=m" style="float:right">'
    expect(withGallery(load(shop(photo)), [], PAGE)).toEqual(['https://images.distributor.example/api/JPG.ashx?s=109233534&q=m'])
    expect(withGallery(load(shop('')), [], PAGE)).toEqual([])
    expect(withGallery(load(shop(photo + photo.replace('109233534', '109233535'))), [], PAGE)).toEqual([])
  })
})

describe('the site’s logo as the page’s only picture', () => {
  it('is no photo when its file names the site and "logo"; beside photos, or naming no site, it stays', () => {
    expect(isLoneSiteLogo(['https://www.cls.at/imgs/cls-logo-ball.jpg'], 'https://www.cls.at/#/artikel/1')).toBe(true)
    expect(
      isLoneSiteLogo(['https://www.cyclotron.de/media/Cyclotron_ITK__GmbH_Logo_black_300dpi.jpg'], 'https://www.cyclotron.de/p/1'),
    ).toBe(true)
    expect(isLoneSiteLogo(['https://cdn.shop.example/acme-logo-tee.jpg', MAIN], 'https://www.acme.example/p/1')).toBe(false)
    expect(isLoneSiteLogo(['https://cdn.shop.example/logo-tee.jpg'], 'https://www.acme.example/p/1')).toBe(false)
    expect(isLoneSiteLogo(['https://cdn.acme.example/acme-catalogue.jpg'], 'https://www.acme.example/p/1')).toBe(false)
  })
})

describe('a video among the slides', () => {
  it('is known by its picture’s words for a screen reader or a play icon over it, and is no photo', () => {
    const slide = (n: string, extra = '') =>
      `<div class="item"><button><img src="https://cdn.shop.example/media/48213/kettle-48213-${n}.jpg" alt="Kettle 4711${extra}"></button></div>`
    const html = page(
      `<div class="gallery">${slide('front', ', 1 of 3')}${slide('clip', ', 2 of 3, play video')}${slide('side', ', 3 of 3')}</div>`,
    )
    expect(photos(html).map((u) => u.replace(/.*kettle-48213-/, ''))).toEqual(['front.jpg', 'side.jpg'])
  })
})

describe('a Magic Zoom gallery whose every size has a number of its own', () => {
  // SAP Commerce names each size of a photo anew: the page's main photo (og:image) is a selector's
  // `rev` size, neither its thumbnail nor its zoom; a slide naming a YouTube video is no photo.
  const medium = (n: number) => `https://shop.example/medias/m/${13683640100 + n}.jpg`
  const selector = (n: number) =>
    `<div><a href="/medias/z/${13683640200 + n}.jpg" rel="zoom-id:Zoomer" rev="${medium(n)}" class="thumb"><img src="/medias/t/${13683640300 + n}.jpg"></a></div>`
  const video = `<div><a href class="img-thumbnail video" data-src="/medias/v/11928093786142.png" data-video="https://www.youtube.com/watch?v=x"></a></div>`
  const html = page(`<div class="carousel">${[1, 2, 3].map(selector).join('')}${video}</div>`)
  it('knows the main photo among a selector’s sizes and counts each photo once, the video none', () => {
    expect(galleryPhotos(load(html), medium(1), PAGE)).toEqual([1, 2, 3].map((n) => `https://shop.example/medias/z/${13683640200 + n}.jpg`))
  })
  it('does not take `rev` for a size without Magic Zoom’s `rel`', () => {
    expect(galleryPhotos(load(html.replaceAll('rel="zoom-id:Zoomer"', '')), medium(1), PAGE)).toEqual([])
  })
})

describe('the picture named after the product', () => {
  const named = (alt: string, name: string) =>
    picturesNamed(load(`<html><body><h1>${name}</h1><img src="/img/2001908/cover.jpg" alt="${alt}"></body></html>`), name, PAGE)
  it('is one whose alt text is the name, or the name and a few words saying it is its photo', () => {
    expect(named('La cinci pasi de tine', 'La cinci pasi de tine')).toHaveLength(1)
    expect(named('La cinci pasi de tine fotografia produsului', 'La cinci pasi de tine')).toHaveLength(1)
    // Another product's (a volume's number) or a one-word site name's ("Temu 앱 다운로드") is not.
    expect(named('La cinci pasi de tine 2', 'La cinci pasi de tine')).toHaveLength(0)
    expect(named('Temu 앱 다운로드', 'Temu')).toHaveLength(0)
  })
})
