import { withoutAppBlock } from './app-block'
import { readJsonTemplate, type JsonTemplate } from './theme-json'

/** Shopify's limit on sections in one JSON template. */
const MAX_SECTIONS = 25

export const PAGE_SECTION = 'pagewright-page'
export const BUY_BOX_SECTION = 'pagewright-product'

/** The theme's main product section: `main-product`, else the first `main-product…`, else the first `main…`. */
function mainSectionIndex(template: JsonTemplate): number {
  const types = template.order.map((key) => template.sections[key]!.type)
  const tests = [(t: string) => t === 'main-product', (t: string) => t.startsWith('main-product'), (t: string) => t.startsWith('main')]
  for (const test of tests) {
    const i = types.findIndex(test)
    if (i !== -1) return i
  }
  return types.findIndex((t) => t.includes('product'))
}

const uniqueKey = (taken: Record<string, unknown>, base: string) => {
  let key = base
  for (let n = 2; key in taken; n++) key = `${base}-${n}`
  return key
}

/**
 * `templates/product.pagewright.json` from the theme's own `templates/product.json`: every section
 * of the theme kept in order (our app block left out), ours right after the theme's buy box. Without a readable template (or
 * one with no room left) the theme gets our plain buy box followed by our section. Our page's title
 * is an h2 there, as the buy box above already shows the product title as the page's h1.
 */
export function alternateProductTemplate(productTemplateJson: string | null): { template: JsonTemplate; usesBuyBox: boolean } {
  const ours = { type: PAGE_SECTION, settings: { title_level: 'h2' } }
  // Our block, if the owner added it to their template, is left out: our section shows the page once.
  const read = readJsonTemplate(productTemplateJson)
  const theirs = read && withoutAppBlock(read)
  if (!theirs || Object.keys(theirs.sections).length >= MAX_SECTIONS) {
    return {
      template: { sections: { main: { type: BUY_BOX_SECTION, settings: {} }, pagewright: ours }, order: ['main', 'pagewright'] },
      usesBuyBox: true,
    }
  }
  const key = uniqueKey(theirs.sections, 'pagewright')
  const order = [...theirs.order]
  const main = mainSectionIndex(theirs)
  order.splice(main === -1 ? order.length : main + 1, 0, key)
  return { template: { ...theirs, sections: { ...theirs.sections, [key]: ours }, order }, usesBuyBox: false }
}
