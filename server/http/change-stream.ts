import { createHmac, timingSafeEqual } from 'node:crypto'
import { EVERYTHING, type ChangeFeed } from '../db/changes'

/**
 * The api's change stream for webs deployed on their own (API_URL): one Server-Sent Events stream
 * per web relays the database's change notifications (server/db/changes.ts), so a web keeps shared
 * page versions and per-viewer pages in memory as the single process does. The web's side is
 * server/db/remote-changes.ts.
 *
 * Events: `ready` once the stream is relaying (whatever changed before is unknown to the web, so it
 * forgets everything then), `share` and `user` with the changed key (or EVERYTHING), and a comment
 * every HEARTBEAT_MS so a web can tell a silent stream from a dead one. When the api itself stops
 * hearing the database (a lost LISTEN connection) the stream ends: the web forgets everything and
 * keeps nothing until a new stream says `ready`.
 */
export const CHANGE_CHANNELS = ['share', 'user'] as const
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number]
export type ChangeFeeds = Record<ChangeChannel, ChangeFeed>

export const HEARTBEAT_MS = 15_000

/** The key a web shows for the stream: derived from AUTH_SECRET, which every process of a deployment shares. */
export const changeStreamKey = (authSecret: string) =>
  createHmac('sha256', authSecret).update('pagewright change stream').digest('base64url')

export function isChangeStreamKey(authSecret: string, header: string | undefined): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '')
  const expected = Buffer.from(changeStreamKey(authSecret))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const everyFeedLive = (feeds: ChangeFeeds) => CHANGE_CHANNELS.every((c) => feeds[c].live)

/** One event in the text/event-stream format (keys are ids or '*': no newlines to escape). */
const event = (name: string, data: string) => `event: ${name}\ndata: ${data.replace(/[\r\n]/g, '')}\n\n`

/**
 * The stream as a Response, or null while the api does not hear the database itself (the route
 * answers 503 and the web tries again). Ends when `signal` aborts (the web went away).
 */
export function changeStreamResponse(feeds: ChangeFeeds, signal: AbortSignal, heartbeatMs = HEARTBEAT_MS): Response | null {
  if (!everyFeedLive(feeds)) return null
  const encoder = new TextEncoder()
  const cleanups: (() => void)[] = []
  let ended = false
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        if (ended) return
        ended = true
        for (const cleanup of cleanups) cleanup()
        try {
          controller.close()
        } catch {
          // already closed by the reader going away
        }
      }
      const send = (text: string) => {
        if (ended) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          end()
        }
      }
      for (const channel of CHANGE_CHANNELS) {
        const feed = feeds[channel]
        cleanups.push(
          feed.subscribe((key) => {
            send(event(channel, key))
            // The api lost the database's notifications: the web must not trust its memory.
            if (key === EVERYTHING && !feed.live) end()
          }),
        )
      }
      const beat = setInterval(() => send(': still here\n\n'), heartbeatMs)
      beat.unref?.()
      cleanups.push(() => clearInterval(beat))
      signal.addEventListener('abort', end, { once: true })
      send(event('ready', ''))
    },
    cancel() {
      ended = true
      for (const cleanup of cleanups) cleanup()
    },
  })
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // Proxies must pass each event on as it comes (nginx buffers otherwise).
      'X-Accel-Buffering': 'no',
    },
  })
}
