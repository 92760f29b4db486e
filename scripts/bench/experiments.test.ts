import { describe, expect, it } from 'vitest'
import { EXPERIMENT_PAGE_CACHE_CONTROL } from '../../server/domain/experiments/shopper'
import { SHARED_PAGE_CACHE_CONTROL } from '../../server/domain/share'
import { goals, type Served } from './experiments'
import type { PageWeight } from './measure'

const weight = (html: string, js = 0): PageWeight => ({
  url: 'http://127.0.0.1/share/x',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  html: Buffer.from(html),
  htmlSize: { raw: Buffer.byteLength(html), gzip: 0 },
  js: { raw: js, gzip: js, files: js ? 1 : 0, inline: 0 },
  css: { raw: 100, gzip: 50, files: 1, inline: 0 },
  assets: [],
  crossOrigin: [],
})
const plain = (html = '<p>page</p>'): Served => ({
  name: 'plain',
  weight: weight(html),
  cacheControl: SHARED_PAGE_CACHE_CONTROL,
  vary: 'Accept-Encoding',
  etag: `"${html.length}"`,
  setCookie: '',
})
const variant = (setCookie = '', over: Partial<Served> = {}): Served => ({
  name: 'variant',
  weight: weight('<p>variant</p>'),
  cacheControl: EXPERIMENT_PAGE_CACHE_CONTROL,
  vary: 'Accept-Encoding, Cookie',
  etag: '"v"',
  setCookie,
  ...over,
})
const GO = { 'cache-control': 'no-store', location: 'https://shop.example/buy' }
const met = (list: ReturnType<typeof goals>) => list.map((g) => g.met)

describe('the experiments section’s goals', () => {
  it('are all met by private per-cookie variants without script, a cookie only for new shoppers, and the page unchanged after', () => {
    expect(met(goals(plain(), plain(), [variant('pw_x1=…; Path=/'), variant(), variant()], GO))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ])
  })

  it('are not met by a variant a CDN may keep, a script, a page changed after the experiment, or a cookie for returning shoppers', () => {
    const publicVariant = variant('pw_x1=…', { cacheControl: SHARED_PAGE_CACHE_CONTROL })
    const noVary = variant('', { vary: 'Accept-Encoding' })
    const scripted = variant('', { weight: weight('<p>variant</p>', 120) })
    const r = goals(plain(), plain('<p>page, changed</p>'), [publicVariant, noVary, scripted, variant('pw_x1=…')], {})
    expect(met(r)).toEqual([false, false, true, false, false, false])
  })
})
