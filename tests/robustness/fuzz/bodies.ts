/**
 * Hostile inputs, as data: form bodies for the web's actions, JSON bodies for the api, query
 * strings and path ids for both. Each generator takes a plausible base (the fields a page's form
 * really has, or a sample of the contract's schema) and returns named variants.
 */

/** A form value sent as is (already percent-encoded), to send escapes no encoder would produce. */
export interface Raw {
  raw: string
}
export type Part = string | Raw
export type Field = [Part, Part]

export interface Body {
  /** The content-type header; undefined sends none. */
  type?: string
  data: string | Buffer
}

export const MB = 1024 * 1024
/** Bodies above any sensible limit: the answer must be a 413. */
export const OVERSIZE = 10 * MB

/** NUL, every C0 control, DEL, line/paragraph separators, BOM and a non-character. */
export const CONTROL =
  '\u0000' + Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('') + '\u007f\u2028\u2029\ufeff\uffff'
export const NUL_TEXT = 'a\u0000b'
/** Not UTF-8 once decoded: a lone byte, a truncated sequence, a surrogate, an overlong slash, a lone `%`. */
export const BAD_ESCAPES = 'x%FFy%E0%A4z%ED%A0%80%C0%AF%'
export const LONG = 100 * 1024

const enc = (p: Part) => (typeof p === 'string' ? encodeURIComponent(p) : p.raw)
const text = (p: Part) => (typeof p === 'string' ? p : decodeURIComponentLoose(p.raw))
function decodeURIComponentLoose(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export const urlencoded = (fields: Field[], type = 'application/x-www-form-urlencoded'): Body => ({
  type,
  data: fields.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'),
})

export function multipart(fields: Field[], boundary = '----fuzz7MA4YWxkTrZu0gW'): Body {
  const parts = fields.map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${text(k).replace(/"/g, '%22')}"\r\n\r\n${text(v)}\r\n`,
  )
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.from(parts.join('') + `--${boundary}--\r\n`) }
}

/** The names a form field class is known by: `items.3.title` and `items.0.title` are one class. */
export const fieldClass = (name: string) => name.replace(/\d+/g, 'N')

const replaceAll = (fields: Field[], value: (v: Part, k: Part) => Part): Field[] => fields.map(([k, v]) => [k, value(v, k)])
const replaceOne = (fields: Field[], i: number, value: Part): Field[] => fields.map((f, j) => (j === i ? [f[0], value] : f))
const str = (v: Part) => (typeof v === 'string' ? v : '')

export interface Variant {
  input: string
  body: Body
  oversize?: boolean
  headers?: Record<string, string>
}

/**
 * Bodies that do not depend on the form: content types the front refuses, broken multipart,
 * garbage encodings, prototype keys, the oversize ones. `base` is one real form of the route.
 */
export function genericFormVariants(base: Field[], baseUrl: string, oversize: 'field' | 'total'): Variant[] {
  const b = 'fuzzBoundary9f3a'
  const chunk = 'w'.repeat(64 * 1024)
  return [
    { input: 'empty body, no content-type', body: { data: '' } },
    { input: 'empty urlencoded body', body: urlencoded([]) },
    {
      input: 'JSON body',
      body: { type: 'application/json', data: JSON.stringify(Object.fromEntries(base.map(([k, v]) => [text(k), text(v)]))) },
    },
    { input: 'text/plain body', body: { type: 'text/plain', data: urlencoded(base).data } },
    {
      input: 'XML body',
      body: { type: 'application/xml', data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
    },
    { input: 'multipart without boundary', body: { type: 'multipart/form-data', data: multipart(base, b).data } },
    { input: 'multipart with empty boundary', body: { type: 'multipart/form-data; boundary=', data: multipart(base, b).data } },
    { input: 'multipart with a 300-char boundary', body: multipart(base, 'q'.repeat(300)) },
    {
      input: 'multipart with an unterminated quoted boundary',
      body: { type: 'multipart/form-data; boundary="abc', data: multipart(base, 'abc').data },
    },
    {
      input: 'multipart, body uses another boundary',
      body: { type: `multipart/form-data; boundary=${b}`, data: multipart(base, 'other').data },
    },
    {
      input: 'multipart, truncated (no closing boundary)',
      body: { type: `multipart/form-data; boundary=${b}`, data: `--${b}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx` },
    },
    {
      input: 'multipart, part without headers',
      body: { type: `multipart/form-data; boundary=${b}`, data: `--${b}\r\n\r\nvalue\r\n--${b}--\r\n` },
    },
    {
      input: 'multipart, garbage between boundaries',
      body: { type: `multipart/form-data; boundary=${b}`, data: `--${b}\r\n\u0000\u0001garbage\r\n\r\n--${b}\r\n--${b}--` },
    },
    {
      input: 'multipart, every field sent as a file',
      body: {
        type: `multipart/form-data; boundary=${b}`,
        data: Buffer.from(
          base
            .map(
              ([k, v]) =>
                `--${b}\r\nContent-Disposition: form-data; name="${text(k)}"; filename="../../etc/x\u0000.csv"\r\nContent-Type: application/octet-stream\r\n\r\n${text(v)}\u0000\u00ff\r\n`,
            )
            .join('') + `--${b}--\r\n`,
        ),
      },
    },
    { input: 'multipart, NUL in field names', body: multipart(base.map(([k, v]) => [`${text(k)}\u0000x`, v])) },
    { input: 'urlencoded with a bogus charset', body: urlencoded(base, 'application/x-www-form-urlencoded; charset=utf-7') },
    { input: 'urlencoded garbage separators', body: { type: 'application/x-www-form-urlencoded', data: '&&==&%&%%=%&=&a&;&%3D%3D' } },
    { input: 'urlencoded, unknown intent', body: urlencoded([...base.filter(([k]) => k !== 'intent'), ['intent', 'drop-database']]) },
    { input: 'urlencoded, unknown intent __proto__', body: urlencoded([...base.filter(([k]) => k !== 'intent'), ['intent', '__proto__']]) },
    { input: 'urlencoded, every field twice', body: urlencoded([...base, ...replaceAll(base, (v) => `${str(v)}2`)]) },
    {
      input: 'urlencoded, prototype keys',
      body: urlencoded([
        ...base,
        ['__proto__', 'x'],
        ['__proto__[polluted]', '1'],
        ['constructor', 'x'],
        ['constructor[prototype][polluted]', '1'],
        ['prototype', 'x'],
        ['toString', 'x'],
        ['hasOwnProperty', 'x'],
      ]),
    },
    {
      input: 'urlencoded, prototype keys instead of the fields',
      body: urlencoded(base.map(([, v], i) => [['__proto__', 'constructor', 'prototype'][i % 3], v])),
    },
    { input: 'urlencoded, invalid escapes in names', body: urlencoded(base.map(([k, v]) => [{ raw: `${enc(k)}%FF%E0%A4` }, v])) },
    {
      input: 'urlencoded, 20,000 tiny fields',
      body: { type: 'application/x-www-form-urlencoded', data: Array.from({ length: 20_000 }, (_, i) => `f${i}=1`).join('&') },
    },
    { input: 'urlencoded, same origin (Origin = public URL)', body: urlencoded(base), headers: { origin: baseUrl } },
    {
      input: 'multipart, same origin (Origin = public URL)',
      body: multipart(base),
      headers: { origin: baseUrl, 'sec-fetch-site': 'same-origin' },
    },
    { input: 'empty body, same origin (Origin = public URL)', body: urlencoded([]), headers: { origin: baseUrl } },
    oversize === 'field'
      ? { input: '10 MB field (multipart)', body: multipart([...base, ['big', 'v'.repeat(OVERSIZE)]]), oversize: true }
      : {
          input: '10 MB body (urlencoded, 160 fields of 64 KB)',
          body: urlencoded([...base, ...Array.from({ length: OVERSIZE / chunk.length }, (_, i): Field => [`f${i}`, chunk])]),
          oversize: true,
        },
  ]
}

/**
 * Variants of one real form: the whole form made hostile at once (every kind for the route's first
 * form, the main kinds for its others), each field class once, and each other submit button.
 */
export function formVariants(
  form: { fields: Field[]; buttons: Field[] },
  opts: { full: boolean; skipFieldClasses: Set<string>; foreignIds: string[] },
): Variant[] {
  const out: Variant[] = []
  const first = form.buttons[0]
  const base: Field[] = first ? [...form.fields, first] : form.fields
  const label = first ? `${text(first[0])}=${text(first[1])}` : 'no button'
  const every = (input: string, value: (v: Part, k: Part) => Part) =>
    out.push({ input: `${input} [${label}]`, body: urlencoded(replaceAll(base, value)) })
  const keepIntent = (value: Part) => (v: Part, k: Part) => (k === 'intent' ? v : value)
  out.push({ input: `the form as rendered [${label}]`, body: urlencoded(base) })
  every('NUL and control chars in every field', (v) => `${str(v)}${CONTROL}`)
  if (opts.full) {
    every('every field empty', keepIntent(''))
    every('invalid UTF-8 escapes in every field', (v) => ({ raw: `${enc(v)}${BAD_ESCAPES}` }))
    out.push({ input: `the form as rendered, multipart [${label}]`, body: multipart(base) })
    every('every field whitespace', keepIntent(' \t\r\n\u00a0\u3000'))
    every('NUL in every field', (v) => `${str(v)}${NUL_TEXT}`)
    out.push({ input: `NUL in every field, multipart [${label}]`, body: multipart(replaceAll(base, (v) => `${str(v)}${NUL_TEXT}`)) })
    every('100 KB in every field', () => 'L'.repeat(LONG))
    every('numbers out of range in every field', keepIntent('-99999999999999999999999.5e999'))
    every("another account's ids in every field", keepIntent(opts.foreignIds[0] ?? '1'))
  }
  const withButton = (fields: Field[]) => (first ? [...fields, first] : fields)
  form.fields.forEach(([k], i) => {
    const cls = fieldClass(text(k))
    if (opts.skipFieldClasses.has(cls)) return
    opts.skipFieldClasses.add(cls)
    out.push({
      input: `NUL + control chars in field ${text(k)} [${label}]`,
      body: urlencoded(withButton(replaceOne(form.fields, i, `x${CONTROL}`))),
    })
  })
  for (const button of form.buttons.slice(1)) {
    const tag = `${text(button[0])}=${text(button[1])}`
    out.push({ input: `the form as rendered [${tag}]`, body: urlencoded([...form.fields, button]) })
    out.push({
      input: `NUL and control chars in every field [${tag}]`,
      body: urlencoded([...replaceAll(form.fields, (v) => `${str(v)}${CONTROL}`), button]),
    })
  }
  return out
}

/* ------------------------------------------------------------------ api -- */

const nested = (depth: number, open: string, close: string, inner = 'null') => open.repeat(depth) + inner + close.repeat(depth)

/** The kinds of body sent where every answer is the same refusal (signed out on a signed-in route). */
export const SHALLOW_JSON_KINDS = new Set([
  'empty body, no content-type',
  'malformed JSON (truncated)',
  'JSON array',
  'JSON null',
  'JSON string',
  'arrays nested 100,000 deep',
  'prototype keys',
  'raw invalid UTF-8 bytes in a string',
  'JSON sent as text/plain',
  'urlencoded body',
  'multipart with a bad boundary',
  'NUL in every string (\\u0000)',
  '10 MB body (1,000 strings of 10 KB)',
])

/** JSON bodies that are wrong as a whole (not JSON, not an object, too deep, too big, wrong type). */
export function genericJsonVariants(base: Record<string, unknown>, oversize: 'string' | 'array'): Variant[] {
  const j = (data: string | Buffer, type: string | undefined = 'application/json'): Body => ({ type, data })
  const baseText = JSON.stringify(base)
  const firstString = Object.keys(base).find((k) => typeof base[k] === 'string') ?? 'field'
  const keys = Object.keys(base).length ? Object.keys(base) : ['field']
  const members = (value: (k: string) => string) => keys.map((k) => `${JSON.stringify(k)}:${value(k)}`).join(',')
  const b = 'fuzzBoundary9f3a'
  return [
    { input: 'empty body, no content-type', body: j('', undefined) },
    { input: 'empty JSON body', body: j('') },
    { input: 'malformed JSON (truncated)', body: j('{"a":') },
    { input: 'malformed JSON (single quotes)', body: j("{'a':1}") },
    { input: 'malformed JSON (trailing garbage)', body: j(`${baseText}garbage`) },
    { input: 'JSON array', body: j('[]') },
    { input: 'JSON array of the object', body: j(`[${baseText}]`) },
    { input: 'JSON number', body: j('42') },
    { input: 'JSON huge number', body: j('1e400') },
    { input: 'JSON null', body: j('null') },
    { input: 'JSON string', body: j('"just a string"') },
    { input: 'JSON true', body: j('true') },
    { input: 'JSON {}', body: j('{}') },
    { input: 'objects nested 1,000 deep', body: j(nested(1000, '{"a":', '}')) },
    { input: 'objects nested 1,000 deep in every field', body: j(`{${members(() => nested(1000, '{"a":', '}'))}}`) },
    { input: 'arrays nested 1,000 deep', body: j(nested(1000, '[', ']')) },
    { input: 'arrays nested 100,000 deep', body: j(nested(100_000, '[', ']')) },
    {
      input: 'prototype keys',
      body: j(
        `{"__proto__":{"role":"admin","polluted":1},"constructor":{"prototype":{"polluted":1}},"prototype":{"polluted":1},${baseText.slice(1, -1) || '"x":1'}}`,
      ),
    },
    { input: 'prototype keys only', body: j('{"__proto__":null,"constructor":"x","toString":"x","hasOwnProperty":"x","valueOf":1}') },
    { input: 'every key twice', body: j(`{${members((k) => JSON.stringify(base[k] ?? 1))},${members(() => '"second"')}}`) },
    {
      input: 'raw invalid UTF-8 bytes in a string',
      body: j(
        Buffer.concat([Buffer.from(`{"${firstString}":"a`), Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('b"}')]),
      ),
    },
    { input: 'UTF-16 body', body: j(Buffer.from(`\ufeff${baseText}`, 'utf16le'), 'application/json; charset=utf-16') },
    { input: 'JSON sent as text/plain', body: j(baseText, 'text/plain') },
    { input: 'JSON with a bogus charset', body: j(baseText, 'application/json; charset=bogus') },
    { input: 'XML body', body: j('<?xml version="1.0"?><x>1</x>', 'application/xml') },
    { input: 'urlencoded body', body: urlencoded(Object.entries(base).map(([k, v]): Field => [k, String(v)])) },
    {
      input: 'urlencoded prototype keys',
      body: urlencoded([
        ['__proto__', 'x'],
        ['constructor[prototype][x]', '1'],
        ...Object.entries(base).map(([k, v]): Field => [k, String(v)]),
      ]),
    },
    { input: 'multipart without boundary', body: { type: 'multipart/form-data', data: multipart([['a', 'b']], b).data } },
    {
      input: 'multipart with a bad boundary',
      body: { type: 'multipart/form-data; boundary="abc', data: multipart([['a', 'b']], 'abc').data },
    },
    {
      input: 'multipart, truncated',
      body: { type: `multipart/form-data; boundary=${b}`, data: `--${b}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx` },
    },
    { input: 'multipart of the fields', body: multipart(Object.entries(base).map(([k, v]): Field => [k, String(v)])) },
    { input: 'NUL in every string (\\u0000)', body: j(JSON.stringify(mapStrings(base, (s) => `${s}\u0000`))) },
    {
      input: 'control chars and a lone surrogate in every string',
      body: j(JSON.stringify(mapStrings(base, (s) => `${s}${CONTROL}\ud800`))),
    },
    { input: '1 MB in every string', body: j(JSON.stringify(mapStrings(base, () => 'L'.repeat(MB)))) },
    oversize === 'string'
      ? {
          input: '10 MB body (one 10 MB string)',
          body: j(JSON.stringify({ ...base, [firstString]: 'v'.repeat(OVERSIZE) })),
          oversize: true,
        }
      : {
          input: '10 MB body (1,000 strings of 10 KB)',
          body: j(JSON.stringify({ ...base, pad: Array.from({ length: 1000 }, () => 'p'.repeat(OVERSIZE / 1000)) })),
          oversize: true,
        },
  ]
}

function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v)
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f))
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]))
  return v
}

/** One field at a time: every wrong type, and hostile strings. */
export function jsonFieldVariants(base: Record<string, unknown>): Variant[] {
  const out: Variant[] = []
  const wrong: [string, unknown][] = [
    ['an array', ['x']],
    ['a negative float', -1.5],
    ['a huge number', 1e308],
    ['null', null],
    ['an object', { a: 1 }],
    ['a boolean', true],
    ['a numeric string', '-9999999999999999999999'],
    ['NUL', `a\u0000b`],
    ['control chars and a lone surrogate', `x${CONTROL}\ud800y`],
    ['whitespace', ' \t\r\n\u00a0'],
    ['100 KB', 'L'.repeat(LONG)],
  ]
  for (const key of Object.keys(base)) {
    for (const [name, value] of wrong) {
      if (JSON.stringify(value) === JSON.stringify(base[key])) continue
      out.push({ input: `${key} is ${name}`, body: { type: 'application/json', data: JSON.stringify({ ...base, [key]: value }) } })
    }
  }
  return out
}

/** Hostile values for a path segment (`numeric`: the parameter is a number, so signs and floats too), and another account's id. */
export function hostileIds(opts: { foreign?: string; numeric: boolean }): [string, string][] {
  const ids: [string, string][] = [
    ['letters', 'abc'],
    ['NUL', '%00'],
    ['invalid UTF-8', '%FF%E0%A4'],
    ['encoded slash and dots', '..%2F..%2Fx'],
    ['prototype word', '__proto__'],
    ['huge number', '99999999999999999999999999'],
    ['5,000 characters', 'x'.repeat(5000)],
    ['spaces, quotes and markup', "%20'%22%3Cscript%3E"],
    ['emoji', '%F0%9F%92%A9'],
  ]
  if (opts.numeric) ids.push(['negative', '-1'], ['zero', '0'], ['float', '1.5e300'], ['constructor', 'constructor'])
  if (opts.foreign) ids.push(["another account's id", opts.foreign])
  return ids
}
