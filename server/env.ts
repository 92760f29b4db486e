import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_HIDE_WINDOW_MINUTES, MAX_HIDE_WINDOW_MINUTES } from './domain/visibility'

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
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
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
})

export type ServerEnv = z.infer<typeof schema> & { AUTH_SECRET: string; PUBLIC_URL: string }

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
  return { ...env, AUTH_SECRET: authSecret, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` }
}

/**
 * The web reads its own settings (app/.server/env.ts) from the process environment. In the
 * embedded default it shares the process with the api, so its cookie secret comes from the
 * same data folder; a web deployed alone must be given SESSION_SECRET.
 */
export function provideWebSessionSecret(env: ServerEnv, dataDir: string) {
  if (env.SESSION_SECRET) return
  if (env.NODE_ENV === 'production' && (env.DATABASE_URL || env.API_URL)) throw new ConfigError('SESSION_SECRET is required in production.')
  process.env.SESSION_SECRET = embeddedSecrets(dataDir).SESSION_SECRET
}

/** The log level before the settings are parsed (the logger is needed to report a bad setting). */
export const startupLogLevel = () => process.env.LOG_LEVEL

/** Secrets for the embedded default, made once per data folder so sessions survive restarts. */
export function embeddedSecrets(dataDir: string): { AUTH_SECRET: string; SESSION_SECRET: string } {
  const file = path.join(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const secrets = { AUTH_SECRET: randomBytes(32).toString('base64url'), SESSION_SECRET: randomBytes(32).toString('base64url') }
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}
