import { contract } from '../../contract'
import { contractRouter, implement } from '../../http/implement'
import { apiDocument, samplePage } from './service'

/** Public, unchanging answers: shared caches may keep them for five minutes. */
const PUBLIC_CACHE = { 'Cache-Control': 'public, max-age=300' }

export const docsRoutes = contractRouter()

implement(docsRoutes, contract.docs.openapi, (c) =>
  c.json(apiDocument(c.var.deps.env.PUBLIC_URL) as unknown as Record<string, unknown>, 200, PUBLIC_CACHE),
)

implement(docsRoutes, contract.docs.samplePage, async (c) => {
  const { product } = c.req.valid('query')
  return c.json(await samplePage(c.var.deps.env.PUBLIC_URL, product), 200, PUBLIC_CACHE)
})
