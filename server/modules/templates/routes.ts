import { contract } from '../../contract'
import { contractRouter, implement } from '../../http/implement'
import { favoriteTemplateIds, getTemplate, listTemplates, samplePage, setFavoriteTemplate, templateItem } from './service'

const { templates } = contract

/** /v2/page-templates — reference §3.7: the built-in library, its previews and favourites. */
export const templateRoutes = contractRouter()

implement(templateRoutes, templates.publicList, async (c) => {
  const list = listTemplates(c.req.valid('query'))
  return c.json({ ...list, items: list.items.map(templateItem), sample_page: await samplePage() }, 200)
})

implement(templateRoutes, templates.publicGet, async (c) => {
  const template = getTemplate(c.req.valid('param').id)
  return c.json({ template: templateItem(template), sample_page: await samplePage() }, 200)
})

implement(templateRoutes, templates.favorites, async (c) => {
  const ids = await favoriteTemplateIds(c.var.deps, c.var.user.id)
  return c.json({ items: ids.map((id) => templateItem(getTemplate(id))), ids }, 200)
})

implement(templateRoutes, templates.list, async (c) => {
  const list = listTemplates(c.req.valid('query'))
  const favorites = new Set(await favoriteTemplateIds(c.var.deps, c.var.user.id))
  return c.json({ ...list, items: list.items.map((t) => ({ ...templateItem(t), is_favorite: favorites.has(t.id) })) }, 200)
})

implement(templateRoutes, templates.get, async (c) => {
  const template = getTemplate(c.req.valid('param').id)
  const favorites = await favoriteTemplateIds(c.var.deps, c.var.user.id)
  return c.json({ ...templateItem(template), is_favorite: favorites.includes(template.id) }, 200)
})

implement(templateRoutes, templates.addFavorite, async (c) => {
  await setFavoriteTemplate(c.var.deps, c.var.user.id, c.req.valid('param').id, true)
  return c.json({ ok: true as const, is_favorite: true as const }, 200)
})

implement(templateRoutes, templates.removeFavorite, async (c) => {
  await setFavoriteTemplate(c.var.deps, c.var.user.id, c.req.valid('param').id, false)
  return c.json({ ok: true as const, is_favorite: false as const }, 200)
})
