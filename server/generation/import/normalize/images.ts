// URLs and images: absolute, allowed, full-size.

import { siteNames } from './site-name'

/** An absolute http(s) URL for `href` on a page at `base`; protocol-relative becomes https. */
/** An address that names an image file by its extension. */
export const IMAGE_FILE = /\.(?:jpe?g|png|webp|avif|gif)(?:$|\?)/i

/** Words that name a photo's largest size (an attribute's, a data key's): "zoom", "large", "full"… */
export const FULL_SIZE_NAME = /zoom|large|full|hd|big|orig|high/i

export function absoluteUrl(href: unknown, base: string): string | null {
  if (typeof href !== 'string') return null
  const h = href.trim()
  if (!h || h.startsWith('data:')) return null
  try {
    const u = new URL(h.startsWith('//') ? `https:${h}` : h, base)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null
  } catch {
    return null
  }
}

/**
 * A photo's own address when `url` asks an image optimiser for a size of it: Next.js's and Vercel's
 * `/_next/image?url=…&w=1500`, Cloudflare's `/cdn-cgi/image/width=80,…/…`. Every size of one photo
 * is then one address, as the photo's sizes on a CDN are.
 */
export function optimisedImageSource(url: string): string {
  try {
    const u = new URL(url)
    if (/^\/_(?:next|vercel)\/image\/?$/.test(u.pathname)) return absoluteUrl(u.searchParams.get('url'), u.href) ?? url
    const cloudflare = /^\/cdn-cgi\/image\/[^/]+\/(.+)$/.exec(u.pathname)
    if (cloudflare) return absoluteUrl(/^https?:\/\//.test(cloudflare[1]) ? cloudflare[1] : `/${cloudflare[1]}`, u.href) ?? url
  } catch {
    /* below */
  }
  return url
}

/**
 * A site's icon for bookmarks and home screens ("android-chrome-192x192.png", "apple-touch-icon.png"),
 * or a picture whose address says it is badge-sized: never a photo of the product.
 */
export function isSiteIcon(url: string): boolean {
  return (
    /\/(?:android-chrome|apple-touch-icon|favicon|mstile|safari-pinned-tab)[^/]*\.(?:png|ico|svg|jpe?g|webp)(?:\?|$)/i.test(url) ||
    isBadgeSized(url)
  )
}

/**
 * An image whose address states it is badge-sized: Alibaba's CDN names a file's pixels ("…-tps-120-64.png"
 * is 120 × 64), and a badge beside a title ("1688严选") is a few dozen pixels high, a photo hundreds.
 */
function isBadgeSized(url: string): boolean {
  const size = url.match(/-tps-(\d{1,5})-(\d{1,5})\.(?:png|jpe?g|gif|webp)(?:[?_]|$)/i)
  return size !== null && Math.min(Number(size[1]), Number(size[2])) < 150
}

/**
 * A gallery's scroll button drawn as a picture ("LeftArrow.png", "arrow-next.svg", "prev_arrow.gif"):
 * its file is named for the direction, never for a product.
 */
export function isArrowIcon(url: string): boolean {
  const file = url.split(/[?#]/)[0].split('/').pop() ?? ''
  return /^(?:(?:left|right|prev(?:ious)?|next|back|forward)[-_]?arrow|arrow[-_]?(?:left|right|prev(?:ious)?|next|back|forward))(?:[-_.@][^/]*)?\.(?:png|gif|svg|jpe?g|webp)$/i.test(
    file,
  )
}

/** https images only, or any image on the page's own origin (the local demo store). */
export function isKeptImage(url: string, pageUrl: string): boolean {
  try {
    const u = new URL(url)
    if (u.protocol === 'https:') return true
    return u.origin === new URL(pageUrl).origin
  } catch {
    return false
  }
}

/**
 * An http image of another site asked for over https, as a browser does for images on a secure page
 * (older pages name their CDN's photos with http://); the page's own origin is left as it is.
 */
export function upgradedImage(url: string | null, pageUrl: string): string | null {
  if (!url?.startsWith('http://')) return url
  try {
    return new URL(url).origin === new URL(pageUrl).origin ? url : `https://${url.slice('http://'.length)}`
  } catch {
    return url
  }
}

/** Removes simple thumbnail suffixes: AliExpress `a.jpg_640x640.jpg`, Amazon `a._AC_SL1500_.jpg` (any transform), Shopify `a_640x640.jpg`. */
export function stripImageSizeSuffix(url: string): string {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return url
  }
  const host = u.hostname
  // A size as the path's matrix parameter ("…/image;s=82x0").
  u.pathname = u.pathname.replace(/;(?:s|size|w|h)=\d+(?:x\d+)?$/i, '')
  if (/alicdn\.com$|aliexpress-media\.com$/.test(host)) {
    u.pathname = u.pathname.replace(
      /(\.(?:jpe?g|png|gif|webp))_(?:\d+x\d+(?:q\d+)?)?(?:\.(?:jpe?g|png|webp|avif))?_?(?:\.(?:webp|avif))?$/i,
      '$1',
    )
  } else if (/(media-amazon|images-amazon)\.com$/.test(host)) {
    // Every size of a photo is the photo's id with a transform before the extension:
    // "61aB._AC_SX679_.jpg", "61aB.__AC_SX300_SY300_QL70_FMwebp_.jpg", "61aB._SS40_.jpg" are "61aB.jpg".
    u.pathname = u.pathname.replace(/^(\/images\/[IG]\/[^/.]+)\.[^/]*\.(jpe?g|png|gif|webp)$/i, '$1.$2')
  } else if (host === 'cdn.shopify.com' || u.pathname.includes('/cdn/shop/')) {
    u.pathname = u.pathname.replace(
      /_(?:\d+x\d*|x\d+|pico|icon|thumb|small|compact|medium|large|grande)(?:@\d+x)?(?=\.(?:jpe?g|png|gif|webp)$)/i,
      '',
    )
    for (const p of ['width', 'height', 'crop']) u.searchParams.delete(p)
  } else if (u.pathname.includes('/dw/image/v2/')) {
    // Salesforce Commerce Cloud's image service sizes, crops and scales a photo by its query ("?sw=120&sh=120&sm=fit").
    for (const p of ['sw', 'sh', 'sm', 'sfrm', 'q', 'bgcolor', 'cx', 'cy', 'cw', 'ch']) u.searchParams.delete(p)
  }
  return u.href
}

/** A video's poster frame on a video host (YouTube, Vimeo): a picture of a video, not a photo of the product. */
export function isVideoPoster(url: string): boolean {
  return /^https?:\/\/(?:i\d?\.ytimg\.com|img\.youtube\.com|i\.vimeocdn\.com)\//i.test(url)
}

/** Folder names that say which size or cache copy of a photo an address is, not which photo. */
const SIZE_FOLDER =
  /^(?:\d{2,4}x\d{2,4}|thumbs?|thumbnails?|small|medium|large|big|home|zoom|original|full|fullsize|preview|cache|[a-z]+_default)$/i

/** The site a server belongs to: "static02.leroymerlin.pl" → "leroymerlin.pl", "m.media.co.uk" → "media.co.uk". */
export function siteOf(url: string): string | null {
  try {
    const labels = new URL(url).hostname.split('.')
    const under = labels.length > 2 && labels.at(-1)!.length === 2 && /^(?:co|com|ne|net|or|org|ac|gov|edu)$/.test(labels.at(-2)!) ? 3 : 2
    return labels.slice(-under).join('.')
  } catch {
    return null
  }
}

/**
 * One photo whatever size or copy its address names as a folder: "/500x500/…/a.jpg" and
 * "/100x100/…/a.jpg", "/1024/1024/resize/…/a.png" and "/380/374/resize/…/a.png" (three or four digits
 * each: never a date's month), "/23882/medium/a.jpg" and "/23882/large/a.jpg", a cache's
 * "/cache/8be3…/s/m/a.jpg" of "/s/m/a.jpg", on any of the site's servers.
 */
export function photoKey(url: string): string {
  let u: URL
  try {
    u = new URL(url.replace(/\/\d{3,4}\/\d{3,4}\//, '/{size}/'))
  } catch {
    return url
  }
  u = withoutRenditionParts(u)
  const parts = u.pathname.split('/')
  // A cache's folder is named by a hash of the size it holds ("/cache/8be3f98b…/").
  const path = parts
    .filter(
      (part, i) =>
        !SIZE_FOLDER.test(part) &&
        !(parts[i - 1] === 'cache' && /^[0-9a-f]{16,}$/.test(part)) &&
        // "/r/2000x2000/p/a.jpg" is a resized "/p/a.jpg".
        !(/^(?:r|rs|resize[ds]?|fit|fill|crop)$/i.test(part) && /^\d{2,4}x\d{2,4}$/.test(parts[i + 1] ?? '')),
    )
    // PrestaShop's "/1234-large_default/…" is photo 1234 in one of its sizes; "/rx-itlY-w50-h60/" is
    // photo itlY 50 by 60 wide (a folder's, never a file's, name).
    .map((part, i, all) =>
      i < all.length - 1 ? part.replace(/^(\d+)-[a-z]+_default$/i, '$1').replace(/[-_][wh]\d{2,4}(?=[-_]|$)/gi, '') : part,
    )
    .join('/')
  return `${siteOf(u.href)}${path}${u.search}`
}

/**
 * An address without the parts that name a rendition of one photo rather than the photo: a square
 * size in two folders of two digits ("/20/20/"), a size folder its file name repeats
 * ("/tn50/445833337_tn50_0.jpg", both parts), a size spec ("/fee_786_587_png/") and a rendition's
 * folder ("/swatch/", "/extralarge/"). Never the file name alone: many sites keep the photo's id in a
 * folder and reuse one file name for every photo.
 */
const RENDITION_SUFFIX = /[-_](?:zoom|product|catalog|thumb|thumbnail|small|medium|large|big|fullsize|hires)(\.[a-z0-9]{3,4})$/i

function withoutRenditionParts(u: URL): URL {
  const segs = u.pathname.split('/')
  const file = segs.at(-1) ?? ''
  const tokens = new Set(file.split(/[_\-.]/).map((t) => t.toLowerCase()))
  // A folder shaped as a size ("tn50", "w300", "thumb120"), never an id ("B07XYZ1").
  const sizeFolder = (s: string) => /^(?:tn|t|s|w|h|sz|thumb)\d{2,4}(?:x\d{2,4})?$/i.test(s)
  const kept = segs.filter((s, i) => {
    if (i === segs.length - 1) return true
    // (not a date's month and day after a year: "/2023/11/11/")
    if (/^\d{2}$/.test(s) && (segs[i + 1] === s || segs[i - 1] === s) && !segs.slice(0, i).some((x) => /^(?:19|20)\d{2}$/.test(x)))
      return false
    if (sizeFolder(s) && tokens.has(s.toLowerCase())) return false
    if (/^[a-z]*_\d{2,4}_\d{2,4}(?:_[a-z]+)?$/i.test(s)) return false
    return !/^(?:swatch|regular|extralarge|xl|xxl)$/i.test(s)
  })
  const folders = new Set(
    segs
      .slice(0, -1)
      .filter(sizeFolder)
      .map((s) => s.toLowerCase()),
  )
  kept[kept.length - 1] = file
    .split(/([_-])/)
    .filter((t) => !folders.has(t.toLowerCase()))
    .join('')
    .replace(/([_-])\1+/g, '$1')
    // A rendition named at the end of the file ("…-1-zoom.jpg" and "…-1-product.jpg", Jumia's): one photo.
    .replace(RENDITION_SUFFIX, '$1')
  const out = new URL(u.href)
  out.pathname = kept.join('/')
  return out
}

/**
 * An image address written as a template for the page's script to size ("…/scaleWidth/{width}/…",
 * Shopify's "…_{width}x.jpg"): the photo at a large size, as the script would ask on a wide screen.
 */
const sizedTemplate = (url: string) => url.replace(/(?:\{|%7B)(?:width|height)(?:\}|%7D)/gi, '1000')

/**
 * A file that stands for no photo ("NoImageIcon_sm.jpg", "no_photo.jpg", "nopic.jpg", "placeholder.png",
 * German "keinBild.gif", Spanish "sin-imagen.png", French "pas-d-image.png"), or one a
 * script named before it had the photo's id ("undefined_in_1000x1000.jpg", "null.jpg"). ("missing" is
 * left to the gallery's main photo: "the-missing-link-tee.jpg" is a photo.)
 */
const PLACEHOLDER_IMAGE =
  /(?:^|\/)(?:[^/]*(?:no[-_]?(?:image|photo|img|picture|pic(?![a-z]))|kein[-_]?(?:bild|foto)|sin[-_]?(?:imagen|foto)|pas[-_]?d[-_]?(?:image|photo)|placeholder)[^/]*|(?:[^/]*[-_.])?(?:undefined|null|NaN)(?:[-_.][^/]*)?)$/i

export function isPlaceholderImage(url: string): boolean {
  try {
    return PLACEHOLDER_IMAGE.test(decodeURIComponent(new URL(url).pathname))
  } catch {
    return false
  }
}

/**
 * The site's logo as the page's only picture ("cls-logo-ball.jpg" on www.cls.at, "Cyclotron_…_Logo_black.jpg"
 * on cyclotron.de): a file whose name says "logo" and the site's own name. Only alone: beside photos
 * such a file may be a product's ("brand-logo-tee.jpg").
 */
export function isLoneSiteLogo(images: string[], pageUrl: string): boolean {
  if (images.length !== 1) return false
  try {
    const file = decodeURIComponent(new URL(images[0]).pathname.split('/').pop() ?? '').toLowerCase()
    const squashed = file.replace(/[^\p{L}\p{N}]+/gu, '')
    return /(?:^|[^a-z])logo(?:[^a-z]|$)/.test(file) && siteNames(pageUrl).some((n) => squashed.includes(n))
  } catch {
    return false
  }
}

/** Absolute, allowed, full-size, de-duplicated images, at most `max`; a size named twice keeps the first. */
export function cleanImages(urls: unknown[], pageUrl: string, max = 40): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const raw of urls) {
    const found = absoluteUrl(typeof raw === 'string' ? sizedTemplate(raw) : raw, pageUrl)
    const abs = upgradedImage(found && optimisedImageSource(found), pageUrl)
    if (!abs || !isKeptImage(abs, pageUrl) || isVideoPoster(abs) || isSiteIcon(abs) || isPlaceholderImage(abs) || isArrowIcon(abs)) continue
    const full = stripImageSizeSuffix(abs)
    const key = photoKey(full)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(full)
    if (out.length >= max) break
  }
  return out
}

/** The host without `www.`, or null for a bad URL. */
export function hostName(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null
  } catch {
    return null
  }
}
