/**
 * Which URLs and addresses a user-supplied link may reach. Pure functions, no I/O: safe-fetch.ts
 * applies them before each request (URL, IP literals, names) and again at connect time (every
 * resolved address). Background: docs/security.md "Fetching user-supplied URLs".
 */
import ipaddr from 'ipaddr.js'
import { PRODUCT_URL_MAX } from '../../domain/task-input'

export const MESSAGES = {
  invalid: "That doesn't look like a valid link (it should start with https://).",
  tooLong: 'That link is too long.',
  scheme: 'Only http and https links can be imported.',
  credentials: "Links with a user name or password can't be imported.",
  noHost: "That link doesn't name a website.",
  port: 'Only the standard web ports (80 and 443) can be used.',
  private: "Links to private or local network addresses can't be imported.",
} as const

const STANDARD_PORTS = new Set([80, 443])
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::')
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::')

/**
 * Parses an IP address strictly: dotted-quad decimal IPv4 or IPv6 (brackets allowed). Lenient
 * spellings ("127.1", "0x7f.1") return null, so callers fail closed on them.
 */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const t = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  if (ipaddr.IPv4.isValidFourPartDecimal(t)) return ipaddr.IPv4.parse(t)
  if (t.includes(':') && ipaddr.IPv6.isValid(t)) return ipaddr.IPv6.parse(t)
  return null
}

/** True only for a public unicast address; anything unparsable is refused. */
export function isPublicAddress(address: string): boolean {
  const ip = parseIp(address)
  if (!ip) return false
  return ip.kind() === 'ipv4' ? isPublicV4(ip as ipaddr.IPv4) : isPublicV6(ip as ipaddr.IPv6)
}

function isPublicV4(ip: ipaddr.IPv4): boolean {
  // range() names loopback, private, linkLocal (metadata), carrierGradeNat, unspecified, broadcast,
  // multicast, reserved, as112, amt; only 'unicast' is left for the public internet.
  return ip.range() === 'unicast'
}

function isPublicV6(ip: ipaddr.IPv6): boolean {
  const range = ip.range()
  // These carry an IPv4 address and reach it: judge that address (::ffff:7f00:1 is 127.0.0.1).
  if (range === 'ipv4Mapped') return isPublicV4(ip.toIPv4Address())
  if (range === 'rfc6052') {
    // Only the well-known NAT64 /96 has a fixed layout (DNS64 networks hand these out for v4-only
    // sites); the local-use 64:ff9b:1::/48 may embed anything, so refuse it.
    return ip.match(NAT64_WELL_KNOWN, 96) && isPublicV4(v4FromLow32(ip))
  }
  if (range !== 'unicast') return false
  // range() calls IPv4-compatible ::/96 (e.g. ::7f00:1) and other unallocated space 'unicast';
  // only 2000::/3 is routed on the internet.
  return ip.match(GLOBAL_UNICAST_V6, 3)
}

function v4FromLow32(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const p = ip.parts
  return new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff])
}

/**
 * Names refused before any lookup: localhost, cloud metadata names, and suffixes that only exist
 * on local networks. Single-label names are refused too: resolvers complete them with the
 * machine's search domains, i.e. the intranet.
 */
export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '')
  if (name === '' || !name.includes('.')) return true
  if (name === 'metadata.google.internal') return true
  return ['localhost', 'local', 'internal', 'localdomain', 'home.arpa'].some((suffix) => name === suffix || name.endsWith(`.${suffix}`))
}

export function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80
}

/** "host:port" key as the allowlist stores it; IPv6 hosts in brackets, like URL.host. */
export function hostPortKey(hostname: string, port: number): string {
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname
  return `${host.toLowerCase()}:${port}`
}

/** Normalises IMPORT_ALLOW_PRIVATE_HOSTS entries through the URL parser so spellings match. */
export function parseAllowList(entries: readonly string[] = []): ReadonlySet<string> {
  const keys = new Set<string>()
  for (const entry of entries) {
    const trimmed = entry.trim()
    if (!trimmed) continue
    try {
      const u = new URL(`http://${trimmed}`)
      keys.add(hostPortKey(u.hostname, u.port ? Number(u.port) : 80))
    } catch {
      // A malformed entry allows nothing.
    }
  }
  return keys
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string }

/** The full check a URL (first link or redirect target) passes before any request. */
export function checkUrlPolicy(raw: string, allow: ReadonlySet<string>): UrlCheck {
  if (typeof raw !== 'string' || raw.length > PRODUCT_URL_MAX) {
    return { ok: false, reason: typeof raw === 'string' ? MESSAGES.tooLong : MESSAGES.invalid }
  }
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, reason: MESSAGES.invalid }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: MESSAGES.scheme }
  if (url.username || url.password) return { ok: false, reason: MESSAGES.credentials }
  if (!url.hostname) return { ok: false, reason: MESSAGES.noHost }

  const port = url.port ? Number(url.port) : defaultPort(url.protocol)
  if (allow.has(hostPortKey(url.hostname, port))) return { ok: true, url }

  const ip = parseIp(url.hostname)
  if (ip ? !isPublicAddress(url.hostname) : isBlockedHostname(url.hostname)) {
    return { ok: false, reason: MESSAGES.private }
  }
  if (!STANDARD_PORTS.has(port)) return { ok: false, reason: MESSAGES.port }
  return { ok: true, url }
}

/** Cheap pre-check used by the API to refuse a URL with a 400 before queueing anything. */
export function checkUserUrl(raw: string, allowPrivateHosts?: string[]): UrlCheck {
  return checkUrlPolicy(raw, parseAllowList(allowPrivateHosts))
}
