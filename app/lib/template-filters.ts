import { isTemplateCategory, type TemplateCategory } from '../../server/domain/templates'

/** The /templates gallery's filters, as its GET form sends them (and its favourite forms send back). */
export interface TemplateFilters {
  category: TemplateCategory | null
  q: string
  favorites: boolean
}

export const SEARCH_MAX = 100

/** Reads the filters from an address or a form; anything unknown is dropped, never an error. */
export function readTemplateFilters(source: { get(name: string): unknown }): TemplateFilters {
  const text = (name: string) => {
    const v = source.get(name)
    return typeof v === 'string' ? v : ''
  }
  const category = text('category')
  return {
    category: isTemplateCategory(category) ? category : null,
    q: text('q').trim().slice(0, SEARCH_MAX),
    favorites: text('favorites') === '1',
  }
}

/** The gallery's address with these filters (empty ones left out). */
export function templatesHref(f: TemplateFilters, change: Partial<TemplateFilters> = {}): string {
  const next = { ...f, ...change }
  const q = new URLSearchParams()
  if (next.category) q.set('category', next.category)
  if (next.q) q.set('q', next.q)
  if (next.favorites) q.set('favorites', '1')
  const s = q.toString()
  return s ? `/templates?${s}` : '/templates'
}
