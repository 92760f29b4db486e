import { createHmac, randomBytes } from 'node:crypto'
import { html } from 'hono/html'
import { sha256 } from '../crypto'
import { compressScopes, type ShopContext } from './context'
import { foreignPost, page } from './html'
import type { Installation } from './state'

const CODE_LIFE_MS = 60_000
export const ACCESS_TOKEN_LIFE_S = 3600
export const REFRESH_TOKEN_LIFE_S = 7_776_000
const THEME_SCOPES = ['read_themes', 'write_themes']

const SCOPE_WORDS: Record<string, string> = {
  read_products: 'View products, variants and collections',
  write_products: 'Create, edit and delete products, variants and collections',
  read_themes: 'View themes and their files',
  write_themes: 'Edit themes: add and change theme files',
  read_files: 'View the files in Content → Files',
  write_files: 'Upload images and other files to Content → Files',
  write_pixels: 'Add a web pixel to the online store and checkout',
  read_customer_events: 'Receive customer events (web pixels)',
  read_online_store_pages: 'View Online Store pages',
  write_online_store_pages: 'Edit Online Store pages',
}

/**
 * Query parameters signed as Shopify signs a redirect to an app (OAuth callback, app load): hex
 * HMAC-SHA256 with the app secret over the parameters without `hmac`, sorted by key, encoded as a
 * query string (what @shopify/shopify-api's validateHmac recomputes).
 */
export function signedQuery(params: Record<string, string>, secret: string): URLSearchParams {
  const sorted = new URLSearchParams()
  for (const key of Object.keys(params).sort((a, b) => a.localeCompare(b))) sorted.append(key, params[key])
  const hmac = createHmac('sha256', secret).update(sorted.toString()).digest('hex')
  const out = new URLSearchParams(params)
  out.set('hmac', hmac)
  return out
}

/** Shopify's `host` parameter: base64url of the shop's admin address. */
export const hostParam = (shop: string) =>
  Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString('base64url')

const oauthError = (message: string) =>
  page(
    'Oauth error',
    html`<h1>Oauth error invalid_request</h1>
      <p>${message}</p>`,
    400,
  )

interface AuthorizeParams {
  clientId: string
  scopes: string[]
  redirectUri: string
  state: string
  grantOptions: string
}

function readAuthorize(params: URLSearchParams, ctx: ShopContext): AuthorizeParams | string {
  const clientId = params.get('client_id') ?? ''
  if (clientId !== ctx.deps.app.apiKey) return `Could not find an application with the API key "${clientId}".`
  const redirectUri = params.get('redirect_uri') ?? ''
  let target: URL
  try {
    target = new URL(redirectUri)
  } catch {
    return 'The redirect_uri is missing or is not a URL.'
  }
  if (target.origin !== new URL(ctx.deps.app.appUrl).origin) return 'The redirect_uri is not whitelisted: it must be on the app URL’s host.'
  const scopes = [
    ...new Set(
      (params.get('scope') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ]
  const bad = scopes.find((s) => !/^(unauthenticated_)?(read|write)_[a-z_]+$/.test(s))
  if (bad) return `The access scope is invalid: ${bad}`
  return { clientId, scopes, redirectUri, state: params.get('state') ?? '', grantOptions: params.get('grant_options[]') ?? '' }
}

/** A fresh single-use code and the redirect to the app's callback. */
async function redirectWithCode(ctx: ShopContext, p: AuthorizeParams, scopes: string[]): Promise<Response> {
  const code = randomBytes(16).toString('hex')
  const now = ctx.now()
  await ctx.store.put('code', sha256(code), { scopes, expiresAt: new Date(now.getTime() + CODE_LIFE_MS).toISOString() })
  const target = new URL(p.redirectUri)
  const params: Record<string, string> = Object.fromEntries(target.searchParams)
  Object.assign(params, {
    code,
    host: hostParam(ctx.shop.domain),
    shop: ctx.shop.domain,
    state: p.state,
    timestamp: String(Math.floor(now.getTime() / 1000)),
  })
  target.search = signedQuery(params, ctx.deps.app.apiSecret).toString()
  return new Response(null, { status: 302, headers: { Location: target.toString(), 'Cache-Control': 'no-store' } })
}

const covers = (installation: Installation | null, scopes: string[]) =>
  !!installation &&
  scopes.every((s) => installation.scopes.includes(s) || (s.startsWith('read_') && installation.scopes.includes(`write_${s.slice(5)}`)))

/** `GET admin/oauth/authorize`: the consent page (or straight back, when the app already has every scope asked for). */
export async function authorize(request: Request, ctx: ShopContext): Promise<Response> {
  const p = readAuthorize(new URL(request.url).searchParams, ctx)
  if (typeof p === 'string') return oauthError(p)
  if (covers(ctx.shop.installation, p.scopes)) return redirectWithCode(ctx, p, ctx.shop.installation!.scopes)
  const asksThemes = p.scopes.some((s) => THEME_SCOPES.includes(s))
  return page(
    `Install Pagewright on ${ctx.shop.name}?`,
    html`<p class="banner">${ctx.shop.name} is a demo shop built into Pagewright. This page plays Shopify's app installation screen.</p>
      <h1>Install Pagewright on ${ctx.shop.name}?</h1>
      <p>Pagewright will be able to:</p>
      <ul>
        ${p.scopes.map((s) => html`<li>${SCOPE_WORDS[s] ?? s.replace(/_/g, ' ')} <small>(${s})</small></li>`)}
      </ul>
      <form method="post">
        <input type="hidden" name="client_id" value="${p.clientId}" />
        <input type="hidden" name="scope" value="${p.scopes.join(',')}" />
        <input type="hidden" name="redirect_uri" value="${p.redirectUri}" />
        <input type="hidden" name="state" value="${p.state}" />
        <input type="hidden" name="grant_options[]" value="${p.grantOptions}" />
        <input type="hidden" name="consent" value="1" />
        ${
          asksThemes
            ? html`<p>
                <label
                  ><input type="checkbox" name="themes" value="1" checked /> Allow access to themes (untick to install without it:
                  Pagewright then cannot add its page template to your theme)</label
                >
              </p>`
            : ''
        }
        <button type="submit">Install app</button>
      </form>`,
  )
}

/** `POST admin/oauth/authorize`: the owner approved; the app is installed with the granted scopes. */
export async function approve(request: Request, ctx: ShopContext): Promise<Response> {
  if (foreignPost(request, ctx.deps.publicUrl))
    return page('Refused', html`<p>This form was sent from another site, so it was refused.</p>`, 403)
  const form = new URLSearchParams(await request.text())
  const p = readAuthorize(form, ctx)
  if (typeof p === 'string') return oauthError(p)
  const scopes = form.get('themes') === '1' ? p.scopes : p.scopes.filter((s) => !THEME_SCOPES.includes(s))
  // Approving again (new scopes) keeps what the installed app set up, as its web pixel.
  const kept = ctx.shop.installation?.webPixel ? { webPixel: ctx.shop.installation.webPixel } : {}
  const shop = { ...ctx.shop, installation: { scopes, installedAt: ctx.now().toISOString(), ...kept } }
  await ctx.store.put('shop', 'shop', shop)
  return redirectWithCode({ ...ctx, shop }, p, scopes)
}

const tokenError = (description: string, status = 400) =>
  Response.json({ error: 'invalid_request', error_description: description }, { status, headers: { 'Cache-Control': 'no-store' } })

async function readForm(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get('content-type') ?? ''
  const text = await request.text()
  if (type.includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v == null ? '' : String(v)]))
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(text))
}

async function issue(ctx: ShopContext, scopes: string[], expiring: boolean): Promise<Response> {
  const now = ctx.now().getTime()
  const accessToken = `shpat_${randomBytes(16).toString('hex')}`
  const createdAt = new Date(now).toISOString()
  const at = (s: number) => new Date(now + s * 1000).toISOString()
  await ctx.store.put('token', sha256(accessToken), {
    type: 'access',
    scopes,
    expiresAt: expiring ? at(ACCESS_TOKEN_LIFE_S) : null,
    createdAt,
  })
  const scope = compressScopes(scopes)
  if (!expiring) return Response.json({ access_token: accessToken, scope }, { headers: { 'Cache-Control': 'no-store' } })
  const refreshToken = `shprt_${randomBytes(16).toString('hex')}`
  await ctx.store.put('token', sha256(refreshToken), { type: 'refresh', scopes, expiresAt: at(REFRESH_TOKEN_LIFE_S), createdAt })
  return Response.json(
    {
      access_token: accessToken,
      scope,
      expires_in: ACCESS_TOKEN_LIFE_S,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_LIFE_S,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** `POST admin/oauth/access_token`: a code (or a refresh token, which is then spent) for tokens. */
export async function accessToken(request: Request, ctx: ShopContext): Promise<Response> {
  const body = await readForm(request)
  if (body.client_id !== ctx.deps.app.apiKey || body.client_secret !== ctx.deps.app.apiSecret)
    return tokenError('The client credentials are invalid.')
  const now = ctx.now()
  if (body.grant_type === 'refresh_token') {
    const hash = body.refresh_token ? sha256(body.refresh_token) : null
    // Looked at before it is taken, so an access token sent as a refresh token stays valid.
    const seen = hash ? await ctx.store.get('token', hash) : null
    const record = seen?.type === 'refresh' ? await ctx.store.take('token', hash!) : null
    if (!record || (record.expiresAt && new Date(record.expiresAt) <= now))
      return tokenError('The refresh token is invalid, expired or was already used.')
    return issue(ctx, record.scopes, true)
  }
  if (body.grant_type && body.grant_type !== 'authorization_code')
    return tokenError(`The grant type ${body.grant_type} is not supported by the demo shop.`)
  const code = body.code ? await ctx.store.take('code', sha256(body.code)) : null
  if (!code || new Date(code.expiresAt) <= now) return tokenError('The authorization code was not found or was already used.')
  return issue(ctx, code.scopes, body.expiring === '1' || body.expiring === 'true')
}
