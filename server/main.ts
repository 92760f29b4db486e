import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import type { ServerBuild } from '@remix-run/node'
import type { ApiDeps } from './context'
import { openDatabase, type Database } from './db/client'
import { claimDataDir } from './db/data-lock'
import { migrateAndSeed } from './db/seed'
import { createDemoShop, type DemoShop } from './demo-shop'
import { createDemoStore } from './demo-store/routes'
import { ConfigError, loadServerEnv, provideWebSessionSecret } from './env'
import { createComposer } from './generation/compose'
import { createProductSource } from './generation/import/product-source'
import { createApi } from './http/api'
import { createHost } from './http/web-server'
import { createMailer } from './integrations/mail'
import { createStripeClient } from './integrations/stripe'
import { queueOf, startBoss } from './jobs/queue'
import { startWorkers } from './jobs/workers'
import { log } from './log'
import { readImage } from './modules/media'
import { createShopifyServices } from './modules/shopify'

/**
 * Entry: `all` (default: web + api + worker in one process), `api`, `web` (needs API_URL) or `worker`.
 */
type Mode = 'all' | 'api' | 'web' | 'worker'

async function main() {
  const mode = (process.argv[2] ?? 'all') as Mode
  if (!['all', 'api', 'web', 'worker'].includes(mode)) throw new ConfigError(`Unknown mode "${mode}": use all, api, web or worker.`)
  const env = loadServerEnv()
  const dataDir = path.resolve(env.DATA_DIR)

  if (mode === 'web' && !env.API_URL) throw new ConfigError('API_URL is required to run the web on its own.')
  if (mode === 'all' || mode === 'web') provideWebSessionSecret(env, dataDir)

  let database: Database | undefined
  let deps: ApiDeps | undefined
  // Requests the server makes to itself (demo shop webhooks, theme zips) are answered in-process.
  let hostFetch: ((request: Request) => Promise<Response>) | undefined
  const ownOrigin = new URL(env.PUBLIC_URL).origin
  const toSelfOrNet = (request: Request) => (hostFetch && new URL(request.url).origin === ownOrigin ? hostFetch(request) : fetch(request))
  let demoShop: DemoShop | undefined
  let boss: Awaited<ReturnType<typeof startBoss>> | undefined
  const demoStore = createDemoStore()
  let releaseDataDir = () => {}
  if (mode !== 'web') {
    if (!env.DATABASE_URL) releaseDataDir = claimDataDir(dataDir)
    database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') })
    const work = mode === 'all' || mode === 'worker'
    const db = database
    // Several processes may start together on Postgres: schema, seeds and queues one at a time.
    boss = await db.exclusive(async () => {
      await migrateAndSeed(db)
      return startBoss(db, { work })
    })
    demoShop = createDemoShop({
      database,
      clock: () => new Date(),
      publicUrl: env.PUBLIC_URL,
      app: env.shopifyApp,
      deliver: toSelfOrNet,
      fetchUrl: (url) => toSelfOrNet(new Request(url)),
    })
    deps = {
      database,
      env,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      clock: () => new Date(),
      queue: queueOf(boss),
      composer: createComposer(env),
      products: createProductSource({
        ownOrigins: [env.PUBLIC_URL, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
        allowPrivateHosts: env.IMPORT_ALLOW_PRIVATE_HOSTS,
        demoStore,
      }),
      shopify: createShopifyServices(env, demoShop),
      stripe: createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }),
    }
    if (work) await startWorkers(boss, deps)
  }

  let server: ReturnType<typeof serve> | undefined
  if (mode !== 'worker') {
    const build = mode === 'api' ? undefined : ((await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild)
    const opened = database
    const host = createHost({
      api: deps ? createApi(deps) : undefined,
      demoStore,
      demoShop: demoShop ?? (env.API_URL ? proxyTo(env.API_URL) : undefined),
      media: opened ? (hash) => readImage(opened.db, hash) : undefined,
      mediaOrigin: env.API_URL,
      build,
      publicUrl: env.PUBLIC_URL,
      trustProxy: env.TRUST_PROXY,
    })
    hostFetch = async (request) => host.fetch(request)
    server = serve({ fetch: host.fetch, port: env.PORT, hostname: env.HOST })
    const where = env.DATABASE_URL ? 'Postgres' : `PGlite in ${path.relative(process.cwd(), dataDir) || '.'}`
    log.info(`Pagewright (${mode}) listening on ${env.PUBLIC_URL} — database: ${database ? where : 'remote api'}`)
  } else {
    log.info('Pagewright worker running')
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`stopping (${signal})`)
    server?.close()
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {})
    await database?.close().catch(() => {})
    releaseDataDir()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** The web deployed alone passes demo shop pages to the api's front, which has the database. */
function proxyTo(origin: string) {
  return {
    async fetch(request: Request) {
      const url = new URL(request.url)
      const body = request.method === 'GET' ? undefined : await request.arrayBuffer()
      return fetch(`${origin}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body, redirect: 'manual' })
    },
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || /Another Pagewright process/.test(String(error?.message))) {
    console.error(`Pagewright cannot start: ${error.message}`)
  } else {
    console.error(error)
  }
  process.exit(1)
})
