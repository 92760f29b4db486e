import { createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { AUTH_RATE_LIMIT } from './domain/accounts'
import { DEFAULT_HIDE_WINDOW_MINUTES, MAX_HIDE_WINDOW_MINUTES } from './domain/entitlements'

/** Every setting of the api and worker, parsed once. The only module that reads process.env. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(16, 'AUTH_SECRET must be at least 16 characters').optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  /** Web only: a remote api; unset means the api runs in the same process. */
  API_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pagewright <login@pagewright.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** How far the JavaScript heap may grow past what is live before a full collection, in percent (server/memory-settings.ts); 0: V8's own choice. */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(25),
  /** `json`: one JSON object per log line, with the request id of the request it belongs to. */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /** /metrics (Prometheus text) on the main port needs `Authorization: Bearer <METRICS_TOKEN>` when set. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Serves /metrics on this port instead (on HOST; keep it off the public network), without a token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Comma-separated host:port entries the importer may reach on loopback/private networks (tests). */
  IMPORT_ALLOW_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Code requests per client address per 10 minutes (verifications may be twice that). */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(AUTH_RATE_LIMIT.defaultPerIp),
  HIDE_WINDOW_MINUTES: z.coerce.number().min(0).max(MAX_HIDE_WINDOW_MINUTES).default(DEFAULT_HIDE_WINDOW_MINUTES),
  /** Accounts created with these e-mails (or "@domain" entries) are admins: how support staff get in. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Shopify app credentials (Partner dashboard). Unset: only the demo shop and pasted custom-app tokens work. */
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  /** The app's public address as Shopify knows it (redirect URL, webhooks); defaults to PUBLIC_URL. */
  SHOPIFY_APP_URL: z.url().optional(),
  /**
   * The built-in demo Shopify shop (/demo-shop). Unset: on in the embedded default, off in a
   * deployment (production with DATABASE_URL, or a web with API_URL).
   */
  DEMO_SHOP: z.enum(['on', 'off']).optional(),
  /** 32 bytes, base64 or hex: the key that encrypts shop tokens at rest. */
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
  /** Tests only: `shop=http://127.0.0.1:port,…` sends those shops to local test servers. */
  SHOPIFY_SHOP_ORIGIN_OVERRIDE: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const out: Record<string, string> = {}
      for (const entry of v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const at = entry.indexOf('=')
        const shop = entry.slice(0, at).trim().toLowerCase()
        const origin = entry
          .slice(at + 1)
          .trim()
          .replace(/\/$/, '')
        if (at < 1 || !/^https?:\/\/[^/]+$/.test(origin)) {
          ctx.addIssue({ code: 'custom', message: `expected shop=http://host:port, got "${entry}"` })
          return z.NEVER
        }
        out[shop] = origin
      }
      return out
    }),
  /** Stripe (payments). Unset: the product runs without payments and support can grant Pro. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'expected a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'expected a webhook signing secret (whsec_…)')
    .optional(),
  /** Stripe works out and collects tax on Checkout (Stripe Tax must be set up in the Dashboard); the card form is then not offered. */
  STRIPE_AUTOMATIC_TAX: z
    .enum(['on', 'off'])
    .default('off')
    .transform((v) => v === 'on'),
  /** Checkout (and the customer portal's plan change) takes promotion codes made in the Stripe Dashboard. */
  STRIPE_PROMOTION_CODES: z
    .enum(['on', 'off'])
    .default('off')
    .transform((v) => v === 'on'),
  /** Tests only: a local Stripe API double, e.g. http://127.0.0.1:12111 (refused in production unless ALLOW_TEST_OVERRIDES=1). */
  STRIPE_API_BASE: z.url().optional(),
  /** Lets test overrides work when NODE_ENV=production (the e2e harness runs the production build). */
  ALLOW_TEST_OVERRIDES: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
})

export type ServerEnv = z.infer<typeof schema> & {
  AUTH_SECRET: string
  PUBLIC_URL: string
  TOKEN_ENCRYPTION_KEY: string
  /** The Shopify app as this server runs it; `configured` is false without real credentials (demo shop only). */
  shopifyApp: { apiKey: string; apiSecret: string; appUrl: string; configured: boolean }
  /** DEMO_SHOP, with its default applied: this server makes and serves demo shops. */
  demoShop: boolean
  /** Where /metrics is served: its own port, the main port behind a token, the main port open (embedded default), or nowhere. */
  metrics: { port: number } | { token: string } | { open: true } | null
}

export class ConfigError extends Error {}

/**
 * Reads the environment. On the embedded default (no DATABASE_URL) missing secrets are generated
 * once into DATA_DIR/secrets.json; a deployment (DATABASE_URL set, NODE_ENV=production) must
 * provide them, and the process stops with a message naming the missing one.
 */
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = schema.safeParse(source)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConfigError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`)
  }
  const env = parsed.data
  const deployment = env.NODE_ENV === 'production' && !!env.DATABASE_URL
  let authSecret = env.AUTH_SECRET
  if (!authSecret) {
    if (deployment) throw new ConfigError('AUTH_SECRET is required when DATABASE_URL is set in production.')
    authSecret = embeddedSecrets(env.DATA_DIR).AUTH_SECRET
  }
  let tokenKey = env.TOKEN_ENCRYPTION_KEY
  if (!tokenKey) {
    if (deployment) throw new ConfigError('TOKEN_ENCRYPTION_KEY is required when DATABASE_URL is set in production.')
    tokenKey = embeddedSecrets(env.DATA_DIR).TOKEN_ENCRYPTION_KEY
  }
  if (!decodeKey(tokenKey)) throw new ConfigError('Invalid setting TOKEN_ENCRYPTION_KEY: expected 32 bytes, base64 or hex.')
  if (Object.keys(env.SHOPIFY_SHOP_ORIGIN_OVERRIDE).length && env.NODE_ENV === 'production' && !env.ALLOW_TEST_OVERRIDES) {
    throw new ConfigError('SHOPIFY_SHOP_ORIGIN_OVERRIDE is for tests: it is refused in production unless ALLOW_TEST_OVERRIDES=1.')
  }
  if (env.STRIPE_API_BASE && env.NODE_ENV === 'production' && !env.ALLOW_TEST_OVERRIDES) {
    throw new ConfigError('STRIPE_API_BASE is for tests: it is refused in production unless ALLOW_TEST_OVERRIDES=1.')
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('Set STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY: payments are granted from verified webhooks.')
  if (!!env.SHOPIFY_API_KEY !== !!env.SHOPIFY_API_SECRET)
    throw new ConfigError('Set both SHOPIFY_API_KEY and SHOPIFY_API_SECRET, or neither.')
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
  // Without a Partner app the demo shop still needs an app identity; its secret is derived, never shipped.
  const shopifyApp = {
    apiKey: env.SHOPIFY_API_KEY ?? 'pagewright-offline',
    apiSecret: env.SHOPIFY_API_SECRET ?? createHmac('sha256', authSecret).update('offline Shopify app secret').digest('hex'),
    appUrl: (env.SHOPIFY_APP_URL ?? publicUrl).replace(/\/$/, ''),
    configured: !!env.SHOPIFY_API_KEY,
  }
  // Anyone signed in may make demo shops, so a deployment offers them only when told to.
  const demoShop = env.DEMO_SHOP ? env.DEMO_SHOP === 'on' : !(deployment || env.API_URL)
  // /metrics on the main port: open on the embedded default, behind METRICS_TOKEN in a deployment, off otherwise.
  const metrics = env.METRICS_PORT
    ? ({ port: env.METRICS_PORT } as const)
    : env.METRICS_TOKEN
      ? ({ token: env.METRICS_TOKEN } as const)
      : deployment || env.API_URL
        ? null
        : ({ open: true } as const)
  return { ...env, AUTH_SECRET: authSecret, PUBLIC_URL: publicUrl, TOKEN_ENCRYPTION_KEY: tokenKey, shopifyApp, demoShop, metrics }
}

/** A 32-byte key from base64 or hex; null when it is neither. */
export function decodeKey(value: string): Buffer | null {
  const v = value.trim()
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64')
  return key.length === 32 ? key : null
}

/**
 * The web reads its own settings (app/.server/env.ts) from the process environment. In the
 * embedded default it shares the process with the api, so its cookie secret comes from the
 * same data folder; a web deployed alone must be given SESSION_SECRET, and so must an api that
 * serves the demo shop (it reads the web's session cookie). Returns the secret.
 */
export function provideWebSessionSecret(env: ServerEnv, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  if (env.NODE_ENV === 'production' && (env.DATABASE_URL || env.API_URL))
    throw new ConfigError(
      'SESSION_SECRET is required in production (the web signs its session cookie with it; an api serving the demo shop reads that cookie).',
    )
  return (process.env.SESSION_SECRET = embeddedSecrets(dataDir).SESSION_SECRET)
}

/** The log level and format before the settings are parsed (the logger is needed to report a bad setting). */
export const startupLogLevel = () => process.env.LOG_LEVEL
export const startupLogFormat = () => process.env.LOG_FORMAT

/** Secrets for the embedded default, made once per data folder so sessions survive restarts. */
type EmbeddedSecrets = { AUTH_SECRET: string; SESSION_SECRET: string; TOKEN_ENCRYPTION_KEY: string }
export function embeddedSecrets(dataDir: string): EmbeddedSecrets {
  const file = path.join(dataDir, 'secrets.json')
  const saved: Partial<EmbeddedSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const secrets: EmbeddedSecrets = {
    AUTH_SECRET: saved.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
    SESSION_SECRET: saved.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    // Folders made before shop tokens existed get the key added, once.
    TOKEN_ENCRYPTION_KEY: saved.TOKEN_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
  }
  if (Object.keys(saved).length !== Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets
}
