import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { renderHomePage, renderProductPage, type StorefrontTheme } from '../../server/liquid/storefront'
import { BASE_URL, productWith, storefrontContext } from './helpers'

// The Shopify tags and filters the storefront supports, on a small theme written for the test.

const files: Record<string, string> = {
  'layout/theme.liquid':
    "<html><head>{{ content_for_header }}{{ 'x.css' | asset_url | stylesheet_tag }}</head><body>{% section 'banner' %}{{ content_for_layout }}</body></html>",
  'config/settings_schema.json': JSON.stringify([
    { name: 'theme_info' },
    { name: 'Colours', settings: [{ type: 'color', id: 'accent', label: 'A', default: '#111111' }] },
  ]),
  'config/settings_data.json': `/* generated */\n${JSON.stringify({ current: { accent: '#222222', sections: { banner: { type: 'banner', settings: { text: 'Saved <text>' } } } } })}`,
  'locales/en.default.json': JSON.stringify({
    cart: { items: { one: '{{ count }} item', other: '{{ count }} items' } },
    hello: 'Hello {{ name }}',
  }),
  'sections/banner.liquid':
    '<p class="banner">{{ section.settings.text | escape }} {{ settings.accent }}</p>{% schema %}{"name":"Banner","settings":[{"type":"text","id":"text","label":"T","default":"Default"}]}{% endschema %}',
  'sections/main.liquid': [
    '{% stylesheet %}.main{color:red}{% endstylesheet %}{% javascript %}alert(1){% endjavascript %}',
    '<h1>{{ product.title | escape }}</h1>',
    '<p class="money">{{ product.price | money }}|{{ product.price | money_with_currency }}|{{ product.compare_at_price | money }}</p>',
    "<p class=\"t\">{{ 'cart.items' | t: count: 1 }}|{{ 'cart.items' | t: count: 3 }}|{{ 'hello' | t: name: product.vendor }}|{{ 'missing.key' | t }}</p>",
    '<p class="filters">{{ product.title | handleize }}|{{ "a b&c" | url_encode }}|{{ nothing | default: "fallback" }}</p>',
    '<script type="application/json" class="json">{{ product.title | json }}</script>',
    "{{ product.featured_image | image_url: width: 300 | image_tag: loading: 'lazy', class: 'img' }}",
    '<p class="settings">{{ section.settings.heading }}|{{ section.blocks.size }}|{% for b in section.blocks %}{{ b.type }}:{{ b.settings.label }};{% endfor %}</p>',
    "{% form 'product', product, id: 'f', class: 'c' %}<input name=\"id\" value=\"{{ product.selected_or_first_available_variant.id }}\">{% endform %}",
    '{% schema %}{"name":"Main","settings":[{"type":"text","id":"heading","label":"H","default":"Default heading"}],',
    '"blocks":[{"type":"note","name":"Note","settings":[{"type":"text","id":"label","label":"L","default":"from schema"}]}]}{% endschema %}',
  ].join('\n'),
  'sections/broken.liquid': '{{ product.title | append }}{% schema %}{"name":"Broken"}{% endschema %}',
  'templates/product.json': JSON.stringify({
    sections: {
      main: {
        type: 'main',
        blocks: { a: { type: 'note' }, b: { type: 'note', settings: { label: 'given' } }, c: { type: 'note', disabled: true } },
        block_order: ['b', 'a', 'c'],
      },
      broken: { type: 'broken' },
      off: { type: 'main', disabled: true },
    },
    order: ['main', 'broken', 'off'],
  }),
  'templates/index.liquid': '{% layout none %}<ul>{% for p in collections.all.products %}<li>{{ p.title | escape }}</li>{% endfor %}</ul>',
}
const theme: StorefrontTheme = { id: 'test-theme', name: 'Test', files }

describe('the storefront’s Shopify Liquid', () => {
  it('renders sections, settings, blocks, filters and forms as Shopify does', async () => {
    const product = productWith(null, { title: 'Trail & <Bottle>', compareAtPrice: null })
    const html = await renderProductPage(theme, product, storefrontContext())
    const $ = load(html)
    expect($('link[rel=stylesheet]').attr('href')).toBe(`${BASE_URL}/theme-assets/test-theme/x.css`)
    expect($('.banner').text()).toBe('Saved <text> #222222')
    expect($('.money').text()).toBe('$34.50|$34.50 USD|')
    expect($('.t').text()).toBe('1 item|3 items|Hello Trailhead Co|translation missing: en.missing.key')
    expect($('.filters').text()).toBe('trail-bottle|a+b%26c|fallback')
    expect($('.json').html()).toBe('"Trail \\u0026 \\u003cBottle\\u003e"')
    expect($('img.img').attr('src')).toBe('https://cdn.example.com/trailhead.jpg')
    expect($('img.img').attr('alt')).toBe('Trailhead bottle')
    expect($('.settings').text()).toBe('Default heading|2|note:given;note:from schema;')
    expect($('form#f.c').attr('action')).toBe(`${BASE_URL}/cart/add`)
    expect($('form#f input[name=id]').val()).toBe('9101')
    expect($('style').text()).toBe('.main{color:red}')
    expect(html).not.toContain('alert(1)')
    expect($('h1').length).toBe(1) // the disabled section is left out
    expect($('.liquid-error').text()).toMatch(/^Liquid error \(sections\/broken\.liquid\)/) // and the page still renders
  })

  it('renders .liquid templates and `layout none`', async () => {
    const html = await renderHomePage(theme, [productWith(null), productWith(null, { title: 'B' })], storefrontContext())
    expect(html).toBe('<ul><li>Trailhead Bottle</li><li>B</li></ul>')
  })
})
