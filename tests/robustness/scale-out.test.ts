/**
 * Scale-out on Postgres, as separate processes: api ×1, worker ×2, web ×2 on one database (README
 * "Running on more than one machine"). Twenty generations go through both webs; one worker is
 * killed with SIGKILL in the middle of a job. Every task must finish exactly once with one debit,
 * and a shared page must answer from either web with the same ETag, and disappear from both the
 * moment it is made private. Then the api's change stream: a web on its own keeps signed-in pages
 * in memory, a change made through the other web shows on it within a second, also after its stream
 * to the api was cut. Needs `npm run build` first and TEST_DATABASE_URL.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, request } from '../../scripts/bench/http'
import { startProduct, type Product } from '../../scripts/bench/product'
import { signUp } from '../../scripts/bench/session'
import { CREDITS_PER_PAGE } from '../../server/domain/entitlements'
import { TASK_STATUS } from '../../server/domain/task-status'
import { createPostgresDatabase } from '../helpers/db'
import { startFakeLlm } from './faults/fake-llm'
import { DEPLOYMENT_SECRETS, sleep, startGeneration, waitForOutput, waitForPage } from './faults/processes'
import { openReader } from './faults/state'
import { startTcpProxy } from './faults/tcp-proxy'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {})
})
const started = (product: Product) => {
  cleanups.push(() => product.stop())
  return product
}

const METRICS = 'scale-out-metrics-token-0123456789'

/** Signed-in pages a web answered from memory so far (its /metrics). */
async function memoryHits(baseUrl: string): Promise<number> {
  const res = await request(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } })
  const line = /pagewright_page_memory_reads_total\{memory="signed_in",result="hit"\} (\d+)/.exec(res.body.toString())
  return Number(line?.[1] ?? 0)
}

/** Pages a new account has credits for. */
const PAGES_PER_ACCOUNT = 4
const ACCOUNTS = 5

describe.skipIf(!process.env.TEST_DATABASE_URL)('api ×1, worker ×2, web ×2 on one Postgres', () => {
  it('20 generations through both webs, a worker killed mid-job: each task once, one debit each; shared pages agree', async () => {
    const database = await createPostgresDatabase()
    cleanups.push(() => database.drop())
    const llm = await startFakeLlm()
    cleanups.push(() => llm.close())

    // One public address for both webs (a load balancer in front of them).
    const [port1, port2] = [await freePort(), await freePort()]
    const common = { ...DEPLOYMENT_SECRETS, PUBLIC_URL: `http://127.0.0.1:${port1}` }
    const backend = { ...common, DATABASE_URL: database.url, OPENAI_API_KEY: 'sk-test-scale-out', OPENAI_BASE_URL: llm.baseUrl }
    const api = started(await startProduct({ mode: 'api', env: backend }))
    const webEnv = { ...common, API_URL: api.baseUrl }
    const webs = [
      started(await startProduct({ mode: 'web', env: webEnv, port: port1 })),
      started(await startProduct({ mode: 'web', env: webEnv, port: port2 })),
    ]
    // The login codes are printed by the api, which sends the mail.
    const viaWeb = (web: Product): Product => ({ ...web, loginCode: (email, ms) => api.loginCode(email, ms) })

    // The first worker alone takes the first job, which waits on the model: that worker is killed.
    const doomed = started(await startProduct({ mode: 'worker', env: backend, waitHealthy: false }))
    await waitForOutput(doomed, /Pagewright worker running/)
    const accounts = []
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await signUp(viaWeb(webs[i % 2])))
    const held = llm.nextPageRequest()
    const jobs = [{ ...(await startGeneration(webs[0].baseUrl, accounts[0].cookie)), web: webs[0], cookie: accounts[0].cookie }]
    await held
    const survivor = started(await startProduct({ mode: 'worker', env: backend, waitHealthy: false }))
    await waitForOutput(survivor, /Pagewright worker running/)
    await doomed.kill('SIGKILL')
    llm.release() // from now on the built-in writer writes every page

    const handles = ['aurora-pour-over-set', 'trailblazer-running-shoes', 'lumi-kids-night-light', 'nomad-canvas-backpack']
    for (let n = 1; n < ACCOUNTS * PAGES_PER_ACCOUNT; n++) {
      const account = accounts[Math.floor(n / PAGES_PER_ACCOUNT)]
      const web = webs[n % 2]
      jobs.push({
        ...(await startGeneration(web.baseUrl, account.cookie, handles[n % handles.length], common.PUBLIC_URL)),
        web,
        cookie: account.cookie,
      })
    }
    // Each owner follows the progress through the other web than the one that started it.
    const startedAt = performance.now()
    await Promise.all(jobs.map((j) => waitForPage(webs[j.web === webs[0] ? 1 : 0].baseUrl, j.cookie, j.progress, 120_000)))
    console.info(`[scale-out] 20 pages finished ${(performance.now() - startedAt).toFixed(0)} ms after the kill (orphaned job included)`)

    const db = await openReader({ url: database.url })
    cleanups.push(() => db.close())
    const ids = jobs.map((j) => j.sessionId)
    const tasks = await db.rows<{ id: number; status: number; page_version: number; versions: number; debits: number; refunds: number }>(
      `SELECT t.id, t.status, t.page_version,
              (SELECT count(*)::int FROM page_versions v WHERE v.task_id = t.id) AS versions,
              (SELECT count(*)::int FROM credit_ledger l WHERE l.task_id = t.id AND l.reason = 'generation' AND l.delta = $2) AS debits,
              (SELECT count(*)::int FROM credit_ledger l WHERE l.task_id = t.id AND l.reason = 'refund') AS refunds
         FROM tasks t WHERE t.session_id = ANY($1::uuid[]) ORDER BY t.id`,
      [ids, -CREDITS_PER_PAGE],
    )
    expect(tasks).toHaveLength(20)
    for (const t of tasks) expect(t).toMatchObject({ status: TASK_STATUS.completed, page_version: 1, versions: 1, debits: 1, refunds: 0 })
    const jobStates = await db.rows<{ state: string; n: number }>(
      `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job
        WHERE name = 'generate-task' AND (data->>'taskId')::int = ANY($1::int[]) GROUP BY state`,
      [tasks.map((t) => t.id)],
    )
    expect(jobStates).toEqual([{ state: 'completed', n: 20 }])
    const retried = await db.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'generate-task' AND retry_count > 0 AND (data->>'taskId')::int = ANY($1::int[])`,
      [tasks.map((t) => t.id)],
    )
    expect(retried[0].n).toBe(1) // the killed worker's job, run again by the other

    // A shared page: the same bytes and ETag from either web; private → gone from both at once.
    const share = `/share/${jobs[0].sessionId}`
    const answers = await Promise.all(webs.map((w) => request(w.baseUrl + share)))
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers[0].headers.etag).toBeTruthy()
    expect(answers[1].headers.etag).toBe(answers[0].headers.etag)
    const etag = String(answers[0].headers.etag)
    expect((await request(webs[1].baseUrl + share, { headers: { 'if-none-match': etag } })).status).toBe(304)

    // Made private in the database (as any process could): Postgres announces it after the commit
    // (LISTEN/NOTIFY, milliseconds on one server), so both webs stop answering within a second.
    const statuses = () => Promise.all(webs.map(async (w) => (await request(w.baseUrl + share)).status))
    await db.rows('UPDATE tasks SET is_public = false WHERE session_id = $1', [jobs[0].sessionId])
    await expect.poll(statuses, { timeout: 1_000, interval: 20 }).toEqual([404, 404])
    await db.rows('UPDATE tasks SET is_public = true WHERE session_id = $1', [jobs[0].sessionId])
    await expect.poll(statuses, { timeout: 1_000, interval: 20 }).toEqual([200, 200])
  })

  it('a web on its own keeps signed-in pages and hears changes made through the other web, also after its stream was cut', async () => {
    const database = await createPostgresDatabase()
    cleanups.push(() => database.drop())
    const [port1, port2] = [await freePort(), await freePort()]
    const common = { ...DEPLOYMENT_SECRETS, PUBLIC_URL: `http://127.0.0.1:${port1}`, METRICS_TOKEN: METRICS }
    const api = started(await startProduct({ mode: 'api', env: { ...common, DATABASE_URL: database.url } }))
    // The second web reaches the api through a proxy the test can cut (a network fault between machines).
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: api.port })
    cleanups.push(() => proxy.close())
    const near = started(await startProduct({ mode: 'web', env: { ...common, API_URL: api.baseUrl }, port: port1 }))
    const far = started(await startProduct({ mode: 'web', env: { ...common, API_URL: `http://127.0.0.1:${proxy.port}` }, port: port2 }))
    const { cookie } = await signUp({ ...near, loginCode: (email, ms) => api.loginCode(email, ms) })

    const credits = async () =>
      Number(/"remaining_credit_count":(\d+)/.exec((await request(`${far.baseUrl}/`, { headers: { cookie } })).body.toString())?.[1])
    const before = await credits()
    const hits = await memoryHits(far.baseUrl)
    // Answered from the far web's memory once its own render of the page is kept.
    const keptRead = async () => (await credits()) === before && (await memoryHits(far.baseUrl)) > hits
    await expect.poll(keptRead, { timeout: 5_000, interval: 100 }).toBe(true)

    // A page started through the near web: 40 credits, shown by the far web within a second.
    await startGeneration(near.baseUrl, cookie, 'aurora-pour-over-set', common.PUBLIC_URL)
    await expect.poll(credits, { timeout: 1_000, interval: 20 }).toBe(before - CREDITS_PER_PAGE)

    // The stream is cut (and the api away for a moment): the far web forgets what it kept and, once
    // the api is back, opens the stream again and hears the next change within a second.
    proxy.cut()
    await sleep(500)
    await proxy.restore()
    await expect.poll(async () => (await request(`${far.baseUrl}/`, { headers: { cookie } })).status, { timeout: 10_000 }).toBe(200)
    await sleep(6_000) // at most the longest wait between attempts
    await startGeneration(near.baseUrl, cookie, 'trailblazer-running-shoes', common.PUBLIC_URL)
    await expect.poll(credits, { timeout: 1_000, interval: 20 }).toBe(before - 2 * CREDITS_PER_PAGE)
    const afterCut = await memoryHits(far.baseUrl)
    await expect
      .poll(async () => (await credits(), await memoryHits(far.baseUrl)), { timeout: 5_000, interval: 100 })
      .toBeGreaterThan(afterCut) // and keeps pages again
  })
})
