import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PageView } from '../../app/components/sections'
import { shopperPage, withOwnerDefaults } from '../../server/domain/page/shopper'
import { PAGE_TEMPLATES } from '../../server/domain/templates'
import { createOfflineComposer } from '../../server/generation/compose'
import { untraceableInText } from '../../server/generation/compose/trace'
import { allFacts } from '../fixtures/facts'

/** The visible text of rendered HTML (no attributes, so image sizes and URLs are not read). */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')

describe('every number shown on a generated page traces to the imported facts', () => {
  const composer = createOfflineComposer()
  for (const [name, facts] of allFacts()) {
    for (const template of PAGE_TEMPLATES) {
      it(`${name}, ${template.name} template, as shoppers see it`, async () => {
        const research = await composer.research(facts)
        const outline = await composer.outline(facts, research, template)
        const { page } = await composer.compose(facts, outline, template)
        const text = visibleText(renderToStaticMarkup(<PageView page={shopperPage(withOwnerDefaults(page, facts))} mode="share" />))
        expect(text.length).toBeGreaterThan(200)
        expect(untraceableInText(text, facts)).toEqual([])
      })
    }
  }

  it('catches a number the facts do not support', async () => {
    const [, facts] = allFacts()[0]
    const template = PAGE_TEMPLATES[0]
    const { page } = await composer.compose(facts, await composer.outline(facts, await composer.research(facts), template), template)
    const tampered = {
      ...page,
      sections: page.sections.map((s) => (s.type === 'hero' ? { ...s, subheading: 'Loved by 12,345 happy customers' } : s)),
    }
    const text = visibleText(renderToStaticMarkup(<PageView page={tampered} mode="share" />))
    expect(untraceableInText(text, facts)).toEqual(['12,345'])
  })
})
