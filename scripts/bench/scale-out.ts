import { timeGeneration } from './generation'
import { createPostgresDatabase, deploymentSecrets } from './postgres'
import { startProduct, type Product } from './product'
import { num, ratio, renderTable } from './table'
import { loadPaths, type PathLoadResult } from './zipf'

export interface ScaleOutRow {
  page: string
  path: string
  signedIn: boolean
  single: PathLoadResult
  web: PathLoadResult
}

/**
 * Issue 24's scale-out figure: on one Postgres, the same pages from the single process
 * (`main.js all` with DATABASE_URL) and then from a web on its own (`main.js web` with API_URL)
 * asking an api process (`main.js api`) on the same machine, one after the other with the same
 * load; the pages of the account that made a page (home, its page view) and the shared page.
 * No worker runs during the second part (nothing is generated there).
 */
export async function benchScaleOut(
  adminUrl: string,
  opts: { seconds: number; connections: number },
  onStep: (msg: string) => void,
): Promise<ScaleOutRow[]> {
  const database = await createPostgresDatabase(adminUrl, 'pw_bench24')
  const started: Product[] = []
  try {
    const secrets = deploymentSecrets()
    onStep('scale-out: the single process (main.js all) on Postgres')
    const single = await startProduct({ mode: 'all', env: { ...secrets, DATABASE_URL: database.url } })
    started.push(single)
    const { lastSessionId, lastOwnerCookie } = await timeGeneration(single, 1)
    const pages = [
      { page: 'home', path: '/', signedIn: true },
      { page: 'page view', path: `/productv2/${lastSessionId}`, signedIn: true },
      { page: 'share', path: `/share/${lastSessionId}`, signedIn: false },
    ]
    const load = (product: Product, p: (typeof pages)[number]) => {
      onStep(
        `scale-out: ${p.page} on ${product === single ? 'the single process' : 'the web on its own'} (${opts.connections} connections, ${opts.seconds} s)`,
      )
      // Answers that did not come back within the run are not counted; a page that never answers is 0 req/s.
      const headers: Record<string, string> = p.signedIn ? { cookie: lastOwnerCookie } : {}
      return loadPaths(product.baseUrl, () => ({ path: p.path, headers }), {
        seconds: opts.seconds,
        connections: opts.connections,
        warmupSeconds: 1,
      })
    }
    const singleLoads: PathLoadResult[] = []
    for (const p of pages) singleLoads.push(await load(single, p))
    await single.stop()

    onStep('scale-out: api and a web on its own (API_URL) on the same Postgres')
    const api = await startProduct({ mode: 'api', env: { ...secrets, DATABASE_URL: database.url } })
    started.push(api)
    const web = await startProduct({ mode: 'web', env: { ...secrets, API_URL: api.baseUrl } })
    started.push(web)
    const rows: ScaleOutRow[] = []
    for (const [i, p] of pages.entries()) rows.push({ ...p, single: singleLoads[i], web: await load(web, p) })
    return rows
  } finally {
    await Promise.allSettled(started.reverse().map((p) => p.stop()))
    await database.drop()
  }
}

export function renderScaleOut(rows: ScaleOutRow[], opts: { seconds: number; connections: number }): string {
  return (
    `Scale-out on Postgres (issue 24): the single process (main.js all) against a web on its own (main.js web, API_URL → main.js api), ` +
    `same machine, ${opts.connections} connections × ${opts.seconds} s per page, one after the other:\n` +
    renderTable(
      [
        { header: 'page', align: 'left', cell: (r: ScaleOutRow) => `${r.page} ${r.path}${r.signedIn ? ' (signed in)' : ''}` },
        { header: 'single req/s', cell: (r: ScaleOutRow) => num(r.single.rps) },
        { header: 'single p99 ms', cell: (r: ScaleOutRow) => num(r.single.p99) },
        { header: 'web alone req/s', cell: (r: ScaleOutRow) => num(r.web.rps) },
        { header: 'web alone p99 ms', cell: (r: ScaleOutRow) => num(r.web.p99) },
        { header: 'web ÷ single', cell: (r: ScaleOutRow) => ratio(r.web.rps, r.single.rps) },
        {
          header: 'not 200 / errors',
          cell: (r: ScaleOutRow) => `${r.single.unexpected + r.web.unexpected} / ${r.single.errors + r.web.errors}`,
        },
      ],
      rows,
    )
  )
}
