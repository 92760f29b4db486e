/**
 * msw for the web's upstream api. Import this module FIRST in a test file: it points API_URL at
 * the mocked host before any app module reads its settings (app/.server/env.ts caches them).
 */
import { setupServer } from 'msw/node'

export const API = 'http://api.test'
process.env.API_URL = API

export interface SeenRequest {
  method: string
  /** Path and query, e.g. "/v2/subscription/plans?version=2". */
  path: string
  headers: Headers
  /** The JSON body, parsed (null when none). */
  json(): Promise<any>
}

/** An msw server and the log of every request it saw, handled or not. */
export function createMsw() {
  const server = setupServer()
  const seen: SeenRequest[] = []
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone()
    const url = new URL(request.url)
    seen.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      json: async () => {
        const text = await copy.text()
        return text ? JSON.parse(text) : null
      },
    })
  })
  return {
    server,
    seen,
    /** Requests to one path (query ignored), optionally of one method. */
    to(path: string, method?: string) {
      return seen.filter((r) => r.path.split('?')[0] === path && (!method || r.method === method))
    },
    reset() {
      seen.length = 0
    },
  }
}
