import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { SERVER_BUNDLE } from '../server-bundle.mjs'
import { freePort, request } from './http'
import { rssOf } from './mixed-load'
import { productEnv, sleep } from './product'

/** How a start was run: package.json's start script through sh, or `npm start` itself. */
export type StartHow = 'start script' | 'npm start'

export interface StartRun {
  how: StartHow
  /** A new data folder (PGlite's initdb, migrations, seeds) or one a server used before. */
  folder: 'new' | 'existing'
  /** From spawning the command to the first 200 of GET /account/login. */
  ms: number
  /** The build script said "Build is current" (nothing was built). */
  buildCurrent: boolean
  /** The server's own figure (started_ms in its "listening" line) and its steps. */
  serverMs?: number
  steps?: string
  /** The server process's RSS when the first 200 arrived. */
  rss?: number
}

const running = new Set<() => Promise<void>>()
/** Stops every start still running (for signal handlers and clean-up). */
export const stopAllStarts = () => Promise.all([...running].map((stop) => stop())).then(() => {})

/** The start script of package.json (what `npm start` runs). */
export async function startScript(cwd = process.cwd()): Promise<string> {
  const pkg = JSON.parse(await readFile(`${cwd}/package.json`, 'utf8')) as { scripts: Record<string, string> }
  if (!pkg.scripts.start) throw new Error('package.json has no start script')
  return pkg.scripts.start
}

/** Every descendant of a process (Linux: /proc/<pid>/task/<tid>/children). */
async function descendants(pid: number): Promise<number[]> {
  const out: number[] = []
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[])
  for (const tid of tasks) {
    const children = await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')
    for (const c of children.trim().split(/\s+/).filter(Boolean).map(Number)) out.push(c, ...(await descendants(c)))
  }
  return out
}

/** The server process among a command's descendants: the one running the server bundle. */
export async function serverPidUnder(pid: number): Promise<number | undefined> {
  for (const p of await descendants(pid)) {
    const cmdline = await readFile(`/proc/${p}/cmdline`, 'utf8').catch(() => '')
    if (cmdline.split('\0').includes(SERVER_BUNDLE)) return p
  }
  return undefined
}

/**
 * Runs the start command in `dataDir` (the product's clean bench settings, a free port) and times it
 * from the spawn to the first 200 of GET /account/login; then stops the server (SIGTERM, so it
 * releases its data folder) and waits for the command to end.
 */
export async function timeStart(how: StartHow, dataDir: string, folder: StartRun['folder'], cwd = process.cwd()): Promise<StartRun> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const env = productEnv({ baseUrl, port, dataDir })
  const script = await startScript(cwd)
  const started = performance.now()
  // Its own process group, so that a command that will not stop can be ended whole.
  const child =
    how === 'npm start'
      ? spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('sh', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output = (output + c).slice(-64 * 1024)))
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output = (output + c).slice(-64 * 1024)))
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true
      resolve()
    }),
  )
  const stop = async () => {
    running.delete(stop)
    if (exited || child.pid === undefined) return
    const server = await serverPidUnder(child.pid)
    try {
      if (server) process.kill(server, 'SIGTERM')
      else process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    const graceful = await Promise.race([exit.then(() => true), sleep(20_000).then(() => false)])
    if (!graceful) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
      await exit
    }
  }
  running.add(stop)
  try {
    let ms: number | undefined
    const deadline = started + 180_000
    while (ms === undefined) {
      if (exited) throw new Error(`${how} exited before answering:\n${output.trim().slice(-3000)}`)
      if (performance.now() > deadline) throw new Error(`${how} did not answer /account/login within 180 s:\n${output.trim().slice(-3000)}`)
      const ok = await request(`${baseUrl}/account/login`, { timeoutMs: 2_000 }).then(
        (r) => r.status === 200,
        () => false,
      )
      if (ok) ms = performance.now() - started
      else await sleep(20)
    }
    const server = child.pid ? await serverPidUnder(child.pid) : undefined
    const rss = server ? await rssOf(server).catch(() => undefined) : undefined
    // The "listening" line comes just before the first answer; give the pipe a moment.
    await sleep(200)
    const line = /"started_ms":(\d+),"steps":"([^"]*)"/.exec(output)
    return {
      how,
      folder,
      ms,
      buildCurrent: output.includes('Build is current'),
      serverMs: line ? Number(line[1]) : undefined,
      steps: line?.[2],
      rss,
    }
  } finally {
    await stop()
  }
}

/** How long the build script alone takes to find the build current (a Node start and a hash of the inputs). */
export async function timeBuildCheck(cwd = process.cwd()): Promise<{ ms: number; current: boolean }> {
  const started = performance.now()
  const child = spawn(process.execPath, ['scripts/build.mjs'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c))
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  if (code !== 0) throw new Error(`node scripts/build.mjs failed (exit code ${code}):\n${output.trim().slice(-3000)}`)
  return { ms: performance.now() - started, current: output.includes('Build is current') }
}
