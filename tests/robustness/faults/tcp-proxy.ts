import net from 'node:net'

/**
 * A TCP proxy between the server processes and Postgres, to take the database away without
 * touching the machine's cluster: `cut()` resets every connection and stops listening (new
 * connections are refused), `restore()` listens again on the same port. `cutOn(text)` waits for a
 * client to send a message containing `text` (an SQL statement), drops that message and cuts: the
 * database never sees it, so the transaction it belongs to is left half done.
 */
export interface TcpProxy {
  port: number
  cut(): void
  restore(): Promise<void>
  cutOn(text: string): Promise<void>
  /** Connections open right now. */
  open(): number
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let trigger: { pattern: Buffer; fire: () => void } | null = null
  let listening = false

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    sockets.add(client)
    sockets.add(upstream)
    const end = () => {
      for (const s of [client, upstream]) {
        sockets.delete(s)
        s.destroy()
      }
    }
    client.on('data', (chunk: Buffer) => {
      if (trigger && chunk.includes(trigger.pattern)) {
        const fire = trigger.fire
        trigger = null
        cut()
        fire()
        return
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    for (const s of [client, upstream]) {
      s.on('error', end)
      s.on('close', end)
    }
  })

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        listening = true
        resolve((server.address() as net.AddressInfo).port)
      })
    })

  const port = await listen(0)

  function cut() {
    if (listening) {
      server.close()
      listening = false
    }
    // A reset, as a crashed server or a dropped network link gives.
    for (const s of sockets) s.resetAndDestroy()
    sockets.clear()
  }

  return {
    port,
    cut,
    async restore() {
      if (!listening) await listen(port)
    },
    cutOn(text) {
      return new Promise<void>((resolve) => {
        trigger = { pattern: Buffer.from(text), fire: resolve }
      })
    },
    open: () => sockets.size / 2,
    async close() {
      trigger = null
      cut()
    },
  }
}
