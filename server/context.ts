import type { IncomingMessage } from 'node:http'
import type { Database } from './db/client'
import type { ShareVersions } from './domain/share'
import type { ServerEnv } from './env'
import type { Composer } from './generation/compose'
import type { ProductSource } from './generation/import/product-source'
import type { ChangeFeeds } from './http/change-stream'
import type { Mailer } from './integrations/mail'
import type { StripeClient } from './integrations/stripe'
import type { JobQueue } from './jobs/queue'
import type { ShopifyServices } from './modules/shopify/services'
import type { UserRow } from './modules/users'

/** Everything the api's handlers need; tests build it with their own clock, mailer and database. */
export interface ApiDeps {
  database: Database
  env: ServerEnv
  mailer: Mailer
  clock: () => Date
  /** Verifies a Google ID token; replaced in tests. */
  googleJwksUrl?: string
  queue: JobQueue
  composer: Composer
  /** Checks and fetches user-supplied URLs (safe fetch; the demo store resolved in-process). */
  products: ProductSource
  /** Shop network, OAuth, demo shops and the token key (server/modules/shopify/services.ts). */
  shopify: ShopifyServices
  /** Stripe's SDK, or null when payments are not configured. */
  stripe: StripeClient | null
  /** Shared-page versions remembered until the database announces a change (absent: asked each time). */
  shareVersions?: ShareVersions
  /** The database's change feeds, relayed to webs deployed on their own (GET /v2/changes). */
  changeFeeds?: ChangeFeeds
}

/**
 * Who a bearer token belongs to, remembered for the api calls of one web request (one lookup
 * instead of one per call). The web drops it before any call that may change the user.
 */
export type AuthMemo = Map<string, Promise<{ user: UserRow; sessionId: number | null } | null>>

/** `inProcess` is set when the web calls the api without a socket (embedded default). */
export type ApiBindings = {
  inProcess?: boolean
  incoming?: IncomingMessage
  authMemo?: AuthMemo
  /** Set when the server renders a page for itself (server/http/anonymous-front.ts), with the CSP nonce to use. */
  ownRender?: { cspNonce: string }
}

export type ApiEnv = {
  Bindings: ApiBindings
  Variables: { deps: ApiDeps; user: UserRow; sessionId: number | null; clientIp: string }
}
