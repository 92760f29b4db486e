import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../tests/helpers/api'
import { GENERATE_QUEUE } from '../jobs/definitions'
import { formatLine, log } from '../log'
import { currentRequestId } from '../request-context'
import { backgroundWork } from './background-work'
import { createMetrics, routePattern } from './metrics'
import { pageMemory } from './page-memory'

describe('route patterns for labels', () => {
  it.each([
    ['/', '/'],
    ['/share/0b6c8a3e-4f7f-4a57-9f7e-6a3c1a2b9d10', '/share/:id'],
    ['/productv2/0b6c8a3e-4f7f-4a57-9f7e-6a3c1a2b9d10?device=mobile', '/productv2/:id'],
    ['/v2/tasks/12345/publications', '/v2/tasks/:id/publications'],
    ['/v2/shopify/feeds/9f8e7d6c5b4a39281706f5e4.tsv', '/v2/shopify/feeds/:id'],
    ['/r/AB12CD34', '/r/:id'],
    ['/demo-shop/pagewright-demo-1a2b3c4d.myshopify.com/admin', '/demo-shop/:id/admin'],
    ['/posts/how-to-price-a-product', '/posts/how-to-price-a-product'],
    ['/wp-admin/setup.php', 'other'],
    ['/.env', 'other'],
  ])('%s → %s', (path, pattern) => expect(routePattern(path)).toBe(pattern))
})

describe('/metrics', () => {
  let t: TestApi
  let server: http.Server
  let base = ''
  const memory = pageMemory<{ bytes: number }>('test_memory', 1024 * 1024)
  const work = backgroundWork({ name: 'test_work', share: 1, maxQueued: 1 })

  beforeAll(async () => {
    t = await createTestApi('pglite')
    await t.signIn('metrics@example.com', 'Mia Metrics')
    await t.db.database.sql.executeSql(
      "INSERT INTO webhook_deliveries (source, delivery_id, topic) VALUES ('stripe', 'evt_1', 'invoice.paid'), ('shopify', 'w1', 'products/update')",
    )
    await t.deps.queue.send(GENERATE_QUEUE, { taskId: 1, phase: 'start' })
    const metrics = createMetrics({ sql: t.db.database.sql, pool: () => ({ total: 3, idle: 2, waiting: 0 }) })
    const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
      log.info('serving', { path: req.url })
      memory.get(String(req.url))
      res.statusCode = req.url?.startsWith('/share/') ? 200 : 404
      res.end(currentRequestId() ?? 'none')
    }
    server = http.createServer(metrics.instrument(app, { token: 'metrics-token-0123456789' }))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((r) => server?.close(r))
    await t?.close()
  })

  it('needs the token, then carries every family an operator watches', async () => {
    memory.set('/share/0b6c8a3e-4f7f-4a57-9f7e-6a3c1a2b9d10', { bytes: 10 })
    const page = await fetch(`${base}/share/0b6c8a3e-4f7f-4a57-9f7e-6a3c1a2b9d10`, { headers: { 'x-request-id': 'req-42' } })
    expect(await page.text()).toBe('req-42')
    expect(page.headers.get('x-request-id')).toBe('req-42')
    await fetch(`${base}/nope`)
    // One job done, one failed, one refused (the queue of one is full while the first waits).
    let release!: () => void
    expect(work.offer(() => new Promise<void>((r) => (release = r)))).toBe(true)
    expect(work.offer(() => Promise.reject(new Error('no')))).toBe(true)
    expect(work.offer(async () => undefined)).toBe(false)
    release()
    await new Promise((r) => setTimeout(r, 20))

    expect((await fetch(`${base}/metrics`)).status).toBe(401)
    const res = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } })
    expect(res.status).toBe(200)
    const text = await res.text()
    for (const line of [
      'pagewright_http_requests_total{route="/share/:id",method="GET",status="200"} 1',
      'pagewright_http_requests_total{route="other",method="GET",status="404"} 1',
      'pagewright_http_request_duration_seconds_bucket{le="0.1",route="/share/:id",method="GET"}',
      'pagewright_page_memory_entries{memory="test_memory"} 1',
      'pagewright_page_memory_reads_total{memory="test_memory",result="hit"} 1',
      'pagewright_page_memory_reads_total{memory="test_memory",result="miss"} 1',
      'pagewright_background_jobs_pending{work="test_work"} 0',
      'pagewright_background_jobs_total{work="test_work",result="done"} 1',
      'pagewright_background_jobs_total{work="test_work",result="failed"} 1',
      'pagewright_background_jobs_total{work="test_work",result="refused"} 1',
      `pagewright_jobs{queue="${GENERATE_QUEUE}",state="created"} 1`,
      `pagewright_jobs_oldest_age_seconds{queue="${GENERATE_QUEUE}",state="created"}`,
      'pagewright_webhook_deliveries{source="stripe",topic="invoice.paid"} 1',
      'pagewright_credits{direction="granted",reason="signup"} 200',
      'pagewright_db_pool_connections{state="idle"} 2',
      'pagewright_process_resident_memory_bytes',
      'pagewright_nodejs_eventloop_lag_seconds',
    ])
      expect(text, line).toContain(line)
  })

  it('logs in JSON with the request id when asked', () => {
    const line = JSON.parse(formatLine('warn', 'publish failed', { shop: 'x.myshopify.com' }, true, 'req-7'))
    expect(line).toMatchObject({ level: 'warn', msg: 'publish failed', request_id: 'req-7', shop: 'x.myshopify.com' })
    expect(formatLine('info', 'hello', undefined, false, 'req-7')).toMatch(/INFO {2}hello \{"requestId":"req-7"\}$/)
  })
})
