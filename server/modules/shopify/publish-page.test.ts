import { describe, expect, it } from 'vitest'
import { samplePage } from '../../../tests/fixtures/pages/sample-page'
import type { ApiDeps } from '../../context'
import { descriptionHtml } from '../../liquid/theme-files'
import type { TaskRow } from '../tasks'
import { pageForShop } from './publish-page'

const deps = { env: { PUBLIC_URL: 'https://pagewright.example' } } as unknown as ApiDeps

/** The page a store gets (the metafield's JSON, the description) carries its language and the words written in it. */
describe('pageForShop', () => {
  it('keeps the page’s language, and writes the texts it adds in that language', async () => {
    const task = { facts: null, page: { ...samplePage, language: 'es' } } as unknown as TaskRow
    const page = pageForShop(deps, task, { templateSettings: null })
    expect(page.language).toBe('es')
    const json = JSON.parse(JSON.stringify(page)) as typeof page
    expect(json.language).toBe('es')
    const reviews = json.sections.find((s) => s.type === 'reviews')
    expect(reviews?.type === 'reviews' && reviews.provenance).toBe('Opiniones de compradores de este producto en otra tienda.')
    const html = await descriptionHtml(json)
    expect(html).toContain('lang="es"')
    expect(html).toContain('Valoración: 4,7 de 5')
  })

  it('leaves an English page as it was: no language', () => {
    const task = { facts: null, page: samplePage } as unknown as TaskRow
    expect('language' in pageForShop(deps, task, { templateSettings: null })).toBe(false)
  })
})
