import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { load } from 'cheerio'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Gallery, type GalleryImage } from './Gallery'

const HASH = (n: number) => String(n).repeat(64).slice(0, 64)
const images: GalleryImage[] = [
  { src: `/media/${HASH(1)}.jpg`, alt: 'Front of the apron' },
  { src: `/media/${HASH(2)}.png`, alt: 'Back with cross straps' },
  { src: `/media/${HASH(3)}.webp`, alt: '' },
]
const $render = (imgs: GalleryImage[], idPrefix = 'hero') => load(renderToStaticMarkup(<Gallery images={imgs} idPrefix={idPrefix} />))
const CSS = readFileSync(fileURLToPath(new URL('../../styles/gallery.css', import.meta.url)), 'utf8')

describe('Gallery', () => {
  it('renders every image large with a thumbnail each, switched by one radio group, the first checked', () => {
    const $ = $render(images)
    const radios = $('.pw-gallery > input.pw-gallery__radio')
    expect(radios).toHaveLength(3)
    expect(new Set(radios.toArray().map((r) => $(r).attr('name')))).toEqual(new Set(['hero-gallery']))
    expect(radios.toArray().map((r) => $(r).attr('type'))).toEqual(['radio', 'radio', 'radio'])
    expect(radios.toArray().map((r) => $(r).attr('checked') !== undefined)).toEqual([true, false, false])
    expect(
      $('.pw-gallery__slide img')
        .toArray()
        .map((i) => $(i).attr('src')),
    ).toEqual(images.map((i) => i.src))
    expect(
      $('.pw-gallery__slide img')
        .toArray()
        .map((i) => $(i).attr('alt')),
    ).toEqual(images.map((i) => i.alt))
    expect(
      $('.pw-gallery__thumb img')
        .toArray()
        .map((i) => $(i).attr('src')),
    ).toEqual(images.map((i) => i.src))
    expect($('.pw-gallery').attr('role')).toBe('group')
    expect($('.pw-gallery').attr('aria-label')).toBe('Product images')
  })

  it('puts each radio right before its slide and thumbnail, the thumbnail labelling it (what the CSS relies on)', () => {
    const $ = $render(images)
    const children = $('.pw-gallery')
      .children()
      .toArray()
      .map((el) => $(el).attr('class'))
    expect(children).toEqual(Array.from({ length: 3 }, () => ['pw-gallery__radio', 'pw-gallery__slide', 'pw-gallery__thumb']).flat())
    $('.pw-gallery__radio').each((i, el) => {
      const id = $(el).attr('id')!
      expect(id).toBe(`hero-gallery-${i + 1}`)
      expect($(el).next().next().is(`label[for="${id}"]`)).toBe(true)
    })
    expect(CSS).toMatch(/\.pw-gallery__radio:checked \+ \.pw-gallery__slide\s*\{[^}]*display: block/)
    expect(CSS).toMatch(/\.pw-gallery__radio:checked \+ \* \+ \.pw-gallery__thumb\s*\{/)
    expect(CSS).toMatch(/\.pw-gallery__radio:focus-visible \+ \* \+ \.pw-gallery__thumb\s*\{[^}]*outline:/)
  })

  it('names each thumbnail for screen readers; thumbnails themselves are decorative', () => {
    const $ = $render(images)
    const names = $('.pw-gallery__thumb')
      .toArray()
      .map((l) => $(l).text())
    expect(names).toEqual(['Image 1 of 3: Front of the apron', 'Image 2 of 3: Back with cross straps', 'Image 3 of 3'])
    expect(
      $('.pw-gallery__thumb img')
        .toArray()
        .every((i) => $(i).attr('alt') === ''),
    ).toBe(true)
  })

  it('loads only the first large image eagerly (high priority); the rest and the thumbnails lazily; all sized', () => {
    const $ = $render(images)
    const slides = $('.pw-gallery__slide img').toArray()
    expect(slides.map((i) => $(i).attr('loading'))).toEqual(['eager', 'lazy', 'lazy'])
    expect($(slides[0]).attr('fetchpriority')).toBe('high')
    expect($(slides[1]).attr('fetchpriority')).toBeUndefined()
    expect(
      $('.pw-gallery__thumb img')
        .toArray()
        .every((i) => $(i).attr('loading') === 'lazy'),
    ).toBe(true)
    for (const img of $('img').toArray()) {
      expect(Number($(img).attr('width'))).toBeGreaterThan(0)
      expect(Number($(img).attr('height'))).toBeGreaterThan(0)
    }
    expect(CSS).toMatch(/aspect-ratio: 1/)
  })

  it('one image: the image alone, no radios and no thumbnails; no images: nothing', () => {
    const $ = $render(images.slice(0, 1))
    expect($('.pw-gallery.pw-gallery--single')).toHaveLength(1)
    expect($('input, label')).toHaveLength(0)
    expect($('img')).toHaveLength(1)
    expect($('img').attr('loading')).toBe('eager')
    expect(renderToStaticMarkup(<Gallery images={[]} idPrefix="x" />)).toBe('')
  })

  it('two galleries on a page do not share ids or a group; no script, no inline handlers; text is escaped', () => {
    const html = renderToStaticMarkup(
      <>
        <Gallery images={images} idPrefix="hero" />
        <Gallery images={[...images, { src: '/media/x.png', alt: '"><script>alert(1)</script>' }]} idPrefix="more" />
      </>,
    )
    const $ = load(html)
    const ids = $('[id]')
      .toArray()
      .map((el) => $(el).attr('id'))
    expect(new Set(ids).size).toBe(ids.length)
    expect(
      new Set(
        $('input')
          .toArray()
          .map((el) => $(el).attr('name')),
      ),
    ).toEqual(new Set(['hero-gallery', 'more-gallery']))
    expect($('script')).toHaveLength(0)
    expect(html).not.toMatch(/\son[a-z]+=/i)
  })

  it('has a small stylesheet scoped under .pw-gallery', () => {
    const selectors = CSS.replace(/\/\*[\s\S]*?\*\//g, '')
      .match(/[^{}]+(?=\{)/g)!
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
    expect(selectors.length).toBeGreaterThan(0)
    for (const s of selectors) expect(s, s).toMatch(/^\.pw-gallery/)
    expect(gzipSync(CSS).length).toBeLessThan(1024)
  })
})
