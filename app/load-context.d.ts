import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The in-process api (embedded default). */
    apiFetch?: (request: Request) => Promise<Response>
    /** Per-request CSP nonce, set by the server. */
    cspNonce?: string
    /** The browser's address, forwarded to the api for its rate limits. */
    clientIp?: string
  }
}
