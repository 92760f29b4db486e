import { describe, expect, it } from 'vitest'
import { MESSAGES, checkUrlPolicy, hostPortKey, isBlockedHostname, isPublicAddress, parseAllowList, parseIp } from './address-policy'

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '11.0.0.1', // just past 10/8
  '172.15.255.255', // just below 172.16/12
  '172.32.0.1', // just past 172.16/12
  '100.63.255.255', // just below 100.64/10
  '100.128.0.0', // just past 100.64/10
  '169.253.255.255',
  '192.169.0.1',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '[2606:4700:4700::1111]',
  '::ffff:8.8.8.8', // mapped public v4 reaches the public v4
  '64:ff9b::808:808', // DNS64 answer for a public v4 site
]

const refused = [
  // IPv4 special ranges
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254', // cloud metadata
  '169.254.0.1',
  '100.64.0.1',
  '100.127.255.255',
  '0.0.0.0',
  '0.1.2.3',
  '255.255.255.255',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '192.0.0.1',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  // IPv6
  '::',
  '::1',
  '[::1]',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a00:1',
  '::ffff:169.254.169.254',
  '::ffff:0:7f00:1', // rfc6145
  '::7f00:1', // IPv4-compatible (deprecated), range() says unicast
  '::127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::a00:1',
  '64:ff9b:1::808:808', // local-use NAT64 prefix: layout unknown
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::1%eth0',
  'fec0::1',
  'ff02::1',
  '100::1',
  '2002:7f00:1::1', // 6to4
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', // teredo
  '2001:db8::1',
  '4000::1', // outside 2000::/3
  // not strict IP text: fail closed
  '127.1',
  '0x7f.1',
  '2130706433',
  '0177.0.0.1',
  'localhost',
  '',
  'not an ip',
]

describe('isPublicAddress', () => {
  it.each(allowed)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
  it.each(refused)('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
})

describe('parseIp', () => {
  it('parses strict forms only', () => {
    expect(parseIp('127.0.0.1')?.kind()).toBe('ipv4')
    expect(parseIp('[::1]')?.kind()).toBe('ipv6')
    expect(parseIp('127.1')).toBeNull()
    expect(parseIp('example.com')).toBeNull()
  })
})

describe('isBlockedHostname', () => {
  it.each([
    'localhost',
    'localhost.',
    'LOCALHOST',
    'api.localhost',
    'metadata',
    'metadata.google.internal',
    'metadata.google.internal.',
    'db.internal',
    'printer.local',
    'router.home.arpa',
    'box.localdomain',
    'intranet', // single label
    '',
    '.',
  ])('refuses %j', (name) => {
    expect(isBlockedHostname(name)).toBe(true)
  })
  it.each(['example.com', 'example.com.', 'shop.myshopify.com', 'localhost.example.com', 'internal.example.com', 'local.co'])(
    'allows %j',
    (name) => {
      expect(isBlockedHostname(name)).toBe(false)
    },
  )
})

describe('allow list', () => {
  it('normalises entries through the URL parser and matches host and port together', () => {
    const allow = parseAllowList(['LOCALHOST:4010', '127.0.0.1:4011', '[::1]:4012', 'bad entry:x', ''])
    expect(allow.has(hostPortKey('localhost', 4010))).toBe(true)
    expect(allow.has(hostPortKey('127.0.0.1', 4011))).toBe(true)
    expect(allow.has(hostPortKey('::1', 4012))).toBe(true) // unbracketed, as a connector sees it
    expect(allow.has(hostPortKey('[::1]', 4012))).toBe(true)
    expect(allow.has(hostPortKey('127.0.0.1', 4010))).toBe(false)
    expect(allow.size).toBe(3)
  })
})

describe('checkUrlPolicy', () => {
  const none = parseAllowList([])
  const rows: [string, string | null][] = [
    ['https://example.com/products/x', null],
    ['http://example.com:80/', null],
    ['https://example.com:443/', null],
    ['http://example.com:443/', null],
    ['  https://example.com/  ', null],
    ['https://shop.example.com./p', null],
    ['example.com/products/x', MESSAGES.invalid],
    ['http://', MESSAGES.invalid],
    ['https://' + 'a'.repeat(5000) + '.com/', MESSAGES.tooLong],
    ['ftp://example.com/', MESSAGES.scheme],
    ['ws://example.com/', MESSAGES.scheme],
    ['http://user@example.com/', MESSAGES.credentials],
    ['http://:secret@example.com/', MESSAGES.credentials],
    ['http://example.com:8443/', MESSAGES.port],
    ['http://127.1/', MESSAGES.private],
    ['http://[::ffff:127.0.0.1]/', MESSAGES.private],
    ['http://localhost%2e/', MESSAGES.private],
    ['http://127.0.0.1:4010/', MESSAGES.private],
  ]
  it.each(rows)('%s -> %s', (raw, reason) => {
    const result = checkUrlPolicy(raw, none)
    if (reason === null) expect(result.ok).toBe(true)
    else expect(result).toEqual({ ok: false, reason })
  })

  it('an allowed host:port skips the private and port rules but not the others', () => {
    const allow = parseAllowList(['127.0.0.1:4010', 'localhost:4011'])
    expect(checkUrlPolicy('http://127.0.0.1:4010/x', allow).ok).toBe(true)
    expect(checkUrlPolicy('http://0x7f.1:4010/x', allow).ok).toBe(true) // same host after parsing
    expect(checkUrlPolicy('http://localhost:4011/', allow).ok).toBe(true)
    expect(checkUrlPolicy('http://127.0.0.1:4011/', allow)).toEqual({ ok: false, reason: MESSAGES.private })
    expect(checkUrlPolicy('http://u:p@127.0.0.1:4010/', allow)).toEqual({ ok: false, reason: MESSAGES.credentials })
  })
})
