/**
 * `npm run bench:profile -- <page>`: where the server's CPU goes while one page is under load.
 * Starts the built product with `--cpu-prof`, signs a user up, makes a page (for `share`), loads the
 * page with autocannon, stops the server and prints self time by package and by function.
 * Pages: login, home, share, page (the owner's view of a made page), or any path (requested signed in). Env: BENCH_SECONDS (default 10).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { npmPackageOf } from './bundle-report'
import { timeGeneration } from './generation'
import { startProduct } from './product'
import { signUp } from './session'
import { num, renderTable } from './table'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
}

/** `node_modules/@scope/name` or `node_modules/name` of a script URL; our own files by folder. */
function packageOf(url: string, functionName = ''): string {
  // V8's own entries: (garbage collector), (idle), (program), (root); other url-less frames are native code.
  if (!url) return /^\(.*\)$/.test(functionName) ? functionName : '(native)'
  const npm = npmPackageOf(url)
  if (npm) return npm
  if (url.startsWith('node:')) return 'node internals'
  const m = /\/(app|server|build)\//.exec(url)
  return m ? `ours: ${m[1]}/` : url
}

/** The server's CPU profile among those a run wrote into `dir` (the biggest: a loader thread may write a small one too). */
export async function readServerProfile(dir: string): Promise<CpuProfile | undefined> {
  let best: CpuProfile | undefined
  for (const f of (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as CpuProfile
    if (!best || p.nodes.length > best.nodes.length) best = p
  }
  return best
}

export function summarise(profile: CpuProfile, top = 25) {
  const total = profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0) || 1
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0
    if (!hits) continue
    const pkg = packageOf(n.callFrame.url, n.callFrame.functionName)
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits)
    const fn = `${n.callFrame.functionName || '(anonymous)'} — ${pkg}:${n.callFrame.lineNumber + 1}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits)
  }
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, share: hits / total }))
  const cols = [
    { header: 'self time', cell: (r: { share: number }) => `${num(r.share * 100, 1)} %` },
    { header: 'where', align: 'left' as const, cell: (r: { name: string }) => r.name },
  ]
  return { packages: renderTable(cols, rows(byPackage)), functions: renderTable(cols, rows(byFunction)) }
}

async function main() {
  const which = process.argv[2] ?? 'home'
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  const profDir = await mkdtemp(path.join(os.tmpdir(), 'pagewright-prof-'))
  const product = await startProduct({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] })
  try {
    const { cookie } = await signUp(product)
    let pagePath = which
    let headers: Record<string, string> = { cookie }
    if (which === 'home') pagePath = '/'
    if (which === 'login' || which === 'share') headers = {}
    if (which === 'login') pagePath = '/account/login'
    if (which === 'share') pagePath = `/share/${(await timeGeneration(product, 1)).lastSessionId}`
    if (which === 'page') {
      const made = await timeGeneration(product, 1)
      pagePath = `/productv2/${made.lastSessionId}`
      headers = { cookie: made.lastOwnerCookie }
    }
    const r = await autocannon({ url: product.baseUrl + pagePath, connections: 50, duration: seconds, headers })
    console.log(`${pagePath}: ${num(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors`)
  } finally {
    await product.stop()
  }
  const best = await readServerProfile(profDir)
  if (process.env.KEEP_PROFILE) console.log(`profiles kept in ${profDir}`)
  else await rm(profDir, { recursive: true, force: true })
  if (!best) throw new Error('the server wrote no CPU profile')
  const s = summarise(best)
  console.log(`\nSelf time by package:\n${s.packages}\n\nSelf time by function:\n${s.functions}`)
}

// Run as a command (`npm run bench:profile`), not when the issue-24 section imports summarise().
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
