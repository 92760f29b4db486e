import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isMyshopifyDomain, myshopifyDomain, SHOPIFY_API_VERSION, SHOPIFY_SCOPES } from './shopify'

describe('Shopify rules', () => {
  it.each([
    ['my-shop', 'my-shop.myshopify.com'],
    ['My-Shop.myshopify.com', 'my-shop.myshopify.com'],
    ['https://my-shop.myshopify.com/admin/products', 'my-shop.myshopify.com'],
    ['admin.shopify.com/store/my-shop/products', 'my-shop.myshopify.com'],
    ['https://admin.shopify.com/store/my-shop', 'my-shop.myshopify.com'],
    ['my-shop.myshopify.com.', 'my-shop.myshopify.com'],
  ])('%s is the shop %s', (input, shop) => expect(myshopifyDomain(input)).toBe(shop))

  it.each([
    '',
    'mystore.com',
    'https://user:pw@my-shop.myshopify.com',
    'https://my-shop.myshopify.com:8443',
    'evil.com/my-shop.myshopify.com',
    'my_shop!',
  ])('%s is not a shop domain by itself', (input) => expect(myshopifyDomain(input)).toBeNull())

  it('accepts only lower-case myshopify.com hosts as shops', () => {
    expect(isMyshopifyDomain('a-1.myshopify.com')).toBe(true)
    expect(isMyshopifyDomain('a.myshopify.com.evil.com')).toBe(false)
  })

  it('the app config asks for exactly the scopes and API version the code uses', () => {
    const toml = readFileSync(new URL('../../shopify.app.toml', import.meta.url), 'utf8')
    expect(/^scopes = "([^"]*)"/m.exec(toml)?.[1].split(',')).toEqual([...SHOPIFY_SCOPES])
    expect(/^api_version = "([^"]*)"/m.exec(toml)?.[1]).toBe(SHOPIFY_API_VERSION)
  })
})
