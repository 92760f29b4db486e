import type { Context } from 'hono'
import type { Database } from './db/client'
import type { ServerEnv } from './env'
import type { Mailer } from './integrations/mail'
import type { UserRow } from './modules/users'
import type { JobQueue } from './jobs/queue'
import type { Composer } from './generation/compose'
import type { ProductSource } from './generation/import/product-source'

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
}

/** `inProcess` is set when the web calls the api without a socket (embedded default). */
export type ApiBindings = { inProcess?: boolean; incoming?: import('node:http').IncomingMessage }

export type ApiEnv = {
  Bindings: ApiBindings
  Variables: { deps: ApiDeps; user: UserRow; sessionId: number | null; clientIp: string }
}

export type ApiContext = Context<ApiEnv>
