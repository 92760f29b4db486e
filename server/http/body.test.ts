import { describe, expect, it } from 'vitest'
import { INPUT_LIMITS } from '../domain/text-input'
import { cleanFormRequest, cleanJsonRequest, cleanQuery, formKind, isRefusal } from './body'

const URL_ = 'http://app.test/account/sign-up'
const form = (body: string | Uint8Array<ArrayBuffer> | FormData, type?: string) =>
  new Request(URL_, { method: 'POST', body, headers: type ? { 'content-type': type } : {} })
const URLENCODED = 'application/x-www-form-urlencoded'

async function fields(request: Request | { status: number }) {
  if (!(request instanceof Request)) throw new Error(`refused: ${JSON.stringify(request)}`)
  return [...(await request.formData()).entries()]
}

describe('what page forms may post', () => {
  it('takes urlencoded and multipart with its boundary', () => {
    expect(formKind('application/x-www-form-urlencoded;charset=UTF-8')).toBe('urlencoded')
    expect(formKind('multipart/form-data; boundary=----x1')).toBe('multipart')
  })
  it.each([undefined, '', 'application/json', 'text/plain', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary='])(
    'refuses %j with 415 and a message',
    async (type) => {
      const refused = await cleanFormRequest(form('{"a":1}', type))
      expect(refused).toMatchObject({ status: 415, message: expect.stringMatching(/form posts only/) })
    },
  )
})

describe('form fields are cleaned before routes read them', () => {
  it('removes NUL and control characters, keeps line breaks and tabs, normalises to NFC', async () => {
    const body = new URLSearchParams({ name: 'A\u0000n\u0007a\u200b', note: 'one\r\ntwo\tthree', word: 'cafe\u0301' })
    expect(await fields(await cleanFormRequest(form(body.toString(), URLENCODED)))).toEqual([
      ['name', 'Ana\u200b'],
      ['note', 'one\r\ntwo\tthree'],
      ['word', 'café'],
    ])
  })
  it('drops prototype-named fields and keeps duplicates in order', async () => {
    const body = '__proto__=x&constructor=y&tag=a&tag=b&__pro%00to__=z'
    expect(await fields(await cleanFormRequest(form(body, URLENCODED)))).toEqual([
      ['tag', 'a'],
      ['tag', 'b'],
    ])
  })
  it('reads broken percent-escapes as replacement characters instead of failing', async () => {
    expect(await fields(await cleanFormRequest(form('name=%FF%E0%A4&x=%', URLENCODED)))).toEqual([
      ['name', '\ufffd\ufffd'],
      ['x', '%'],
    ])
  })
  it('cleans multipart text fields and passes files untouched', async () => {
    const data = new FormData()
    data.append('intent', 'import\u0000')
    data.append('file', new Blob(['rating,text\n5,Good\u0000']), 'reviews.csv')
    const cleaned = await cleanFormRequest(new Request(URL_, { method: 'POST', body: data }))
    if (isRefusal(cleaned)) throw new Error(cleaned.message)
    const out = await cleaned.formData()
    expect(out.get('intent')).toBe('import')
    expect(await (out.get('file') as File).text()).toBe('rating,text\n5,Good\u0000')
  })
  it('answers malformed multipart with 400', async () => {
    const refused = await cleanFormRequest(
      form('--b\r\nContent-Disposition: form-data\r\n\r\nno name, no end', 'multipart/form-data; boundary=b'),
    )
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/multipart body is malformed/) })
  })
})

describe('size limits', () => {
  it('a field longer than the limit is a 413 with a message', async () => {
    const body = `name=${'a'.repeat(INPUT_LIMITS.fieldChars + 1)}`
    expect(await cleanFormRequest(form(body, URLENCODED))).toMatchObject({ status: 413, message: expect.stringMatching(/too long/) })
  })
  it('a body past the limit is a 413, read to its end first', async () => {
    const big = new TextEncoder().encode(`a=${'x'.repeat(INPUT_LIMITS.formBytes)}`)
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = big.subarray(pulled, pulled + 64 * 1024)
        pulled += chunk.byteLength
        if (chunk.byteLength) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const request = new Request(URL_, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': URLENCODED },
      duplex: 'half',
    } as RequestInit)
    expect(await cleanFormRequest(request)).toMatchObject({ status: 413, message: expect.stringMatching(/too large/) })
    expect(pulled).toBe(big.byteLength)
  })
})

describe('api bodies', () => {
  const api = (body: string, type = 'application/json') =>
    new Request('http://app.test/v2/x', { method: 'POST', body, headers: { 'content-type': type } })
  it('cleans strings at any depth and drops prototype keys', async () => {
    const cleaned = await cleanJsonRequest(api('{"a":{"b":["x\\u0000y"]},"__proto__":{"admin":true},"constructor":1}'))
    if (isRefusal(cleaned)) throw new Error(cleaned.message)
    expect(cleaned.headers.get('content-type')).toBe('application/json')
    expect(await cleaned.json()).toEqual({ a: { b: ['xy'] } })
  })
  it('takes JSON sent with curl’s form type, and an empty body as {}', async () => {
    expect(await ((await cleanJsonRequest(api('{"a":1}', 'text/plain'))) as Request).json()).toEqual({ a: 1 })
    expect(await ((await cleanJsonRequest(api(''))) as Request).json()).toEqual({})
  })
  it('refuses malformed JSON, too deep JSON and too large JSON', async () => {
    expect(await cleanJsonRequest(api('{"a":'))).toMatchObject({ status: 400, message: 'The request body must be JSON.' })
    expect(await cleanJsonRequest(api('['.repeat(1000) + ']'.repeat(1000)))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/nested too deeply/),
    })
    expect(await cleanJsonRequest(api(`"${'x'.repeat(INPUT_LIMITS.jsonBytes)}"`))).toMatchObject({ status: 413 })
  })
})

describe('queries', () => {
  it('are cleaned like fields when they need it, and left byte-for-byte otherwise', () => {
    const signed = new Request('http://app.test/v2/shopify/oauth/callback?shop=a.myshopify.com&hmac=ab%2Bcd&timestamp=1')
    expect(cleanQuery(signed)).toBe(signed)
    const dirty = cleanQuery(new Request('http://app.test/v2/shopify_products/?q=mug%00&__proto__=1&page=2'))
    expect(new URL(dirty.url).search).toBe('?q=mug&page=2')
  })
  it('replace lone surrogates (Postgres refuses them in JSON) and keep pairs', async () => {
    const cleaned = await cleanJsonRequest(
      new Request('http://app.test/v2/x', {
        method: 'POST',
        body: '{"t":"a\\ud800b \\ud83d\\ude00"}',
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(await (cleaned as Request).json()).toEqual({ t: 'a\ufffdb 😀' })
  })
})
