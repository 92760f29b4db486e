import type { AppLoadContext } from '@remix-run/node'
import type { PublicUser } from '../../server/domain/user'
import type { Plan } from '../../server/domain/plans'
import { env } from './env'
import { shouldRetry } from './retry'

/** Sends one request to the api: the in-process Hono app, or the network when API_URL is set. */
export type ApiTransport = (request: Request) => Promise<Response>

/** An api answer that carried an `error` field (spec §7: raised with that text). */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface AuthResult {
  access_token: string
  expires_in: number
  token_type: 'bearer'
  user: PublicUser
}

export interface ApiClientOptions {
  transport: ApiTransport
  token?: string | null
  clientIp?: string
  /** Called on any 401; it should throw (a redirect to the login page). */
  onUnauthorized?: () => Promise<never>
  retryDelayMs?: number
}

type Query = Record<string, string | number | boolean | null | undefined>
interface RequestOptions {
  query?: Query
  json?: unknown
  /** multipart body; null and undefined fields are left out (spec §7). */
  form?: Record<string, string | number | boolean | null | undefined>
}

export function createApiClient(opts: ApiClientOptions) {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(path, 'http://api.internal')
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== null && v !== undefined) url.searchParams.set(k, String(v))
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers({ accept: 'application/json' })
      if (opts.token) headers.set('authorization', `Bearer ${opts.token}`)
      if (opts.clientIp) headers.set('x-forwarded-for', opts.clientIp)
      let body: BodyInit | undefined
      if (options.json !== undefined) {
        headers.set('content-type', 'application/json')
        body = JSON.stringify(options.json)
      } else if (options.form) {
        const fd = new FormData()
        for (const [k, v] of Object.entries(options.form)) if (v !== null && v !== undefined) fd.set(k, String(v))
        body = fd
      }
      const res = await opts.transport(new Request(url, { method, headers, body }))
      if (shouldRetry(method, res.status, attempt)) {
        await res.body?.cancel()
        await new Promise((r) => setTimeout(r, opts.retryDelayMs ?? 250))
        continue
      }
      const text = await res.text()
      let data: any = null
      if (text) {
        try {
          data = JSON.parse(text)
        } catch {
          data = { error: res.ok ? undefined : `The service answered ${res.status}.` }
        }
      }
      if (res.status === 401 && opts.onUnauthorized) await opts.onUnauthorized()
      if (data && typeof data === 'object' && !Array.isArray(data) && typeof data.error === 'string') {
        throw new ApiError(res.status, data.error, data)
      }
      if (!res.ok) throw new ApiError(res.status, `The service answered ${res.status}.`)
      return data as T
    }
  }

  return {
    request,
    auth: {
      sendCode: (body: { email: string; name?: string; invited_by?: string }) =>
        request<{ ok: true; retry_after: number }>('POST', '/v2/auth/send-code', { json: body }),
      verify: (body: { email: string; code: string }) => request<AuthResult>('POST', '/v2/auth/verify', { json: body }),
      autoLogin: (token: string) => request<AuthResult>('POST', '/v2/auth/auto-login', { json: { token } }),
      google: (body: { id_token: string; invited_by?: string }) => request<AuthResult>('POST', '/v2/auth/google', { json: body }),
      logout: () => request<{ ok: true }>('POST', '/v2/auth/logout', { json: {} }),
      me: () => request<PublicUser>('POST', '/v2/auth/me', { json: {} }),
      updateQuestionAndAnswer: (body: { question: string; answer: string }) =>
        request<{ ok: true }>('POST', '/v2/auth/update-question-and-answer', { json: body }),
      updateClid: (body: { gclid?: string; fbclid?: string }) => request<{ ok: true }>('POST', '/v2/auth/update-clid', { json: body }),
    },
    plans: {
      list: () => request<Plan[]>('GET', '/v2/subscription/plans', { query: { version: '2' } }),
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The in-process api when the server gave us one, otherwise API_URL over the network. */
export function transportFor(context: AppLoadContext | undefined): ApiTransport {
  if (context?.apiFetch) return context.apiFetch
  const base = env().apiUrl
  if (!base) throw new Error('No api: set API_URL, or run the web and api in one process (npm start).')
  return async (req) => {
    const u = new URL(req.url)
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer()
    return fetch(`${base}${u.pathname}${u.search}`, { method: req.method, headers: req.headers, body })
  }
}
