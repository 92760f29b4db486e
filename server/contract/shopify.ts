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
    theme_access: z.boolean().describe('Pagewright may write theme files (publishing through the Pagewright template).'),
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
  security: SIGNED_IN,
  responses: { 200: json(storeList, 'The stores.'), 401: ERRORS[401] },
})

export const begin = createRoute({
  method: 'post',
  path: '/v2/shopify/oauth/begin',
  tags,
  summary: 'Start connecting a store: answers Shopify’s approval URL and the state cookies',
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
  request: { body: jsonBody(z.object({ query: z.string().max(4096) })) },
  responses: { 200: json(redirect, 'Send the browser there.'), 400: ERRORS[400] },
})

export const installCallback = createRoute({
  method: 'post',
  path: '/v2/shopify/oauth/install-callback',
  tags,
  summary: 'Finish an install by someone not signed in: keeps the tokens and e-mails a code to the shop owner',
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
  security: SIGNED_IN,
  responses: { 200: json(z.object({ shop: z.string() }), 'The demo shop’s domain.'), 401: ERRORS[401], 403: ERRORS[403] },
})

export const connectCustom = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/custom',
  tags,
  summary: 'Connect a store with a custom app’s Admin API token (checked with a `shop` query)',
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
  security: SIGNED_IN,
  request: { params: storeId },
  responses: { 200: json(storeList, 'The stores.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const disconnect = createRoute({
  method: 'delete',
  path: '/v2/shopify/stores/{id}',
  tags,
  summary: 'Disconnect a store: its tokens and synced catalogue are deleted (pages stay)',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: { 200: json(okSchema, 'Disconnected.'), 401: ERRORS[401], 404: ERRORS[404] },
})

export const sync = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/{id}/sync',
  tags,
  summary: 'Sync the store’s catalogue now (a job; progress on the store)',
  security: SIGNED_IN,
  request: { params: storeId },
  responses: { 200: json(z.object({ store: storeSchema }), 'Queued.'), 401: ERRORS[401], 404: ERRORS[404], 409: ERRORS[409] },
})

export const uploadTheme = createRoute({
  method: 'post',
  path: '/v2/shopify/stores/{id}/upload_theme',
  tags,
  summary: 'Install Pagewright’s own theme in the store as an unpublished theme (Pro)',
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

export const themeZip = createRoute({
  method: 'get',
  path: '/v2/shopify/theme.zip',
  tags,
  summary: 'The theme zip Shopify downloads during upload_theme (signed, expiring URL)',
  request: { query: z.object({ store: z.coerce.number().int().positive(), exp: z.coerce.number().int(), sig: z.string().max(128) }) },
  responses: { 200: { description: 'application/zip' }, 403: ERRORS[403], 404: ERRORS[404] },
})

export const webhooks = createRoute({
  method: 'post',
  path: '/v2/shopify/webhooks',
  tags,
  summary: 'Shopify webhooks (HMAC of the raw body checked first; each delivery handled once)',
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
  themeZip,
  webhooks,
}
