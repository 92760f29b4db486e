import type { AppLoadContext } from '@remix-run/node'
import { contract, fillPath, type ContractRoute, type RouteInput, type RouteOutput } from '../../server/contract'
import { DEFAULT_LIST_STATUS } from '../../server/domain/task-status'
import { env } from './env'
import { shouldRetry } from './retry'

export type { SharedPage } from '../../server/contract/tasks'
export type { ShopifyStore } from '../../server/contract/shopify'
export type { CatalogProduct } from '../../server/contract/catalog'
export type { SamplePage } from '../../server/contract/docs'
export type { NextPublish, NextStep, Publication } from '../../server/contract/publishing'
export type { PostSummary } from '../../server/contract/posts'
export type AuthResult = RouteOutput<typeof contract.auth.verify>

/** Sends one request to the api: the in-process Hono app, or the network when API_URL is set. */
export type ApiTransport = (request: Request) => Promise<Response>

/** An api answer that carried an `error` field (reference §9.1: raised with that text). */
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

/** The api's `{ error }` message in a JSON body, or null. */
function errorOf(data: unknown): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  const error = (data as { error?: unknown }).error
  return typeof error === 'string' ? error : null
}

/** The api could not be reached at all (network, DNS, connection refused). */
export class ApiUnreachableError extends Error {
  constructor(cause: unknown) {
    super('The api could not be reached.', { cause })
    this.name = 'ApiUnreachableError'
  }
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
  /** multipart body; null and undefined fields are left out (reference §9.1). */
  form?: Record<string, string | number | boolean | Blob | null | undefined>
  headers?: Record<string, string | undefined>
}

/** A request that spends credits, made once whatever repeats it (the api's Idempotency-Key). */
const once = (requestKey: string | undefined) => ({ 'idempotency-key': requestKey })

/**
 * The web's client of the api. Paths, inputs and answers come from the contract (server/contract),
 * so a call the api does not serve, or an answer read wrongly, fails the type check.
 */
export function createApiClient(opts: ApiClientOptions) {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(path, 'http://api.internal')
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== null && v !== undefined) url.searchParams.set(k, String(v))
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers({ accept: 'application/json' })
      if (opts.token) headers.set('authorization', `Bearer ${opts.token}`)
      if (opts.clientIp) headers.set('x-forwarded-for', opts.clientIp)
      for (const [k, v] of Object.entries(options.headers ?? {})) if (v !== undefined) headers.set(k, v)
      let body: BodyInit | undefined
      if (options.json !== undefined) {
        headers.set('content-type', 'application/json')
        body = JSON.stringify(options.json)
      } else if (options.form) {
        const fd = new FormData()
        for (const [k, v] of Object.entries(options.form)) if (v !== null && v !== undefined) fd.set(k, v instanceof Blob ? v : String(v))
        body = fd
      }
      const res = await opts.transport(new Request(url, { method, headers, body })).catch((error: unknown) => {
        throw new ApiUnreachableError(error)
      })
      if (shouldRetry(method, res.status, attempt)) {
        await res.arrayBuffer().catch(() => {}) // drain: a cancelled clone can hang
        await new Promise((r) => setTimeout(r, opts.retryDelayMs ?? 250))
        continue
      }
      const text = await res.text()
      let data: unknown = null
      if (text) {
        try {
          data = JSON.parse(text)
        } catch {
          data = { error: res.ok ? undefined : `The service answered ${res.status}.` }
        }
      }
      if (res.status === 401 && opts.onUnauthorized) await opts.onUnauthorized()
      const error = errorOf(data)
      if (error !== null) {
        throw new ApiError(res.status, error, data as Record<string, unknown>)
      }
      if (!res.ok) throw new ApiError(res.status, `The service answered ${res.status}.`)
      return data as T
    }
  }

  /** One contract route. POSTs without a body send `{}` (the api reads bodies as JSON). */
  function call<R extends ContractRoute>(route: R, input: RouteInput<R>): Promise<RouteOutput<R>> {
    const { params, query, json, headers } = input as {
      params?: Record<string, string>
      query?: Query
      json?: unknown
      headers?: Record<string, string | undefined>
    }
    const method = route.method.toUpperCase()
    const body = json ?? (method === 'GET' || method === 'DELETE' ? undefined : {})
    return request<RouteOutput<R>>(method, fillPath(route.path, params), { query, json: body, headers })
  }

  const { auth, billing, payments, tasks, favorites, shopify, catalog, publishing, referrals, onboarding } = contract
  type CatalogQuery = NonNullable<RouteInput<typeof catalog.list>['query']>
  type ListParams = NonNullable<RouteInput<typeof tasks.list>['query']>
  const listQuery = (params: ListParams) => ({ status: DEFAULT_LIST_STATUS, ...params })

  return {
    request,
    auth: {
      sendCode: (body: RouteInput<typeof auth.sendCode>['json']) => call(auth.sendCode, { json: body }),
      verify: (body: RouteInput<typeof auth.verify>['json']) => call(auth.verify, { json: body }),
      autoLogin: (token: string) => call(auth.autoLogin, { json: { token } }),
      google: (body: RouteInput<typeof auth.google>['json']) => call(auth.google, { json: body }),
      logout: () => call(auth.logout, {}),
      me: () => call(auth.me, {}),
      updateQuestionAndAnswer: (body: RouteInput<typeof auth.updateQuestionAndAnswer>['json']) =>
        call(auth.updateQuestionAndAnswer, { json: body }),
      updateClid: (body: RouteInput<typeof auth.updateClid>['json']) => call(auth.updateClid, { json: body }),
      /** A new API key (the old one stops working); the api shows it only in this answer. */
      createApiKey: () => call(auth.createApiKey, {}),
    },
    plans: {
      list: () => call(billing.plans, { query: { version: '2' } }),
    },
    demoStore: {
      products: () => call(onboarding.demoProducts, {}),
    },
    /** Public documents: the OpenAPI description of the api and a sample page from the demo store. */
    docs: {
      openapi: () => call(contract.docs.openapi, {}),
      samplePage: (product?: string) => call(contract.docs.samplePage, { query: { product } }),
    },
    referrals: {
      inviter: (code: string) => call(referrals.inviter, { params: { code } }),
    },
    posts: {
      list: () => call(contract.posts.list, {}),
      get: (slug: string) => call(contract.posts.get, { params: { slug } }),
    },
    payments: {
      /** Hosted Checkout (reference §9.1: form data, empty fields left out). */
      checkout: (body: { price_id: string; success_url?: string; cancel_url?: string }) =>
        request<RouteOutput<typeof payments.checkout>>('POST', payments.checkout.path, { form: body }),
      /** The embedded card form's subscription and client secret. */
      paymentIntent: (priceId: string) =>
        request<RouteOutput<typeof payments.paymentIntent>>('POST', payments.paymentIntent.path, { form: { price_id: priceId } }),
      check: (sessionId: string) => call(payments.paymentSuccess, { query: { session_id: sessionId } }),
      overview: () => call(payments.overview, {}),
      portal: () => call(payments.portal, {}),
    },
    tasks: {
      /** Direct flow: import and write the page in one go. */
      create: (body: RouteInput<typeof tasks.create>['json'], requestKey?: string) =>
        call(tasks.create, { json: body, headers: once(requestKey) }),
      /** Outline flow from a URL (stops at status 4). */
      createByUrl: (body: RouteInput<typeof tasks.createByUrl>['json'], requestKey?: string) =>
        call(tasks.createByUrl, { json: body, headers: once(requestKey) }),
      /** Outline flow from a pasted description. */
      createFromText: (body: RouteInput<typeof tasks.createFromText>['json'], requestKey?: string) =>
        call(tasks.createFromText, { json: body, headers: once(requestKey) }),
      get: (sessionId: string) => call(tasks.get, { params: { key: sessionId } }),
      list: (params: ListParams = {}) => call(tasks.list, { query: listQuery(params) }),
      update: (id: string, body: RouteInput<typeof tasks.update>['json']) => call(tasks.update, { params: { key: id }, json: body }),
      /** The page's share link (Pro; 403 `share` otherwise). */
      shareLink: (id: string) => call(tasks.shareLink, { params: { key: id } }),
      regenerate: (sessionId: string, requestKey?: string) =>
        call(tasks.regenerate, { json: { session_id: sessionId }, headers: once(requestKey) }),
      research: (sessionId: string) => call(tasks.research, { json: { session_id: sessionId } }),
      rewriteSection: (sessionId: string, sectionId: string, instruction?: string) =>
        call(tasks.researchSection, { json: { session_id: sessionId, section_id: sectionId, instruction } }),
      outline: (sessionId: string) => call(tasks.outline, { params: { key: sessionId } }),
      saveOutline: (sessionId: string, outline: RouteInput<typeof tasks.saveOutline>['json']['outline']) =>
        call(tasks.saveOutline, { params: { key: sessionId }, json: { outline } }),
      continue: (sessionId: string) => call(tasks.continueOutline, { params: { key: sessionId } }),
      /** `challenger`: the experiment's other version, as the share front asks for it (server/http/experiment-front.ts). */
      shared: (sessionId: string, variant?: 'challenger') =>
        call(tasks.shared, { params: { session_id: sessionId }, query: variant ? { variant } : {} }),
      /** Shared pages for /trending: newest or trending, with views in the period. */
      gallery: (query: RouteInput<typeof tasks.gallery>['query'] = {}) => call(tasks.gallery, { query }),
      /** The current page and its version, for the editor. */
      getPage: (id: string) => call(tasks.getPage, { params: { key: id } }),
      /** Saves an edit made from `baseVersion`; a 409 when someone saved since. */
      putPage: (id: string, page: RouteInput<typeof tasks.putPage>['json']['page'], baseVersion: number) =>
        call(tasks.putPage, { params: { key: id }, json: { page, base_version: baseVersion } }),
      versions: (id: string) => call(tasks.versions, { params: { key: id } }),
      editReviews: (id: string, body: RouteInput<typeof tasks.editReviews>['json']) =>
        call(tasks.editReviews, { params: { key: id }, json: body }),
      /** The CSV goes as multipart, as the api takes it. */
      importReviews: (id: string, file: Blob, baseVersion: number) =>
        request<RouteOutput<typeof tasks.importReviews>>('POST', fillPath(tasks.importReviews.path, { key: id }), {
          form: { file, base_version: baseVersion },
        }),
      version: (id: string, version: number) => call(tasks.version, { params: { key: id, version: String(version) } }),
      restoreVersion: (id: string, version: number) => call(tasks.restoreVersion, { params: { key: id, version: String(version) } }),
    },
    stores: {
      list: () => call(shopify.list, {}),
      /** Shopify's approval URL for the shop, and the signed state cookies to pass to the browser. */
      begin: (shop: string) => call(shopify.begin, { json: { shop } }),
      callback: (query: string, cookie: string) => call(shopify.callback, { json: { query, cookie } }),
      install: (query: string) => call(shopify.install, { json: { query } }),
      installCallback: (query: string, cookie: string) => call(shopify.installCallback, { json: { query, cookie } }),
      claimInstall: (id: string) => call(shopify.claimInstall, { params: { id } }),
      createDemo: () => call(shopify.createDemo, {}),
      connectCustom: (body: RouteInput<typeof shopify.connectCustom>['json']) => call(shopify.connectCustom, { json: body }),
      setCurrent: (id: number) => call(shopify.setCurrent, { params: { id } }),
      disconnect: (id: number) => call(shopify.disconnect, { params: { id } }),
      sync: (id: number) => call(shopify.sync, { params: { id } }),
      uploadTheme: (id: number) => call(shopify.uploadTheme, { params: { id } }),
      retryThemeFiles: (id: number) => call(shopify.retryThemeFiles, { params: { id } }),
    },
    catalog: {
      list: (query: CatalogQuery = {}) => call(catalog.list, { query }),
      search: (query: CatalogQuery & { q: string }) => call(catalog.search, { query }),
      get: (id: number) => call(catalog.get, { params: { id } }),
      update: (id: number, body: RouteInput<typeof catalog.update>['json']) => call(catalog.update, { params: { id }, json: body }),
      remove: (id: number, hard = false) => call(catalog.remove, { params: { id }, query: { hard_delete: hard ? 'true' : 'false' } }),
      batch: (ids: number[], action: RouteInput<typeof catalog.batch>['json']['action']) => call(catalog.batch, { json: { ids, action } }),
      trending: (limit = 10) => call(catalog.trending, { query: { limit } }),
      createTask: (body: RouteInput<typeof catalog.createTask>['json'], requestKey?: string) =>
        call(catalog.createTask, { json: body, headers: once(requestKey) }),
      optimize: (body: RouteInput<typeof catalog.optimize>['json']) => call(catalog.optimize, { json: body }),
      favorite: (id: number, on: boolean) =>
        on ? call(catalog.addFavorite, { params: { id } }) : call(catalog.removeFavorite, { params: { id } }),
    },
    publishing: {
      publish: (sessionId: string, storeId?: number) => call(publishing.publish, { json: { session_id: sessionId, store_id: storeId } }),
      list: (sessionId: string) => call(publishing.publications, { params: { key: sessionId } }),
      publishTemplate: (sessionId: string, storeId?: number) =>
        call(publishing.publishTemplate, { json: { session_id: sessionId, store_id: storeId } }),
      unpublish: (id: number) => call(publishing.unpublish, { params: { id } }),
      descriptionFallback: (id: number, allowed: boolean) => call(publishing.descriptionFallback, { params: { id }, json: { allowed } }),
    },
    /** Experiments between two versions of a page, and its analytics (server/contract/experiments.ts). */
    experiments: {
      start: (sessionId: string, body: RouteInput<typeof contract.experiments.start>['json']) =>
        call(contract.experiments.start, { params: { key: sessionId }, json: body }),
      current: (sessionId: string) => call(contract.experiments.current, { params: { key: sessionId } }),
      list: (sessionId: string) => call(contract.experiments.list, { params: { key: sessionId } }),
      stop: (sessionId: string, id: number) => call(contract.experiments.stop, { params: { key: sessionId, id } }),
      promote: (sessionId: string, id: number) => call(contract.experiments.promote, { params: { key: sessionId, id } }),
      makeVariant: (sessionId: string, body: RouteInput<typeof contract.experiments.makeVariant>['json']) =>
        call(contract.experiments.makeVariant, { params: { key: sessionId }, json: body }),
      analytics: (sessionId: string, days?: number) =>
        call(contract.experiments.analytics, { params: { key: sessionId }, query: { days } }),
    },
    favorites: {
      add: (id: string) => call(favorites.add, { params: { key: id } }),
      remove: (id: string) => call(favorites.remove, { params: { key: id } }),
      list: (params: ListParams = {}) => call(favorites.list, { query: listQuery(params) }),
    },
    templates: {
      publicList: (query: RouteInput<typeof contract.templates.publicList>['query'] = {}) => call(contract.templates.publicList, { query }),
      publicGet: (id: number) => call(contract.templates.publicGet, { params: { id } }),
      favorites: () => call(contract.templates.favorites, {}),
      favorite: (id: number, on: boolean) =>
        on ? call(contract.templates.addFavorite, { params: { id } }) : call(contract.templates.removeFavorite, { params: { id } }),
    },
    /** The support console (staff only; anyone else gets 404). */
    admin: {
      search: (q?: string) => call(contract.admin.search, { query: { q } }),
      account: (uuid: string) => call(contract.admin.account, { params: { uuid } }),
      plans: () => call(contract.admin.plans, {}),
      setRole: (uuid: string, body: RouteInput<typeof contract.admin.setRole>['json']) =>
        call(contract.admin.setRole, { params: { uuid }, json: body }),
      adjustCredits: (uuid: string, delta: number, reason: string) =>
        call(contract.admin.adjustCredits, { params: { uuid }, json: { delta, reason } }),
      resendCode: (uuid: string) => call(contract.admin.resendCode, { params: { uuid } }),
      revokeSessions: (uuid: string, reason: string) => call(contract.admin.revokeSessions, { params: { uuid }, json: { reason } }),
      disqualifyReferral: (id: number, reason: string) => call(contract.admin.disqualifyReferral, { params: { id }, json: { reason } }),
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
