import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { EVERYTHING, type ChangeFeed } from '../db/changes'
import { changeStreamResponse, isChangeStreamKey, type ChangeFeeds } from './change-stream'
import { CHANGE_STREAM_PATH, openRemoteChangeFeeds, type RemoteChangeFeeds } from './remote-changes'

const SECRET = 'change-stream-test-secret-0123456789'

/** A database change feed the test drives: notifications and the LISTEN connection's state. */
function fakeFeed() {
  const listeners = new Set<(key: string) => void>()
  const feed = {
    live: true,
    subscribe(listener: (key: string) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    close: async () => {},
    emit: (key: string) => listeners.forEach((l) => l(key)),
    get listeners() {
      return listeners.size
    },
  }
  return feed satisfies ChangeFeed
}

interface Api {
  url: string
  feeds: { share: ReturnType<typeof fakeFeed>; user: ReturnType<typeof fakeFeed> }
  cut(): void
  streams: number
  close(): Promise<void>
}

const opened: (Api | RemoteChangeFeeds)[] = []
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close()
})

/** The api's route as main.ts serves it: the key checked, 503 while the api does not hear the database. */
async function startApi(heartbeatMs = 15_000): Promise<Api> {
  const feeds = { share: fakeFeed(), user: fakeFeed() }
  const sockets = new Set<Socket>()
  const api: Api = {
    url: '',
    feeds,
    streams: 0,
    cut: () => sockets.forEach((s) => s.destroy()),
    close: async () => {
      api.cut()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server: Server = createServer(
    getRequestListener((request) => {
      if (new URL(request.url).pathname !== CHANGE_STREAM_PATH) return new Response('no', { status: 404 })
      if (!isChangeStreamKey(SECRET, request.headers.get('authorization') ?? undefined))
        return Response.json({ error: 'This key may not read changes.' }, { status: 401 })
      const response = changeStreamResponse(feeds as ChangeFeeds, request.signal, heartbeatMs)
      if (!response) return Response.json({ error: 'not hearing the database' }, { status: 503 })
      api.streams++
      return response
    }),
  )
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  opened.push(api)
  return api
}

async function connect(api: Api, secret = SECRET, silenceMs?: number) {
  const feeds = await openRemoteChangeFeeds(api.url, secret, { firstRetryMs: 20, maxRetryMs: 100, silenceMs })
  opened.push(feeds)
  const heard: string[] = []
  feeds.share.subscribe((k) => heard.push(`share ${k}`))
  feeds.user.subscribe((k) => heard.push(`user ${k}`))
  return { feeds, heard }
}

async function until(what: () => boolean, ms = 2_000) {
  const end = Date.now() + ms
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('the change stream from the api to a web on its own', () => {
  it('relays each channel’s changes to the web within a second', async () => {
    const api = await startApi()
    const { feeds, heard } = await connect(api)
    expect(feeds.share.live && feeds.user.live).toBe(true)
    const started = Date.now()
    api.feeds.share.emit('0b3c-page')
    api.feeds.user.emit('42')
    await until(() => heard.length >= 2)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(heard).toEqual(['share 0b3c-page', 'user 42'])
  })

  it('is refused with another AUTH_SECRET: nothing is trusted', async () => {
    const api = await startApi()
    const { feeds } = await connect(api, 'another-secret-of-another-deployment')
    expect(feeds.share.live).toBe(false)
    expect(api.streams).toBe(0)
  })

  it('after a cut: the web forgets everything, trusts nothing until the stream is back, then hears changes again', async () => {
    const api = await startApi()
    const { feeds, heard } = await connect(api)
    const liveDuringCut: boolean[] = []
    feeds.user.subscribe(() => liveDuringCut.push(feeds.user.live))
    api.cut()
    await until(() => heard.includes(`user ${EVERYTHING}`))
    expect(liveDuringCut[0]).toBe(false)
    await until(() => feeds.user.live && api.streams === 2)
    heard.length = 0
    api.feeds.user.emit('7')
    await until(() => heard.includes('user 7'))
  })

  it('ends the stream when the api stops hearing the database, and opens again once it does', async () => {
    const api = await startApi()
    const { feeds, heard } = await connect(api)
    api.feeds.share.live = false
    api.feeds.share.emit(EVERYTHING)
    await until(() => !feeds.share.live)
    expect(heard).toContain(`share ${EVERYTHING}`)
    // 503 while the api's own feed is down.
    await new Promise((r) => setTimeout(r, 150))
    expect(feeds.share.live).toBe(false)
    api.feeds.share.live = true
    await until(() => feeds.share.live)
  })

  it('takes a silent stream for dead and opens another', async () => {
    const api = await startApi(60_000)
    const { feeds } = await connect(api, SECRET, 150)
    await until(() => api.streams >= 2, 3_000)
    await until(() => feeds.share.live)
  })

  it('a heartbeat keeps a quiet stream open', async () => {
    const api = await startApi(50)
    await connect(api, SECRET, 300)
    await new Promise((r) => setTimeout(r, 800))
    expect(api.streams).toBe(1)
  })

  it('lets go of the api’s feeds when the web goes away', async () => {
    const api = await startApi()
    const { feeds } = await connect(api)
    expect(api.feeds.share.listeners).toBe(1)
    await feeds.close()
    await until(() => api.feeds.share.listeners === 0)
  })
})
