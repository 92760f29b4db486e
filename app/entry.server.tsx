import { randomBytes } from 'node:crypto'
import { type AppLoadContext, type EntryContext, createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { isShopperPath } from '../server/domain/share'
import { contentSecurityPolicy, policyExtras } from './.server/csp'
import { env } from './.server/env'
import { htmlBody } from './.server/html-body'
import { NonceContext } from './components/nonce'

const ABORT_DELAY = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? randomBytes(16).toString('base64')
  const shopper = isShopperPath(new URL(request.url).pathname)
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(shopper ? null : nonce, policyExtras(env())))
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  // Pages carry the user's data: never cache them in shared caches.
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-store')
  const app = (
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>
  )
  // A shopper page has nothing to wait for and is read whole by the share front, which keeps it:
  // one string, without the stream a signed-in screen is sent through as it renders.
  if (shopper) return new Response(`<!DOCTYPE html>${renderToString(app)}`, { headers: responseHeaders, status: responseStatusCode })
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true
        const body = htmlBody()
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        if (shellRendered) console.error(error)
      },
    })
    setTimeout(abort, ABORT_DELAY)
  })
}
