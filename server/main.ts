import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import type PgBoss from 'pg-boss'
import { buildRootOf, markBuildInUse } from '../scripts/build-in-use.mjs'
import type { ApiDeps } from './context'
import type { ChangeFeed } from './db/changes'
import type { Database } from './db/client'
import { DataDirError, dataDirProblem, ensureWritableDataDir, inDataDir } from './db/data-dir'
import { claimDataDir } from './db/data-lock'
import { startFromTemplate } from './db/template'
import { describeError, isDatabaseUnavailable, warnThrottled } from './db/unavailable'
import type { DemoShop, DemoShopDeps } from './demo-shop'
import { stripeModeOf } from './domain/billing'
import { ConfigError, loadServerEnv, provideWebSessionSecret } from './env'
import type { ShopperCounts, ShopperSide } from './http/experiment-front'
import type { PageViewCount, ViewCounter } from './http/page-views'
import { log } from './log'
import { applyHeapGrowth } from './memory-settings'

/**
 * Entry: `all` (default: web + api + worker in one process), `api`, `web` (needs API_URL) or `worker`.
 */
type Mode = 'all' | 'api' | 'web' | 'worker'

/** Undoes the data folder mark, also when start-up fails after it. */
let releaseDataDir = () => {}

/** How long each step of the start took, in the "listening" line: what a slow start spends its time on. */
const startedAt = performance.now()
const steps: string[] = []
const step = (name: string, since: number) => steps.push(`${name} ${Math.round(performance.now() - since)} ms`)

async function main() {
  const mode = (process.argv[2] ?? 'all') as Mode
  if (!['all', 'api', 'web', 'worker'].includes(mode)) throw new ConfigError(`Unknown mode "${mode}": use all, api, web or worker.`)
  // Reading the settings may write the embedded secrets into the data folder.
  const env = inDataDir(undefined, () => loadServerEnv())
  applyHeapGrowth(env.HEAP_GROWTH_PERCENT)
  const dataDir = path.resolve(env.DATA_DIR)

  if (mode === 'web' && !env.API_URL) throw new ConfigError('API_URL is required to run the web on its own.')
  // The demo shop knows its owner by the web's session cookie, so an api serving it needs the web's secret.
  const servesDemoShop = env.demoShop && (mode === 'all' || mode === 'api')
  const needsSessionSecret = mode === 'all' || mode === 'web' || servesDemoShop
  // The data folder is written when PGlite lives there, or when the web's cookie secret is kept there.
  const embedded = mode !== 'web' && !env.DATABASE_URL
  if (embedded || (needsSessionSecret && !env.SESSION_SECRET)) ensureWritableDataDir(dataDir)
  const sessionSecret = needsSessionSecret ? inDataDir(dataDir, () => provideWebSessionSecret(env, dataDir)) : undefined
  if (embedded) releaseDataDir = claimDataDir(dataDir)
  // While this server runs from a build, building again is refused: it would replace the files this
  // server loads on first use (scripts/build.mjs).
  const buildRoot = buildRootOf(fileURLToPath(import.meta.url))
  if (buildRoot) markBuildInUse(buildRoot)

  // The checks above refuse a bad start in about a second; the rest of the server loads only now.
  let since = performance.now()
  // The database opens and the web's build loads while the rest of the server loads: PGlite compiles
  // its WebAssembly and reads its files meanwhile, instead of after every module.
  const opening =
    mode === 'web'
      ? undefined
      : import('./db/client').then(({ openDatabase }) =>
          env.DATABASE_URL
            ? openDatabase({ url: env.DATABASE_URL })
            : openDatabase({ dataDir: embeddedFolder(dataDir) }).catch((error: unknown) => {
                throw dataDirProblem(error, dataDir) ?? error
              }),
        )
  const loadingBuild =
    mode === 'api' || mode === 'worker'
      ? undefined
      : (import(pathToFileURL(path.resolve('build/server/index.js')).href) as Promise<ServerBuild>)
  // Awaited below; a start that fails first must not also report these as unhandled.
  for (const pending of [opening, loadingBuild]) pending?.catch(() => {})
  const [
    { getRequestListener },
    { migrateAndSeed },
    demoShopModule,
    { createDemoStore },
    { lazyComposer },
    { createProductSource },
    { createApi },
    { createHost },
    { createMailer },
    { createStripeClient },
    { queueOf, startBoss },
    { startWorkers },
    { readImage },
    { createShopifyServices },
    { openChangeFeed, USER_CHANNEL },
    { rememberedShareVersions },
    { createShareFront, remoteShareVersions },
    { createAnonymousPages },
    { createSignedInPages },
    { frontChain },
    { createViewCounter },
    { buyTargetFrom, createShopperSide },
    { addShopperCounts, remoteShopperCounts },
    { addPageViews, remotePageViews },
    { webSessionViewer },
    { createMetrics },
    { openRemoteChangeFeeds },
    { rememberVersions },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('./db/seed'),
    // Off (DEMO_SHOP), the demo shop is not even loaded.
    env.demoShop && mode !== 'web' ? import('./demo-shop/lazy') : undefined,
    import('./demo-store/routes'),
    import('./generation/compose/lazy'),
    import('./generation/import/product-source'),
    import('./http/api'),
    import('./http/web-server'),
    import('./integrations/mail'),
    import('./integrations/stripe'),
    import('./jobs/queue'),
    import('./jobs/workers'),
    import('./modules/media'),
    import('./modules/shopify'),
    import('./db/changes'),
    import('./modules/tasks/share-version'),
    import('./http/share-front'),
    import('./http/anonymous-front'),
    import('./http/signed-in-front'),
    import('./http/front-chain'),
    import('./http/page-views'),
    import('./http/experiment-front'),
    import('./modules/experiments'),
    import('./modules/tasks/page-views'),
    import('./modules/auth'),
    import('./http/metrics'),
    import('./http/remote-changes'),
    import('./http/remembered-versions'),
  ])

  step('modules', since)
  let database: Database | undefined
  let deps: ApiDeps | undefined
  // Requests the server makes to itself (demo shop webhooks, theme zips) are answered in-process.
  let hostFetch: ((request: Request) => Promise<Response>) | undefined
  const ownOrigin = new URL(env.PUBLIC_URL).origin
  const toSelfOrNet = (request: Request) => (hostFetch && new URL(request.url).origin === ownOrigin ? hostFetch(request) : fetch(request))
  let demoShop: DemoShop | undefined
  let boss: PgBoss | undefined
  let workers: { stop(): Promise<void> } | undefined
  let changes: ChangeFeed | undefined
  let viewerChanges: ChangeFeed | undefined
  const demoStore = createDemoStore()
  // The writer is loaded when first used: a process that never generates never holds it (~30 MB, 0.4 s).
  const composer = lazyComposer(env)
  if (opening) {
    database = await opening
    // Counted from the same moment as the modules: the two overlap.
    step('database (opened beside the modules)', since)
    const work = mode === 'all' || mode === 'worker'
    const db = database
    // Several processes may start together on Postgres: schema, seeds and queues one at a time.
    since = performance.now()
    boss = await db.exclusive(async () => {
      await migrateAndSeed(db)
      step('migrations', since)
      since = performance.now()
      return startBoss(db, { work })
    })
    step('queue', since)
    since = performance.now()
    // Who is signed in needs the api's dependencies, made just below (a worker serves no admin pages).
    let viewerOf: DemoShopDeps['viewerOf'] = async () => null
    demoShop = demoShopModule?.lazyDemoShop({
      database,
      clock: () => new Date(),
      publicUrl: env.PUBLIC_URL,
      app: env.shopifyApp,
      deliver: toSelfOrNet,
      fetchUrl: (url) => toSelfOrNet(new Request(url)),
      viewerOf: (request) => viewerOf(request),
    })
    deps = {
      database,
      env,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      clock: () => new Date(),
      queue: queueOf(boss),
      composer,
      products: createProductSource({
        ownOrigins: [env.PUBLIC_URL, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
        allowPrivateHosts: env.IMPORT_ALLOW_PRIVATE_HOSTS,
        demoStore,
      }),
      shopify: createShopifyServices(env, demoShop ?? null),
      stripe: await createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }),
    }
    if (demoShop && sessionSecret) viewerOf = webSessionViewer(deps, sessionSecret)
    // Processes that serve pages remember shared-page versions until the database announces a change.
    if (mode !== 'worker') {
      changes = await openChangeFeed(database)
      deps.shareVersions = rememberedShareVersions(deps, changes)
      viewerChanges = await openChangeFeed(database, USER_CHANNEL)
      // Relayed to webs deployed on their own (GET /v2/changes, server/http/change-stream.ts).
      deps.changeFeeds = { share: changes, user: viewerChanges }
    }
    if (work) workers = await startWorkers(boss, deps)
    // reference §6.9: each plan's Stripe price is compared with the plan table at start (warnings in the log).
    const stripe = deps.stripe
    if (stripe && mode !== 'worker') {
      const opened = database
      void import('./modules/billing')
        .then(({ checkPlanPrices }) => checkPlanPrices(stripe, opened.db, stripeModeOf(env.STRIPE_SECRET_KEY ?? '')))
        .catch((error: unknown) => log.warn('stripe price check could not run', { error: String(error) }))
    }
    step('workers and change feeds', since)
  }

  let server: Server | undefined
  let metricsServer: Server | undefined
  let views: ViewCounter | undefined
  let shoppers: ShopperSide | undefined
  // Request ids and counts for every process; exposed where METRICS_* (or the embedded default) says.
  const metrics = createMetrics({ sql: database?.sql, pool: database?.poolStats })
  if (env.metrics && 'port' in env.metrics) {
    metricsServer = createServer((req, res) => {
      if (req.url === '/metrics') return void metrics.render(res).catch(() => res.destroy())
      res.statusCode = 404
      res.end()
    }).listen(env.metrics.port, env.HOST)
  }
  // A web on its own hears changes through the api's stream, so it keeps pages as the single process does.
  const remoteChanges = mode === 'web' && env.API_URL ? await openRemoteChangeFeeds(env.API_URL, env.AUTH_SECRET) : undefined
  if (remoteChanges) viewerChanges = remoteChanges.user
  if (mode !== 'worker') {
    const build = await loadingBuild
    const opened = database
    // Sign-in screens for visitors without cookies, kept a minute (server/http/anonymous-front.ts).
    const anonymousPages = build
      ? createAnonymousPages({ render: async (request, cspNonce) => host.fetch(request, { ownRender: { cspNonce } }) })
      : undefined
    // Signed-in lists per viewer, where this process hears the database's changes (server/http/signed-in-front.ts).
    const signedInPages =
      build && viewerChanges
        ? createSignedInPages({
            changes: viewerChanges,
            render: async (request, cspNonce) => host.fetch(request, { ownRender: { cspNonce } }),
          })
        : undefined
    const host = createHost({
      anonymousPages,
      signedInPages,
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
    // Shared pages are sent from memory per page version, ahead of the rest (server/http/share-front.ts).
    const versionOf =
      deps?.shareVersions ?? (env.API_URL ? rememberVersions(remoteShareVersions(env.API_URL), remoteChanges?.share) : undefined)
    // Views of shared pages, counted in memory and added every 10 s (server/http/page-views.ts).
    const sink = opened
      ? (counts: PageViewCount[]) => addPageViews(opened.db, counts)
      : env.API_URL
        ? remotePageViews(env.API_URL, env.AUTH_SECRET)
        : undefined
    views = build && versionOf && sink ? createViewCounter({ sink }) : undefined
    views?.start()
    // Experiments and visitors of shared pages, and the counted buy button /go (server/http/experiment-front.ts).
    const apiOrigin = env.API_URL?.replace(/\/+$/, '')
    const shopperSink = opened
      ? (counts: ShopperCounts) => addShopperCounts(opened.db, counts)
      : env.API_URL
        ? remoteShopperCounts(env.API_URL, env.AUTH_SECRET)
        : undefined
    shoppers =
      build && versionOf && shopperSink
        ? createShopperSide({
            sink: shopperSink,
            versionOf,
            buyTarget: buyTargetFrom(async (request) => {
              const url = new URL(request.url)
              return apiOrigin ? fetch(`${apiOrigin}${url.pathname}${url.search}`) : host.fetch(request)
            }),
            secure: env.PUBLIC_URL.startsWith('https://'),
          })
        : undefined
    shoppers?.start()
    const front =
      build && versionOf
        ? createShareFront({
            versionOf,
            render: async (request, incoming) => host.fetch(request, { incoming }),
            onShared: views?.count,
            shoppers,
          })
        : undefined
    const fronts = [shoppers?.go, front?.handle, anonymousPages?.serve, signedInPages?.serve].filter((f) => f !== undefined)
    const onMainPort = env.metrics && !('port' in env.metrics) ? env.metrics : {}
    server = createServer(metrics.instrument(frontChain(fronts, getRequestListener(host.fetch)), onMainPort)).listen(env.PORT, env.HOST)
    const where = env.DATABASE_URL ? 'Postgres' : `PGlite in ${path.relative(process.cwd(), dataDir) || '.'}`
    log.info(`Pagewright (${mode}) listening on ${env.PUBLIC_URL} — database: ${database ? where : 'remote api'}`, {
      started_ms: Math.round(performance.now() - startedAt),
      steps: steps.join(', '),
    })
  } else {
    log.info('Pagewright worker running')
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`stopping (${signal})`)
    server?.close()
    metricsServer?.close()
    await views?.stop().catch(() => {})
    await shoppers?.stop().catch(() => {})
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {})
    await workers?.stop().catch(() => {})
    await changes?.close().catch(() => {})
    await viewerChanges?.close().catch(() => {})
    await remoteChanges?.close().catch(() => {})
    await database?.close().catch(() => {})
    releaseDataDir()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

/** The web deployed alone passes demo shop pages to the api's front, which has the database. */
/** PGlite's folder in the data folder; a new one is first filled from the build's template (server/db/template.ts). */
function embeddedFolder(dataDir: string): string {
  const folder = path.join(dataDir, 'pglite')
  if (inDataDir(dataDir, () => startFromTemplate(folder))) log.info('new data folder: copied from the build template', { folder })
  return folder
}

function proxyTo(origin: string) {
  return {
    async fetch(request: Request) {
      const url = new URL(request.url)
      const body = request.method === 'GET' ? undefined : await request.arrayBuffer()
      return fetch(`${origin}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body, redirect: 'manual' })
    },
  }
}

/**
 * A database call that fails while the database is away must not stop the process: pg-boss, for
 * one, completes and fails jobs without awaiting the call. Anything else unhandled stops it, as
 * Node would.
 */
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    warnThrottled('background-db', 'database call failed in the background', { error: describeError(reason) })
    return
  }
  console.error('Unhandled promise rejection:', reason)
  process.exit(1)
})

main().catch((error) => {
  releaseDataDir()
  // Known reasons get one line that says what to do; anything else its stack.
  if (error instanceof ConfigError || error instanceof DataDirError) {
    console.error(`Pagewright cannot start: ${error.message}`)
  } else if (isDatabaseUnavailable(error)) {
    console.error(
      `Pagewright cannot start: the database is not answering (${describeError(error)}). Check DATABASE_URL and that Postgres runs.`,
    )
  } else {
    console.error(error)
  }
  process.exit(1)
})
