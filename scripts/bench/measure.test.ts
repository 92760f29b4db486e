import { describe, expect, it } from 'vitest'
import { parseAssets } from './measure'

describe('parseAssets', () => {
  it('counts only JavaScript <script> blocks as JS; JSON-LD and import maps are data', () => {
    const html = `<!doctype html><html><head>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Mug"}</script>
      <script type="importmap">{"imports":{}}</script>
      <script type='APPLICATION/LD+JSON' src="/data.json"></script>
      <script>window.a = 1</script>
      <script type="module">import "/assets/entry.js"</script>
      <script type="text/javascript">window.b = 2</script>
      <script type=" application/javascript ">window.c = 3</script>
      <script type="module" src="/assets/root.js"></script>
      <style>body { margin: 0 }</style>
    </head><body></body></html>`
    const { refs, inline } = parseAssets(html)
    expect(refs).toEqual([{ kind: 'js', href: '/assets/root.js' }])
    expect(inline).toEqual([
      { kind: 'js', text: 'window.a = 1' },
      { kind: 'js', text: 'import "/assets/entry.js"' },
      { kind: 'js', text: 'window.b = 2' },
      { kind: 'js', text: 'window.c = 3' },
      { kind: 'css', text: 'body { margin: 0 }' },
    ])
  })
})
