import type { IncomingMessage } from 'node:http'

/**
 * Who the browser is: the socket's address, or the first X-Forwarded-For entry when the request
 * comes through someone we trust (a proxy with TRUST_PROXY, or the in-process web).
 */
export function clientIp(req: Request, incoming: IncomingMessage | undefined, trustForwarded: boolean): string {
  if (trustForwarded) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return incoming?.socket?.remoteAddress ?? 'unknown'
}
