import type { ApiDeps } from '../../server/context'
import { createApi } from '../../server/http'
import { loadServerEnv } from '../../server/env'
import type { LoginCodeMail, Mailer } from '../../server/integrations/mail'
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
  deps: ApiDeps
  mails: LoginCodeMail[]
  clock: ReturnType<typeof testClock>
  db: TestDatabase
  /** JSON request against the in-process api; returns status and parsed body. */
  call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any; headers: Headers }>
  /** Signs an e-mail in through send-code + verify and returns the access token. */
  signIn(email: string, name?: string): Promise<{ token: string; user: any }>
}

export async function createTestApi(kind: DbKind, overrides: Partial<ApiDeps> = {}, envOverrides: Record<string, string> = {}): Promise<TestApi> {
  const db = await createTestDatabase(kind)
  const clock = testClock()
  const mails: LoginCodeMail[] = []
  const mailer: Mailer = { async sendLoginCode(m) { mails.push(m) } }
  const env = loadServerEnv({ NODE_ENV: 'test', AUTH_SECRET: 'test-auth-secret-0123456789', PUBLIC_URL: 'http://pagewright.test', ...envOverrides })
  const deps: ApiDeps = { database: db.database, env, mailer, clock: clock.now, ...overrides }
  const app = createApi(deps)
  let ipCounter = 0

  const call: TestApi['call'] = async (method, path, body, token) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    // Each call from its own address unless a test pins one: per-IP limits are tested on their own.
    headers['x-forwarded-for'] = `10.0.0.${++ipCounter % 250}`
    const res = await app.fetch(
      new Request(`http://api.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      { inProcess: true },
    )
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
  }

  return {
    app, deps, mails, clock, db, call,
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
