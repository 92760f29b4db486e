import { spawn } from 'node:child_process'
import { request, type CookieJar } from '../../../scripts/bench/http'
import { BENCH_STAFF_DOMAIN, type Product } from '../../../scripts/bench/product'
import { MALLOC_ENV, serverArgs } from '../../../scripts/server-bundle.mjs'

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Settings a deployment must be given (Postgres, or a web on its own), fixed for the tests. */
export const DEPLOYMENT_SECRETS = {
  AUTH_SECRET: 'fault-tests-auth-secret-0123456789',
  SESSION_SECRET: 'fault-tests-session-secret-0123456789',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
}

export interface Finished {
  code: number | null
  signal: NodeJS.Signals | null
  output: string
  ms: number
  timedOut: boolean
}

/**
 * Runs `server/main.ts all` expecting it to stop by itself (a refused start), with the bench's
 * clean settings; optionally as another user (uid/gid). Killed after timeoutMs.
 */
export function runUntilExit(opts: { env: Record<string, string>; uid?: number; gid?: number; timeoutMs?: number }): Promise<Finished> {
  const env: NodeJS.ProcessEnv = { ...MALLOC_ENV, ...process.env }
  for (const k of ['DATABASE_URL', 'API_URL', 'SMTP_URL', 'AUTH_SECRET', 'SESSION_SECRET', 'TRUST_PROXY']) delete env[k]
  Object.assign(env, { ADMIN_EMAILS: `@${BENCH_STAFF_DOMAIN}`, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, opts.env)
  const started = performance.now()
  const child = spawn(process.execPath, serverArgs('all'), {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.gid } : {}),
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c))
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c))
  return new Promise((resolve, reject) => {
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, opts.timeoutMs ?? 30_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, output, ms: performance.now() - started, timedOut })
    })
  })
}

/** Waits until the process's output matches (e.g. the worker's start line). */
export async function waitForOutput(product: Product, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  let exited: string | undefined
  void product.exited.then((how) => (exited = how))
  while (!pattern.test(product.outputTail())) {
    if (exited) throw new Error(`process exited (${exited}) before printing ${pattern}\n${product.outputTail().slice(-3000)}`)
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the output within ${timeoutMs} ms\n${product.outputTail().slice(-3000)}`)
    await sleep(100)
  }
}

/** Whether the process is still running (it has not exited on its own). */
export function watchAlive(product: Product) {
  let how: string | undefined
  void product.exited.then((h) => (how = h))
  return () => how === undefined
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/** POST a form to the web as a browser with JavaScript off would. */
export async function postForm(baseUrl: string, path: string, fields: Record<string, string>, jar?: CookieJar, timeoutMs = 30_000) {
  const res = await request(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(jar ? { cookie: jar.header() } : {}) },
    body: form(fields),
    timeoutMs,
  })
  jar?.update(res.headers)
  return res
}

/**
 * "Generate page" from a demo store product; returns the progress page and the task's session id.
 * The product link is on `storeOrigin` (default: the same web; the public address behind a balancer).
 */
export async function startGeneration(baseUrl: string, cookie: string, handle = 'aurora-pour-over-set', storeOrigin = baseUrl) {
  const res = await request(`${baseUrl}/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form({ mode: 'url', intent: 'generate', url: `${storeOrigin}/demo-store/products/${handle}` }),
  })
  const progress = String(res.headers.location ?? '')
  if (res.status !== 302 || !progress.includes('session_id='))
    throw new Error(`generate answered ${res.status} → ${progress || '(no location)'}`)
  return { progress, sessionId: new URL(progress, baseUrl).searchParams.get('session_id')! }
}

/** Polls the progress page until it sends the owner to the finished page. */
export async function waitForPage(baseUrl: string, cookie: string, progress: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await request(baseUrl + progress, { headers: { cookie } }).catch(() => null)
    if (res?.status === 302 && String(res.headers.location).startsWith('/productv2/')) return
    if (Date.now() > deadline) throw new Error(`the page was not finished within ${timeoutMs} ms (last answer ${res?.status ?? 'none'})`)
    await sleep(250)
  }
}
