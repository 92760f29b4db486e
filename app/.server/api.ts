import type { AppLoadContext } from '@remix-run/node'
import type { PublicUser } from '../../server/domain/user'
import type { Plan } from '../../server/domain/plans'
import type { Outline } from '../../server/domain/outline'
import type { Page } from '../../server/domain/page'
import type { TaskDetail, TaskSummary } from '../../server/modules/tasks/serialize'

export type { TaskDetail, TaskSummary }

export interface TaskList {
  items: TaskSummary[]
  total: number
  page: number
  page_size: number
  hidden: { count: number; next_ready_at: string | null }
}

export interface SharedPage {
  session_id: string
  title: string | null
  page: Page
  source: { url: string; platform: string; name: string } | null
  completed_at: string | null
}

export interface ListParams {
  status?: string
  data_status?: 1 | 2
  page?: number
  page_size?: number
}
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
        await res.arrayBuffer().catch(() => {}) // drain: a cancelled clone can hang
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
    tasks: {
      /** Direct flow: import and write the page in one go. */
      create: (body: { url: string; page_template_id?: number | null }) => request<TaskDetail>('POST', '/v2/tasks/create', { json: body }),
      /** Outline flow from a URL (stops at status 4). */
      createByUrl: (body: { url: string; page_template_id?: number | null }) =>
        request<TaskDetail>('POST', '/v3/tasks/create_by_url', { json: body }),
      /** Outline flow from a pasted description. */
      createFromText: (body: { text: string; page_template_id?: number | null }) => request<TaskDetail>('POST', '/v3/tasks/create', { json: body }),
      get: (sessionId: string) => request<TaskDetail>('GET', `/v2/tasks/${encodeURIComponent(sessionId)}`),
      list: (params: ListParams = {}) => request<TaskList>('GET', '/v2/tasks/', { query: { status: '10', ...params } }),
      update: (id: string, body: { data_status?: 1 | 2; is_public?: boolean }) =>
        request<TaskDetail>('PUT', `/v2/tasks/${encodeURIComponent(id)}`, { json: body }),
      regenerate: (sessionId: string) => request<TaskDetail>('POST', '/v2/tasks/regenerate', { json: { session_id: sessionId } }),
      research: (sessionId: string) => request<{ research: unknown }>('POST', '/v2/tasks/research', { json: { session_id: sessionId } }),
      rewriteSection: (sessionId: string, sectionId: string, instruction?: string) =>
        request<TaskDetail>('POST', '/v2/tasks/research_section', { json: { session_id: sessionId, section_id: sectionId, instruction } }),
      outline: (sessionId: string) =>
        request<{ session_id: string; status: number; outline: Outline | null }>('GET', `/v3/tasks/outline/${encodeURIComponent(sessionId)}`),
      saveOutline: (sessionId: string, outline: Outline) =>
        request<TaskDetail>('PUT', `/v3/tasks/outline/${encodeURIComponent(sessionId)}`, { json: { outline } }),
      continue: (sessionId: string) => request<TaskDetail>('POST', `/v3/tasks/continue/${encodeURIComponent(sessionId)}`, { json: {} }),
      shared: (sessionId: string) => request<SharedPage>('GET', `/v2/tasks/shared/${encodeURIComponent(sessionId)}`),
      gallery: (page = 1) => request<{ items: unknown[]; total: number }>('POST', '/v2/tasks/public', { query: { page } }),
    },
    favorites: {
      add: (id: string) => request<{ ok: true }>('POST', `/v2/task_favorites/${encodeURIComponent(id)}`, { json: {} }),
      remove: (id: string) => request<{ ok: true }>('DELETE', `/v2/task_favorites/${encodeURIComponent(id)}`),
      list: (params: ListParams = {}) => request<TaskList>('GET', '/v2/task_favorites/', { query: { status: '10', ...params } }),
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
