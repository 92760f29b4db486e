import { describe, expect, it } from 'vitest'
import { notEnoughCreditsText, CREDITS_PER_PAGE } from './entitlements'
import { denialFor, denialSearch, NOT_ENOUGH_CREDITS_TITLE, shouldAutoCloseUpgrade, upgradeDialogTitle } from './permissions'
import { isShopifyProductUrl } from './shopify-urls'

describe('shop-platform product URL patterns (reference §6.2)', () => {
  it.each([
    'https://store.com/products/blue-mug',
    'https://store.com/products/blue-mug?variant=1',
    'https://store.com/products/blue-mug/',
    'https://store.com/collections/mugs/products/blue-mug',
    'https://store.com/en-us/products/blue-mug',
    'https://store.com/fr/collections/all/products/blue-mug',
    'http://store.myshopify.com/products/x',
    'http://localhost:3000/demo-store/products/aurora-pour-over-set',
    // Shopify Markets use region-coded locales such as Latin-American Spanish.
    'https://store.com/es-419/products/mug',
    'https://store.com/pt-br/collections/all/products/mug',
  ])('accepts %s', (u) => expect(isShopifyProductUrl(u)).toBe(true))
  it.each([
    'https://www.amazon.com/dp/B000123',
    'https://www.aliexpress.com/item/1005001.html',
    'https://store.com/products',
    'https://store.com/products/a/b',
    'https://store.com/shop/products/x',
    'https://store.com/collections/mugs',
    'ftp://store.com/products/x',
    'javascript:alert(1)//products/x',
    'not a url',
  ])('refuses %s', (u) => expect(isShopifyProductUrl(u)).toBe(false))
})

describe('denials and dialog titles', () => {
  it('publish opens the refer dialog; the rest open the upgrade dialog', () => {
    expect(denialFor('publish')).toEqual({ dialog: 'refer' })
    expect(denialFor('see_now')).toEqual({ dialog: 'upgrade', reason: 'see_now' })
    expect(denialFor('max_products')).toEqual({ dialog: 'upgrade', reason: 'max_products' })
    expect(denialFor('set_private')).toEqual({ dialog: 'upgrade', reason: 'private' })
    expect(denialSearch(denialFor('all_urls'))).toBe('dialog=upgrade&reason=all_urls')
  })
  it.each([
    ['private', 'Keep your page private with Pro.'],
    ['publish', 'You need to upgrade to Pro to publish this product.'],
    ['upload_theme', 'You need to upgrade to Pro to upload theme.'],
    ['all_urls', 'You need to upgrade to Pro to generate from AliExpress and Amazon'],
    ['generate', 'Generate more pages with Pro.'],
    [undefined, 'Try Pro - Unlock the most powerful features'],
  ] as const)('free user, reason %s → %s', (reason, title) => expect(upgradeDialogTitle('free', reason)).toBe(title))
  it('paid users see the contact-support title', () =>
    expect(upgradeDialogTitle('paid', 'upload_theme')).toBe("You're on a Pro plan. Contact support to change the plan."))
  it('paid users out of credits are told so, not to change plan', () => {
    expect(upgradeDialogTitle('paid', 'generate')).toBe(NOT_ENOUGH_CREDITS_TITLE)
    expect(upgradeDialogTitle('admin', 'generate')).toBe(NOT_ENOUGH_CREDITS_TITLE)
    expect(upgradeDialogTitle('free', 'generate')).toBe('Generate more pages with Pro.')
    expect(notEnoughCreditsText({ role: 'paid', remaining_credit_count: 40 })).toBe(
      `You have 40 credits; a new page needs more than ${CREDITS_PER_PAGE}. Your credits renew with your next billing period.`,
    )
    expect(notEnoughCreditsText({ role: 'admin', remaining_credit_count: 0 })).toBe(
      `You have 0 credits; a new page needs more than ${CREDITS_PER_PAGE}.`,
    )
    expect(notEnoughCreditsText({ role: 'free', remaining_credit_count: 1 })).toBe(
      `You have 1 credit; a new page needs more than ${CREDITS_PER_PAGE}. Upgrade to Pro for more credits.`,
    )
  })
})

describe('upgrade dialog auto-close (reference §7.1)', () => {
  it('closes when the role becomes non-free', () =>
    expect(shouldAutoCloseUpgrade({ role: 'free', remaining_credit_count: 0 }, { role: 'paid', remaining_credit_count: 0 })).toBe(true))
  it('closes when credits rise from under 40 to 40 or more', () => {
    expect(shouldAutoCloseUpgrade({ role: 'free', remaining_credit_count: 39 }, { role: 'free', remaining_credit_count: 40 })).toBe(true)
    expect(shouldAutoCloseUpgrade({ role: 'free', remaining_credit_count: 40 }, { role: 'free', remaining_credit_count: 400 })).toBe(false)
    expect(shouldAutoCloseUpgrade({ role: 'free', remaining_credit_count: 10 }, { role: 'free', remaining_credit_count: 39 })).toBe(false)
  })
})
