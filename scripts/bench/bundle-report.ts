/**
 * First-load JS per screen, from the client build (`npm run build` first), as the server HTML asks
 * for it: the Remix manifest's entry module and imports, plus the module and imports of every route
 * the screen matches (root, layouts, the screen), each file once, gzip -9 as the bench counts.
 *
 * `npx tsx scripts/bench/bundle-report.ts` prints the screens by weight against the budgets of
 * issue 10 (exit code 1 when one is over) and the biggest shared chunks. After a build with
 * `npx remix vite:build --sourcemapClient` it also names the packages and files inside each chunk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { kb, renderTable } from './table'

type ManifestRoute = { id: string; parentId?: string; path?: string; module: string; imports?: string[] }
export type Chunk = { file: string; raw: number; gzip: number }
export type ScreenWeight = { id: string; url: string; files: Chunk[]; raw: number; gzip: number; budget: number }

/** Issue 10: the sign-in screens fit in 60 KB of gzipped JS, every other screen in 90 KB. */
export const AUTH_URLS = ['/account/login', '/account/sign-up', '/account/verify']
export const budgetFor = (url: string) => (AUTH_URLS.includes(url) ? 60 : 90) * 1024

function readManifest(clientDir: string) {
  const assets = path.join(clientDir, 'assets')
  const file = existsSync(assets) && readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (!file) throw new Error(`No Remix manifest in ${assets}: run \`npm run build\` first.`)
  const text = readFileSync(path.join(assets, file), 'utf8')
  type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> }
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest
}

/** Weighs every screen's first load (root and layout routes only ever load under a screen). */
export function bundleReport(clientDir = path.resolve('build/client')) {
  const { entry, routes } = readManifest(clientDir)
  const chunks = new Map<string, Chunk>()
  const chunk = (file: string) => {
    if (!chunks.has(file)) {
      const bytes = readFileSync(path.join(clientDir, file))
      chunks.set(file, { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })
    }
    return chunks.get(file)!
  }
  const chain = (r: ManifestRoute) => {
    const list: ManifestRoute[] = []
    for (let at: ManifestRoute | undefined = r; at; at = at.parentId ? routes[at.parentId] : undefined) list.unshift(at)
    return list
  }
  const parents = new Set(Object.values(routes).map((r) => r.parentId))
  const screens = Object.values(routes)
    .filter((r) => !parents.has(r.id))
    .map((route): ScreenWeight => {
      const matched = chain(route)
      const files = [entry.module, ...entry.imports, ...matched.flatMap((r) => [r.module, ...(r.imports ?? [])])]
      const list = [...new Set(files)].map(chunk).sort((a, b) => b.gzip - a.gzip)
      const url = '/' + matched.flatMap((r) => (r.path ? [r.path] : [])).join('/')
      const sum = (key: 'raw' | 'gzip') => list.reduce((n, c) => n + c[key], 0)
      return { id: route.id, url, files: list, raw: sum('raw'), gzip: sum('gzip'), budget: budgetFor(url) }
    })
    .sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id))
  const users = (file: string) => screens.filter((s) => s.files.some((c) => c.file === file)).length
  const shared = [...chunks.values()].map((c) => ({ ...c, screens: users(c.file) })).filter((c) => c.screens > 1)
  return { screens, shared: shared.sort((a, b) => b.gzip - a.gzip) }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Bytes of a chunk per package or source file, read from its source map when the build wrote one. */
export function chunkContents(clientDir: string, file: string): [string, number][] {
  const mapFile = path.join(clientDir, file + '.map')
  if (!existsSync(mapFile)) return []
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }
  const lines = readFileSync(path.join(clientDir, file), 'utf8').split('\n')
  const totals = new Map<string, number>()
  let source = 0
  map.mappings.split(';').forEach((line, row) => {
    const segments: [number, number][] = []
    let column = 0
    for (const seg of line.split(',').filter(Boolean)) {
      const values: number[] = []
      for (let i = 0, v = 0, shift = 0; i < seg.length; i++) {
        const digit = B64.indexOf(seg[i])
        v += (digit & 31) << shift
        shift += 5
        if (digit & 32) continue
        values.push(v & 1 ? -(v >>> 1) : v >>> 1)
        v = shift = 0
      }
      column += values[0]
      if (values.length > 1) source += values[1]
      segments.push([column, source])
    }
    segments.forEach(([start, src], i) => {
      const end = segments[i + 1]?.[0] ?? lines[row]?.length ?? start
      const name = packageOf(map.sources[src] ?? '?')
      totals.set(name, (totals.get(name) ?? 0) + end - start)
    })
  })
  return [...totals].sort((a, b) => b[1] - a[1])
}

/** The npm package a file path or URL lies in (`@scope/name` or `name`), or null outside node_modules. */
export function npmPackageOf(source: string): string | null {
  const at = source.lastIndexOf('node_modules/')
  return at >= 0 ? (source.slice(at + 13).match(/^(@[^/]+\/[^/]+|[^/]+)/)?.[0] ?? source) : null
}

const packageOf = (source: string) => npmPackageOf(source) ?? source.replace(/^(\.\.\/)+/, '')

/**
 * What each screen really loads: screens whose route handle says so ship no app script (shopper
 * and reading pages: nothing; sign-in screens: /sign-in.js only, app/lib/shopper-view.ts), read from the server build.
 */
export async function screenWeights(clientDir = path.resolve('build/client'), serverBuild = path.resolve('build/server/index.js')) {
  const report = bundleReport(clientDir)
  type Handle = { shopperView?: boolean; signInScript?: boolean; noScript?: boolean } | undefined
  const build = (await import(pathToFileURL(serverBuild).href)) as { routes: Record<string, { module: { handle?: Handle } }> }
  const signIn = chunkOf(clientDir, 'sign-in.js')
  const screens = report.screens.map((s): ScreenWeight => {
    const handle = build.routes[s.id]?.module.handle
    if (handle?.shopperView || handle?.noScript) return { ...s, files: [], raw: 0, gzip: 0 }
    if (handle?.signInScript) return { ...s, files: [signIn], raw: signIn.raw, gzip: signIn.gzip }
    return s
  })
  return { screens: screens.sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id)), shared: report.shared }
}

function chunkOf(clientDir: string, file: string): Chunk {
  const bytes = readFileSync(path.join(clientDir, file))
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
}

async function main() {
  const clientDir = path.resolve('build/client')
  const { screens, shared } = await screenWeights(clientDir)
  const status = (s: ScreenWeight) => `${kb(s.budget)} ${s.gzip > s.budget ? `OVER by ${kb(s.gzip - s.budget)}` : 'ok'}`
  const table = renderTable<ScreenWeight>(
    [
      { header: 'screen', cell: (s) => s.url, align: 'left' },
      { header: 'route module', cell: (s) => s.id.replace(/^routes\//, ''), align: 'left' },
      { header: 'files', cell: (s) => String(s.files.length) },
      { header: 'raw', cell: (s) => kb(s.raw) },
      { header: 'gzip', cell: (s) => kb(s.gzip) },
      { header: 'budget (gzip)', cell: status, align: 'left' },
    ],
    screens,
  )
  const everywhere = shared.filter((c) => c.screens === screens.length)
  const common = new Set(everywhere.map((c) => c.file))
  const name = (c: Chunk) => `${path.basename(c.file)} ${kb(c.gzip)}`
  console.log(table)
  console.log(`\nEvery screen loads ${kb(everywhere.reduce((n, c) => n + c.gzip, 0))}: ${everywhere.map(name).join(', ')}`)
  console.log('\nAnd each screen adds:')
  for (const s of screens) {
    const own = s.files.filter((c) => !common.has(c.file))
    console.log(`  ${s.url}: ${own.map(name).join(', ') || '-'}`)
  }
  console.log('\nBiggest shared chunks:')
  for (const c of shared.slice(0, 10)) {
    const inside = chunkContents(clientDir, c.file).slice(0, 6)
    const what = inside.length ? `: ${inside.map(([p, n]) => `${p} ${kb(n)}`).join(', ')}` : ''
    console.log(`  ${path.basename(c.file)} ${kb(c.raw)} raw, ${kb(c.gzip)} gzip, ${c.screens} screens${what}`)
  }
  if (screens.some((s) => s.gzip > s.budget)) process.exitCode = 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main()
