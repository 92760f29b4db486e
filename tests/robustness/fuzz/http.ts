import http from 'node:http'

/** What came back; `error` is set when no complete answer arrived (timeout, cut connection). */
export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  error?: string
  ms: number
}

export interface Send {
  method: string
  /** Sent exactly as given (no normalisation of `..`, `%00`, long ids). */
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
}

/**
 * One request on a connection of its own (no keep-alive, no compression asked for). It never
 * rejects: an answer the server sent before it stopped reading the body counts (a 413 or a
 * redirect sent early is fine), and a timeout or a connection cut before any answer is reported in
 * `error` with status 0.
 */
export function send(baseUrl: string, req: Send, timeoutMs: number): Promise<Reply> {
  const started = Date.now()
  const url = new URL(baseUrl)
  return new Promise((resolve) => {
    let settled = false
    let answered: Omit<Reply, 'ms'> | undefined
    const chunks: Buffer[] = []
    const finish = (reply: Omit<Reply, 'ms'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...reply, ms: Date.now() - started })
    }
    const headers: Record<string, string> = { connection: 'close', ...req.headers }
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body))
    const r = http.request({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      answered = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => finish({ ...answered!, body: Buffer.concat(chunks) }))
      res.on('error', () => finish({ ...answered!, body: Buffer.concat(chunks) }))
      res.on('close', () => finish({ ...answered!, body: Buffer.concat(chunks) }))
    })
    const timer = setTimeout(() => {
      r.destroy()
      finish({ status: 0, headers: {}, body: Buffer.concat(chunks), error: `no complete answer within ${timeoutMs} ms (hang)` })
    }, timeoutMs)
    r.on('error', (e: NodeJS.ErrnoException) => {
      // The server may answer and close before reading the whole body: the answer still counts.
      if (answered) return
      // An EPIPE/ECONNRESET while writing can come just before the answer is parsed: give it a moment.
      setTimeout(() => {
        if (!answered)
          finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: `connection ${e.code ?? e.message} before any answer` })
      }, 300)
    })
    r.end(req.body)
  })
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i], i)
    }
  })
  await Promise.all(runners)
  return out
}
