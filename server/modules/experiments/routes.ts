import { contract } from '../../contract'
import { unauthorized } from '../../http/http-error'
import { contractRouter, implement } from '../../http/implement'
import { isPageViewsKey } from '../tasks'
import { pageAnalytics } from './analytics'
import { addShopperCounts } from './counts'
import { currentExperiment, listExperiments, makeVariant, promoteExperiment, startExperiment, stopExperiment } from './service'
import { recordStoreEvent } from './store-events'

const { experiments } = contract

/** Experiments between page versions and page analytics (issue 25); owner-scoped but for the internal counts. */
export const experimentRoutes = contractRouter()

implement(experimentRoutes, experiments.recordShoppers, async (c) => {
  if (!isPageViewsKey(c.var.deps.env.AUTH_SECRET, c.req.header('authorization'))) throw unauthorized('This key may not record counts.')
  await addShopperCounts(c.var.deps.database.db, c.req.valid('json'))
  return c.json({ ok: true as const }, 200)
})

// The store's web pixel runs on the shop's domain (Shopify's sandbox): any origin may send, nothing is credentialed.
const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' }
experimentRoutes.use(experiments.recordStoreEvent.path, async (c, next) => {
  if (c.req.method === 'OPTIONS') return c.body(null, 204, { ...CORS, 'Access-Control-Max-Age': '86400' })
  await next()
  for (const [k, v] of Object.entries(CORS)) c.res.headers.set(k, v)
})

implement(experimentRoutes, experiments.recordStoreEvent, async (c) =>
  c.json(await recordStoreEvent(c.var.deps, c.req.valid('json'), c.var.clientIp), 200),
)

implement(experimentRoutes, experiments.start, async (c) =>
  c.json(await startExperiment(c.var.deps, c.var.user, c.req.valid('param').key, c.req.valid('json')), 201),
)

implement(experimentRoutes, experiments.current, async (c) =>
  c.json(await currentExperiment(c.var.deps, c.var.user, c.req.valid('param').key), 200),
)

implement(experimentRoutes, experiments.list, async (c) =>
  c.json(await listExperiments(c.var.deps, c.var.user, c.req.valid('param').key), 200),
)

implement(experimentRoutes, experiments.stop, async (c) => {
  const p = c.req.valid('param')
  return c.json(await stopExperiment(c.var.deps, c.var.user, p.key, p.id), 200)
})

implement(experimentRoutes, experiments.promote, async (c) => {
  const p = c.req.valid('param')
  return c.json(await promoteExperiment(c.var.deps, c.var.user, p.key, p.id), 200)
})

implement(experimentRoutes, experiments.makeVariant, async (c) =>
  c.json(await makeVariant(c.var.deps, c.var.user, c.req.valid('param').key, c.req.valid('json')), 201),
)

implement(experimentRoutes, experiments.analytics, async (c) =>
  c.json(await pageAnalytics(c.var.deps, c.var.user, c.req.valid('param').key, c.req.valid('query').days), 200),
)
