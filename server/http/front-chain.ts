import type { IncomingMessage, ServerResponse } from 'node:http'
import { log } from '../log'

/**
 * Takes a request (returns true) to answer it from memory, or to hand it to the app after all
 * (`next`); returns false to pass it on at once.
 */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void, next: () => void) => boolean

/**
 * The node request listener: the in-memory fronts first (shared pages, kept sign-in screens), in
 * order, then the app for everything they do not take.
 */
export function frontChain(fronts: FrontHandler[], app: (req: IncomingMessage, res: ServerResponse) => unknown) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const onError = (error: unknown) => {
      log.error('page from memory failed', { url: req.url, error: String(error) })
      if (res.headersSent) return void res.destroy()
      res.statusCode = 500
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.end('Something went wrong on our side. Please try again.')
    }
    const next = () => void app(req, res)
    for (const front of fronts) if (front(req, res, onError, next)) return
    next()
  }
}

/** A request's path without its query ("/s/abc?fbclid=1" → "/s/abc"): what a front keys pages on. */
export function pathOnly(url: string): string {
  const query = url.indexOf('?')
  return query < 0 ? url : url.slice(0, query)
}
