import http from 'node:http'
import net from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES, checkUserUrl } from './address-policy'
import { createSafeFetcher, type SafeFetchOptions } from './safe-fetch'
import { ImportError } from './types'

// --- servers ---------------------------------------------------------------------------------
// trap: plain TCP listener on loopback that must never see a connection.
// site: the one HTTP server tests allow through allowPrivateHosts.
let trap: net.Server
let trapPort = 0
let trapConnections = 0
let site: http.Server
let sitePort = 0
let siteConnections = 0
let lastHeaders: http.IncomingHttpHeaders = {}
const timers = new Set<NodeJS.Timeout>()

function later(ms: number, fn: () => void) {
  const t = setTimeout(() => (timers.delete(t), fn()), ms)
  timers.add(t)
}

function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://site')
  const path = url.pathname
  lastHeaders = req.headers
  const send = (type: string | null, body: string | Buffer, status = 200) => {
    if (type) res.setHeader('content-type', type)
    res.writeHead(status).end(body)
  }
  if (path === '/html') return send('text/html; charset=utf-8', '<h1>Héllo</h1>')
  if (path === '/xhtml') return send('application/xhtml+xml', '<html/>')
  if (path === '/json') return send('application/json', '{"a":1}')
  if (path === '/ldjson') return send('application/ld+json; charset=utf-8', '{"@type":"Product"}')
  if (path === '/vndjson') return send('application/vnd.api+json', '{"data":[]}')
  if (path === '/js') return send('text/javascript; charset=utf-8', '{"title":"Shoe"}')
  if (path === '/appjs') return send('application/javascript', '{"title":"Shoe"}')
  if (path === '/png') return send('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  if (path === '/none') return send(null, 'mystery')
  if (path === '/latin1') return send('text/html; charset=iso-8859-1', Buffer.from([0x63, 0x61, 0x66, 0xe9]))
  if (path === '/sjis') return send('text/html; charset="Shift_JIS"', Buffer.from([0x93, 0xfa, 0x96, 0x7b]))
  if (path === '/badcharset') return send('text/html; charset=x-no-such-thing', 'é')
  if (path.startsWith('/status/')) return send('text/html', 'status', Number(path.slice(8)))
  if (path === '/blocked') return send('text/html; charset=utf-8', `<title>Just a moment...</title>${'x'.repeat(400_000)}`, 403)
  if (path === '/blocked-image') return send('image/png', Buffer.from([0x89, 0x50]), 403)
  if (path.startsWith('/hop/')) {
    const n = Number(path.slice(5))
    if (n === 0) return send('text/html', 'arrived')
    return res.writeHead(302, { location: `/hop/${n - 1}` }).end()
  }
  if (path === '/to')
    return res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('loc') ?? '' }).end()
  if (path === '/nolocation') return res.writeHead(302).end()
  if (path === '/big') {
    res.writeHead(200, { 'content-type': 'text/html' }) // chunked, no length
    for (let i = 0; i < Number(url.searchParams.get('n')) / 1000; i++) res.write('x'.repeat(1000))
    return res.end()
  }
  if (path === '/big-cl') {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': '10000000' })
    return res.write('x') // never finishes: only the early Content-Length check can end this quickly
  }
  if (path === '/gzip') {
    return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<p>zipped</p>'))
  }
  if (path === '/gzip-bomb') {
    return res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(1_000_000, 0x61)))
  }
  if (path === '/slow') return later(3000, () => send('text/html', 'late'))
  if (path === '/slow-body') {
    res.writeHead(200, { 'content-type': 'text/html' })
    return res.write('start')
  }
  if (path === '/reset') return req.socket.destroy()
  send('text/plain', 'no route', 500)
}

const listen = (server: net.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)))

beforeAll(async () => {
  trap = net.createServer((socket) => {
    trapConnections++
    socket.destroy()
  })
  trapPort = await listen(trap)
  site = http.createServer(route)
  site.on('connection', () => siteConnections++)
  sitePort = await listen(site)
})

afterAll(async () => {
  for (const t of timers) clearTimeout(t)
  site.closeAllConnections()
  await Promise.all([new Promise((r) => site.close(r)), new Promise((r) => trap.close(r))])
})

// --- fake DNS and fetchers ----------------------------------------------------------------------
const fakeDns: Record<string, { address: string; family: 4 | 6 }[]> = {
  'evil.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'mapped.test': [{ address: '::ffff:10.0.0.1', family: 6 }],
  'meta.test': [{ address: '169.254.169.254', family: 4 }],
  'v6loop.test': [{ address: '::1', family: 6 }],
  'empty.test': [],
}
let lookups: string[] = []
let connects: [string, number][] = []

async function lookup(hostname: string) {
  lookups.push(hostname)
  const name = hostname.toLowerCase().replace(/\.$/, '')
  if (name === 'nowhere.test') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  // Every other name lands on loopback, so a missing check would reach the trap, never the internet.
  return fakeDns[name] ?? [{ address: '127.0.0.1', family: 4 as const }]
}

const fetcher = (extra: SafeFetchOptions = {}) => createSafeFetcher({ lookup, onConnect: (a, p) => connects.push([a, p]), ...extra })
const siteFetcher = (extra: SafeFetchOptions = {}) => fetcher({ allowPrivateHosts: [`127.0.0.1:${sitePort}`], ...extra })
const siteUrl = (path: string) => `http://127.0.0.1:${sitePort}${path}`

async function importError(p: Promise<unknown>): Promise<ImportError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(ImportError)
  return err as ImportError
}

beforeEach(() => {
  lookups = []
  connects = []
  trapConnections = 0
  siteConnections = 0
})

// --- SSRF corpus ------------------------------------------------------------------------------
const P = MESSAGES.private
const corpus: [string, string][] = [
  ['http://127.0.0.1/', P],
  ['https://127.0.0.1/', P],
  ['http://127.0.0.1:80/', P],
  ['http://127.1/', P],
  ['http://0x7f.1/', P],
  ['http://2130706433/', P],
  ['http://017700000001/', P],
  ['http://0177.0.0.1/', P],
  ['http://0177.1/', P],
  ['http://0x7f000001/', P],
  ['http://１２７.０.０.１/', P],
  ['http://127。0。0。1/', P],
  ['http://%31%32%37.0.0.1/', P],
  ['http://0/', P],
  ['http://0.0.0.0/', P],
  ['http://[::]/', P],
  ['http://[::1]/', P],
  ['http://[::ffff:127.0.0.1]/', P],
  ['http://[::ffff:7f00:1]/', P],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]/', P],
  ['http://[::127.0.0.1]/', P],
  ['http://[64:ff9b::127.0.0.1]/', P],
  ['http://[fc00::1]/', P],
  ['http://[fe80::1]/', P],
  ['http://[2002:7f00:1::1]/', P],
  ['http://169.254.169.254/latest/meta-data/', P],
  ['http://169.254.169.254./', P],
  ['http://2852039166/', P],
  ['http://0xa9.0xfe.0xa9.0xfe/', P],
  ['http://[::ffff:169.254.169.254]/', P],
  ['http://[fd00:ec2::254]/', P],
  ['http://100.100.100.200/', P],
  ['http://metadata.google.internal/', P],
  ['http://metadata.google.internal./', P],
  ['http://metadata/', P],
  ['http://db.internal/', P],
  ['http://printer.local/', P],
  ['http://localhost/', P],
  ['http://localhost./', P],
  ['http://LOCALHOST/', P],
  ['http://localhost%2e/', P],
  ['http://ⓛocalhost/', P],
  ['http://10.0.0.1/', P],
  ['http://172.16.0.1/', P],
  ['http://192.168.1.1/', P],
  ['http://100.64.0.1/', P],
  ['http://224.0.0.1/', P],
  ['http://255.255.255.255/', P],
  ['http://evil.test/', P], // resolves to 127.0.0.1
  ['http://mixed.test/', P], // resolves to a public and a private address
  ['http://mapped.test/', P], // resolves to ::ffff:10.0.0.1
  ['http://meta.test/', P], // resolves to 169.254.169.254
  ['http://v6loop.test/', P], // resolves to ::1
  ['http://127.0.0.1.nip.io/', P], // resolves to 127.0.0.1 (fake DNS default)
  ['http://user:pass@example.com/', MESSAGES.credentials],
  ['https://user@example.com/', MESSAGES.credentials],
  ['http://example.com:22/', MESSAGES.port],
  ['http://example.com:8080/', MESSAGES.port],
  ['http://example.com:0/', MESSAGES.port],
  ['ftp://example.com/', MESSAGES.scheme],
  ['file:///etc/passwd', MESSAGES.scheme],
  ['gopher://127.0.0.1/', MESSAGES.scheme],
  ['javascript:alert(1)', MESSAGES.scheme],
  ['data:text/html,hi', MESSAGES.scheme],
]
const resolvedByDns = new Set(['evil.test', 'mixed.test', 'mapped.test', 'meta.test', 'v6loop.test', '127.0.0.1.nip.io'])

/** The same spelling aimed at the trap's port (http/https only). */
function withTrapPort(raw: string): string | null {
  if (!/^https?:\/\//i.test(raw)) return null
  return raw.replace(/^(https?:\/\/[^/?#]*?)(:\d+)?(?=[/?#]|$)/i, `$1:${trapPort}`)
}

describe('SSRF corpus: refused with no connection', () => {
  it('has at least 40 spellings', () => expect(corpus.length).toBeGreaterThanOrEqual(40))

  it.each(corpus)('%s', async (raw, reason) => {
    const fetch = fetcher()
    const err = await importError(fetch(raw))
    expect(err.message).toBe(reason)
    expect(err.transient).toBe(false)
    const host = new URL(raw).hostname
    if (resolvedByDns.has(host)) expect(lookups).toEqual([host]) // refused at connect time, after resolving
    if (reason !== MESSAGES.credentials)
      expect(checkUserUrl(raw)).toEqual(resolvedByDns.has(host) ? { ok: true, url: new URL(raw) } : { ok: false, reason })

    const aimed = withTrapPort(raw)
    if (aimed) {
      const err2 = await importError(fetch(aimed))
      expect([MESSAGES.private, MESSAGES.port, MESSAGES.credentials]).toContain(err2.message)
    }
    expect(connects).toEqual([])
    expect(trapConnections).toBe(0)
  })

  it('the trap really counts connections (control)', async () => {
    await new Promise<void>((resolve, reject) =>
      net
        .connect(trapPort, '127.0.0.1')
        .on('close', () => resolve())
        .on('error', reject),
    )
    expect(trapConnections).toBe(1)
  })
})

describe('redirects are checked like the first link', () => {
  const refusedTargets = () => [
    'http://169.254.169.254/latest/meta-data/',
    `http://127.0.0.1:${trapPort}/`,
    `http://[::ffff:127.0.0.1]:${trapPort}/`,
    `http://localhost:${trapPort}/`,
    `http://evil.test:${trapPort}/`,
    'http://evil.test/',
    '//169.254.169.254/',
    'ftp://example.com/',
    `http://user:pw@127.0.0.1:${sitePort}/html`,
  ]
  it('refuses each target, connecting only to the allowed site', async () => {
    for (const target of refusedTargets()) {
      connects = []
      const err = await importError(siteFetcher()(siteUrl(`/to?loc=${encodeURIComponent(target)}`)))
      expect([MESSAGES.private, MESSAGES.port, MESSAGES.scheme, MESSAGES.credentials], target).toContain(err.message)
      expect(connects, target).toEqual([['127.0.0.1', sitePort]])
    }
    expect(trapConnections).toBe(0)
  })

  it('refuses a bad target after allowed hops, whatever the 3xx code', async () => {
    for (const status of [301, 303, 307, 308]) {
      const err = await importError(
        siteFetcher()(siteUrl(`/to?status=${status}&loc=${encodeURIComponent(`http://127.0.0.1:${trapPort}/`)}`)),
      )
      expect(err.message).toBe(MESSAGES.private)
    }
    expect(trapConnections).toBe(0)
  })

  it('a 302 without Location is an error', async () => {
    const err = await importError(siteFetcher()(siteUrl('/nolocation')))
    expect(err.message).toBe('The page redirected without saying where to.')
  })
})

describe('happy paths (site allowed through allowPrivateHosts)', () => {
  it('fetches HTML with the bot user agent and reports the connection', async () => {
    const doc = await siteFetcher()(siteUrl('/html'))
    expect(doc).toEqual({ url: siteUrl('/html'), status: 200, contentType: 'text/html', body: '<h1>Héllo</h1>' })
    expect(lastHeaders['user-agent']).toBe('Mozilla/5.0 (compatible; PagewrightBot/1.0; +https://pagewright.app/bot)')
    expect(lastHeaders.accept).toMatch(/^text\/html/)
    expect(connects).toEqual([['127.0.0.1', sitePort]])
    expect(siteConnections).toBe(1)
  })

  it('allows a host by name when its host:port is listed', async () => {
    const doc = await fetcher({ allowPrivateHosts: [`localhost:${sitePort}`] })(`http://localhost:${sitePort}/html`)
    expect(doc.body).toBe('<h1>Héllo</h1>')
    expect(lookups).toEqual(['localhost'])
    expect(connects).toEqual([['127.0.0.1', sitePort]])
  })

  it('the allowance is for that host:port only', async () => {
    const err = await importError(siteFetcher()(`http://127.0.0.1:${trapPort}/`))
    expect(err.message).toBe(MESSAGES.private)
    expect(trapConnections).toBe(0)
  })

  it.each(['/json', '/ldjson', '/vndjson', '/xhtml'])('takes %s in both modes', async (path) => {
    expect((await siteFetcher()(siteUrl(path))).status).toBe(200)
    expect((await siteFetcher()(siteUrl(path), { accept: 'json' })).status).toBe(200)
  })

  it('takes JSON and sends a JSON Accept header', async () => {
    const doc = await siteFetcher()(siteUrl('/json'), { accept: 'json' })
    expect(JSON.parse(doc.body)).toEqual({ a: 1 })
    expect(doc.contentType).toBe('application/json')
    expect(lastHeaders.accept).toMatch(/^application\/json/)
  })

  it.each(['/js', '/appjs'])('takes JavaScript (%s) only when JSON was asked for', async (path) => {
    expect((await siteFetcher()(siteUrl(path), { accept: 'json' })).body).toBe('{"title":"Shoe"}')
    const err = await importError(siteFetcher()(siteUrl(path)))
    expect(err.message).toMatch(/^This link doesn't point to a web page \(it returned (text|application)\/javascript\)\.$/)
  })

  it('refuses images and untyped bodies', async () => {
    expect((await importError(siteFetcher()(siteUrl('/png')))).message).toBe(
      "This link doesn't point to a web page (it returned image/png).",
    )
    expect((await importError(siteFetcher()(siteUrl('/none')))).message).toMatch(/^This link doesn't point to a web page/)
  })

  it('follows 3 redirects and reports the final URL', async () => {
    const doc = await siteFetcher()(siteUrl('/hop/3'))
    expect(doc).toMatchObject({ url: siteUrl('/hop/0'), body: 'arrived' })
  })

  it('refuses a 4th redirect', async () => {
    const err = await importError(siteFetcher()(siteUrl('/hop/4')))
    expect(err.message).toBe('The page redirected more than 3 times.')
    expect(err.transient).toBe(false)
  })

  it('decodes the charset named in the content type', async () => {
    expect((await siteFetcher()(siteUrl('/latin1'))).body).toBe('café')
    expect((await siteFetcher()(siteUrl('/sjis'))).body).toBe('日本')
    expect((await siteFetcher()(siteUrl('/badcharset'))).body).toBe('é')
  })

  it('decompresses gzip', async () => {
    expect((await siteFetcher()(siteUrl('/gzip'))).body).toBe('<p>zipped</p>')
  })
})

describe('caps', () => {
  it('refuses a streamed body past the cap', async () => {
    const f = siteFetcher({ maxBytes: 10_000 })
    expect((await f(siteUrl('/big?n=10000'))).body).toHaveLength(10_000)
    const err = await importError(f(siteUrl('/big?n=20000')))
    expect(err.message).toBe('The page is larger than 9.8 KB.')
  })

  it('says 5 MB by default', async () => {
    const err = await importError(siteFetcher()(siteUrl(`/big?n=${6 * 1024 * 1024}`)))
    expect(err.message).toBe('The page is larger than 5 MB.')
  })

  it('refuses early when Content-Length is too large', async () => {
    const err = await importError(siteFetcher({ maxBytes: 1000, timeoutMs: 5000 })(siteUrl('/big-cl')))
    expect(err.message).toBe('The page is larger than 1000 bytes.')
  })

  it('caps the decompressed size, not the compressed one', async () => {
    const err = await importError(siteFetcher({ maxBytes: 100_000 })(siteUrl('/gzip-bomb')))
    expect(err.message).toMatch(/^The page is larger than/)
  })

  it('refuses a slow answer and a slow body, as transient', async () => {
    for (const path of ['/slow', '/slow-body']) {
      const started = Date.now()
      const err = await importError(siteFetcher({ timeoutMs: 300 })(siteUrl(path)))
      expect(err.message).toBe('The page took longer than 0.3 seconds to answer.')
      expect(err.transient).toBe(true)
      expect(Date.now() - started).toBeLessThan(2000)
    }
  })

  it('stops when the caller aborts', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const err = await importError(siteFetcher()(siteUrl('/slow'), { signal: controller.signal }))
    expect(err.message).toBe('The import was stopped before the page arrived.')
  })
})

describe('HTTP and network errors', () => {
  it.each([
    [404, "We couldn't find that page (404). Check the link.", false],
    [410, "We couldn't find that page (410). Check the link.", false],
    [
      401,
      "The site refused to show us this page (401). If it needs a login or password, paste the product page's text instead, or use your store's own product.",
      false,
    ],
    [
      403,
      "The site refused to show us this page (403). If it needs a login or password, paste the product page's text instead, or use your store's own product.",
      false,
    ],
    [400, 'The site answered with an error (400).', false],
    // Transient: the generation job retries these before it shows the message, so it says it tried again.
    [
      429,
      "The site asked us to slow down (429), also when we tried again. Try again later, or paste the product page's text instead.",
      true,
    ],
    [
      408,
      "The site didn't answer in time (408), also when we tried again. Try again later, or paste the product page's text instead.",
      true,
    ],
    [
      500,
      "The site had a problem answering (500), also when we tried again. The site may be down for a while: try again later, paste the product page's text instead, or use your store's own product.",
      true,
    ],
    [
      503,
      "The site had a problem answering (503), also when we tried again. The site may be down for a while: try again later, paste the product page's text instead, or use your store's own product.",
      true,
    ],
  ])('%i', async (status, message, transient) => {
    const err = await importError(siteFetcher()(siteUrl(`/status/${status}`)))
    expect(err.message).toBe(message)
    expect(err.transient).toBe(transient)
  })

  it("keeps the start of an error answer's page, so the importer can tell a robot check from a real error", async () => {
    const err = await importError(siteFetcher()(siteUrl('/blocked')))
    expect(err.page).toMatchObject({ status: 403, url: siteUrl('/blocked') })
    expect(err.page!.body.startsWith('<title>Just a moment...</title>')).toBe(true)
    expect(err.page!.body.length).toBeLessThanOrEqual(256 * 1024)
    expect((await importError(siteFetcher()(siteUrl('/blocked-image'), { accept: 'image' }))).page).toBeUndefined()
  })

  it('a name that does not resolve is not transient', async () => {
    for (const host of ['nowhere.test', 'empty.test']) {
      const err = await importError(fetcher()(`https://${host}/p`))
      expect(err.message).toBe(`We couldn't find the website ${host}. Check the link.`)
      expect(err.transient).toBe(false)
    }
    expect(connects).toEqual([])
  })

  it('a refused connection is transient', async () => {
    const spare = net.createServer()
    const port = await listen(spare)
    await new Promise((r) => spare.close(r))
    const err = await importError(fetcher({ allowPrivateHosts: [`127.0.0.1:${port}`] })(`http://127.0.0.1:${port}/`))
    expect(err).toMatchObject({ message: 'The website 127.0.0.1 refused the connection.', transient: true, detail: 'ECONNREFUSED' })
  })

  it('a reset connection is transient', async () => {
    const err = await importError(siteFetcher()(siteUrl('/reset')))
    expect(err.transient).toBe(true)
    expect(err.message).toBe('The connection to 127.0.0.1 was interrupted.')
  })
})

describe('checkUserUrl', () => {
  it.each([
    ['https://shop.example.com/products/shoe', null],
    ['http://example.com:80/x', null],
    ['not a link', MESSAGES.invalid],
    ['mailto:a@example.com', MESSAGES.scheme],
    ['http://user:pass@example.com/', MESSAGES.credentials],
    ['http://example.com:8080/', MESSAGES.port],
    ['http://[::ffff:127.0.0.1]/', MESSAGES.private],
    ['http://metadata.google.internal/', MESSAGES.private],
  ])('%s', (raw, reason) => {
    const result = checkUserUrl(raw)
    expect(result.ok ? null : result.reason).toBe(reason)
  })

  it('honours allowPrivateHosts by host and port', () => {
    expect(checkUserUrl('http://127.0.0.1:4010/p', ['127.0.0.1:4010']).ok).toBe(true)
    expect(checkUserUrl('http://127.0.0.1:4011/p', ['127.0.0.1:4010'])).toEqual({ ok: false, reason: MESSAGES.private })
  })
})
