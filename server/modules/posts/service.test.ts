import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { load } from 'cheerio'
import { afterEach, describe, expect, it } from 'vitest'
import { loadPosts, parsePost, POSTS_DIR, PostContentError } from './index'

const FRONT = {
  title: 'A title that is long enough',
  description: 'A description that is long enough to be a real summary of the post, really.',
  date: '2026-10-01',
  author: 'The Pagewright team',
  tags: '[reviews, product-pages]',
}
function post(body = 'Some text.\n', front: Record<string, string | undefined> = {}) {
  const lines = Object.entries({ ...FRONT, ...front })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`)
  return `---\n${lines.join('\n')}\n---\n${body}`
}

describe('post front matter', () => {
  it('takes the slug from the file name and the summary from the front matter', () => {
    const p = parsePost('/x/honest-pages.md', post('## Heading\n\nWords here.\n'))
    expect(p).toMatchObject({
      slug: 'honest-pages',
      title: FRONT.title,
      date: '2026-10-01',
      updated: null,
      tags: ['reviews', 'product-pages'],
    })
    expect(p.reading_minutes).toBe(1)
    expect(p.html).toContain('<h2>Heading</h2>')
  })

  it.each([
    ['a missing title', { title: undefined }, /title/],
    ['a short description', { description: 'Too short.' }, /description/],
    ['a date that is not a day', { date: '"1 Oct 2026"' }, /date: must be a day written YYYY-MM-DD/],
    ['a date that does not exist', { date: '2026-02-30' }, /date: is not a real day/],
    ['an update before the date', { updated: '2026-09-01' }, /updated: is before `date`/],
    ['a tag with spaces', { tags: '[Product Pages]' }, /tags/],
    ['an unknown key (a typo)', { tittle: 'x' }, /tittle/],
    ['a slug in the front matter (the file name is the slug)', { slug: 'other' }, /slug/],
  ])('refuses %s, naming the file', (_name, front, problem) => {
    const run = () => parsePost('/content/posts/broken-post.md', post('Text.\n', front))
    expect(run).toThrow(PostContentError)
    expect(run).toThrow(/^Post \/content\/posts\/broken-post\.md: front matter: /)
    expect(run).toThrow(problem)
  })

  it('refuses a file without front matter, with broken YAML, an empty body, an h1 or a bad file name', () => {
    expect(() => parsePost('/p/a-post.md', '# Just markdown\n')).toThrow(/a-post\.md: it must start with front matter/)
    expect(() => parsePost('/p/a-post.md', '---\ntitle: [unclosed\n---\nText')).toThrow(/a-post\.md: the front matter is not valid YAML/)
    expect(() => parsePost('/p/a-post.md', post('\n\n'))).toThrow(/a-post\.md: the article is empty/)
    expect(() => parsePost('/p/a-post.md', post('# Second title\n'))).toThrow(/use ## for headings/)
    expect(() => parsePost('/p/My Post.md', post())).toThrow(/My Post\.md: the file name is the address/)
  })
})

describe('post markdown cannot carry script', () => {
  const HOSTILE = [
    '<script>alert(1)</script>',
    '',
    '<img src=x onerror="alert(2)">',
    '',
    '<div onclick="alert(3)"><iframe src="https://evil.example"></iframe></div>',
    '',
    '[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [proto](//evil.example/x) [slash](/\\evil.example)',
    '',
    '[entity](jav&#x61;script:alert(5)) [spaced](java\tscript:alert(6)) <javascript:alert(7)>',
    '',
    '![img](javascript:alert(8)) ![pixel](http://tracker.example/p.gif) ![ok](https://cdn.example/p.png "t")',
    '',
    '[ref][r]',
    '',
    '[r]: javascript:alert(9)',
    '',
    '[x](https://ok.example/" onmouseover="alert(10)) `<b onmouseover=alert(11)>` **<u>raw</u>**',
    '',
    '```html',
    '<script>alert(12)</script>',
    '```',
  ].join('\n')

  it('renders none of it executable and keeps honest links', () => {
    const { html } = parsePost('/p/hostile.md', post(HOSTILE))
    const $ = load(html)
    expect($('script, iframe, div, u, style, object, embed, form, svg').length).toBe(0)
    const attributes = $('*')
      .toArray()
      .flatMap((el) => Object.entries((el as unknown as { attribs: Record<string, string> }).attribs))
    expect(attributes.filter(([name]) => name.startsWith('on'))).toEqual([])
    const hrefs = $('a')
      .map((_, a) => $(a).attr('href'))
      .get()
    const srcs = $('img')
      .map((_, i) => $(i).attr('src'))
      .get()
    expect(hrefs.filter((h) => !/^(?:https:\/\/|\/[^/\\]|#|mailto:)/.test(h))).toEqual([])
    expect(srcs).toEqual(['https://cdn.example/p.png'])
    expect($.text()).toContain('<script>alert(1)</script>') // shown as text, not run
    expect($('pre code').text()).toBe('<script>alert(12)</script>\n')
  })

  it('keeps same-site links in place and marks outside links', () => {
    const { html } = parsePost(
      '/p/links.md',
      post('[Templates](/templates) [FTC](https://www.ftc.gov/) [mail](mailto:help@example.com) [top](#top)'),
    )
    expect(html).toContain('<a href="/templates">Templates</a>')
    expect(html).toContain('<a href="https://www.ftc.gov/" rel="noopener noreferrer">FTC</a>')
    expect(html).toContain('<a href="#top">top</a>')
  })
})

describe('loading the folder', () => {
  let dir: string | undefined
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

  it('loads every post of the repository, newest first, each with a real length', () => {
    const posts = loadPosts(POSTS_DIR)
    expect(posts.length).toBeGreaterThanOrEqual(5)
    expect(posts.map((p) => p.date)).toEqual([...posts.map((p) => p.date)].sort().reverse())
    for (const p of posts) expect(p.reading_minutes, p.slug).toBeGreaterThanOrEqual(2)
  })

  it('fails on a broken post with the file it is in', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'posts-'))
    writeFileSync(path.join(dir, 'good-post.md'), post())
    writeFileSync(path.join(dir, 'bad-post.md'), post('Text', { date: 'soon' }))
    expect(() => loadPosts(dir)).toThrow(`Post ${path.join(dir, 'bad-post.md')}: front matter: date:`)
  })

  it('names a folder it cannot read', () => {
    expect(() => loadPosts('/no/such/posts')).toThrow('The posts folder /no/such/posts cannot be read')
  })
})
