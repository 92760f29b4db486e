import { describe, expect, it } from 'vitest'
import { alternateProductTemplate } from '../../server/liquid/alternate-template'
import { addAppBlock, isOurAppBlock, templateHasAppBlock } from '../../server/liquid/app-block'
import { theme } from './helpers'

const BLOCK = 'shopify://apps/pagewright/blocks/pagewright-page/3f1c6d0e-1111-4a2b-9c3d-000000000001'
const harbor = () => theme('Harbor').files['templates/product.json']!
const add = (json: string, acceptsApps = true) => addAppBlock(json, BLOCK, () => acceptsApps, 'pagewright_page_1')

/** Our theme app extension's block in a theme's product template: found, added once, never shown twice. */
describe('the Pagewright app block in a product template', () => {
  it('is recognised by its block handle, whatever the app handle and extension id', () => {
    expect(isOurAppBlock(BLOCK)).toBe(true)
    expect(isOurAppBlock('shopify://apps/pagewright-staging/blocks/pagewright-page/abc')).toBe(true)
    expect(isOurAppBlock('shopify://apps/reviews/blocks/stars/abc')).toBe(false)
    expect(isOurAppBlock('pagewright-page')).toBe(false)
  })

  it('is added to the main section after the description (the deep link’s mainSection), keeping Shopify’s header', () => {
    expect(templateHasAppBlock(harbor())).toBe(false)
    const added = add(harbor())!
    expect(added.startsWith('/*')).toBe(true)
    expect(templateHasAppBlock(added)).toBe(true)
    const main = JSON.parse(added.replace(/^\/\*[\s\S]*?\*\/\s*/, '')).sections.main
    expect(main.block_order).toEqual(['title', 'vendor', 'price', 'buy_buttons', 'description', 'pagewright_page_1'])
    expect(add(added)).toBe(added)
  })

  it('becomes a section of its own when the main section takes no app blocks', () => {
    const added = add(harbor(), false)!
    const t = JSON.parse(added.replace(/^\/\*[\s\S]*?\*\/\s*/, ''))
    expect(t.order).toEqual(['main', 'pagewright_page_1', 'story'])
    expect(t.sections.pagewright_page_1.type).toBe(BLOCK)
    expect(templateHasAppBlock(added)).toBe(true)
  })

  it('counts only when enabled, and not in an unreadable template', () => {
    const disabled = add(harbor())!.replace(`"type": "${BLOCK}"`, `"type": "${BLOCK}", "disabled": true`)
    expect(templateHasAppBlock(disabled)).toBe(false)
    expect(templateHasAppBlock(null)).toBe(false)
    expect(templateHasAppBlock('not json')).toBe(false)
    expect(add('not json')).toBeNull()
  })

  it('is left out of our alternate template, so a page is never shown twice', () => {
    for (const acceptsApps of [true, false]) {
      const { template } = alternateProductTemplate(add(harbor(), acceptsApps))
      expect(JSON.stringify(template)).not.toContain('blocks/pagewright-page')
      expect(template.order).toEqual(['main', 'pagewright', 'story'])
    }
  })
})
