import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from 'cheerio'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { pageSchema, type Page, type Section } from '../../../server/domain/page/schema'
import { SECTION_TYPES } from '../../../server/domain/page/section-types'
import { sanitize } from '../../../server/domain/sanitize'
import { samplePage, sampleInput, XSS_BODY } from '../../../tests/fixtures/pages/sample-page'
import { SanitizedHtml } from '../SanitizedHtml'
import { ImageWithTextSection } from './ImageWithTextSection'
import { PageView, type PageViewProps } from './PageView'

const render = (props: Partial<PageViewProps> = {}) => renderToStaticMarkup(<PageView page={samplePage} {...props} />)
const $render = (props: Partial<PageViewProps> = {}) => load(render(props))
const section = <T extends Section['type']>(type: T, page: Page = samplePage) =>
  page.sections.find((s): s is Extract<Section, { type: T }> => s.type === type)!
const pageWith = (sections: unknown[]): Page => pageSchema.parse({ theme: sampleInput.theme, sections })

describe('sample page fixture', () => {
  it('is a valid page covering every section type', () => {
    expect(new Set(samplePage.sections.map((s) => s.type))).toEqual(new Set(SECTION_TYPES))
  })
})

describe('PageView', () => {
  it('renders every section in order as <section id data-section-type>', () => {
    const $ = $render()
    const rendered = $('.pw-page > section')
      .toArray()
      .map((el) => [$(el).attr('id'), $(el).attr('data-section-type')])
    expect(rendered).toEqual(samplePage.sections.map((s) => [s.id, s.type]))
  })

  it('sets the theme as custom properties on the root style attribute', () => {
    const $ = $render()
    const root = $('.pw-page')
    const style = root.attr('style')!
    expect(style).toContain('--pw-primary:#0f3d3e')
    expect(style).toContain('--pw-accent:#e07a1f')
    expect(style).toContain('--pw-background:#fffdf8')
    expect(style).toContain('--pw-text:#1b1f23')
    expect(style).toMatch(/--pw-on-primary:#ffffff/)
    expect(root.attr('data-font')).toBe('rounded')
    expect(root.attr('data-radius')).toBe('large')
  })

  it('marks mode and device (mobile preview gets the narrow container)', () => {
    expect($render().root().find('.pw-page').attr('data-mode')).toBe('share')
    const $ = $render({ mode: 'preview', device: 'mobile' })
    expect($('.pw-page').attr('data-mode')).toBe('preview')
    expect($('.pw-page').attr('data-device')).toBe('mobile')
    const css = readFileSync(fileURLToPath(new URL('../../styles/page.css', import.meta.url)), 'utf8')
    expect(css).toMatch(/\.pw-page\[data-device="mobile"\]\s*\{[^}]*max-width/)
  })

  it('has exactly one h1, the hero heading; every other section heading is an h2', () => {
    const $ = $render()
    expect($('h1')).toHaveLength(1)
    expect($('h1').text()).toBe(section('hero').heading)
    const others = samplePage.sections.filter((s) => s.type !== 'hero')
    expect(
      $('section > .pw-inner > h2')
        .toArray()
        .map((el) => $(el).text()),
    ).toEqual(others.map((s) => s.heading))
  })

  it('still has exactly one h1 without a hero, or with two heroes', () => {
    const [hero, benefits, ...rest] = sampleInput.sections
    const noHero = load(renderToStaticMarkup(<PageView page={pageWith([benefits, ...rest])} />))
    expect(noHero('h1')).toHaveLength(1)
    expect(noHero('h1').text()).toBe(benefits.heading)
    const twoHeroes = load(
      renderToStaticMarkup(<PageView page={pageWith([hero, benefits, { ...hero, id: 'hero-2', heading: 'Again' }])} />),
    )
    expect(twoHeroes('h1')).toHaveLength(1)
    expect(twoHeroes('#hero-2 h2').text()).toBe('Again')
  })

  it('names each section by its heading (aria-labelledby)', () => {
    const $ = $render()
    $('.pw-page > section').each((_, el) => {
      const id = $(el).attr('aria-labelledby')!
      expect($(`#${id}`).text()).toBe(samplePage.sections.find((s) => s.id === $(el).attr('id'))!.heading)
    })
  })

  const withBuyUrl = (buyUrl: string | null) => ({
    ...samplePage,
    owner: { price: null, compareAt: null, currency: null, buyUrl, guarantee: null, shipping: null, returns: null },
  })

  it("links buy buttons to the owner's buy target; the first call to action is the #buy anchor", () => {
    const withUrl = $render({ page: withBuyUrl('https://shop.example.com/products/trailhead') })
    expect(
      withUrl('section a.pw-button')
        .toArray()
        .map((a) => withUrl(a).attr('href')),
    ).toEqual(['https://shop.example.com/products/trailhead', 'https://shop.example.com/products/trailhead'])
    expect(withUrl('#buy')).toHaveLength(1)
    expect(withUrl('#cta #buy')).toHaveLength(1)
  })

  it('without a buy target: no dead button for shoppers; the owner preview says where to set it', () => {
    const $ = $render({ page: withBuyUrl(null) })
    expect($('a.pw-button')).toHaveLength(0)
    expect($('.pw-price').length + $('.pw-lead').length).toBeGreaterThan(0)
    const owner = $render({ page: withBuyUrl(null), mode: 'preview', setBuyHref: '/product-edit/x#owner' })
    expect(owner('#hero a.pw-button').attr('href')).toBe('/product-edit/x#owner')
    expect(owner('#hero a.pw-button').text()).toBe('Set where the button goes')
  })

  it('refuses a non-web buy target', () => {
    const $ = $render({ page: withBuyUrl('javascript:alert(1)') })
    expect($('a.pw-button')).toHaveLength(0)
    expect(render({ page: withBuyUrl('//evil.example') })).not.toContain('//evil.example')
  })

  it('works without JavaScript: no scripts, no event handler attributes', () => {
    const html = render({ mode: 'preview' })
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/\son[a-z]+=/i)
  })
})

describe('sections', () => {
  it('hero: heading, subheading, eager high-priority image with size and alt, price, CTA', () => {
    const hero = section('hero')
    const $ = $render()
    const s = $('#hero')
    expect(s.find('.pw-lead').text()).toBe(hero.subheading)
    const img = s.find('img')
    expect(img.attr('src')).toBe(hero.image!.src)
    expect(img.attr('alt')).toBe(hero.image!.alt)
    expect(img.attr('width')).toBe('800')
    expect(img.attr('height')).toBe('800')
    expect(img.attr('loading')).toBe('eager')
    expect(img.attr('fetchpriority')).toBe('high')
    expect(s.find('a.pw-button').text()).toBe('Get yours')
  })

  it('hero without an image renders no <img>', () => {
    const [hero] = sampleInput.sections
    const $ = load(renderToStaticMarkup(<PageView page={pageWith([{ ...hero, image: null }])} />))
    expect($('#hero img')).toHaveLength(0)
    expect($('#hero').hasClass('pw-hero--media')).toBe(false)
  })

  it('prices: formatted in the currency, compare-at struck through only when present and higher', () => {
    const $ = $render()
    expect($('#hero .pw-price__now').text()).toBe('$29.99')
    expect($('#hero s.pw-price__was').text()).toBe('was $39.99')
    expect($('#cta .pw-price__now').text()).toBe('$29.99')
    expect($('#cta s')).toHaveLength(0)

    const [hero] = sampleInput.sections
    const lower = load(
      renderToStaticMarkup(<PageView page={pageWith([{ ...hero, price: { amount: 1234.5, compareAt: 1000, currency: 'EUR' } }])} />),
    )
    expect(lower('.pw-price__now').text()).toBe('€1,234.50')
    expect(lower('s')).toHaveLength(0)
    const equal = load(
      renderToStaticMarkup(<PageView page={pageWith([{ ...hero, price: { amount: 10, compareAt: 10, currency: 'GBP' } }])} />),
    )
    expect(equal('.pw-price').text()).toBe('£10.00')
    const none = load(renderToStaticMarkup(<PageView page={pageWith([{ ...hero, price: null }])} />))
    expect(none('.pw-price')).toHaveLength(0)
  })

  it('benefits: a card per item', () => {
    const benefits = section('benefits')
    const $ = $render()
    const cards = $('#benefits li.pw-card')
    expect(cards).toHaveLength(benefits.items.length)
    cards.each((i, el) => {
      expect($(el).find('h3').text()).toBe(benefits.items[i].title)
      expect($(el).find('p').text()).toBe(benefits.items[i].text)
    })
  })

  it('image-with-text: image, position and sanitized body', () => {
    const $ = $render()
    const s = $('#materials')
    expect(s.hasClass('pw-split--left')).toBe(true)
    expect($('#everyday').hasClass('pw-split--right')).toBe(true)
    const img = s.find('img')
    expect(img.attr('src')).toBe('https://cdn.example.com/products/trailhead-750-cutaway.jpg')
    expect(img.attr('loading')).toBe('lazy')
    expect(img.attr('decoding')).toBe('async')
    expect(img.attr('width')).toBe('800')
    expect(img.attr('height')).toBe('600')
    expect(s.find('.pw-rich strong').text()).toBe('18/8 stainless steel')
    expect($('#everyday .pw-rich li')).toHaveLength(2)
  })

  it('image-with-text: a null image becomes a themed placeholder', () => {
    const img = $render()('#everyday img')
    const src = img.attr('src')!
    expect(src).toMatch(/^\/placeholder\/800x600\.svg\?/)
    const q = new URLSearchParams(src.split('?')[1])
    expect(q.get('bg')).toBe('0f3d3e')
    expect(q.get('fg')).toBe('fffdf8')
    expect(img.attr('alt')).toBe('')
    expect(img.attr('loading')).toBe('lazy')
    expect(img.attr('width')).toBe('800')
  })

  it('stats: big figures with label and source', () => {
    const stats = section('stats')
    const $ = $render()
    const items = $('#stats dl .pw-stat')
    expect(items).toHaveLength(stats.items.length)
    items.each((i, el) => {
      expect($(el).find('dt').text()).toBe(stats.items[i].label)
      expect(
        $(el)
          .find('.pw-stat__value')
          .text()
          .replace(/\u00a0/g, ' '),
      ).toBe(stats.items[i].value)
      expect($(el).find('.pw-stat__source').text()).toBe(`Source: ${stats.items[i].source}`)
    })
  })

  it('comparison: a real table with column and row headers', () => {
    const cmp = section('comparison')
    const $ = $render()
    const table = $('#compare table')
    expect(table).toHaveLength(1)
    expect(
      table
        .find('thead th[scope="col"]')
        .toArray()
        .map((el) => $(el).text()),
    ).toEqual(['Feature', ...cmp.columns])
    expect(
      table
        .find('tbody th[scope="row"]')
        .toArray()
        .map((el) => $(el).text()),
    ).toEqual(cmp.rows.map((r) => r.label))
    expect(
      table
        .find('tbody tr')
        .first()
        .find('td')
        .toArray()
        // Figures keep their units with no-break spaces (keepTogether); the words are the same.
        .map((el) =>
          $(el)
            .text()
            .replace(/\u00a0/g, ' '),
        ),
    ).toEqual(cmp.rows[0].cells)
  })

  it('comparison: a leading label column header is used, short rows are padded', () => {
    const page = pageWith([
      {
        id: 'c',
        type: 'comparison',
        heading: 'Compare',
        columns: ['Feature', 'Ours', 'Theirs'],
        rows: [
          { label: 'Size', cells: ['S', 'M'] },
          { label: 'Colour', cells: ['Red'] },
        ],
      },
    ])
    const $ = load(renderToStaticMarkup(<PageView page={page} />))
    expect(
      $('thead th')
        .toArray()
        .map((el) => $(el).text()),
    ).toEqual(['Feature', 'Ours', 'Theirs'])
    expect($('tbody tr').eq(1).find('td')).toHaveLength(2)
  })

  it('reviews: provenance, summary and exactly the given reviews, in order', () => {
    const reviews = section('reviews')
    const $ = $render()
    const s = $('#reviews')
    expect(s.find('.pw-provenance').text()).toBe('Reviews from AliExpress')
    expect(s.find('.pw-summary').text()).toContain('4.7 out of 5 · 3 reviews')
    expect(s.find('.pw-summary [role="img"]').attr('aria-label')).toBe('Rated 4.7 out of 5')
    const items = s.find('li.pw-review')
    expect(items).toHaveLength(reviews.items.length)
    items.each((i, el) => {
      const r = reviews.items[i]
      expect($(el).find('.pw-review__author').text()).toBe(r.author)
      expect($(el).find('.pw-review__body').text()).toBe(r.body)
      expect($(el).find('h3').text()).toBe(r.title ?? '')
      expect($(el).find('[role="img"]').attr('aria-label')).toBe(r.rating === null ? undefined : `Rated ${r.rating} out of 5`)
    })
    // Only ratings the source gave: three rated reviews + the summary.
    expect(s.find('[aria-label^="Rated"]')).toHaveLength(4)
  })

  it('reviews: dates are formatted; unparseable dates are shown as given; no date, no <time>', () => {
    const $ = $render()
    const times = $('#reviews time')
    expect(times.eq(0).text()).toBe('Mar 5, 2024')
    expect(times.eq(0).attr('datetime')).toBe('2024-03-05')
    expect(times.eq(2).text()).toBe('Jan 2024')
    expect(times.eq(2).attr('datetime')).toBeUndefined()
    expect(times).toHaveLength(3)
  })

  it('reviews: no summary, no summary line; the provenance still shows', () => {
    const reviews = sampleInput.sections.find((s) => s.type === 'reviews')!
    const $ = load(
      renderToStaticMarkup(
        <PageView page={pageWith([{ ...reviews, summary: null, provenance: 'Reviews from the store', items: [reviews.items[1]] }])} />,
      ),
    )
    expect($('.pw-summary')).toHaveLength(0)
    expect($('.pw-provenance').text()).toBe('Reviews from the store')
    expect($('li.pw-review')).toHaveLength(1)
    expect($('li.pw-review .pw-review__body').text()).toBe(reviews.items[1].body)
  })

  it('faq: native <details>/<summary>', () => {
    const faq = section('faq')
    const $ = $render()
    const details = $('#faq details')
    expect(details).toHaveLength(faq.items.length)
    details.each((i, el) => {
      expect($(el).find('summary').text()).toBe(faq.items[i].question)
      expect($(el).find('p').text()).toBe(faq.items[i].answer)
    })
  })

  it('guarantee: heading and text', () => {
    const $ = $render()
    expect($('#guarantee h2').text()).toBe('30-day returns')
    expect($('#guarantee p').text()).toBe(section('guarantee').text)
    expect($('#guarantee svg').attr('aria-hidden')).toBe('true')
  })

  it('cta: heading, text, price and button', () => {
    const cta = section('cta')
    const $ = $render()
    expect($('#cta h2').text()).toBe(cta.heading)
    expect($('#cta .pw-lead').text()).toBe(cta.text)
    expect($('#cta a.pw-button').text()).toBe('Buy now')
  })

  it('specs: a description list of name/value pairs', () => {
    const specs = section('specs')
    const $ = $render()
    expect(
      $('#specs dl dt')
        .toArray()
        .map((el) => $(el).text()),
    ).toEqual(specs.items.map((i) => i.name))
    expect(
      $('#specs dl dd')
        .toArray()
        .map((el) =>
          $(el)
            .text()
            .replace(/\u00a0/g, ' '),
        ),
    ).toEqual(specs.items.map((i) => i.value))
    // …and numbers never wrap away from their units.
    expect($('#specs dl dd').text()).not.toMatch(/\d \S/)
  })
})

describe('untrusted HTML', () => {
  it('a page whose body was sanitized from an XSS payload renders no script, handler or javascript: URL', () => {
    const html = render()
    for (const bad of ['<script', 'onerror', 'onclick', 'onload', 'javascript:', '<iframe', '<svg onload']) {
      expect(html.toLowerCase()).not.toContain(bad)
    }
    const $ = load(html)
    expect($('.pw-rich [style]')).toHaveLength(0)
    expect(
      $('.pw-rich a[href]')
        .toArray()
        .map((a) => $(a).attr('href')),
    ).toEqual(['https://example.com/care'])
    expect($('.pw-rich a[href]').attr('rel')).toContain('noopener')
    expect($('.pw-rich img').attr('onerror')).toBeUndefined()
  })

  it('the same holds for the section on its own with sanitize() output', () => {
    const html = renderToStaticMarkup(
      <ImageWithTextSection
        section={{ id: 'x', type: 'image-with-text', heading: 'X', body: sanitize(XSS_BODY), image: null, imagePosition: 'left' }}
      />,
    )
    expect(html).not.toMatch(/<script|onerror|javascript:/i)
    expect(html).toContain('Fits most cup holders.')
  })

  it('SanitizedHtml accepts only the branded type', () => {
    // @ts-expect-error a plain string is not SanitizedHtml
    const plain = <SanitizedHtml html="<b>x</b>" />
    expect(plain).toBeTruthy()
    expect(renderToStaticMarkup(<SanitizedHtml html={sanitize('<b onclick="x()">ok</b><script>alert(1)</script>')} className="c" />)).toBe(
      '<div class="c"><b>ok</b></div>',
    )
  })

  it('only SanitizedHtml.tsx uses dangerouslySetInnerHTML', () => {
    const appDir = fileURLToPath(new URL('../../', import.meta.url))
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = join(dir, name)
        return statSync(p).isDirectory() ? files(p) : /\.(tsx?|jsx?)$/.test(name) && !/\.test\./.test(name) ? [p] : []
      })
    const users = files(appDir)
      .filter((f) => readFileSync(f, 'utf8').includes('dangerously' + 'SetInnerHTML'))
      .map((f) => relative(appDir, f).split('\\').join('/'))
    expect(users).toEqual(['components/SanitizedHtml.tsx'])
    // And the sections folder itself has none.
    expect(
      files(fileURLToPath(new URL('.', import.meta.url))).some((f) => readFileSync(f, 'utf8').includes('dangerously' + 'SetInnerHTML')),
    ).toBe(false)
  })
})
