import { createCookie } from '@remix-run/node'
import type PgBoss from 'pg-boss'
import type { ApiDeps } from '../../server/context'
import { createDemoShop, type DemoShop } from '../../server/demo-shop'
import { createDemoStore } from '../../server/demo-store/routes'
import { WEB_SESSION_COOKIE } from '../../server/domain/web-session'
import { loadServerEnv } from '../../server/env'
import { createOfflineComposer } from '../../server/generation/compose'
import { createProductSource } from '../../server/generation/import/product-source'
import { createApi } from '../../server/http/api'
import type { LoginCodeMail, Mailer } from '../../server/integrations/mail'
import { createStripeClient } from '../../server/integrations/stripe'
import { GENERATE_QUEUE, type GenerateJob } from '../../server/jobs/definitions'
import { runGenerateJob } from '../../server/jobs/generate'
import { queueOf, startBoss } from '../../server/jobs/queue'
import { runShopifyJob, SHOPIFY_QUEUES } from '../../server/jobs/shopify'
import { webSessionViewer } from '../../server/modules/auth'
import { createShopifyServices } from '../../server/modules/shopify'
import { createTestDatabase, type DbKind, type TestDatabase } from './db'

/** A clock tests can move. */
export function testClock(start = new Date('2026-11-23T10:00:00Z')) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  }
}

export interface TestApi {
  app: ReturnType<typeof createApi>
  /** The offline Shopify (server/demo-shop), wired to this api. */
  demoShop: DemoShop
  deps: ApiDeps
  mails: LoginCodeMail[]
  clock: ReturnType<typeof testClock>
  db: TestDatabase
  /** JSON request against the in-process api; returns status and parsed body. */
  call(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    extraHeaders?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>
  /** Signs an e-mail in through send-code + verify and returns the access token. */
  signIn(email: string, name?: string): Promise<{ token: string; user: any }>
  /** The Cookie header of a browser signed in to the web with this access token (what the demo shop's admin asks for). */
  webCookie(token: string): Promise<string>
  boss: PgBoss
  /** Runs every queued generation job now, in this process (as the worker would); returns how many ran. */
  drainJobs(): Promise<number>
  /** Runs queued Shopify jobs (sync, publish, webhook work) until none is left; returns how many ran. */
  drainShopifyJobs(): Promise<number>
  /** Sets a user's role (and credits) directly, as support would. */
  setUser(email: string, patch: { role?: 'free' | 'paid' | 'admin'; credits?: number }): Promise<void>
  close(): Promise<void>
}

/** The demo store answers at this origin in tests (in-process, as in production). */
export const TEST_ORIGIN = 'http://pagewright.test'

export async function createTestApi(
  kind: DbKind,
  overrides: Partial<ApiDeps> = {},
  envOverrides: Record<string, string> = {},
): Promise<TestApi> {
  const db = await createTestDatabase(kind)
  const clock = testClock()
  const mails: LoginCodeMail[] = []
  const mailer: Mailer = {
    async sendLoginCode(m) {
      mails.push(m)
    },
  }
  // The web's cookie secret (tests/setup.ts): the demo shop reads cookies the web tests make too.
  const env = loadServerEnv({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-auth-secret-0123456789',
    SESSION_SECRET: process.env.SESSION_SECRET,
    PUBLIC_URL: TEST_ORIGIN,
    ...envOverrides,
  })
  const sessionSecret = env.SESSION_SECRET!
  const boss = await startBoss(db.database, { work: false })
  // The demo shop plays Shopify in-process; its webhooks and downloads come back to this api.
  const self: { app?: ReturnType<typeof createApi>; viewerOf?: (request: Request) => Promise<number | null> } = {}
  const toApi = (request: Request) => {
    if (!self.app || new URL(request.url).origin !== TEST_ORIGIN) return Promise.reject(new Error(`no network in tests: ${request.url}`))
    return self.app.fetch(request, { inProcess: true })
  }
  // A real clock: Shopify's library checks callback timestamps against the real time.
  const demoShop = createDemoShop({
    database: db.database,
    clock: () => new Date(),
    publicUrl: TEST_ORIGIN,
    app: env.shopifyApp,
    deliver: toApi,
    fetchUrl: (url) => toApi(new Request(url)),
    viewerOf: (request) => self.viewerOf?.(request) ?? Promise.resolve(null),
  })
  const deps: ApiDeps = {
    database: db.database,
    env,
    mailer,
    clock: clock.now,
    queue: queueOf(boss),
    composer: createOfflineComposer(),
    products: createProductSource({
      ownOrigins: [TEST_ORIGIN],
      allowPrivateHosts: env.IMPORT_ALLOW_PRIVATE_HOSTS,
      demoStore: createDemoStore(),
    }),
    // DEMO_SHOP=off: the api has no demo shop (the object stays for tests that look at it).
    shopify: createShopifyServices(env, env.demoShop ? demoShop : null, { sleep: async () => {} }),
    stripe: await createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }),
    ...overrides,
  }
  const api = createApi(deps)
  self.app = api
  self.viewerOf = webSessionViewer(deps, sessionSecret)
  const sessionCookie = createCookie(WEB_SESSION_COOKIE, { secrets: sessionSecret.split(',').map((x) => x.trim()) })
  let ipCounter = 0

  const call: TestApi['call'] = async (method, path, body, token, extraHeaders = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders }
    if (token) headers.authorization = `Bearer ${token}`
    // Each call from its own address unless a test pins one: per-IP limits are tested on their own.
    headers['x-forwarded-for'] = `10.0.0.${++ipCounter % 250}`
    const res = await api.fetch(
      new Request(`http://api.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      { inProcess: true },
    )
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
  }

  return {
    app: api,
    demoShop,
    deps,
    mails,
    clock,
    db,
    call,
    boss,
    async drainJobs() {
      let ran = 0
      for (;;) {
        const jobs = await boss.fetch<GenerateJob>(GENERATE_QUEUE, { batchSize: 10, includeMetadata: true })
        if (!jobs?.length) return ran
        for (const job of jobs) {
          ran++
          try {
            await runGenerateJob(deps, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
            await boss.complete(GENERATE_QUEUE, job.id)
          } catch (error) {
            await boss.fail(GENERATE_QUEUE, job.id, { message: String(error) })
          }
        }
      }
    },
    async drainShopifyJobs() {
      let ran = 0
      for (let round = 0; round < 50; round++) {
        let any = false
        for (const queue of SHOPIFY_QUEUES) {
          const jobs = await boss.fetch(queue, { batchSize: 10, includeMetadata: true })
          for (const job of jobs ?? []) {
            any = true
            ran++
            try {
              await runShopifyJob(deps, queue, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
              await boss.complete(queue, job.id)
            } catch (error) {
              await boss.fail(queue, job.id, { message: String(error) })
            }
          }
        }
        if (!any) return ran
      }
      return ran
    },
    async setUser(email, patch) {
      const sets: string[] = []
      const values: unknown[] = [email]
      if (patch.role) sets.push(`role = $${values.push(patch.role)}`)
      if (patch.credits !== undefined) sets.push(`remaining_credit_count = $${values.push(patch.credits)}`)
      await db.database.sql.executeSql(`UPDATE users SET ${sets.join(', ')} WHERE email = $1`, values)
    },
    async close() {
      await boss.stop({ graceful: false, wait: true, close: false }).catch(() => {})
      await db.drop()
    },
    webCookie: async (token) => (await sessionCookie.serialize({ token })).split(';')[0],
    async signIn(email, name) {
      const sent = await call('POST', '/v2/auth/send-code', { email, name })
      if (sent.status !== 200) throw new Error(`send-code ${sent.status}: ${JSON.stringify(sent.body)}`)
      const code = mails.at(-1)!.code
      const verified = await call('POST', '/v2/auth/verify', { email, code })
      if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${JSON.stringify(verified.body)}`)
      clock.advance(31_000)
      return { token: verified.body.access_token, user: verified.body.user }
    },
  }
}
