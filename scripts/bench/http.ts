import http from 'node:http'
import net from 'node:net'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body exactly as sent on the wire (we never ask for compression). */
  body: Buffer
}

/** One plain HTTP request without Accept-Encoding, so `body` is the uncompressed bytes the server sends. */
export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, timeout: opts.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`timed out: ${opts.method ?? 'GET'} ${url}`)))
    req.on('error', reject)
    req.end(opts.body)
  })
}

/** Ports this process has handed out: the OS may offer one again before its server has bound it. */
const handedOut = new Set<number>()

/**
 * A port the OS says is free right now (listen on 0, read it, close), never one this process
 * handed out before: a test that picks two ports for its webs and then starts an api on a third
 * would otherwise, now and then, find the api on a web's port, answering its health check.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer()
      srv.unref()
      srv.on('error', reject)
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo
        srv.close(() => resolve(port))
      })
    })
    if (handedOut.has(port)) continue
    handedOut.add(port)
    return port
  }
}

/** A minimal cookie jar: name → value, updated from Set-Cookie headers (expired ones removed). */
export class CookieJar {
  private readonly cookies = new Map<string, string>()

  update(headers: http.IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq < 1) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attrs.some((a) => {
        const [k, v = ''] = a.trim().split('=')
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0
        if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now()
        return false
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  get(name: string) {
    return this.cookies.get(name)
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}
