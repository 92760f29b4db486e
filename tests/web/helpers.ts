import type { AppLoadContext } from '@remix-run/node'
import { commitSession, getSession, type SessionData } from '~/.server/session'
import type { PublicUser } from '../../server/domain/user'

/** Base URL of the web app in these tests (any origin works: loaders only read the path). */
export const WEB = 'http://pagewright.test'

type Params = Record<string, string | undefined>
type RouteArgs = { request: Request; context: AppLoadContext; params: Params }
// Route modules type their own return values; the tests only need to call them.
type RouteFn = (args: RouteArgs) => unknown

/**
 * Calls a loader or action like Remix does. A thrown Response (redirect, 404, …) is returned
 * as the result, exactly as Remix would send it; any other error is re-thrown.
 */
export async function run(fn: RouteFn, request: Request, opts: { context?: AppLoadContext; params?: Params } = {}): Promise<unknown> {
  try {
    return await fn({ request, context: opts.context ?? {}, params: opts.params ?? {} })
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

/** Like run(), for routes that answer with a Response; fails the test otherwise. */
export async function runResponse(
  fn: RouteFn,
  request: Request,
  opts: { context?: AppLoadContext; params?: Params } = {},
): Promise<Response> {
  const result = await run(fn, request, opts)
  if (!(result instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(result)}`)
  return result
}

/** A GET for a loader, with the cookie header of a jar (or a raw header). */
export function get(path: string, cookie?: CookieJar | string): Request {
  const headers = new Headers()
  const c = typeof cookie === 'string' ? cookie : cookie?.header()
  if (c) headers.set('cookie', c)
  return new Request(new URL(path, WEB), { headers })
}

/** A form POST for an action (urlencoded, as a browser without JS sends it). */
export function post(path: string, fields: Record<string, string>, cookie?: CookieJar | string): Request {
  const headers = new Headers()
  const c = typeof cookie === 'string' ? cookie : cookie?.header()
  if (c) headers.set('cookie', c)
  return new Request(new URL(path, WEB), { method: 'POST', body: new URLSearchParams(fields), headers })
}

/** One Set-Cookie header, parsed. */
export interface SetCookie {
  name: string
  value: string
  attributes: Record<string, string>
  /** Max-Age=0, or Expires in the past: the browser forgets the cookie. */
  clears: boolean
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...attrs] = header.split(';')
  const eq = pair.indexOf('=')
  const name = pair.slice(0, eq).trim()
  const value = pair.slice(eq + 1).trim()
  const attributes: Record<string, string> = {}
  for (const a of attrs) {
    const i = a.indexOf('=')
    const key = (i === -1 ? a : a.slice(0, i)).trim().toLowerCase()
    attributes[key] = i === -1 ? '' : a.slice(i + 1).trim()
  }
  const expired = attributes.expires !== undefined && new Date(attributes.expires).getTime() <= Date.now()
  const clears = attributes['max-age'] === '0' || expired
  return { name, value, attributes, clears }
}

/** The Set-Cookie headers of a response, parsed. */
export function setCookies(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map(parseSetCookie)
}

/** The Set-Cookie of one cookie name, or undefined. */
export function setCookie(res: Response, name: string): SetCookie | undefined {
  return setCookies(res)
    .filter((c) => c.name === name)
    .at(-1)
}

/** A tiny browser cookie store: takes Set-Cookie headers, gives the Cookie header to send. */
export class CookieJar {
  private cookies = new Map<string, string>()

  constructor(initial?: Record<string, string>) {
    for (const [k, v] of Object.entries(initial ?? {})) this.cookies.set(k, v)
  }

  /** Applies every Set-Cookie of a response (or raw Set-Cookie strings); returns the jar. */
  take(from: Response | string[] | string): this {
    const headers = from instanceof Response ? from.headers.getSetCookie() : Array.isArray(from) ? from : [from]
    for (const h of headers) {
      const c = parseSetCookie(h)
      if (c.clears) this.cookies.delete(c.name)
      else this.cookies.set(c.name, c.value)
    }
    return this
  }

  has(name: string): boolean {
    return this.cookies.has(name)
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  clone(): CookieJar {
    return new CookieJar(Object.fromEntries(this.cookies))
  }
}

/** Location of a redirect, or fails the test when the response is not one. */
export function location(res: unknown): string {
  if (!(res instanceof Response)) throw new Error(`expected a redirect Response, got ${JSON.stringify(res)}`)
  if (res.status < 300 || res.status >= 400) throw new Error(`expected a redirect, got ${res.status}`)
  return res.headers.get('location') ?? ''
}

/** The JSON body of a Remix json() answer. */
export async function body<T = any>(res: unknown): Promise<T> {
  if (!(res instanceof Response)) throw new Error(`expected a Response, got ${JSON.stringify(res)}`)
  return (await res.json()) as T
}

/** A user as the api returns it. */
export function fakeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 7,
    uuid: '0b6c8a3e-4f7f-4a57-9f7e-6a3c1a2b9d10',
    username: null,
    avatar: null,
    email: 'ana@example.com',
    name: 'Ana Lima',
    first_name: 'Ana',
    last_name: 'Lima',
    role: 'free',
    plan: null,
    stripe_plan: null,
    remaining_product_count: 1,
    remaining_credit_count: 40,
    last_credit_reset: null,
    status: 'active',
    facebook_id: null,
    google_id: null,
    invitation_code: 'ANA12345',
    publish_pages_count: 0,
    api_key_hint: null,
    created_at: '2026-11-23T10:00:00.000Z',
    hide_window_minutes: 45,
    ...overrides,
  }
}

/** A `__pw_session` cookie ("name=value") holding the given session data, as the app signs it. */
export async function sessionCookie(data: Partial<SessionData>): Promise<string> {
  const session = await getSession(new Request('http://x'))
  for (const [k, v] of Object.entries(data)) session.set(k as keyof SessionData, v as never)
  return (await commitSession(session)).split(';')[0]
}
