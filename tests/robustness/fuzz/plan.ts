import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  fieldClass,
  formVariants,
  genericFormVariants,
  genericJsonVariants,
  hostileIds,
  jsonFieldVariants,
  SHALLOW_JSON_KINDS,
  type Variant,
} from './bodies'
import type { FormShape } from './forms'
import { sampleOf, type ApiRoute, type WebRoute } from './routes'
import type { World } from './world'

/**
 * What the suite sends where. The routes come from discovery (app/routes, server/contract); the
 * tables below give what discovery cannot know: a real path for each route with an id in it, the
 * forms that no page renders without JS or a particular state, and which ids each api parameter
 * takes. A route discovery finds but these tables do not cover fails the discovery test.
 */

export type Auth = 'signed-out' | 'signing-in' | 'signed-in'

export interface Case {
  input: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  oversize?: boolean
  /** Ends the session it is sent with (logout): gets an account of its own. */
  fresh?: boolean
}

/* ------------------------------------------------------------------ web -- */

/** A real path for every web route with a parameter (owner's own things), and another account's. */
export const WEB_PATHS: Record<string, (w: World) => { own: string; foreign?: string }> = {
  '/product-edit/:id': (w) => ({ own: `/product-edit/${w.owner.task}`, foreign: `/product-edit/${w.other.task}` }),
  '/product/:id': (w) => ({ own: `/product/${w.owner.task}`, foreign: `/product/${w.other.task}` }),
  '/productv2/:id': (w) => ({ own: `/productv2/${w.owner.task}`, foreign: `/productv2/${w.other.task}` }),
  '/review-bulk-edit/:id': (w) => ({ own: `/review-bulk-edit/${w.owner.task}`, foreign: `/review-bulk-edit/${w.other.task}` }),
  '/r/:id': (w) => ({ own: `/r/${w.owner.invitationCode}`, foreign: `/r/${w.other.invitationCode}` }),
  '/share/:id': (w) => ({ own: `/share/${w.owner.task}`, foreign: `/share/${w.other.task}` }),
  '/sharev2/:id': (w) => ({ own: `/sharev2/${w.owner.task}`, foreign: `/sharev2/${w.other.task}` }),
  // Staff may see every account: the other account is the target, never the owner (a revoke would end the suite's session).
  '/admin/users/:uuid': (w) => ({ own: `/admin/users/${w.other.uuid}` }),
  '/posts/:slug': () => ({ own: '/posts/ftc-fake-reviews-rule' }),
  '/sections/:slug': () => ({ own: '/sections/hero' }),
  '/sections/t/:slug': () => ({ own: '/sections/t/social-proof' }),
  '/templates/:id': () => ({ own: '/templates/1' }),
  // The world publishes nothing: publication 1 is nobody's, which the api answers as not found.
  '/publications/:id': () => ({ own: '/publications/1' }),
  '/*': () => ({ own: '/no-such-page' }),
}

/** The routes the issue names for the upgrade dialog's `reason`; every page gets one such case too. */
export const DIALOG_ROUTES = ['/', '/latest', '/products', '/generate', '/account/login']
/** Routes the issue names for `?session_id=`; routes whose loader reads it are added by discovery. */
export const SESSION_ROUTES = ['/guidev3/outline', '/guidev3/generating', '/']

/** Forms a page shows only with JS, in a dialog or in a state the suite does not reach; real ones are read from the pages. */
export const STATIC_FORMS: Record<string, (w: World) => { path?: string; fields: [string, string][]; buttons: [string, string][] }[]> = {
  '/account/verify': () => [
    { fields: [['code', '123456']], buttons: [['intent', 'verify']] },
    { fields: [['website', '']], buttons: [['intent', 'resend']] },
  ],
  '/account/auto_login': () => [{ fields: [['token', 'AhTCZi5s5f6UWl9zB7KEPkq0fpC1UhOP']], buttons: [] }],
  '/auth/google': () => [{ fields: [['redirectTo', '/']], buttons: [] }],
  '/account/logout': () => [{ fields: [], buttons: [] }],
  // The publish panel's buttons, shown only on a published page.
  '/publications/:id': (w) => [
    {
      fields: [
        ['store_id', w.storeId ?? '1'],
        ['back', `/productv2/${w.owner.task}`],
      ],
      buttons: [
        ['intent', 'unpublish'],
        ['intent', 'allow-description'],
        ['intent', 'withdraw-description'],
        ['intent', 'retry-theme-files'],
      ],
    },
  ],
  '/resources/checkout': () => [
    {
      fields: [
        ['plan_id', '4'],
        ['return_to', '/'],
      ],
      buttons: [
        ['intent', 'hosted'],
        ['intent', 'embedded'],
      ],
    },
  ],
  '/subscription': () => [{ fields: [], buttons: [] }],
  '/stores': (w) => [
    {
      fields: [['store_id', w.storeId ?? '1']],
      buttons: [
        ['intent', 'current'],
        ['intent', 'sync'],
        ['intent', 'upload-theme'],
        ['intent', 'disconnect'],
      ],
    },
  ],
  '/products': (w) => [
    {
      fields: [['product_id', w.productIds[0] ?? '1']],
      buttons: [
        ['intent', 'favorite'],
        ['intent', 'unfavorite'],
        ['intent', 'create'],
      ],
    },
    {
      fields: [
        ['intent', 'bulk'],
        ['ids', w.productIds[0] ?? '1'],
        ['ids', w.productIds[1] ?? '2'],
      ],
      buttons: [
        ['action', 'favorite'],
        ['action', 'delete'],
      ],
    },
  ],
  '/google-shopping': (w) => [
    {
      fields: [
        ['ids', w.productIds[0] ?? '1'],
        ['write_to', 'metafields'],
      ],
      buttons: [
        ['action', 'propose'],
        ['action', 'accept'],
      ],
    },
  ],
  '/guidev3/outline': (w) => [
    {
      path: `/guidev3/outline?session_id=${w.outlineTask ?? w.owner.task}`,
      fields: [
        ['id', 'hero'],
        ['type', 'hero'],
        ['title', 'A title'],
        ['points', 'one\ntwo'],
      ],
      buttons: [
        ['intent', 'save'],
        ['intent', 'up:1'],
        ['intent', 'add:faq'],
        ['intent', 'continue'],
      ],
    },
  ],
  '/admin/users/:uuid': () => [
    {
      fields: [
        ['intent', 'credits'],
        ['amount', '5'],
        ['reason', 'fuzz'],
      ],
      buttons: [
        ['direction', 'add'],
        ['direction', 'remove'],
      ],
    },
    {
      fields: [
        ['intent', 'disqualify'],
        ['referral_id', '1'],
        ['reason', 'fuzz'],
        ['confirm', 'yes'],
      ],
      buttons: [],
    },
    {
      fields: [
        ['intent', 'role'],
        ['role', 'paid'],
        ['plan_id', '4'],
        ['reason', 'fuzz'],
      ],
      buttons: [],
    },
  ],
}

/** Pages read for their forms besides each route's own sample path (dialogs and states). */
export const FORM_PAGES = (w: World): [string, string][] => [
  ['/?dialog=upgrade', w.owner.cookie],
  ['/subscription?dialog=upgrade', w.owner.cookie],
  ['/account/verify', w.signingInCookie],
  ['/account/login', ''],
  ['/account/sign-up', ''],
  [`/guidev3/outline?session_id=${w.outlineTask ?? ''}`, w.owner.cookie],
  [`/product-edit/${w.owner.task}?confirm=regenerate`, w.owner.cookie],
]

export const patternRegex = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*$/, '.*')
      .replace(/:\w+/g, '[^/]+')}$`,
  )

/** The route a path belongs to (static routes win over ones with parameters, the splat comes last). */
export function routeOf(routes: WebRoute[], pathAndQuery: string): WebRoute | undefined {
  const pathname = pathAndQuery.split('?')[0]
  if (pathname === '/' || pathname === '') return routes.find((r) => r.isIndex && r.pattern === '/')
  const score = (r: WebRoute) => (r.pattern.endsWith('*') ? 2 : r.params.length ? 1 : 0)
  return routes
    .filter((r) => !(r.isIndex && r.pattern === '/') && patternRegex(r.pattern).test(pathname.replace(/\/$/, '')))
    .sort((a, b) => score(a) - score(b))[0]
}

export interface FormSample extends FormShape {
  fromPage: string
}

/** The route's path with the owner's ids (see WEB_PATHS). */
export function ownPath(r: WebRoute, w: World): string {
  const sample = r.params.length ? WEB_PATHS[r.pattern]?.(w).own : r.pattern
  if (!sample) throw new Error(`no WEB_PATHS sample for ${r.pattern} (${r.file})`)
  return sample
}

/** Where the route's forms post (an index route takes `?index`). */
const actionPath = (r: WebRoute, w: World) => (r.isIndex ? `${ownPath(r, w)}?index` : ownPath(r, w))

/** Query parameters a route's loader reads by name (`searchParams.get('x')`, `q.get('x')`). */
export function queryParamsRead(r: WebRoute): string[] {
  const source = readFileSync(path.join(process.cwd(), r.file), 'utf8')
  if (!/searchParams/.test(source)) return []
  return [...new Set([...source.matchAll(/\.get\(\s*'([A-Za-z_]+)'\s*\)/g)].map((m) => m[1]))]
}

const LONG_ID = 'x'.repeat(5000)

export function webGetCases(r: WebRoute, w: World): Case[] {
  const own = ownPath(r, w)
  const [base, baseQuery] = own.split('?')
  const get = (input: string, query: string): Case => ({
    input,
    method: 'GET',
    path: `${base}?${[baseQuery, query].filter(Boolean).join('&')}`,
  })
  const cases: Case[] = [
    { input: 'the page itself', method: 'GET', path: own },
    get('upgrade dialog, reason=__proto__', 'dialog=upgrade&reason=__proto__'),
    get('session_id=%00', 'session_id=%00'),
    get('invalid UTF-8 and control chars in names and values', '%FF=%FF&%E0%A4=%ED%A0%80&a=%00%01%1F%7F%C2%85'),
    get(
      'page twice, 4,000-character q, redirectTo elsewhere',
      `page=-1&page=abc&q=${'q'.repeat(4000)}&redirectTo=%2F%2Fevil.example%2F%00`,
    ),
    get('prototype keys', '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&toString=1'),
    get('_data for a route that does not exist', '_data=routes%2F%00nope'),
    get('_data=root, index twice', '_data=root&index&index=1'),
    get('prototype words in app parameters', 'view=__proto__&show=constructor&token=%FF&shop=%00&code=%00&confirm=__proto__&page=1e309'),
    get('8,000-character query, separators only', `${';;;&&&===&'}x=${'y'.repeat(8000)}`),
  ]
  if (DIALOG_ROUTES.includes(r.pattern)) {
    // reason=__proto__ is one of every page's cases already.
    for (const reason of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '', '%00', '%FF', 'x'.repeat(2000)])
      cases.push(get(`upgrade dialog, reason=${reason.length > 20 ? 'x*2000' : reason || '(empty)'}`, `dialog=upgrade&reason=${reason}`))
    for (const dialog of ['__proto__', 'constructor', '%00', 'upgrade&dialog=x&reason=a&reason=b'])
      cases.push(get(`dialog=${dialog}`, `dialog=${dialog}`))
  }
  const reads = queryParamsRead(r)
  if (SESSION_ROUTES.includes(r.pattern) || reads.includes('session_id')) {
    const values: [string, string][] = [
      ['empty', ''],
      ['malformed', 'not-a-session'],
      ["another account's page", w.other.task],
      ['cs_x', 'cs_x'],
      ['sub_x', 'sub_x'],
      ['NUL', '%00'],
      ['invalid UTF-8', '%FF%E0%A4'],
      ['5,000 characters', LONG_ID],
      ['__proto__', '__proto__'],
      ["the owner's page", w.owner.task],
      ['a Stripe-like checkout id', `cs_test_${'a'.repeat(58)}`],
      ['twice', `${w.owner.task}&session_id=${w.other.task}`],
    ]
    for (const [name, v] of values) cases.push(get(`session_id: ${name}`, `session_id=${v}`))
  }
  for (const p of reads.filter((p) => p !== 'session_id'))
    for (const [name, v] of [
      ['NUL', '%00'],
      ['invalid UTF-8', '%FF'],
      ['empty', ''],
      ['5,000 characters', LONG_ID],
      ['__proto__', '__proto__'],
    ])
      cases.push(get(`${p}: ${name}`, `${p}=${v}`))
  if (r.params.length) cases.push(...hostilePathCases(r, w, 'GET'))
  return cases
}

function hostilePathCases(r: WebRoute, w: World, method: string, body?: Variant): Case[] {
  const samples = WEB_PATHS[r.pattern](w)
  const ids = hostileIds({ numeric: false })
  const prefix = r.pattern.replace(/\/[^/]*$/, '') // the path up to the last parameter
  const out: Case[] = ids.map(([name, id]) => ({
    input: `id: ${name}${body ? ` + ${body.input}` : ''}`,
    method,
    path: r.pattern === '/*' ? `/${id}` : `${prefix}/${id}`,
    headers: body?.body.type ? { 'content-type': body.body.type } : undefined,
    body: body?.body.data,
  }))
  if (samples.foreign)
    out.push({
      input: `another account's id${body ? ` + ${body.input}` : ''}`,
      method,
      path: samples.foreign,
      headers: body?.body.type ? { 'content-type': body.body.type } : undefined,
      body: body?.body.data,
    })
  if (r.pattern === '/share/:id') out.push({ input: 'path with ../', method, path: '/share/../x' })
  return out
}

/** The forms posted to one action route: read from the pages, plus the static ones, deduplicated. */
export function formsOf(r: WebRoute, w: World, scraped: FormSample[]): FormSample[] {
  const own = actionPath(r, w)
  const statics = (STATIC_FORMS[r.pattern]?.(w) ?? []).map((f) => ({
    action: f.path ?? own,
    fields: f.fields,
    buttons: f.buttons,
    fromPage: 'static',
  }))
  const seen = new Set<string>()
  const out: FormSample[] = []
  for (const f of [...scraped, ...statics]) {
    const sig = `${[...new Set(f.fields.map(([k]) => fieldClass(k)))].sort().join(',')}|${[...new Set(f.buttons.map(([k, v]) => `${k}=${fieldClass(v)}`))].sort().join(',')}`
    if (seen.has(sig)) continue
    seen.add(sig)
    // One button per class is enough (`up:0` … `up:7` are one).
    const buttons = f.buttons.filter(([k, v], i) => f.buttons.findIndex(([k2, v2]) => k2 === k && fieldClass(v2) === fieldClass(v)) === i)
    out.push({ ...f, buttons })
  }
  return out
}

export function webActionCases(r: WebRoute, w: World, forms: FormSample[], auth: Auth): Case[] {
  if (!forms.length) throw new Error(`no form for the action of ${r.pattern}: add one to STATIC_FORMS in tests/robustness/fuzz/plan.ts`)
  const fresh = r.pattern === '/account/logout' && auth === 'signed-in'
  const post = (path: string, v: Variant): Case => ({
    input: v.input,
    method: 'POST',
    path,
    headers: { ...(v.body.type ? { 'content-type': v.body.type } : {}), ...v.headers },
    body: v.body.data,
    oversize: v.oversize,
    fresh,
  })
  const first = forms[0]
  const base = first.buttons[0] ? [...first.fields, first.buttons[0]] : first.fields
  // One 10 MB body per batch: a big field signed in, a big body of many fields signed out.
  const cases = genericFormVariants(base, w.product.baseUrl, auth === 'signed-in' ? 'field' : 'total').map((v) => post(first.action, v))
  const skip = new Set<string>()
  forms.forEach((f, i) => {
    for (const v of formVariants(f, { full: i === 0, skipFieldClasses: skip, foreignIds: [w.other.task] })) cases.push(post(f.action, v))
  })
  if (r.params.length) {
    const asRendered = formVariants(
      { fields: first.fields, buttons: first.buttons.slice(0, 1) },
      { full: false, skipFieldClasses: new Set(), foreignIds: [] },
    )[0]
    cases.push(...hostilePathCases(r, w, 'POST', asRendered).map((c) => ({ ...c, fresh })))
  }
  return cases
}

/* ------------------------------------------------------------------ api -- */

/** Ids for each path parameter: `own` (the signed-in owner's), `foreign` (another account's). By `path:param`, else by param name. */
export const API_PARAMS: Record<string, (w: World) => { own: string; foreign?: string }> = {
  key: (w) => ({ own: w.owner.task, foreign: w.other.task }),
  version: () => ({ own: '1' }),
  session_id: (w) => ({ own: w.owner.task, foreign: w.other.task }),
  uuid: (w) => ({ own: w.other.uuid }), // staff act on other accounts; the owner's own would let a revoke end the suite's session
  code: (w) => ({ own: w.owner.invitationCode, foreign: w.other.invitationCode }),
  token: () => ({ own: 'feed-token-that-does-not-exist' }),
  '/v2/posts/{slug}:slug': () => ({ own: 'ftc-fake-reviews-rule' }),
  '/v2/shopify/installs/{id}/claim:id': () => ({ own: '00000000-0000-4000-8000-000000000000' }),
  '/v2/shopify/stores/{id}/current:id': (w) => ({ own: w.storeId ?? '1' }),
  '/v2/shopify/stores/{id}:id': (w) => ({ own: w.storeId ?? '1' }),
  '/v2/shopify/stores/{id}/sync:id': (w) => ({ own: w.storeId ?? '1' }),
  '/v2/shopify/stores/{id}/upload_theme:id': (w) => ({ own: w.storeId ?? '1' }),
  '/v2/shopify/stores/{id}/theme_files:id': (w) => ({ own: w.storeId ?? '1' }),
  // The world publishes nothing and starts no experiment: ids nobody has, answered as not found.
  '/v2/publications/{id}/unpublish:id': () => ({ own: '1' }),
  '/v2/publications/{id}/description_fallback:id': () => ({ own: '1' }),
  '/v2/tasks/{key}/experiments/{id}/stop:id': () => ({ own: '1' }),
  '/v2/tasks/{key}/experiments/{id}/promote:id': () => ({ own: '1' }),
  '/v2/shopify_products/{id}:id': (w) => ({ own: w.productIds[0] ?? '1' }),
  '/v2/shopify_product_favorites/{id}:id': (w) => ({ own: w.productIds[0] ?? '1' }),
  '/v2/admin/referrals/{id}/disqualify:id': () => ({ own: '1' }),
  '/v2/page-templates/{id}:id': () => ({ own: '2' }),
  '/v2/page-templates/public/{id}:id': () => ({ own: '2' }),
  '/v2/page-templates/{id}/favorite:id': () => ({ own: '2' }),
}

/** Values for body fields that name a thing of the owner's (the schema's sample would be refused as unknown). */
const BODY_FIELDS: Record<string, (w: World) => unknown> = {
  session_id: (w) => w.owner.task,
  section_id: () => 'hero',
  store_id: (w) => Number(w.storeId ?? 1),
  product_id: (w) => Number(w.productIds[0] ?? 1),
  product_ids: (w) => w.productIds.slice(0, 2).map(Number),
  ids: (w) => w.productIds.slice(0, 2).map(Number),
  url: (w) => `${w.product.baseUrl}/demo-store/products/aurora-pour-over-set`,
  base_version: () => 1,
}

export const apiParamSample = (route: ApiRoute, param: string) => API_PARAMS[`${route.path}:${param}`] ?? API_PARAMS[param]

const fillApiPath = (route: ApiRoute, values: Record<string, string>) => route.path.replace(/\{(\w+)\}/g, (_, p: string) => values[p])

/** Routes that end the session they are called with. */
const ENDS_SESSION = new Set(['POST /v2/auth/logout'])

const CREDENTIALS: [string, Record<string, string>][] = [
  ['an 8 KB bearer token', { authorization: `Bearer ${'t'.repeat(8192)}` }],
  ['a bearer token with Latin-1 bytes', { authorization: 'Bearer pwt_\u00ff\u00fe\u00e9' }],
  ['an empty bearer token', { authorization: 'Bearer ' }],
  ['Basic credentials', { authorization: 'Basic Zm9vOmJhcg==' }],
  ['a malformed API key', { 'x-api-key': `pwk_${'\u00ff'.repeat(64)}` }],
  ['bearer "null"', { authorization: 'Bearer null' }],
]

export function apiCases(route: ApiRoute, w: World, auth: Auth): Case[] {
  const values: Record<string, string> = {}
  for (const p of route.params) {
    const sample = apiParamSample(route, p)
    if (!sample) throw new Error(`no API_PARAMS sample for {${p}} of ${route.method} ${route.path}`)
    values[p] = sample(w).own
  }
  const fresh = auth === 'signed-in' && ENDS_SESSION.has(`${route.method} ${route.path}`)
  const own = fillApiPath(route, values)
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
  const base = (route.bodySchema ? sampleOf(route.bodySchema) : {}) as Record<string, unknown>
  // Real ids where the body names a thing, so one wrong field reaches the code behind the others.
  for (const key of Object.keys(base)) if (BODY_FIELDS[key]) base[key] = BODY_FIELDS[key](w)
  const baseBody = hasBody && route.bodySchema ? JSON.stringify(base) : undefined
  const jsonHeaders = baseBody ? { 'content-type': 'application/json' } : undefined
  const cases: Case[] = [{ input: 'a plausible request', method: route.method, path: own, headers: jsonHeaders, body: baseBody, fresh }]
  const shallow = auth === 'signed-out' && route.signedIn // every case is a 401: the kinds of body, not every field
  if (hasBody) {
    // One 10 MB body per batch: a single huge string signed in (or on a public route), many strings signed out.
    const generic = genericJsonVariants(base, shallow ? 'array' : 'string')
    const variants = shallow ? generic.filter((v) => SHALLOW_JSON_KINDS.has(v.input)) : [...generic, ...jsonFieldVariants(base)]
    for (const v of variants)
      cases.push({
        input: v.input,
        method: route.method,
        path: own,
        headers: v.body.type ? { 'content-type': v.body.type } : undefined,
        body: v.body.data,
        oversize: v.oversize,
        fresh,
      })
  }
  for (const p of route.params) {
    const sample = apiParamSample(route, p)(w)
    const ids = hostileIds({ foreign: sample.foreign, numeric: true })
    for (const [name, id] of ids)
      cases.push({
        input: `{${p}}: ${name}`,
        method: route.method,
        path: fillApiPath(route, { ...values, [p]: id }),
        headers: jsonHeaders,
        body: baseBody,
        fresh,
      })
  }
  const withQuery = (input: string, q: string): Case => ({
    input,
    method: route.method,
    path: `${own}?${q}`,
    headers: jsonHeaders,
    body: baseBody,
    fresh,
  })
  cases.push(withQuery('prototype keys in the query', '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x'))
  cases.push(withQuery('invalid UTF-8 in the query', '%FF=%FF&%E0%A4=1'))
  if (!shallow)
    for (const q of Object.keys(route.querySchema?.properties ?? {}))
      for (const [name, v] of [
        ['negative', '-1'],
        ['letters', 'abc'],
        ['huge', '1e999'],
        ['NUL', '%00'],
        ['invalid UTF-8', '%FF%E0%A4'],
        ['empty', ''],
        ['5,000 characters', LONG_ID],
        ['__proto__', '__proto__'],
        ['twice', `1&${q}=2`],
      ])
        cases.push(withQuery(`?${q}: ${name}`, `${q}=${v}`))
  if (auth === 'signed-out' && route.signedIn)
    for (const [name, headers] of CREDENTIALS)
      cases.push({
        input: `credentials: ${name}`,
        method: route.method,
        path: own,
        headers: { ...jsonHeaders, ...headers },
        body: baseBody,
      })
  return cases
}
