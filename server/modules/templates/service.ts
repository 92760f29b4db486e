import { and, desc, eq } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { PageTemplateItem } from '../../contract/templates'
import { templateFavorites } from '../../db/schema'
import { filterTemplates, PAGE_TEMPLATES, templateById, type PageTemplate, type TemplateCategory } from '../../domain/templates'
import { notFound } from '../../http/http-error'

export { samplePage } from './sample-page'

/** A built-in template as the api shows it. */
export function templateItem(t: PageTemplate): PageTemplateItem {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    description: t.description,
    best_for: t.bestFor,
    categories: t.categories,
    theme: t.theme,
    order: t.order,
  }
}

export interface TemplateQuery {
  category?: TemplateCategory
  search?: string
  page: number
  page_size: number
}

/** One page of the templates matching the filters (the library is in the code; no database). */
export function listTemplates(q: TemplateQuery) {
  const matching = filterTemplates(PAGE_TEMPLATES, q)
  const items = matching.slice((q.page - 1) * q.page_size, q.page * q.page_size)
  return { items, total: matching.length, page: q.page, page_size: q.page_size }
}

export function getTemplate(id: number): PageTemplate {
  const template = templateById(id)
  if (!template) throw notFound('There is no template with this id.')
  return template
}

/** The ids of a user's favourite templates, most recently marked first (unknown ids left out). */
export async function favoriteTemplateIds(deps: ApiDeps, userId: number): Promise<number[]> {
  const rows = await deps.database.db
    .select({ id: templateFavorites.templateId })
    .from(templateFavorites)
    .where(eq(templateFavorites.userId, userId))
    .orderBy(desc(templateFavorites.createdAt), desc(templateFavorites.templateId))
  return rows.map((r) => r.id).filter((id) => templateById(id) !== null)
}

/** Marks or unmarks a template for a user; both are idempotent. */
export async function setFavoriteTemplate(deps: ApiDeps, userId: number, templateId: number, on: boolean): Promise<void> {
  const template = getTemplate(templateId)
  const { db } = deps.database
  if (on) await db.insert(templateFavorites).values({ userId, templateId: template.id, createdAt: deps.clock() }).onConflictDoNothing()
  else await db.delete(templateFavorites).where(and(eq(templateFavorites.userId, userId), eq(templateFavorites.templateId, template.id)))
}
