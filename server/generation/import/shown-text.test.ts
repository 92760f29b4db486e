import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { shownText } from './shown-text'

const body = (html: string) => load(html)('body')[0]

describe('the words a page shows', () => {
  it('keeps lines and blocks apart and leaves out what is never shown', () => {
    const html = `<body><p>ingresa a<br/>tu cuenta</p><div>Soy nuevo</div><div>Ya tengo</div><script>var x = 'no'</script>
      <style>p{}</style><noscript>Enable JavaScript</noscript><svg><title>icon</title></svg><span>A</span><span>B</span></body>`
    expect(shownText(body(html))).toBe('ingresa a tu cuenta Soy nuevo Ya tengo AB')
  })

  it('counts its limit in words shown, not in the page’s indentation', () => {
    const indent = '\n' + ' '.repeat(200)
    const html = `<body>${`<div>${indent}<span>menu</span>${indent}</div>`.repeat(100)}<main><p>${'Long description. '.repeat(400)}</p></main></body>`
    const text = shownText(body(html), { limit: 6000 })
    expect(text.length).toBeGreaterThanOrEqual(6000)
    expect(text).toContain('Long description.')
  })

  it('leaves out the elements it is told to skip', () => {
    const $ = load('<body><header>Sign in</header><main>Blue Mug</main></body>')
    expect(shownText($('body')[0], { skip: new Set($('header').toArray()) })).toBe('Blue Mug')
  })
})
