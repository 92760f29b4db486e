import http from 'node:http'
import type net from 'node:net'

/**
 * An OpenAI-compatible endpoint (POST /v1/chat/completions) that holds the page-writing request
 * (`response_format.json_schema.name === 'page'`) open while `hold` is on: a generation stays
 * inside its job for as long as the test needs, for a kill or an outage to happen mid-job. Every
 * other request, and the page request once released, gets a 500, so the built-in writer takes
 * over and the page is written.
 */
export interface FakeLlm {
  baseUrl: string
  /** How many page requests arrived. */
  pageRequests(): number
  /** Resolves when the next page request arrives (and is being held). */
  nextPageRequest(timeoutMs?: number): Promise<void>
  /** Answers the held requests (500) and stops holding new ones. */
  release(): void
  close(): Promise<void>
}

export async function startFakeLlm(): Promise<FakeLlm> {
  let hold = true
  let pages = 0
  const held = new Set<http.ServerResponse>()
  const waiters = new Set<() => void>()
  const sockets = new Set<net.Socket>()
  const fail = (res: http.ServerResponse) => {
    if (res.writableEnded || res.destroyed) return
    res.writeHead(500, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: 'test double: unavailable', type: 'server_error' } }))
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let step = ''
      try {
        step = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.response_format?.json_schema?.name ?? ''
      } catch {
        step = ''
      }
      if (step !== 'page') return fail(res)
      pages++
      for (const w of waiters) w()
      if (!hold) return fail(res)
      held.add(res)
      res.on('close', () => held.delete(res))
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    pageRequests: () => pages,
    nextPageRequest(timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          waiters.delete(done)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(done)
          reject(new Error(`no page request reached the test LLM within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(done)
      })
    },
    release() {
      hold = false
      for (const res of held) fail(res)
      held.clear()
    },
    async close() {
      hold = false
      for (const res of held) fail(res)
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
