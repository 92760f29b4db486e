import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MALLOC_ENV, serverArgs } from '../server-bundle.mjs'
import { freePort, request } from './http'

/** Bench accounts use this e-mail domain, listed in ADMIN_EMAILS: their pages show at once. */
export const BENCH_STAFF_DOMAIN = 'staff.bench.test'

/** Runs `npm run build`, showing its output only when it fails. */
export async function buildApp(cwd = process.cwd()): Promise<void> {
  const child = spawn('npm', ['run', 'build'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  const out: Buffer[] = []
  child.stdout.on('data', (c: Buffer) => out.push(c))
  child.stderr.on('data', (c: Buffer) => out.push(c))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  if (code !== 0) {
    process.stderr.write(Buffer.concat(out))
    throw new Error(`npm run build failed (exit code ${code})`)
  }
}

const running = new Set<() => Promise<void>>()
/** Stops every product server still running (for signal handlers and final clean-up). */
export const stopAllProducts = () => Promise.all([...running].map((stop) => stop())).then(() => {})

const LOGIN_LINE = /==== PAGEWRIGHT LOGIN CODE \(no SMTP_URL set\) ==== email=(\S+) code=(\d+)/
const TAIL_CHARS = 64 * 1024

export interface Product {
  baseUrl: string
  port: number
  dataDir: string
  /** Waits (up to timeoutMs) for the login code printed for `email` and returns the newest one. */
  loginCode(email: string, timeoutMs?: number): Promise<string>
  /** The last part of the server's stdout+stderr, for error messages. */
  outputTail(): string
  /** SIGTERM, wait for exit (SIGKILL after a grace period), delete the data folder. Safe to call twice. */
  stop(): Promise<void>
  /** The server process's id (for RSS readings and signals). */
  pid: number
  /** Sends a signal and waits until the process has exited (the data folder is kept). */
  kill(signal: NodeJS.Signals): Promise<void>
  /** Resolves when the process has exited, with how (`exit code N` or `signal S`). */
  exited: Promise<string>
}

export interface StartOptions {
  cwd?: string
  startTimeoutMs?: number
  /** Which process to run (server/main.ts's argument); default `all`. */
  mode?: 'all' | 'api' | 'web' | 'worker'
  /** Settings on top of the clean defaults (e.g. DATABASE_URL, API_URL). */
  env?: Record<string, string>
  /** Reuse this data folder (a restart); it is then not deleted on stop. */
  dataDir?: string
  /** Port to listen on (default: a free one). */
  port?: number
  /** Wait for /healthz (default true; false for a process expected to exit). */
  waitHealthy?: boolean
  /** Extra node flags (e.g. --cpu-prof), before the script. */
  nodeArgs?: string[]
}

/**
 * The environment a bench product process runs with: the caller's, without any setting that could
 * point it at a real database, mail server or secrets, plus production mode on `port` with its data
 * in `dataDir` (and `env` on top).
 */
export function productEnv(opts: { baseUrl: string; port: number; dataDir: string; env?: Record<string, string> }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  // Never point the bench at a real database, mail server or secrets from the caller's shell.
  for (const k of [
    'DATABASE_URL',
    'API_URL',
    'SMTP_URL',
    'AUTH_SECRET',
    'SESSION_SECRET',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'TRUST_PROXY',
  ])
    delete env[k]
  Object.assign(env, {
    ADMIN_EMAILS: `@${BENCH_STAFF_DOMAIN}`,
    NODE_ENV: 'production',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: opts.baseUrl,
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'info',
    // New accounts land at home, where the bench and the robustness suites start.
    ONBOARDING_FLOW: 'off',
    // As `npm start` runs it (package.json), unless the bench is given other values.
    ...Object.fromEntries(Object.entries(MALLOC_ENV).map(([name, value]) => [name, process.env[name] ?? value])),
    ...opts.env,
  })
  return env
}

/**
 * Starts `server/main.ts all` in production mode on a free port with a fresh PGlite data folder,
 * and resolves once GET /healthz answers 200.
 */
export async function startProduct(opts: StartOptions = {}): Promise<Product> {
  const cwd = opts.cwd ?? process.cwd()
  const ownDataDir = !opts.dataDir
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pagewright-bench-')))
  const port = opts.port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const env = productEnv({ baseUrl, port, dataDir, env: opts.env })

  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...serverArgs(opts.mode ?? 'all')], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let tail = ''
  let pending = ''
  const codes = new Map<string, string>()
  const waiters = new Set<() => void>()
  const onText = (text: string) => {
    tail = (tail + text).slice(-TAIL_CHARS)
  }
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    onText(chunk)
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) {
      const m = LOGIN_LINE.exec(line)
      if (m) {
        codes.set(m[1].toLowerCase(), m[2])
        for (const w of waiters) w()
      }
    }
  })
  child.stderr!.setEncoding('utf8').on('data', onText)
  let exitInfo: string | undefined
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => {
      exitInfo = signal ? `signal ${signal}` : `exit code ${code}`
      for (const w of waiters) w()
      resolve(exitInfo)
    }),
  )
  let spawnError: Error | undefined
  child.on('error', (e) => (spawnError = e))

  let stopping: Promise<void> | undefined
  const stop = () => (stopping ??= stopAndClean())
  const stopAndClean = async () => {
    if (exitInfo === undefined && child.pid !== undefined) {
      child.kill('SIGTERM')
      const graceful = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])
      if (!graceful) {
        child.kill('SIGKILL')
        await exited
      }
    }
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
    running.delete(stop)
  }
  running.add(stop)

  const product: Product = {
    baseUrl,
    port,
    dataDir,
    outputTail: () => tail,
    stop,
    pid: child.pid ?? -1,
    exited,
    async kill(signal) {
      if (exitInfo === undefined) child.kill(signal)
      await exited
      running.delete(stop)
    },
    async loginCode(email, timeoutMs = 15_000) {
      const key = email.toLowerCase()
      const deadline = Date.now() + timeoutMs
      while (!codes.has(key)) {
        if (exitInfo !== undefined) throw new Error(`server exited (${exitInfo}) before printing a login code for ${email}`)
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no login code for ${email} appeared on the server's stdout within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done)
            clearTimeout(t)
            resolve()
          }
          const t = setTimeout(done, left)
          waiters.add(done)
        })
      }
      return codes.get(key)!
    },
  }

  if (opts.waitHealthy === false) return product
  try {
    const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000)
    for (;;) {
      if (spawnError) throw spawnError
      if (exitInfo !== undefined) throw new Error(`server exited during start-up (${exitInfo})`)
      const ok = await request(`${baseUrl}/healthz`, { timeoutMs: 2_000 }).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) return product
      if (Date.now() > deadline) throw new Error(`server did not answer GET /healthz within ${opts.startTimeoutMs ?? 90_000} ms`)
      await sleep(200)
    }
  } catch (error) {
    await stop().catch(() => {})
    throw new Error(`${(error as Error).message}\n--- server output (tail) ---\n${tail.trim()}\n---`)
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
