import type { CheerioAPI } from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import { withoutEnergyLabels } from './energy-label'
import { get, inlineScriptTexts, isObj, scriptJson, text } from './marketplaces/embedded'
import {
  absoluteUrl,
  cleanImages,
  FULL_SIZE_NAME,
  IMAGE_FILE,
  isPlaceholderImage,
  isSiteIcon,
  optimisedImageSource,
  photoKey,
  siteOf,
  stripImageSizeSuffix,
} from './normalize/images'
import { collapseSpace } from './normalize/text'
import { productHeading } from './page-heading'
import { hiddenByClass, SITE_CHROME } from './shown-text'
import { coversPhotos, stateGallery } from './state-gallery'

/**
 * A shop's own photo gallery, read from its markup when its structured data names one photo (most
 * shops' OpenGraph tag names only the first). A gallery is recognised by its shape, not by a shop's
 * class names: a row of sibling slides or thumbnails, each holding one picture and no link to
 * another page and no words beyond a caption, one of which shows the product's own photo (an
 * address sharing that photo's identifying part). Of such rows the one with the most photos is the
 * gallery; product tiles ("customers also bought") link to other pages and are never one.
 */

/** Attributes that name a picture's address, in tiers: a zoom or full size first, a thumbnail's `src` last. */
const ZOOM_ATTRS = ['data-zoom-image', 'data-zoom', 'data-large', 'data-large-image', 'data-full', 'data-src-large']
const LAZY_ATTRS = ['data-image', 'data-original', 'data-lazy-src', 'data-lazy', 'data-src']

/** At most this many characters of text in one slide: a caption ("Bild 1", "2/5"), never a tile's name and price. */
const MAX_SLIDE_TEXT = 40

/** Rows looked at, at most: a gallery sits near the top; a hostile page of nested pictures costs no more. */
const MAX_ROWS_LOOKED_AT = 3000

/** A slide names its photo in at most this many addresses. */
const MAX_SIZES_OF_A_PHOTO = 3

/** A row longer than this is a catalogue, not a gallery. */
const MAX_SLIDES = 40

/**
 * The parts of an image address that say which photo it is: path words of five or more characters
 * with a digit in them (ids, hashes, SKUs), not sizes ("640x640", "w1200") and not years; and a
 * file named in short groups of digits ("22-234-588-01.jpg", "14-932-327-V11.jpg": Newegg's item and photo numbers).
 */
export function photoIdParts(url: string): string[] {
  let path: string
  try {
    path = decodeURIComponent(new URL(url).pathname)
  } catch {
    return []
  }
  const parts = path.split(/[/._\-,~=+]+/).filter((t) => t.length >= 5 && /\d/.test(t) && !/^\d+x\d+$|^[whq]\d+$|^(?:19|20)\d\d$/i.test(t))
  const file = /([^/]+)\.[a-z0-9]{2,5}$/i.exec(path)?.[1] ?? ''
  // Four groups or more: "2024-05-12" is a date.
  return /^\d+(?:-\d+){2,}-[a-z]{0,2}\d+$/i.test(file) ? [...parts, file] : parts
}

/** Whether all the addresses name one photo: an id part (see photoIdParts) that every one of them carries. */
function sharedIdPart(urls: string[]): boolean {
  const [first, ...rest] = urls.map((u) => new Set(photoIdParts(u)))
  return !!first && [...first].some((id) => rest.every((parts) => parts.has(id)))
}

/**
 * A long file name with its width after it ("…-e7e197f7-64de_80.jpg", "…_600.jpg") as the one photo's
 * name. Widths only (40 or more): "…_01.png" and "…_02.png" are two photos of a series.
 */
const withoutWidth = (path: string) =>
  path.replace(/([^/]{12,})[_-](\d{2,4})(\.[a-z]{3,4})$/i, (whole, stem: string, n: string, ext: string) =>
    Number(n) >= 40 ? stem + ext : whole,
  )

/**
 * One address per photo: addresses that differ only in their query are sizes of one photo when their
 * path names it ("…/4667999_R_Z001A?w=1000" and "?w=1500"), and so are its file name's widths.
 */
function distinctPhotos(urls: string[]): string[] {
  const seen = new Set<string>()
  return urls.filter((url) => {
    const u = new URL(url)
    // Its renditions' sizes too ("/tn50/…_tn50_0.jpg" and "/tn120/…_tn120_0.jpg"), before the best row is chosen.
    const key = photoIdParts(url).length ? photoKey(stripImageSizeSuffix(u.origin + withoutWidth(u.pathname))) : url
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** A file name without its extension when it is a long name of words ("jjip_citizen_playing_cards"), else null. */
function namedStem(url: string): string | null {
  const stem = fileName(url)
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .toLowerCase()
  return stem.length >= 16 && /[a-z]{4,}[-_][a-z]{4,}/.test(stem) ? stem : null
}

/** An address's file name: the sizes of a photo are often one name in size folders ("/img-125/5/1043075.png", "/img-1000/5/…"). */
function fileName(url: string): string {
  try {
    return new URL(url).pathname.split('/').pop() ?? url
  } catch {
    return url
  }
}

/** The first folder of an address's path ("files" of "/files/media/a.jpg"). */
function firstFolder(url: string): string | null {
  try {
    return new URL(url).pathname.split('/')[1] ?? null
  } catch {
    return null
  }
}

/** The largest candidate of a `srcset`. */
function largestOfSrcset(srcset: string): string | null {
  let best: { url: string; size: number } | null = null
  for (const part of srcset.split(/,\s+/)) {
    const [url, descriptor = '1x'] = part.trim().split(/\s+/)
    const size = parseFloat(descriptor) || 1
    if (url && (!best || size > best.size)) best = { url, size }
  }
  return best?.url ?? null
}

function isPictureAddress(url: string): boolean {
  return !/^data:|\.svg(?:$|\?)/i.test(url)
}

/** A slide is small: an element with more than this many elements inside is a wrapper of slides or a section. */
const MAX_SLIDE_ELEMENTS = 60

/** An element's own elements and text, or null past MAX_SLIDE_ELEMENTS (walked without recursion, so a deep page costs no more). */
export function smallSubtree(el: Element, max = MAX_SLIDE_ELEMENTS): { elements: Element[]; text: string } | null {
  const elements: Element[] = []
  let text = ''
  const stack: AnyNode[] = [el]
  while (stack.length) {
    const node = stack.pop()!
    if (node.type === 'text') text += (node as unknown as { data: string }).data
    if (node.type !== 'tag' && node.type !== 'root') continue
    const element = node as Element
    // A <template>'s content is a fragment (type root, no attributes): walked, not an element.
    if (node.type === 'tag') elements.push(element)
    if (elements.length > max) return null
    // Too many children to be small, told before they are pushed (a list of 30,000 rows is not walked).
    let tags = 0
    for (const child of element.children) if (child.type === 'tag' && elements.length + ++tags > max) return null
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i])
  }
  return { elements, text }
}

/** A `data-` attribute naming a fuller size than the one shown ("data-product-hdimage-source", "data-zoom"). */

/** The image addresses a JSON text names (none when it is no JSON). */
function addressesInJson(text: string): string[] {
  try {
    const found: string[] = []
    JSON.parse(text, (_key, v: unknown) => {
      if (typeof v === 'string' && IMAGE_FILE.test(v) && !/\s/.test(v)) found.push(v)
      return v
    })
    return found
  } catch {
    return []
  }
}

/** The picture addresses among a slide's elements, fullest first, as absolute URLs. */
function picturesIn(elements: Element[], pageUrl: string): string[] {
  const tiers: (string | undefined)[][] = [[], [], [], []]
  for (const { tagName, attribs } of elements) {
    if (tagName === 'a' && attribs.href && IMAGE_FILE.test(attribs.href)) tiers[0].push(attribs.href)
    // Magic Zoom's selector names the size its main view shows in `rev` (`<a href="{zoom}" rev="{medium}" rel="zoom-id:…">`).
    if (tagName === 'a' && attribs.rev && /zoom-id\s*:/i.test(attribs.rel ?? '') && IMAGE_FILE.test(attribs.rev)) tiers[1].push(attribs.rev)
    for (const attr of ZOOM_ATTRS) tiers[0].push(attribs[attr])
    for (const attr of LAZY_ATTRS) tiers[2].push(attribs[attr])
    // A shop's own attribute for a size of the photo ("data-product-sdimage-source").
    for (const [name, value] of Object.entries(attribs)) {
      if (!name.startsWith('data-') || ZOOM_ATTRS.includes(name) || LAZY_ATTRS.includes(name) || !IMAGE_FILE.test(value)) continue
      // Or a few sizes in a JSON object (Salesforce Commerce's `data-lgimg='{"url":…,"hires":…}'`): its addresses.
      const values = /^\s*[[{]/.test(value) ? addressesInJson(value) : [value]
      tiers[FULL_SIZE_NAME.test(name.slice(5)) ? 0 : 2].push(...values)
    }
    // A slide drawn as a background ("<button style="background-image:url(…)">").
    const background = /background-image\s*:\s*url\(\s*['"]?([^'")]+)/i.exec(attribs.style ?? '')?.[1]
    if (background) tiers[3].push(background)
    if (tagName !== 'img' && tagName !== 'source') continue
    const srcset = attribs['data-srcset'] ?? attribs.srcset
    if (srcset) tiers[1].push(largestOfSrcset(srcset) ?? undefined)
    tiers[3].push(attribs.src)
  }
  const found = new Set<string>()
  for (const v of tiers.flat()) {
    const abs = v ? absoluteUrl(v, pageUrl) : null
    if (abs && isPictureAddress(abs)) found.add(optimisedImageSource(abs))
  }
  return [...found]
}

/** Whether a link leads to another page (a product tile's), not to a picture, an anchor or nowhere. */
export function linksToAnotherPage(href: string | undefined, pageUrl: string | null): boolean {
  const h = (href ?? '').trim()
  // A template's empty value ("null", "undefined") links nowhere.
  if (!h || h.startsWith('#') || /^javascript:|^(?:null|undefined)$/i.test(h) || IMAGE_FILE.test(h)) return false
  if (!pageUrl) return true
  const abs = absoluteUrl(h, pageUrl)
  if (!abs) return false
  const here = new URL(pageUrl)
  const there = new URL(abs)
  return there.origin !== here.origin || there.pathname !== here.pathname
}

/** Whether a link is another product's card: to another page, with a picture in it. */
export function isCardLink($: CheerioAPI, a: Element, pageUrl: string): boolean {
  return linksToAnotherPage(a.attribs.href, pageUrl) && $(a).find('img, picture').length > 0
}

/** Whether a slide links to another page (a product tile), not to its own picture or to nothing. */
function linksElsewhere(elements: Element[], pageUrl: string): boolean {
  return elements.some(({ tagName, attribs }) => tagName === 'a' && linksToAnotherPage(attribs.href, pageUrl))
}

/** A slide of a video (its poster or player), not a photo. */
function isVideoSlide(el: Element, elements: Element[], pictures: string[]): boolean {
  if (elements.some((e) => e.tagName === 'video' || e.tagName === 'iframe')) return true
  // A part of it that names the video it plays (`data-video="https://www.youtube.com/…"`) or is classed a video.
  const playsVideo = (e: Element) =>
    Object.keys(e.attribs).some((k) => k.startsWith('data-video')) ||
    /(?:youtube\.com|youtu\.be|vimeo\.com)\//i.test(e.attribs.href ?? '') ||
    /(?:^|\s)video(?:\s|$)/i.test(e.attribs.class ?? '')
  if (elements.some(playsVideo)) return true
  // Its picture's words for a screen reader ("2 of 5, play video") or a play icon over it.
  if (
    elements.some(
      (e) => /\bplay video\b/i.test(e.attribs.alt ?? e.attribs['aria-label'] ?? '') || /#(?:media)?play\b/i.test(e.attribs.href ?? ''),
    )
  )
    return true
  const { attribs } = el
  return /video/i.test([attribs.class, attribs['aria-label'], attribs['data-type'], ...pictures].join(' '))
}

interface Slide {
  /** The photo's fullest address. */
  picture: string
  /** Every address the slide names it by (its sizes: a shop may give each size an id of its own). */
  sizes: string[]
  video: boolean
}

/** A row classed as colour swatches, itself or its parent. */
function isSwatchRow(row: Element): boolean {
  const classes = `${row.attribs.class ?? ''} ${row.parent?.type === 'tag' ? ((row.parent as Element).attribs.class ?? '') : ''}`
  // A choice, as the page tells a screen reader: a radio group or a list box of options (a colour picker's chips).
  const choice = (el: Element) => /^(?:radiogroup|listbox)$/i.test(el.attribs.role ?? '')
  const options = row.children.filter((c): c is Element => c.type === 'tag')
  return (
    /swatch/i.test(classes) ||
    choice(row) ||
    (options.length > 0 && options.every((c) => /^(?:radio|option)$/i.test(c.attribs.role ?? '') || c.attribs.type === 'radio'))
  )
}

/** The slides of a row, or null when the row is not a gallery's shape. */
function slidesOf(parent: Element, pageUrl: string): Slide[] | null {
  // A <picture>'s sources and a link's pictures (the photo and a badge over it) are one slide, never a row.
  if (parent.name === 'picture' || parent.name === 'a') return null
  const children = parent.children.filter((c): c is Element => c.type === 'tag')
  if (children.length < 2 || children.length > MAX_SLIDES) return null
  // A colour picker's swatches ("color_group_list color_swatch"), however much they look like thumbnails.
  if (isSwatchRow(parent)) return null
  const slides: Slide[] = []
  // Slides the stylesheet hides beside shown ones, each marked with what it belongs to (`data-branch`)
  // as no shown slide is, are another option's photos (Suruga-ya's other conditions); thumbnails a
  // strip hides past its seventh ("+8") are the product's own and carry no such mark.
  const shown = children.filter((c) => !hiddenByClass(c))
  const shownMarks = new Set(shown.flatMap(dataNames))
  const anothers = (c: Element) => hiddenByClass(c) && dataNames(c).some((name) => !shownMarks.has(name))
  const row = shown.length >= 2 ? children.filter((c) => !anothers(c)) : children
  for (const child of row) {
    const subtree = smallSubtree(child)
    if (!subtree) return null
    const pictures = picturesIn(subtree.elements, pageUrl)
    if (!pictures.length) continue
    // One photo in its sizes (thumbnail, picture, zoom, a srcset's widths: a few names, or any number
    // that all carry the photo's id); more is a wrapper of slides, not a slide.
    if (new Set(pictures.map(fileName)).size > MAX_SIZES_OF_A_PHOTO && !sharedIdPart(pictures)) return null
    if (linksElsewhere(subtree.elements, pageUrl)) return null
    if (subtree.text.replace(/\s+/g, ' ').trim().length > MAX_SLIDE_TEXT) return null
    slides.push({ picture: pictures[0], sizes: pictures, video: isVideoSlide(child, subtree.elements, pictures) })
  }
  // Most of the row is pictures (a wrapper may hold arrows or a counter beside them; a gallery drawn
  // without script has a radio button before each slide, which is not a slide).
  const beside = row.filter((c) => c.tagName !== 'input').length
  return slides.length >= 2 && slides.length * 2 >= beside ? slides : null
}

/** The names of an element's `data-*` attributes. */
const dataNames = (el: Element) => Object.keys(el.attribs).filter((name) => name.startsWith('data-'))

/** A main photo named "missing" ("missing.gif") stands for none; among the photos the word may be a name's. */
const MISSING_FILE = /\/[^/]*missing[^/]*$/i

/**
 * The page's photos: its gallery's when that shows more than the importer found (the structured data
 * often names only the first), else what the importer found.
 */
export function withGallery($: CheerioAPI, images: string[] | undefined, pageUrl: string): string[] {
  return withoutEnergyLabels($, galleryOrFound($, images, pageUrl), pageUrl)
}

function galleryOrFound($: CheerioAPI, images: string[] | undefined, pageUrl: string): string[] {
  const found = images ?? []
  const main = found.map((u) => absoluteUrl(u, pageUrl)).find((u) => u !== null)
  let drawn = main ? galleryPhotos($, main, pageUrl) : galleryNearHeading($, pageUrl)
  // A gallery on another server than the main photo, or a main photo that is a placeholder
  // ("NoImageIcon_sm.jpg"): the photos beside the heading, when they are the main photo's or it is none.
  if (main && drawn.length < 2) {
    const ids = new Set(photoIdParts(main))
    const near = galleryNearHeading($, pageUrl)
    if (isPlaceholderImage(main) || MISSING_FILE.test(new URL(main).pathname) || near.some((u) => photoIdParts(u).some((p) => ids.has(p))))
      drawn = near
  }
  const count = (urls: string[]) => cleanImages(urls, pageUrl).length
  let gallery = [magentoGallery($), drawn].reduce((a, b) => (count(b) > count(a) ? b : a))
  // The gallery the page's script keeps in its state: when the markup shows one photo, or shows
  // only photos that list holds (a slider whose other slides load later).
  const kept = stateGallery($, main, pageUrl)
  if (count(kept) > Math.max(count(gallery), count(found)) && (count(gallery) <= 1 || coversPhotos(kept, cleanImages(gallery, pageUrl))))
    gallery = kept
  // Nothing in the markup but one photo: the list the page hands its script, if it has one.
  if (count(gallery) <= 1 && count(found) <= 1) {
    const listed = listedForScript($, pageUrl, main)
    if (count(listed) > count(gallery)) gallery = listed
  }
  if (!count(gallery) && !count(found)) return lonePhotoAfterHeading($, pageUrl)
  return count(gallery) > count(found) ? gallery : found
}

/** Pictures smaller than this (by their attributes) are icons: a status light, a PDF's sign. */
const ICON_SIZE = 100

/**
 * On a page that names no photo and draws no gallery (a hand-made shop's table), the one picture set
 * beside the product's heading in its own block: after the heading, linking nowhere, not an icon (no
 * GIF, nothing drawn under 100 px). Two such pictures are no one photo: none.
 */
function lonePhotoAfterHeading($: CheerioAPI, pageUrl: string): string[] {
  const heading = productHeading($)
  if (!heading?.parent || heading.parent.type !== 'tag') return []
  const order = $(heading.parent).find('*').toArray()
  const from = order.indexOf(heading)
  const pictures = $(heading.parent)
    .find('img[src]')
    .toArray()
    .filter((img) => {
      const size = Math.min(Number(img.attribs.width) || Infinity, Number(img.attribs.height) || Infinity)
      const src = absoluteUrl(img.attribs.src, pageUrl)
      return (
        order.indexOf(img) > from &&
        size >= ICON_SIZE &&
        src !== null &&
        !/\.gif(?:$|\?)/i.test(src) &&
        !isSiteIcon(src) &&
        !isPlaceholderImage(src) &&
        !$(img)
          .closest('a[href]')
          .toArray()
          .some((a) => linksToAnotherPage((a as Element).attribs.href, pageUrl))
      )
    })
  return pictures.length === 1 ? cleanImages([pictures[0].attribs.src], pageUrl) : []
}

/**
 * An image address in a script's text: absolute or protocol-relative, slashes escaped or not
 * ("\/\/", "\u002F\u002F"), or a path from the site's root in quotes ("/Assets/…/1_org.jpg").
 */
const ADDRESS_IN_SCRIPT = /(?:https?:)?(?:\\?\/|\\u002[fF]){2}[^"'\s,\][{}]+|(?<=["'])\/(?![/\\])[^"'\s,\][{}]+/g
const IMAGE_ADDRESS = /\.(?:jpe?g|png|webp)(?:$|\?)|\/is\/image\//i

/**
 * The gallery a page hands its script when it draws the gallery itself: a list of two or more image
 * addresses in an inline script (`"additionalImages":[…]`, a state's `"images":[{"src":…}]`) or in an
 * attribute its framework reads (`data-ng-init="imageList = [...]"`). Taken only when every address
 * is on one site and carries one photo id, and that id is the product's: its main photo's, or with
 * none, the number its address names (never another product's state or a list of tiles); sizes of
 * one photo count once.
 */
function listedForScript($: CheerioAPI, pageUrl: string, main: string | null | undefined): string[] {
  const texts = [
    ...inlineScriptTexts($),
    ...$('[data-ng-init], [data-images], [data-gallery]')
      .toArray()
      .flatMap((el) => Object.values(el.attribs)),
  ]
  const mainIds = main ? photoIdParts(main) : []
  const addressIds = (new URL(pageUrl).pathname + new URL(pageUrl).search).match(/\d{6,}/g) ?? []
  const related = (a: string, b: string) => a.includes(b) || b.includes(a)
  let best: string[] = []
  for (const text of texts) {
    // The innermost lists; in a list of objects, each object's first picture.
    for (const m of text.matchAll(/\[([^[\]]{20,20000})\]/g)) {
      const objects = m[1].includes('{')
      const found = (objects ? m[1].split(/\}\s*,\s*\{/) : [m[1]]).flatMap((chunk) => {
        const all = [...chunk.matchAll(ADDRESS_IN_SCRIPT)].map((x) => x[0]).filter((u) => IMAGE_ADDRESS.test(u))
        return objects ? all.slice(0, 1) : all
      })
      const unescaped = found.map((u) => u.replace(/\\\//g, '/').replace(/\\u002F/gi, '/'))
      // Paths from the root name the photos by the end of the main photo's address, on its server
      // ("https://img.cdn/mnresize/415/622" + "/Assets/…/1_org.jpg"), else on the page's.
      const mainPath = main ? new URL(main).pathname : ''
      const tail = unescaped.find((u) => /^\/[^/]/.test(u) && mainPath.endsWith(u))
      const root = main && tail ? main.slice(0, main.indexOf(mainPath)) + mainPath.slice(0, -tail.length) : null
      const urls = unescaped
        .map((u) => (root && /^\/[^/]/.test(u) ? root + u : absoluteUrl(u, pageUrl)))
        .filter((u): u is string => !!u && IMAGE_ADDRESS.test(u))
      if (urls.length < 2 || new Set(urls.map(siteOf)).size > 1) continue
      const ids = urls.map(photoIdParts)
      if (!ids[0].some((id) => ids.every((parts) => parts.some((p) => related(p, id))))) continue
      // The product's: sharing its main photo's id, or with no main photo, the id its address names.
      const own = mainIds.length ? mainIds : addressIds
      if (!urls.some((u) => photoIdParts(u).some((p) => own.some((id) => related(p, id))))) continue
      const distinct = distinctPhotos(urls)
      if (distinct.length > best.length) best = distinct
    }
  }
  return best
}

/**
 * Magento 2's gallery as the page hands it to its script (`"mage/gallery/gallery": {"data": [...]}`
 * in a `text/x-magento-init` block): the product's own photos, largest size first, videos left out.
 * The slider is drawn by script, so the markup holds only the first photo.
 */
export function magentoGallery($: CheerioAPI): string[] {
  for (const el of $('script[type="text/x-magento-init"]').toArray()) {
    if (!$(el).text().includes('mage/gallery/gallery')) continue
    const init = scriptJson($, el)
    for (const widgets of Object.values(isObj(init) ? init : {})) {
      const data = get(widgets, 'mage/gallery/gallery.data')
      if (!Array.isArray(data)) continue
      return data
        .filter((d) => isObj(d) && (d.type ?? 'image') === 'image' && !d.videoUrl)
        .map((d) => text(get(d, 'full')) ?? text(get(d, 'img')) ?? text(get(d, 'thumb')))
        .filter((u): u is string => u !== null)
    }
  }
  return []
}

/** The rows of slides under `root` (the page's body by default), looked at in the page's order. */
function* rowsOfSlides($: CheerioAPI, pageUrl: string, root?: Element, outsideChromeOf?: AnyNode): Generator<Slide[]> {
  const scope = root ? $(root) : $('body')
  // The site's header, menus or footer (a mega menu's category pictures), unless the heading is in it.
  const headingHolders = outsideChromeOf ? new Set<AnyNode>($(outsideChromeOf).parents().toArray()) : null
  const parents = new Set<AnyNode>()
  // Pictures, and slides that name their photo for a script to draw (`<div data-image-url="…">`).
  for (const img of scope.find('img, [data-zoom-image], [data-image-url], [data-image], source, [style*="background-image"]').toArray()) {
    // A slide's picture may sit a few levels down (li > a > picture > img): rows up to four levels up.
    let node: AnyNode | null = img.parent
    for (let level = 0; node && level < 5; level++, node = node.parent) parents.add(node)
  }
  let looked = 0
  for (const parent of scope.find('*').toArray()) {
    if (!parents.has(parent)) continue
    if (++looked > MAX_ROWS_LOOKED_AT) return
    if (
      headingHolders &&
      $(parent)
        .closest(SITE_CHROME)
        .toArray()
        .some((c) => !headingHolders.has(c))
    )
      continue
    const slides = slidesOf(parent, pageUrl)
    if (slides) yield slides
  }
}

/**
 * The photos of the page's own gallery in their order, or [] when none is recognised. `mainImage` is
 * the product's photo the structured data names; the gallery must show it.
 */
export function galleryPhotos($: CheerioAPI, mainImage: string, pageUrl: string): string[] {
  // Parts the site's header, menus and footer pictures carry too are its image service's folders
  // ("prod1amer"), not this photo's id, where the photo has an id of its own beside them.
  const chromeParts = new Set(
    $(SITE_CHROME)
      .find('img[src], source[srcset]')
      .toArray()
      .flatMap((el) => photoIdParts(absoluteUrl((el.attribs.src ?? el.attribs.srcset ?? '').split(/[\s,]/)[0], pageUrl) ?? '')),
  )
  const own = photoIdParts(mainImage).filter((id) => !chromeParts.has(id))
  const ids = new Set(own.length ? own : photoIdParts(mainImage))
  // A photo named after the product has its name for an id ("jjip_citizen_playing_cards.jpg", "…_det1.jpg").
  const stem = namedStem(mainImage)
  if (!ids.size && !stem) return []
  // "238368885alt1" is a photo of "238368885" too.
  const sharesId = (p: string) => [...ids].some((id) => p.includes(id) || id.includes(p))
  const isMain = (url: string) => photoIdParts(url).some(sharesId) || (stem !== null && namedStem(url)?.startsWith(stem) === true)
  const showsMain = (slides: Slide[]) => slides.some((s) => s.sizes.some(isMain))
  const folder = firstFolder(mainImage)
  // A picture with no id of its own in another folder than the product's photos is the site's (a logo over the slide).
  // Nor is a picture from a third party's site (a marketing badge laid over the photo).
  const hosts = new Set([siteOf(mainImage), siteOf(pageUrl)])
  const isPhoto = (s: Slide) =>
    !s.video && hosts.has(siteOf(s.picture)) && (photoIdParts(s.picture).length > 0 || firstFolder(s.picture) === folder)
  // Of the rows that show the product's photo, the one with the most photos: the slider or its
  // thumbnails, not a row of colour swatches beside them.
  let best: string[] = []
  for (const slides of rowsOfSlides($, pageUrl, undefined, productHeading($) ?? $('body')[0])) {
    if (!showsMain(slides)) continue
    const photos = distinctPhotos(slides.filter(isPhoto).map((s) => s.picture))
    if (photos.length > best.length) best = photos
  }
  return best
}

/** Levels above the product's heading that still hold its gallery (a column beside the heading's). */
const HEADING_GALLERY_LEVELS = 4
/**
 * Further up, only what comes before the heading's column: a gallery is read first (1688's sits six
 * levels from its title), a footer's or a related row after.
 */
const GALLERY_BEFORE_HEADING_LEVELS = 7

/**
 * On a page that names no photo at all (no structured data), the gallery in the product heading's
 * own block, widened a level at a time: the row with the most photos, all on one site (the shop's or
 * its image CDN's), each with an id in its address. Rows that link to other pages (tiles) are never a
 * gallery.
 */
export function galleryNearHeading($: CheerioAPI, pageUrl: string): string[] {
  const heading = productHeading($)
  const isPhoto = (s: Slide) => !s.video && photoIdParts(s.picture).length > 0 && !isSiteIcon(s.picture)
  let inner: AnyNode | null = heading ?? null
  let box: AnyNode | null = heading?.parent ?? null
  for (let level = 0; box && box.type === 'tag' && level < GALLERY_BEFORE_HEADING_LEVELS; level++, inner = box, box = box.parent) {
    const far = level >= HEADING_GALLERY_LEVELS
    // Far up, never past the page's main part, nor into its header or menus (a row of icons is no
    // gallery; an aside may hold one).
    if (far && ((box as Element).name === 'body' || (inner as Element | null)?.name === 'main')) break
    const roots = !far || !inner ? [box] : $(inner).prevAll().not(SITE_CHROME).toArray()
    let best: string[] = []
    for (const root of roots)
      for (const slides of rowsOfSlides($, pageUrl, root as Element, heading ?? undefined)) {
        const photos = distinctPhotos(slides.filter(isPhoto).map((s) => s.picture))
        // One shop's photos: all on one site (its own or its image CDN's), never a row of others' badges.
        if (new Set(photos.map(siteOf)).size === 1 && photos.length > best.length) best = photos
      }
    if (best.length >= 2) return best
  }
  return []
}

/** A picture's words as a shopper reads them: no soft hyphens, no entity the shop escaped twice ("HDMI/&shy;DP"). */
const shownName = (s: string) => collapseSpace(s.replace(/&[a-z]+;|\u00ad/gi, '')).toLowerCase()

/** The pictures whose alt text (or title, without one) is the product's name, outside tiles that link to other products. */
export function picturesNamed($: CheerioAPI, name: string, pageUrl: string): string[] {
  const wanted = shownName(name)
  // The name alone, or with a few words saying it is its photo ("… fotografia produsului", "… product image").
  const namesIt = (alt: string) =>
    alt === wanted ||
    // (A name of two words or more: a one-word "name" is the site's own, its logo "Temu 앱 다운로드".)
    (wanted.includes(' ') &&
      alt.startsWith(`${wanted} `) &&
      !/\d/.test(alt.slice(wanted.length)) &&
      alt.slice(wanted.length).trim().split(' ').length <= 3)
  return $('body img[alt], body img[title]')
    .filter((_, el) => namesIt(shownName($(el).attr('alt') || ($(el).attr('title') ?? ''))))
    .filter(
      (_, el) =>
        !$(el)
          .closest('a[href]')
          .toArray()
          .some((a) => linksToAnotherPage($(a).attr('href'), pageUrl)),
    )
    .map((_, el) => $(el).attr('data-src') ?? $(el).attr('src') ?? '')
    .get()
    .filter(Boolean)
}
