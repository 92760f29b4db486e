import { setTimeout as sleep } from 'node:timers/promises'
import { createParser } from 'eventsource-parser'
import { EVERYTHING, type ChangeFeed } from '../db/changes'
import { describeError, warnThrottled } from '../db/unavailable'
import { log } from '../log'
import { CHANGE_CHANNELS, changeStreamKey, HEARTBEAT_MS, type ChangeChannel, type ChangeFeeds } from './change-stream'

/** The api's change stream (GET /v2/changes); server/http/change-stream.ts says what it carries. */
export const CHANGE_STREAM_PATH = '/v2/changes'

export interface RemoteChangeFeeds extends ChangeFeeds {
  close(): Promise<void>
}

export interface RemoteChangeOptions {
  fetch?: typeof fetch
  /** A stream silent for this long (no event, no heartbeat) is taken for dead and opened again. */
  silenceMs?: number
  firstRetryMs?: number
  maxRetryMs?: number
}

/**
 * The change feeds of a web deployed on its own: one stream from the api for both channels. The
 * feeds are live only while the stream is open and has said `ready`; when it ends, fails or falls
 * silent, every listener is told EVERYTHING (memos forget it all and keep nothing while not live)
 * and the stream is opened again, waiting longer after each failure (up to `maxRetryMs`). A stream
 * the api refuses with 401 (another AUTH_SECRET) is tried again too, with a warning in the log.
 */
export async function openRemoteChangeFeeds(
  apiUrl: string,
  authSecret: string,
  opts: RemoteChangeOptions = {},
): Promise<RemoteChangeFeeds> {
  const doFetch = opts.fetch ?? fetch
  const silenceMs = opts.silenceMs ?? HEARTBEAT_MS * 3
  const firstRetry = opts.firstRetryMs ?? 250
  const maxRetry = opts.maxRetryMs ?? 5_000
  const url = `${apiUrl.replace(/\/+$/, '')}${CHANGE_STREAM_PATH}`
  const key = changeStreamKey(authSecret)
  const listeners = Object.fromEntries(CHANGE_CHANNELS.map((c) => [c, new Set<(key: string) => void>()])) as Record<
    ChangeChannel,
    Set<(key: string) => void>
  >
  const emit = (channel: ChangeChannel, changed: string) => {
    for (const l of listeners[channel]) l(changed)
  }
  const forgetEverything = () => CHANGE_CHANNELS.forEach((c) => emit(c, EVERYTHING))

  let live = false
  let closed = false
  let current: AbortController | undefined
  let firstReady: (() => void) | undefined
  const ready = new Promise<void>((resolve) => (firstReady = resolve))

  /** One stream, read until it ends; true when it got as far as `ready`. */
  async function readOnce(): Promise<boolean> {
    const abort = new AbortController()
    current = abort
    let silence: NodeJS.Timeout | undefined
    const watch = () => {
      clearTimeout(silence)
      silence = setTimeout(() => abort.abort(new Error(`no word from the api for ${silenceMs} ms`)), silenceMs)
      silence.unref?.()
    }
    let reachedReady = false
    try {
      watch()
      const res = await doFetch(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${key}` }, signal: abort.signal })
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => {})
        if (res.status === 401)
          warnThrottled('change-stream-refused', "the api refused the change stream (401): give the web the api's AUTH_SECRET", {}, 600_000)
        throw new Error(`the api answered ${res.status}`)
      }
      const parser = createParser({
        onEvent: (e) => {
          if (e.event === 'ready') {
            reachedReady = true
            live = true
            // Whatever changed while no stream was open is unknown.
            forgetEverything()
            firstReady?.()
          } else if (live && (CHANGE_CHANNELS as readonly string[]).includes(e.event ?? '')) {
            emit(e.event as ChangeChannel, e.data || EVERYTHING)
          }
        },
      })
      const decoder = new TextDecoder()
      const reader = res.body.getReader()
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        watch()
        parser.feed(decoder.decode(chunk.value, { stream: true }))
      }
      throw new Error('the stream ended')
    } catch (error) {
      if (!closed) warnThrottled('change-stream', 'change stream from the api lost; reconnecting', { error: describeError(error) })
      return reachedReady
    } finally {
      clearTimeout(silence)
      abort.abort()
      if (live) {
        live = false
        forgetEverything()
      }
    }
  }

  void (async () => {
    let delay = firstRetry
    while (!closed) {
      const wasReady = await readOnce()
      if (closed) break
      delay = wasReady ? firstRetry : Math.min(delay * 2, maxRetry)
      await sleep(delay)
    }
  })().catch((error: unknown) => log.error('change stream loop stopped', { error: describeError(error) }))

  // A web starts without waiting long for the api: its memos stay off until the stream is ready.
  await Promise.race([ready, sleep(2_000)])

  const feed = (channel: ChangeChannel): ChangeFeed => ({
    get live() {
      return live && !closed
    },
    subscribe(listener) {
      listeners[channel].add(listener)
      return () => void listeners[channel].delete(listener)
    },
    close: async () => {},
  })
  return {
    share: feed('share'),
    user: feed('user'),
    async close() {
      closed = true
      live = false
      current?.abort()
    },
  }
}
