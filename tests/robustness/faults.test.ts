/**
 * Faults, against the built server running as real processes:
 * 1. kill -9 in the middle of a generation, then a restart on the same data (PGlite and Postgres);
 * 2. Postgres taken away under running api, worker and web processes (a TCP proxy in between);
 * 3. a data folder that cannot be written, at start;
 * 4. a second server on a PGlite data folder in use.
 * Needs `npm run build` first (vitest.robust.config.ts).
 */
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { CookieJar, freePort, request } from '../../scripts/bench/http'
import { BENCH_STAFF_DOMAIN, startProduct, type Product } from '../../scripts/bench/product'
import { signUp } from '../../scripts/bench/session'
import { dataDirProblem } from '../../server/db/data-dir'
import { CREDITS_PER_PAGE } from '../../server/domain/entitlements'
import { TASK_STATUS } from '../../server/domain/task-status'
import { createPostgresDatabase, DB_KINDS, type DbKind } from '../helpers/db'
import { startFakeLlm, type FakeLlm } from './faults/fake-llm'
import {
  DEPLOYMENT_SECRETS,
  postForm,
  runUntilExit,
  sleep,
  startGeneration,
  waitForOutput,
  waitForPage,
  watchAlive,
} from './faults/processes'
import { generationState, openReader, type Reader } from './faults/state'
import { startTcpProxy, type TcpProxy } from './faults/tcp-proxy'

const DATABASE_UNAVAILABLE = 'The database is not answering right now. Please try again in a moment.'
/** How long the database stays away in the outage test. */
const OUTAGE_MS = 5_000

/** Clean-up of whatever a test started, also when it fails half-way. */
const cleanups: (() => Promise<unknown>)[] = []
const later = (fn: () => Promise<unknown>) => cleanups.push(fn)
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {})
})

const tempDir = async (label: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `pagewright-faults-${label}-`))
  later(() => rm(dir, { recursive: true, force: true }))
  return dir
}

const started = (product: Product) => {
  later(() => product.stop())
  return product
}

/** A Postgres database of its own for a test, or null on PGlite. */
async function databaseFor(kind: DbKind) {
  if (kind !== 'postgres') return null
  const created = await createPostgresDatabase()
  later(() => created.drop())
  return created
}

describe.each(DB_KINDS)('kill -9 during a generation on %s', (kind) => {
  it('after a restart on the same data the task finishes once: one page, one debit of 40 credits', async () => {
    const llm = await startFakeLlm()
    later(() => llm.close())
    const dataDir = await tempDir('kill')
    const pgDatabase = await databaseFor(kind)
    const env = {
      OPENAI_API_KEY: 'sk-test-fault-suite',
      OPENAI_BASE_URL: llm.baseUrl,
      ...(pgDatabase ? { DATABASE_URL: pgDatabase.url, ...DEPLOYMENT_SECRETS } : {}),
    }
    const reader = async (): Promise<Reader> => openReader(pgDatabase ? { url: pgDatabase.url } : { dataDir })

    const first = started(await startProduct({ env, dataDir }))
    const { email, cookie } = await signUp(first)
    const held = llm.nextPageRequest()
    const { progress } = await startGeneration(first.baseUrl, cookie)
    // The job is writing the page (its model request is held open): kill the process now.
    await held
    await first.kill('SIGKILL')

    // Mid-job, as the crash left it: paid once, no page yet, the job still marked active.
    let db = await reader()
    const before = await generationState(db, email).finally(() => db.close())
    expect(before.tasks).toHaveLength(1)
    expect(before.tasks[0]).toMatchObject({ status: TASK_STATUS.generating, has_page: false, credits_charged: CREDITS_PER_PAGE })
    expect(before.ledger.filter((l) => l.reason === 'generation')).toHaveLength(1)
    expect(before.jobs.map((j) => j.state)).toEqual(['active'])
    const signupCredits = before.ledger.find((l) => l.reason === 'signup')!.delta

    // The model answers (with an error: the built-in writer takes over) from now on.
    llm.release()
    const restartedAt = performance.now()
    const second = started(await startProduct({ env, dataDir, port: first.port }))
    const healthyMs = performance.now() - restartedAt
    await waitForPage(second.baseUrl, cookie, progress, 60_000)
    const finishedMs = performance.now() - restartedAt
    console.info(
      `[faults] ${kind}: restart healthy in ${healthyMs.toFixed(0)} ms, page finished ${finishedMs.toFixed(0)} ms after the restart`,
    )
    await second.stop() // PGlite: the folder is free to read; Postgres: nothing runs on after the check
    expect(llm.pageRequests()).toBeGreaterThanOrEqual(2) // the job ran again after the crash

    db = await reader()
    const after = await generationState(db, email).finally(() => db.close())
    expect(after.tasks).toHaveLength(1)
    expect(after.tasks[0]).toMatchObject({ status: TASK_STATUS.completed, has_page: true, page_version: 1, refunded: false })
    expect(after.versions).toBe(1)
    expect(after.ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['signup', signupCredits],
      ['generation', -CREDITS_PER_PAGE],
    ])
    expect(after.balance).toBe(signupCredits - CREDITS_PER_PAGE)
    // One job, finished; none left active or waiting to run again.
    expect(after.jobs.map((j) => j.state)).toEqual(['completed'])
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('Postgres away under running api, worker and web', () => {
  it('answers 503 with a message while it is away, recovers without restarts, leaves no half-written rows', async () => {
    const pgDatabase = (await databaseFor('postgres'))!
    const target = new URL(pgDatabase.url)
    const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    later(() => proxy.close())
    const viaProxy = new URL(pgDatabase.url)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    const llm: FakeLlm = await startFakeLlm()
    later(() => llm.close())

    const webPort = await freePort()
    const webUrl = `http://127.0.0.1:${webPort}`
    const common = { ...DEPLOYMENT_SECRETS, PUBLIC_URL: webUrl }
    const backend = { ...common, DATABASE_URL: viaProxy.toString(), OPENAI_API_KEY: 'sk-test-fault-suite', OPENAI_BASE_URL: llm.baseUrl }
    // The api first: it migrates the new database.
    const api = started(await startProduct({ mode: 'api', env: backend }))
    const worker = started(await startProduct({ mode: 'worker', env: backend, waitHealthy: false }))
    await waitForOutput(worker, /Pagewright worker running/)
    const web = started(await startProduct({ mode: 'web', env: { ...common, API_URL: api.baseUrl }, port: webPort }))
    const alive = { api: watchAlive(api), worker: watchAlive(worker), web: watchAlive(web) }
    // Sign-up through the web; the login codes are printed by the api, which sends the mail.
    const viaWeb: Product = { ...web, loginCode: (email, ms) => api.loginCode(email, ms) }

    const owner = await signUp(viaWeb)
    // A generation in flight when the database goes: its model request is held open.
    const held = llm.nextPageRequest()
    const { progress } = await startGeneration(web.baseUrl, owner.cookie)
    await held

    // Someone signing up: code requested before the outage, typed during it.
    const newcomer = `fault-${Date.now().toString(36)}@${BENCH_STAFF_DOMAIN}`
    const jar = new CookieJar()
    expect((await postForm(web.baseUrl, '/account/sign-up', { name: 'New Comer', email: newcomer }, jar)).status).toBe(302)
    const code = await api.loginCode(newcomer)

    // The database goes away in the middle of the account's transaction (user row written, not committed).
    const cut = proxy.cutOn('insert into "credit_ledger"')
    const cutAt = performance.now()
    const verifyRes = await postForm(web.baseUrl, '/account/verify', { intent: 'verify', code }, jar)
    await cut
    const verifyMs = performance.now() - cutAt
    expect(verifyRes.status).toBe(503)
    expect(verifyRes.body.toString('utf8')).toContain(DATABASE_UNAVAILABLE)

    // While it is away: the api answers 503 + JSON + Retry-After, the web a page with the message, quickly.
    const timings: number[] = []
    const timed = async <T>(fn: () => Promise<T>) => {
      const t0 = performance.now()
      const out = await fn()
      timings.push(performance.now() - t0)
      return out
    }
    const apiMe = () =>
      request(`${api.baseUrl}/v2/auth/me`, { headers: { authorization: 'Bearer pwt_fault_suite_not_a_session' }, timeoutMs: 10_000 })
    const apiRes = await timed(apiMe)
    expect(apiRes.status).toBe(503)
    expect(apiRes.headers['content-type']).toMatch(/application\/json/)
    expect(JSON.parse(apiRes.body.toString('utf8'))).toMatchObject({ error: DATABASE_UNAVAILABLE })
    expect(Number(apiRes.headers['retry-after'])).toBeGreaterThan(0)
    const sendCode = await timed(() =>
      request(`${api.baseUrl}/v2/auth/send-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `outage-${newcomer}` }),
        timeoutMs: 10_000,
      }),
    )
    expect(sendCode.status).toBe(503)
    const page = await timed(() => request(`${web.baseUrl}/`, { headers: { cookie: owner.cookie }, timeoutMs: 10_000 }))
    expect(page.status).toBe(503)
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0)
    expect(page.body.toString('utf8')).toContain(DATABASE_UNAVAILABLE)
    const outageSignUp = await timed(() =>
      postForm(web.baseUrl, '/account/sign-up', { name: 'Out Age', email: `outage-${newcomer}` }, new CookieJar(), 10_000),
    )
    expect(outageSignUp.status).toBe(503)
    expect(outageSignUp.body.toString('utf8')).toContain(DATABASE_UNAVAILABLE)

    // The generation's model answers now: the job tries to save into the missing database.
    llm.release()
    await waitForOutput(worker, /generation step failed, will retry/, 20_000)
    // A few seconds away in all, asked again now and then: still 503, quickly, nobody stops.
    while (performance.now() - cutAt < OUTAGE_MS) {
      const again = await timed(apiMe)
      expect(again.status).toBe(503)
      await sleep(500)
    }
    const outageMs = performance.now() - cutAt
    expect([alive.api(), alive.worker(), alive.web()]).toEqual([true, true, true])

    // Back: the same processes answer again.
    await proxy.restore()
    const restoredAt = performance.now()
    for (;;) {
      const res = await apiMe()
      if (res.status === 401) break
      expect(res.status).toBe(503)
      if (performance.now() - restoredAt > 15_000) throw new Error('the api did not recover within 15 s')
      await sleep(50)
    }
    const apiBackMs = performance.now() - restoredAt
    const home = await request(`${web.baseUrl}/`, { headers: { cookie: owner.cookie } })
    expect(home.status).toBe(200)
    const webBackMs = performance.now() - restoredAt
    console.info(
      `[faults] outage: verify cut → 503 in ${verifyMs.toFixed(0)} ms; ${timings.length} answers during the outage in ${Math.min(...timings).toFixed(0)}–${Math.max(...timings).toFixed(0)} ms; ` +
        `outage ${(outageMs / 1000).toFixed(1)} s; api answering again ${apiBackMs.toFixed(0)} ms after the restore, web ${webBackMs.toFixed(0)} ms`,
    )
    expect(Math.max(...timings, verifyMs)).toBeLessThan(6_000)

    // Nothing half-written: the account whose transaction was cut does not exist, its code is unused…
    const db = await openReader({ url: pgDatabase.url })
    later(() => db.close())
    const account = async () => ({
      users: (await db.rows('SELECT id FROM users WHERE email = $1', [newcomer])).length,
      grants: (
        await db.rows(`SELECT l.id FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = $1 AND l.reason = 'signup'`, [
          newcomer,
        ])
      ).length,
      sessions: (await db.rows('SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [newcomer])).length,
      codeUsed: (await db.rows<{ used: boolean }>('SELECT used_at IS NOT NULL AS used FROM login_codes WHERE email = $1', [newcomer]))[0]
        ?.used,
    })
    expect(await account()).toEqual({ users: 0, grants: 0, sessions: 0, codeUsed: false })
    expect(await db.rows('SELECT 1 FROM login_codes WHERE email = $1', [`outage-${newcomer}`])).toHaveLength(0)
    // …so the same code works now, and the account is whole.
    const retried = await postForm(web.baseUrl, '/account/verify', { intent: 'verify', code }, jar)
    expect(retried.status).toBe(302)
    expect(retried.headers.location).toBe('/')
    expect(await account()).toEqual({ users: 1, grants: 1, sessions: 1, codeUsed: true })

    // The worker kept going: the interrupted generation finishes, once, paid once.
    const jobBackAt = performance.now()
    await waitForPage(web.baseUrl, owner.cookie, progress, 60_000)
    console.info(
      `[faults] outage: interrupted generation finished ${((performance.now() - jobBackAt) / 1000).toFixed(1)} s after the accounts check`,
    )
    const state = await generationState(db, owner.email)
    expect(state.tasks).toHaveLength(1)
    expect(state.tasks[0]).toMatchObject({ status: TASK_STATUS.completed, page_version: 1, refunded: false })
    expect(state.versions).toBe(1)
    expect(state.ledger.filter((l) => l.reason !== 'signup').map((l) => l.delta)).toEqual([-CREDITS_PER_PAGE])
    expect([alive.api(), alive.worker(), alive.web()]).toEqual([true, true, true])
    if (process.env.FAULTS_SHOW_LOGS) for (const p of [api, worker, web]) console.info(p.outputTail().slice(-6000))
  })
})

describe('a data folder that cannot be written, at start', () => {
  const NOBODY = 65534
  it.skipIf(process.getuid?.() !== 0)(
    'read-only folder (chmod 555, run as another user): one clear line naming it, non-zero exit, promptly',
    async () => {
      const parent = await tempDir('readonly')
      const dataDir = path.join(parent, 'data')
      await mkdir(dataDir)
      await chmod(parent, 0o755)
      await chmod(dataDir, 0o555)
      const result = await runUntilExit({ env: { DATA_DIR: dataDir, PORT: String(await freePort()) }, uid: NOBODY, gid: NOBODY })
      expectCleanRefusal(result, dataDir)
      expect(result.output).toMatch(/cannot be written: this user may not write there \(EACCES\)/)
    },
  )

  it('a path through a regular file: one clear line naming it', async () => {
    const parent = await tempDir('notdir')
    await writeFile(path.join(parent, 'file'), 'not a folder')
    const dataDir = path.join(parent, 'file', 'data')
    const result = await runUntilExit({ env: { DATA_DIR: dataDir, PORT: String(await freePort()) } })
    expectCleanRefusal(result, dataDir)
    expect(result.output).toMatch(/\(ENOTDIR\)/)
  })

  it('a full disk (ENOSPC) and a read-only file system (EROFS) get the same kind of message', () => {
    const full = dataDirProblem(
      Object.assign(new Error('no space left on device'), { code: 'ENOSPC', syscall: 'write', path: '/srv/pw/secrets.json' }),
    )
    expect(full?.message).toBe(
      'The data folder /srv/pw cannot be written: the disk is full (ENOSPC). Free some space there, or set DATA_DIR to a folder on another disk.',
    )
    const ro = dataDirProblem(
      Object.assign(new Error('read-only file system'), { code: 'EROFS', syscall: 'mkdir', path: '/srv/pw' }),
      '/srv/pw',
    )
    expect(ro?.message).toBe(
      'The data folder /srv/pw cannot be written: it is on a read-only file system (EROFS). Set DATA_DIR to a folder this user can write to.',
    )
    expect(dataDirProblem(Object.assign(new Error('boom'), { code: 'ECONNREFUSED' }), '/srv/pw')).toBeNull()
    expect(dataDirProblem(new Error('plain'), '/srv/pw')).toBeNull()
  })
})

function expectCleanRefusal(result: Awaited<ReturnType<typeof runUntilExit>>, folder: string) {
  expect(result.timedOut).toBe(false)
  expect(result.code).not.toBe(0)
  expect(result.code).not.toBeNull()
  expect(result.ms).toBeLessThan(15_000)
  const lines = result.output.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Pagewright cannot start: /)
  expect(lines[0]).toContain(folder)
  expect(result.output).not.toMatch(/^\s+at /m)
}

describe('a second server on a PGlite data folder in use', () => {
  it('exits at once naming the folder and the pid holding it; the first keeps serving', async () => {
    const dataDir = await tempDir('twice')
    const first = started(await startProduct({ dataDir }))
    const second = await runUntilExit({ env: { DATA_DIR: dataDir, PORT: String(await freePort()) } })
    expectCleanRefusal(second, dataDir)
    expect(second.output).toContain(`Another Pagewright process (pid ${first.pid}) is using ${dataDir}`)
    console.info(`[faults] second server refused in ${second.ms.toFixed(0)} ms`)

    // The first still owns the folder and its database works: a whole sign-up and a signed-in page.
    expect((await readFile(path.join(dataDir, 'server.pid'), 'utf8')).trim()).toBe(String(first.pid))
    expect((await request(`${first.baseUrl}/healthz`)).status).toBe(200)
    const { cookie } = await signUp(first)
    expect((await request(`${first.baseUrl}/`, { headers: { cookie } })).status).toBe(200)
  })
})

afterAll(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {})
})
