import { contract } from '../../contract'
import { contractRouter, implement } from '../../http/implement'
import {
  batchProducts,
  createTaskFromProduct,
  listCatalog,
  productView,
  removeProduct,
  setFavorite,
  trendingProducts,
  updateProduct,
} from './catalog'
import { beginConnect, beginInstall, claimInstall, completeConnect, completeInstall, connectCustom, createDemoShopFor } from './connect'
import { feedResponse, optimizeProducts } from './google-shopping'
import { listPublications, requestPublish, requestUnpublish, retryThemeFiles, setDescriptionFallback } from './publish'
import { listStores, storeView } from './store-view'
import { disconnectStore, requestSync, setCurrentStore } from './stores'
import { publishTemplate, themeZip, uploadTheme } from './theme'
import { handleWebhook } from './webhooks'

const { shopify, catalog, publishing } = contract

/** Stores, catalogue and publishing: reference §3.8 (stores), §3.9 (catalogue) and §3.10 (publishing). */
export const shopifyRoutes = contractRouter()

implement(shopifyRoutes, shopify.list, async (c) => c.json(await listStores(c.var.deps, c.var.user), 200))
implement(shopifyRoutes, shopify.begin, async (c) => c.json(await beginConnect(c.var.deps, c.var.user, c.req.valid('json')), 200))
implement(shopifyRoutes, shopify.callback, async (c) => {
  const store = await completeConnect(c.var.deps, c.var.user, c.req.valid('json'))
  return c.json({ store: await storeView(c.var.deps, c.var.user, store) }, 200)
})
implement(shopifyRoutes, shopify.install, async (c) => c.json(await beginInstall(c.var.deps, c.req.valid('json').query), 200))
implement(shopifyRoutes, shopify.installCallback, async (c) =>
  c.json(await completeInstall(c.var.deps, c.req.valid('json'), c.var.clientIp), 200),
)
implement(shopifyRoutes, shopify.claimInstall, async (c) => {
  const store = await claimInstall(c.var.deps, c.var.user, c.req.valid('param').id)
  return c.json({ store: await storeView(c.var.deps, c.var.user, store) }, 200)
})
implement(shopifyRoutes, shopify.createDemo, async (c) => c.json(await createDemoShopFor(c.var.deps, c.var.user), 200))
implement(shopifyRoutes, shopify.connectCustom, async (c) => {
  const store = await connectCustom(c.var.deps, c.var.user, c.req.valid('json'))
  return c.json({ store: await storeView(c.var.deps, c.var.user, store) }, 200)
})
implement(shopifyRoutes, shopify.setCurrent, async (c) => {
  await setCurrentStore(c.var.deps, c.var.user, c.req.valid('param').id)
  return c.json(await listStores(c.var.deps, c.var.user), 200)
})
implement(shopifyRoutes, shopify.disconnect, async (c) => {
  await disconnectStore(c.var.deps, c.var.user, c.req.valid('param').id)
  return c.json({ ok: true as const }, 200)
})
implement(shopifyRoutes, shopify.sync, async (c) => {
  const store = await requestSync(c.var.deps, c.var.user, c.req.valid('param').id)
  return c.json({ store: await storeView(c.var.deps, c.var.user, store) }, 200)
})
implement(shopifyRoutes, shopify.uploadTheme, async (c) => c.json(await uploadTheme(c.var.deps, c.var.user, c.req.valid('param').id), 200))
implement(shopifyRoutes, shopify.retryThemeFiles, async (c) =>
  c.json(await retryThemeFiles(c.var.deps, c.var.user, c.req.valid('param').id), 200),
)
implement(shopifyRoutes, shopify.themeZip, async (c) => {
  const zip = await themeZip(c.var.deps, c.req.valid('query'))
  return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': 'attachment; filename="pagewright-theme.zip"',
  })
})
// The raw body is what Shopify signed: read as text, never re-serialised.
implement(shopifyRoutes, shopify.webhooks, async (c) => c.json(await handleWebhook(c.var.deps, await c.req.text(), c.req.raw.headers), 200))

// Fixed paths before `{id}`: "batch" is not an id.
implement(shopifyRoutes, catalog.batch, async (c) => {
  const b = c.req.valid('json')
  return c.json(await batchProducts(c.var.deps, c.var.user, b.ids, b.action), 200)
})
implement(shopifyRoutes, catalog.trending, async (c) => {
  const q = c.req.valid('query')
  return c.json(await trendingProducts(c.var.deps, c.var.user, q.store_id, q.limit), 200)
})
implement(shopifyRoutes, catalog.createTask, async (c) =>
  c.json(await createTaskFromProduct(c.var.deps, c.var.user, c.req.valid('json'), c.req.valid('header')['idempotency-key']), 201),
)
implement(shopifyRoutes, catalog.optimize, async (c) => c.json(await optimizeProducts(c.var.deps, c.var.user, c.req.valid('json')), 200))
implement(shopifyRoutes, catalog.list, async (c) => c.json(await listCatalog(c.var.deps, c.var.user, c.req.valid('query')), 200))
implement(shopifyRoutes, catalog.search, async (c) => c.json(await listCatalog(c.var.deps, c.var.user, c.req.valid('query')), 200))
implement(shopifyRoutes, catalog.get, async (c) => c.json(await productView(c.var.deps, c.var.user, c.req.valid('param').id), 200))
implement(shopifyRoutes, catalog.update, async (c) =>
  c.json(await updateProduct(c.var.deps, c.var.user, c.req.valid('param').id, c.req.valid('json')), 200),
)
implement(shopifyRoutes, catalog.remove, async (c) => {
  const hard = ['true', '1'].includes(c.req.valid('query').hard_delete)
  await removeProduct(c.var.deps, c.var.user, c.req.valid('param').id, hard)
  return c.json({ ok: true as const }, 200)
})
implement(shopifyRoutes, catalog.feed, async (c) => feedResponse(c.var.deps, c.req.valid('param').token))
implement(shopifyRoutes, catalog.favorites, async (c) =>
  c.json(await listCatalog(c.var.deps, c.var.user, { ...c.req.valid('query'), favorite: '1' }), 200),
)
implement(shopifyRoutes, catalog.addFavorite, async (c) => {
  await setFavorite(c.var.deps, c.var.user, c.req.valid('param').id, true)
  return c.json({ ok: true as const, is_favorite: true as const }, 200)
})
implement(shopifyRoutes, catalog.removeFavorite, async (c) => {
  await setFavorite(c.var.deps, c.var.user, c.req.valid('param').id, false)
  return c.json({ ok: true as const, is_favorite: false as const }, 200)
})

implement(shopifyRoutes, publishing.publish, async (c) => c.json(await requestPublish(c.var.deps, c.var.user, c.req.valid('json')), 200))
implement(shopifyRoutes, publishing.publications, async (c) =>
  c.json(await listPublications(c.var.deps, c.var.user, c.req.valid('param').key), 200),
)
implement(shopifyRoutes, publishing.publishTemplate, async (c) =>
  c.json(await publishTemplate(c.var.deps, c.var.user, c.req.valid('json')), 200),
)
implement(shopifyRoutes, publishing.unpublish, async (c) =>
  c.json(await requestUnpublish(c.var.deps, c.var.user, c.req.valid('param').id), 200),
)
implement(shopifyRoutes, publishing.descriptionFallback, async (c) =>
  c.json(await setDescriptionFallback(c.var.deps, c.var.user, c.req.valid('param').id, c.req.valid('json').allowed), 200),
)
