import { NoDeprecatedCustomRule, parse, specifiedRules, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { loadAdminSchema } from '../../demo-shop'
import { ALL_DOCUMENTS } from './documents'

/**
 * Every GraphQL document Pagewright sends is checked against Shopify's published Admin 2026-10
 * schema: a field that does not exist (or is deprecated) fails here, not in a merchant's store.
 */
describe('Admin GraphQL documents', () => {
  const schema = loadAdminSchema()

  it('the 2026-10 schema is available (dev dependency @shopify/dev-mcp)', () => {
    expect(schema).not.toBeNull()
    expect(schema!.getQueryType()?.getFields().products).toBeDefined()
  })

  for (const [name, doc] of Object.entries(ALL_DOCUMENTS)) {
    it(`${name} is valid and uses no deprecated field`, () => {
      const errors = validate(schema!, parse(doc), [...specifiedRules, NoDeprecatedCustomRule])
      expect(errors.map((e) => e.message)).toEqual([])
    })
  }

  it('a field Shopify does not have fails the check (the check can fail)', () => {
    const errors = validate(schema!, parse('{ shop { name pagewrightInventedField } }'))
    expect(errors.length).toBeGreaterThan(0)
  })
})
