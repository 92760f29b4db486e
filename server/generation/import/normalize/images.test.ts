import { describe, expect, it } from 'vitest'
import {
  absoluteUrl,
  cleanImages,
  isArrowIcon,
  isSiteIcon,
  isVideoPoster,
  optimisedImageSource,
  photoKey,
  stripImageSizeSuffix,
} from './images'

describe('URLs and images', () => {
  it('resolves relative and protocol-relative URLs, refuses other schemes', () => {
    expect(absoluteUrl('/a.jpg', 'https://shop.example/p/x')).toBe('https://shop.example/a.jpg')
    expect(absoluteUrl('//cdn.shopify.com/a.jpg', 'http://shop.example/')).toBe('https://cdn.shopify.com/a.jpg')
    expect(absoluteUrl('javascript:alert(1)', 'https://shop.example/')).toBeNull()
    expect(absoluteUrl('data:image/png;base64,AAA', 'https://shop.example/')).toBeNull()
  })

  it('counts a photo once whatever size its folder names, and never takes a video’s poster for a photo', () => {
    const cdn = 'https://media.shop.example/products'
    expect(
      cleanImages(
        [`${cdn}/500x500/12/a.jpg`, `${cdn}/100x100/12/a.jpg`, `${cdn}/100x100/12/a_1.jpg`, 'https://i1.ytimg.com/vi/abc/default.jpg'],
        'https://shop.example/p/1',
      ),
    ).toEqual([`${cdn}/500x500/12/a.jpg`, `${cdn}/100x100/12/a_1.jpg`])
    expect(isVideoPoster('https://img.youtube.com/vi/abc/0.jpg')).toBe(true)
    expect(isVideoPoster('https://cdn.shop.example/youtube.jpg')).toBe(false)
  })

  it('counts a photo once when its file names the rendition ("-zoom", "-product"), and never takes a gallery’s arrow for a photo', () => {
    const jumia = 'https://static.jumia.com.eg/p'
    expect(
      cleanImages(
        [`${jumia}/nezya-2482-928104-1-zoom.jpg`, `${jumia}/nezya-2482-928104-1-product.jpg`, `${jumia}/nezya-2482-928104-2-zoom.jpg`],
        'https://www.jumia.com.eg/p',
      ),
    ).toEqual([`${jumia}/nezya-2482-928104-1-zoom.jpg`, `${jumia}/nezya-2482-928104-2-zoom.jpg`])
    const tpl = 'https://cdn2.bigcommerce.com/s/templates/__custom/images'
    expect(
      cleanImages(
        [`${tpl}/LeftArrow.png?t=1`, 'https://cdn2.bigcommerce.com/s/products/149/images/561/3_fruits.png', `${tpl}/RightArrow.png?t=1`],
        'https://shop.example/p',
      ),
    ).toEqual(['https://cdn2.bigcommerce.com/s/products/149/images/561/3_fruits.png'])
    expect(isArrowIcon('https://shop.example/img/arrow-next.svg')).toBe(true)
    expect(isArrowIcon('https://shop.example/img/arrow-road-sign-red.jpg')).toBe(false)
  })

  it('strips simple size suffixes only where the CDN is known', () => {
    // Salesforce Commerce Cloud's image service: one photo whatever size its query asks.
    const dw = 'https://www.shop.example/dw/image/v2/BCRB_PRD/on/demandware.static/-/Sites-master/default/dwae77092a/images/105642.jpg'
    expect(stripImageSizeSuffix(`${dw}?sw=120&sh=120&sm=fit`)).toBe(dw)
    expect(stripImageSizeSuffix(`${dw}?sw=760&sh=760&sm=fit&q=80`)).toBe(dw)
    expect(stripImageSizeSuffix('https://ae01.alicdn.com/kf/Sabc.jpg_640x640.jpg')).toBe('https://ae01.alicdn.com/kf/Sabc.jpg')
    expect(stripImageSizeSuffix('https://ae01.alicdn.com/kf/Sabc.jpg_640x640q75.jpg_.webp')).toBe('https://ae01.alicdn.com/kf/Sabc.jpg')
    expect(stripImageSizeSuffix('https://m.media-amazon.com/images/I/61aB._AC_SX679_.jpg')).toBe(
      'https://m.media-amazon.com/images/I/61aB.jpg',
    )
    // Any Amazon transform of a photo is the photo: thumbnails, crops, double-underscore webp sizes.
    for (const size of ['._AC_US40_', '._SS40_', '._SX38_SY50_CR,0,0,38,50_', '.__AC_SX300_SY300_QL70_FMwebp_', '._AC_SL1500_'])
      expect(stripImageSizeSuffix(`https://m.media-amazon.com/images/I/61aB${size}.jpg`)).toBe(
        'https://m.media-amazon.com/images/I/61aB.jpg',
      )
    // Site graphics live in folders; they are left as they are.
    expect(
      stripImageSizeSuffix('https://images-na.ssl-images-amazon.com/images/G/01/x-locale/common/transparent-pixel._V192234675_.gif'),
    ).toBe('https://images-na.ssl-images-amazon.com/images/G/01/x-locale/common/transparent-pixel._V192234675_.gif')
    expect(stripImageSizeSuffix('https://cdn.shopify.com/s/files/1/x/products/a_640x640.jpg?v=1')).toBe(
      'https://cdn.shopify.com/s/files/1/x/products/a.jpg?v=1',
    )
    expect(stripImageSizeSuffix('https://shop.example/cdn/shop/products/a.jpg?v=1&width=1920')).toBe(
      'https://shop.example/cdn/shop/products/a.jpg?v=1',
    )
    expect(stripImageSizeSuffix('https://other.example/photo_640x640.jpg')).toBe('https://other.example/photo_640x640.jpg')
  })

  it('keeps https or same-origin images, de-duplicated; another site’s http image is asked for over https', () => {
    const page = 'http://localhost:3000/demo-store/products/mug'
    expect(
      cleanImages(
        ['/img/mug.jpg', 'http://cdn.example/x.jpg', 'https://cdn.example/a.jpg', 'https://cdn.example/a.jpg', 'javascript:x', 42],
        page,
      ),
    ).toEqual(['http://localhost:3000/img/mug.jpg', 'https://cdn.example/x.jpg', 'https://cdn.example/a.jpg'])
    // One photo in two size folders, written "/W/H/"; a date's folders are not sizes.
    expect(cleanImages(['https://shop.example/img/1024/1024/resize/a.png', 'https://shop.example/img/380/374/resize/a.png'], page)).toEqual(
      ['https://shop.example/img/1024/1024/resize/a.png'],
    )
    expect(cleanImages(['https://shop.example/2020/11/a.png', 'https://shop.example/2021/03/a.png'], page)).toHaveLength(2)
    // An older Amazon page names its photos with http:// (2017).
    expect(cleanImages(['http://ecx.images-amazon.com/images/I/71aThiN9PtL._SL1194_.jpg'], 'http://www.amazon.in/dp/B01NCE2FHK')).toEqual([
      'https://ecx.images-amazon.com/images/I/71aThiN9PtL.jpg',
    ])
  })

  it('counts a photo once whatever size or cache copy its folders name, on any of the site’s servers', () => {
    const page = 'https://www.shop.tn/p/kettle-4711'
    // A size word as a folder of its own ("medium", "large", a shop's "home_default").
    expect(photoKey('https://www.shop.tn/img/23882/medium/a.jpg')).toBe(photoKey('https://www.shop.tn/img/23882/large/a.jpg'))
    expect(photoKey('https://www.shop.tn/img/p/4/2/home_default/a.jpg')).toBe(photoKey('https://www.shop.tn/img/p/4/2/large_default/a.jpg'))
    expect(photoKey('https://www.shop.tn/1234-home_default/kettle.jpg')).toBe(photoKey('https://www.shop.tn/1234-large_default/kettle.jpg'))
    // A rendition named in its folder: a square size ("/20/20/"), a size its file name repeats
    // ("/tn50/…_tn50_0.jpg"), a size spec ("/fee_786_587_png/"), a swatch's copy.
    expect(photoKey('https://img.zavvi.example/images/20/20/11795890-1.jpg')).toBe(
      photoKey('https://img.zavvi.example/images/60/60/11795890-1.jpg'),
    )
    expect(photoKey('https://mcdn.gg.example/tn50/445833337_tn50_0.jpg')).toBe(
      photoKey('https://mcdn.gg.example/tn120/445833337_tn120_0.jpg'),
    )
    expect(photoKey('https://pics.mm.example/doi/mss-82174994/fee_786_587_png/Tab-A')).toBe(
      photoKey('https://pics.mm.example/doi/mss-82174994/fee_325_225_png/Tab-A'),
    )
    expect(photoKey('https://media.bol.example/9200000106883561/swatch/thumb/9200000106883561.jpg')).toBe(
      photoKey('https://media.bol.example/9200000106883561/thumb/9200000106883561.jpg'),
    )
    // Photos told apart by their folder keep it (one file name for every photo; an id that is a folder and a file's prefix; a date).
    expect(photoKey('https://img.shop.example/images/B07XYZ1/B07XYZ1_1.jpg')).not.toBe(
      photoKey('https://img.shop.example/images/B08ABC2/B08ABC2_1.jpg'),
    )
    expect(photoKey('https://img.shop.example/2023/11/11/photo.jpg')).not.toBe(photoKey('https://img.shop.example/2023/12/12/photo.jpg'))
    expect(photoKey('https://img.shop.example/p/48213/main.jpg')).not.toBe(photoKey('https://img.shop.example/p/48214/main.jpg'))
    // A resizer's folder before the size: "/r/2000x2000/p/a.jpg" is "/p/a.jpg".
    expect(photoKey('https://static.shop.example/r/2000x2000/p/bed-7470-1.jpg')).toBe(
      photoKey('https://static.shop.example/p/bed-7470-1.jpg'),
    )
    expect(photoKey('https://static.shop.example/r/p/bed-7470-1.jpg')).not.toBe(photoKey('https://static.shop.example/p/bed-7470-1.jpg'))
    expect(photoKey('https://www.shop.tn/1234-home_default/kettle.jpg')).not.toBe(
      photoKey('https://www.shop.tn/1235-home_default/kettle.jpg'),
    )
    expect(cleanImages(['https://www.shop.tn/img/23882/medium/a.jpg', 'https://www.shop.tn/img/23882/large/a.jpg'], page)).toEqual([
      'https://www.shop.tn/img/23882/medium/a.jpg',
    ])
    // A cache's copy, named by a hash after "cache", on the site's media server, and the photo itself.
    const cached = 'https://mk-media.shop.tn/media/catalog/product/cache/8be3f98b1c0d2e4f6a7b8c9d0e1f2a3b/s/m/a.jpg'
    expect(photoKey(cached)).toBe(photoKey('https://www.shop.tn/media/catalog/product/s/m/a.jpg'))
    expect(
      cleanImages(
        [cached, 'https://www.shop.tn/media/catalog/product/s/m/a.jpg', 'https://www.shop.tn/media/catalog/product/s/m/b.jpg'],
        page,
      ),
    ).toEqual([cached, 'https://www.shop.tn/media/catalog/product/s/m/b.jpg'])
    // The same path on another site is another photo.
    expect(photoKey('https://cdn.other.example/media/catalog/product/s/m/a.jpg')).not.toBe(
      photoKey('https://www.shop.tn/media/catalog/product/s/m/a.jpg'),
    )
  })

  it('keeps two photos whose ids happen to be written in hex: a hash is dropped only right after a "cache" folder', () => {
    const page = 'https://www.aliexpress.com/item/1005006180026951.html'
    const photos = [
      'https://ae01.alicdn.com/kf/Aa1c21cf64032448489382e70f7031c075/name.jpg',
      'https://ae01.alicdn.com/kf/A6ff701271dca45a3b857760e829b5568Q/name.jpg',
    ]
    expect(cleanImages(photos, page)).toEqual(photos)
    const hexIds = [
      'https://www.shop.tn/files/0123456789abcdef0123456789abcdef/a.jpg',
      'https://www.shop.tn/files/fedcba9876543210fedcba9876543210/a.jpg',
    ]
    expect(photoKey(hexIds[0])).not.toBe(photoKey(hexIds[1]))
    expect(cleanImages(hexIds, 'https://www.shop.tn/p/1')).toEqual(hexIds)
  })

  it('knows a size written as a matrix parameter (";s=82x0") or in a folder’s name ("-w50-h60"), never in a file’s', () => {
    expect(stripImageSizeSuffix('https://cdn.x/v1/files/ab12cd34ef-PK/image;s=82x0')).toBe('https://cdn.x/v1/files/ab12cd34ef-PK/image')
    expect(stripImageSizeSuffix('https://cdn.x/v1/files/ab12cd34ef-PK/image')).toBe('https://cdn.x/v1/files/ab12cd34ef-PK/image')
    const small = 'https://img.shop.example/rx-itlYIjoRm-w50-h60/name.jpg'
    const large = 'https://img.shop.example/rx-itlYIjoRm-w1200-h1200/name.jpg'
    expect(photoKey(small)).toBe(photoKey(large))
    expect(cleanImages([large, small], 'https://shop.example/p/1')).toEqual([large])
    // Another photo in the same size is another photo.
    expect(photoKey('https://img.shop.example/rx-PQ9zzYwQ1-w50-h60/name.jpg')).not.toBe(photoKey(small))
    // A file's own name is its own: racks 50 and 80 wide ("rack-w50-h60.jpg", "rack-w80-h60.jpg") are two photos.
    expect(photoKey('https://img.shop.example/photos/rack-w50-h60.jpg')).not.toBe(
      photoKey('https://img.shop.example/photos/rack-w80-h60.jpg'),
    )
  })

  it('reads the photo an image optimiser is asked for, and never keeps a site’s icon', () => {
    expect(optimisedImageSource('https://shop.example/_next/image?url=https%3A%2F%2Fcdn.example%2Fa%2Fdrill.jpg&w=1500&q=100')).toBe(
      'https://cdn.example/a/drill.jpg',
    )
    expect(optimisedImageSource('https://shop.example/_next/image?url=%2Fmedia%2Fdrill.jpg&w=64')).toBe(
      'https://shop.example/media/drill.jpg',
    )
    expect(optimisedImageSource('https://shop.example/cdn-cgi/image/width=80,quality=75/media/drill.jpg')).toBe(
      'https://shop.example/media/drill.jpg',
    )
    expect(optimisedImageSource('https://shop.example/media/drill.jpg?w=80')).toBe('https://shop.example/media/drill.jpg?w=80')
    expect(isSiteIcon('https://shop.example/android-chrome-192x192.png')).toBe(true)
    expect(isSiteIcon('https://shop.example/apple-touch-icon.png?v=2')).toBe(true)
    expect(isSiteIcon('https://shop.example/media/drill.png')).toBe(false)
    // Alibaba's CDN names a file's pixels: a 120 × 64 badge is no photo, an 800 × 800 picture may be.
    expect(isSiteIcon('https://gw.alicdn.com/imgextra/i4/O1CN01ab_!!6000000004447-2-tps-120-64.png')).toBe(true)
    expect(isSiteIcon('https://gw.alicdn.com/imgextra/i4/O1CN01ab_!!6000000004447-2-tps-800-800.png')).toBe(false)
    expect(
      cleanImages(['https://shop.example/media/drill.jpg', 'https://shop.example/android-chrome-192x192.png'], 'https://shop.example/p/1'),
    ).toEqual(['https://shop.example/media/drill.jpg'])
  })
})
