import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { SHOPIFY_CONNECTION_KINDS, SHOPIFY_STORE_STATUSES, SHOPIFY_SYNC_STATUSES } from '../domain/shopify'
import { ERRORS, SIGNED_IN, json, jsonBody, okSchema } from './common'

const tags = ['Shopify stores']

export const storeSchema = z
  .object({
    id: z.number().int(),
    shop_domain: z.string(),
    name: z.string().nullable(),
    kind: z.enum(SHOPIFY_CONNECTION_KINDS),
    is_demo: z.boolean(),
    status: z.enum(SHOPIFY_STORE_STATUSES),
    is_current: z.boolean(),
    storefront_url: z.string().describe('The shop’s storefront (the demo shop’s pages for a demo shop).'),
    admin_url: z.string().describe('The shop’s admin (the demo shop’s admin page for a demo shop).'),
    theme_access: z
      .boolean()
      .describe('The store granted write_themes (Shopify still needs its exemption for theme-file writes: `publishing.theme_files`).'),
    publishing: z
      .object({
        theme_files: z
          .enum(['unknown', 'allowed', 'refused', 'no_access'])
          .describe(
            'Theme-file writes (Pagewright’s template): not tried yet, written, refused by Shopify (no exemption; remembered, not asked again until POST …/theme_files or a reconnect), or no write_themes scope.',
          ),
        theme_files_refusal: z.string().nullable().describe('Shopify’s words when it refused.'),
        app_block: z
          .boolean()
          .nullable()
          .describe('The live theme’s product template carries the Pagewright block (null: not looked at yet).'),
        add_app_block_url: z.string().describe('Shopify’s theme editor with the Pagewright block being added to the product page.'),
        experiment_events: z
          .boolean()
          .describe(
            'The store granted write_pixels: Pagewright’s web pixel counts its shoppers in experiments (a store connected before it was asked for grants it on a reconnect).',
          ),
      })
      .describe('How pages published here reach shoppers.'),
    connected_at: z.string(),
    uninstalled_at: z.string().nullable(),
    sync: z.object({
      status: z.enum(SHOPIFY_SYNC_STATUSES),
      done: z.number().int(),
      total: z.number().int().nullable(),
      error: z.string().nullable(),
      last_sync_at: z.string().nullable(),
      limited: z.boolean().describe('A free account reached its product limit; the rest of the catalogue was not synced.'),
    }),
    product_count: z.number().int(),
    feed_url: z.string().nullable().describe('Merchant Center feed of the optimised products (secret URL).'),
  })
  .meta({ id: 'ShopifyStore' })
export type ShopifyStore = z.output<typeof storeSchema>

const storeList = z
  .object({
    items: z.array(storeSchema),
    current_store_id: z.number().int().nullable(),
    store_limit: z.number().int().nullable().describe('How many stores this account may connect; null: no limit.'),
    shopify_configured: z
      .boolean()
      .describe('Real shops can connect through the Shopify app (otherwise the demo shop and custom-app tokens).'),
    demo_shop_available: z.boolean().describe('This server makes demo shops (POST /v2/shopify/demo-shop; DEMO_SHOP).'),
  })
  .meta({ id: 'ShopifyStoreList' })

const redirect = z.object({
  url: z.string().describe('Where the browser goes next (Shopify’s approval screen).'),
  set_cookies: z.array(z.string()).describe('Set-Cookie values the web must pass on (the signed OAuth state).'),
})
const callbackBody = z.object({
  query: z.string().max(4096).describe('The callback’s query string, as Shopify sent it.'),
  cookie: z.string().max(8192).describe('The browser’s Cookie header (carries the signed state).'),
})
const storeId = z.object({ id: z.coerce.number().int().positive() })

export const list = createRoute({
  method: 'get',
  path: '/v2/shopify/stores',
  tags,
  summary: 'The account’s connected stores',
  description:
    'Every store connected to the account, with its connection status, catalogue sync progress and product count, plus which one is current. `store_limit` is 1 on the free plan (null on Pro).',
  security: SIGNED_IN,
  responses: { 200: json(storeList, 'The stores.'), 401: ERRORS[401] },
})

export const begin = createRoute({
  method: 'post',
  path: '/v2/shopify/oauth/begin',
  tags,
  summary: 'Start connecting a store: answers Shopify’s approval URL and the state cookies',
  description:
    'Step 1 of connecting a store through the Shopify app: `shop` may be the myshopify.com domain, the store\u2019s own domain or its admin URL. Answers Shopify\u2019s approval URL and the signed state cookies the web must set. 409 (`store_exists`) when the store is connected already; 403 (`stores`) when a free account has its one store; 400 when no Shopify store answers there, or this server has no Shopify app for real stores.',
  security: SIGNED_IN,
  request: {
    body: jsonBody(z.object({ shop: z.string().min(1).max(255).describe('name.myshopify.com, the store’s address, or its admin URL.') })),
  },
  responses: {
    200: json(redirect, 'Send the browser there.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    409: json(
      z.object({ error: z.string(), store_exists: z.literal(true) }),
      'The store is connected already (to this account or another).',
    ),
  },
})

export const callback = createRoute({
  method: 'post',
  path: '/v2/shopify/oauth/callback',
  tags,
  summary: 'Finish connecting: checks the state, HMAC and shop, takes the tokens and connects the store',
  description:
    'Step 2: pass Shopify\u2019s callback query string and the browser\u2019s cookies. The state cookie (it lasts 15 minutes), HMAC, shop and timestamp are checked and a state works once (400 otherwise; `restart: true` when the attempt expired or came from another browser, so the screen offers to start again); then the tokens are stored encrypted, the store joins the account (current store if it had none) and its catalogue sync is queued. 409 when another account holds the store; 403 at the free store limit.',
  security: SIGNED_IN,
  request: { body: jsonBody(callbackBody) },
  responses: {
    200: json(z.object({ store: storeSchema }), 'Connected; the catalogue sync is queued.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    409: json(z.object({ error: z.string(), store_exists: z.literal(true) }), 'The store is connected to another account.'),
  },
})

export const install = createRoute({
  method: 'post',
  path: '/v2/shopify/oauth/install',
  tags,
  summary: 'An install that starts in Shopify (the app URL with its HMAC): answers the approval URL',
  description:
    'For an install that starts in the Shopify admin (no Pagewright session): checks the HMAC of the app URL\u2019s query and answers the approval URL and state cookies, like oauth/begin. No sign-in; an unverifiable query is a 400.',
  request: { body: jsonBody(z.object({ query: z.string().max(4096) })) },
  responses: { 200: json(redirect, 'Send the browser there.'), 400: ERRORS[400] },
})

export const installCallback = createRoute({
  method: 'post',
  path: '/v2/shopify/oauth/install-callback',
  tags,
  summary: 'Finish an install by someone not signed in: keeps the tokens and e-mails a code to the shop owner',
  description:
    'Finishes an install started in Shopify by someone not signed in: after the same callback checks, the tokens wait encrypted for 30 minutes and a sign-in code is e-mailed to the shop\u2019s e-mail address. Sign in with it, then claim the install (POST /v2/shopify/installs/{id}/claim). No sign-in; the sign-in code limits apply (429), 502 when the e-mail could not be sent.',
  request: { body: jsonBody(callbackBody) },
  responses: {
    200: json(
      z.object({ install_id: z.string(), email: z.string(), shop_name: z.string().nullable() }),
      'Verify the e-mail with the code, then claim the install.',
    ),
    400: ERRORS[400],
    429: ERRORS[429],
    502: ERRORS[502],
  },
})

export const claimInstall = createRoute({
  method: 'post',
  path: '/v2/shopify/installs/{id}/claim',
  tags,
  summary: 'Connect a store installed from Shopify to the signed-in account (same e-mail)',
  description:
    'Connects a store installed from Shopify to the signed-in account, which must have the shop\u2019s e-mail address (403 otherwise, or at the free store limit). 404 when the install expired (30 minutes) or is unknown; 409 when it was claimed already or the store is connected elsewhere.',
  security: SIGNED_IN,
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: json(z.object({ store: storeSchema }), 'Connected.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const createDemo = createRoute({
  method: 'post',
  path: '/v2/shopify/demo-shop',
  tags,
  summary: 'Make an offline demo shop for this account (then connect it like a real one)',
  description:
    'Makes a fresh offline demo shop, served by this server and owned by this account (its admin and install consent answer only it), and answers its domain; connect it with oauth/begin like a real store. Useful to try publishing without a Shopify store. 403 when a free account has its one store already; 409 when this server has no demo shop (DEMO_SHOP off).',
  security: SIGNED_IN,
  responses: { 200: json(z.object({ shop: z.string() }), 'The demo shop’s domain.'), 401: ERRORS[401], 403: ERRORS[403], 409: ERRORS[409] },
})

export const connectCustom = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/custom',
  tags,
  summary: 'Connect a store with a custom app’s Admin API token (checked with a `shop` query)',
  description:
    'Connects a store with the Admin API access token of a custom app the merchant made in Shopify; the token is tried with a `shop` query first (400 when Shopify refuses it) and stored encrypted. With `api_secret` the store\u2019s webhooks can be verified, so Pagewright subscribes to them. Same store rules as OAuth: 409 already connected, 403 at the free store limit.',
  security: SIGNED_IN,
  request: {
    body: jsonBody(
      z.object({
        shop: z.string().min(1).max(255),
        access_token: z
          .string()
          .trim()
          .min(20, 'access_token: This does not look like an Admin API access token.')
          .max(255)
          .regex(/^[A-Za-z0-9_-]+$/, 'Invalid format'),
        api_secret: z.string().trim().max(255).optional().describe('The custom app’s API secret key: lets Pagewright verify its webhooks.'),
      }),
    ),
  },
  responses: {
    200: json(z.object({ store: storeSchema }), 'Connected; the catalogue sync is queued.'),
    400: ERRORS[400],
    401: ERRORS[401],
    403: ERRORS[403],
    409: json(z.object({ error: z.string(), store_exists: z.literal(true) }), 'The store is connected already.'),
  },
})

export const setCurrent = createRoute({
  method: 'put',
  path: '/v2/shopify/stores/{id}/current',
  tags,
  summary: 'Work in this store (remembered for the account)',
  description:
    'Makes this store the one catalogue, publish and trending calls use when they name no store; remembered for the account. Answers the store list. Another account\u2019s store is a 404.',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: { 200: json(storeList, 'The stores.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const disconnect = createRoute({
  method: 'delete',
  path: '/v2/shopify/stores/{id}',
  tags,
  summary: 'Disconnect a store: its tokens and synced catalogue are deleted (pages stay)',
  description:
    'Disconnects the store: its tokens, synced catalogue and publication records are deleted, while pages made from its products stay, as do the products in Shopify. A free account\u2019s product allowance is recounted. Another account\u2019s store is a 404.',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: { 200: json(okSchema, 'Disconnected.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const sync = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/{id}/sync',
  tags,
  summary: 'Sync the store’s catalogue now (a job; progress on the store)',
  description:
    'Queues a catalogue sync (one at a time per store; asking again while one waits changes nothing) and answers the store with its sync progress, to poll with GET /v2/shopify/stores. A store whose token expired or whose app was uninstalled must be reconnected first (409).',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: { 200: json(z.object({ store: storeSchema }), 'Queued.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const uploadTheme = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/{id}/upload_theme',
  tags,
  summary: 'Install Pagewright’s own theme in the store as an unpublished theme (Pro)',
  description:
    'Pro only (403 `upload_theme`): has Shopify install Pagewright\u2019s own small theme into the store as an unpublished theme, from a signed link valid 15 minutes; the owner previews and publishes it in the theme editor (`editor_url`). 409 when the store must be reconnected; 502 when Shopify refuses the theme.',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: {
    200: json(z.object({ theme_id: z.string(), name: z.string(), editor_url: z.string() }), 'Installed, unpublished.'),
    401: ERRORS[401],
    403: ERRORS[403],
    404: ERRORS[404],
    409: ERRORS[409],
    502: ERRORS[502],
  },
})

export const retryThemeFiles = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/{id}/theme_files',
  tags,
  summary: 'Try theme-file writes again (after Shopify granted the exemption)',
  description:
    'Forgets that Shopify refused Pagewright\u2019s theme-file writes in this store (remembered so publishing does not ask on every page) and publishes again the pages that are not yet shown by the Pagewright block or template, so each gets the best way now available. Reconnecting the store does the same. 404 for another account\u2019s store; 409 when it must be reconnected.',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: {
    200: json(z.object({ store: storeSchema, republished: z.number().int() }), 'Forgotten; pages queued again.'),
    401: ERRORS[401],
    404: ERRORS[404],
    409: ERRORS[409],
  },
})

export const themeZip = createRoute({
  method: 'get',
  path: '/v2/shopify/theme.zip',
  tags,
  summary: 'The theme zip Shopify downloads during upload_theme (signed, expiring URL)',
  description:
    'The theme archive Shopify downloads during upload_theme. No sign-in: the link is signed with the store id and an expiry (403 when the signature does not match or the 15 minutes have passed; 404 for a store that no longer exists).',
  request: { query: z.object({ store: z.coerce.number().int().positive(), exp: z.coerce.number().int(), sig: z.string().max(128) }) },
  responses: { 200: { description: 'application/zip' }, 403: ERRORS[403], 404: ERRORS[404] },
})

export const webhooks = createRoute({
  method: 'post',
  path: '/v2/shopify/webhooks',
  tags,
  summary: 'Shopify webhooks (HMAC of the raw body checked first; each delivery handled once)',
  description:
    'For Shopify only. The `X-Shopify-Hmac-Sha256` of the raw body is checked with the app\u2019s secret, or a custom app\u2019s own secret, before anything else (401 and nothing stored when it fails). Handles app/uninstalled, products/create, update and delete, themes/publish and the privacy topics (shop/redact erases the shop\u2019s data 48 h after uninstall); each delivery id once (`duplicate` true on a repeat).',
  responses: { 200: json(z.object({ ok: z.literal(true), duplicate: z.boolean() }), 'Handled.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const routes = {
  list,
  begin,
  callback,
  install,
  installCallback,
  claimInstall,
  createDemo,
  connectCustom,
  setCurrent,
  disconnect,
  sync,
  uploadTheme,
  retryThemeFiles,
  themeZip,
  webhooks,
}
