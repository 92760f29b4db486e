import { describe, expect, it } from 'vitest'
import {
  CREDITS_PER_PAGE,
  FREE_PRODUCT_LIMIT,
  FREE_SIGNUP_CREDITS,
  generateDecision,
  hiddenUntil,
  listedInGallery,
  MAX_PUBLISH_SLOTS,
  notEnoughCreditsText,
  pagesFromCredits,
  pagesPerMonth,
  privateDecision,
  productsDecision,
  publishDecision,
  referralEarnsSlot,
  shareDecision,
  sourceDecision,
  spendsSlot,
  storeDecision,
  storeQualifiesReferral,
  taskHiddenUntil,
  uploadThemeDecision,
  type Account,
  type PublishFacts,
} from './entitlements'
import type { Role } from './user'

const account = (role: Role, extra: Partial<Account> = {}): Account => ({
  role,
  remaining_credit_count: extra.remaining_credit_count ?? 200,
  publish_pages_count: extra.publish_pages_count ?? 0,
})
const allowed = (d: { allowed: boolean }) => d.allowed
const refusal = (d: { allowed: boolean; permission?: string }) => (d.allowed ? null : d.permission)

describe('who may do what', () => {
  it.each([
    ['free', false],
    ['paid', true],
    ['admin', true],
  ] as const)('%s: share, private, upload theme → %s', (role, expected) => {
    expect(allowed(shareDecision(account(role)))).toBe(expected)
    expect(allowed(privateDecision(account(role)))).toBe(expected)
    expect(allowed(uploadThemeDecision(account(role)))).toBe(expected)
  })

  it('the refusals carry the names the dialogs use', () => {
    expect(refusal(shareDecision(account('free')))).toBe('share')
    expect(refusal(privateDecision(account('free')))).toBe('set_private')
    expect(refusal(uploadThemeDecision(account('free')))).toBe('upload_theme')
  })

  it('generate needs MORE than 40 credits (41 yes, 40 no), whatever the plan', () => {
    expect(allowed(generateDecision(account('free', { remaining_credit_count: 41 })))).toBe(true)
    expect(refusal(generateDecision(account('free', { remaining_credit_count: 40 })))).toBe('generate')
    expect(refusal(generateDecision(account('paid', { remaining_credit_count: 0 })))).toBe('generate')
  })

  it('marketplace links need Pro; Shopify product links, pasted text and the catalogue do not', () => {
    const ali = { url: 'https://www.aliexpress.com/item/1005001.html' }
    expect(refusal(sourceDecision(account('free'), ali))).toBe('all_urls')
    expect(allowed(sourceDecision(account('paid'), ali))).toBe(true)
    expect(allowed(sourceDecision(account('admin'), ali))).toBe(true)
    expect(allowed(sourceDecision(account('free'), { url: 'https://shop.example.com/products/blue-mug' }))).toBe(true)
    expect(allowed(sourceDecision(account('free'), { url: 'https://loja.example.com/es-419/products/mug' }))).toBe(true)
    expect(allowed(sourceDecision(account('free'), { text: true }))).toBe(true)
    expect(allowed(sourceDecision(account('free'), { catalogue: true }))).toBe(true)
  })

  it('a free account connects one store; Pro any number', () => {
    expect(allowed(storeDecision(account('free'), 0))).toBe(true)
    expect(refusal(storeDecision(account('free'), 1))).toBe('stores')
    expect(allowed(storeDecision(account('paid'), 5))).toBe(true)
  })

  it('a free account keeps at most 50 products; adding past the limit is refused with the room left', () => {
    expect(allowed(productsDecision(account('free'), FREE_PRODUCT_LIMIT - 2, 2))).toBe(true)
    const over = productsDecision(account('free'), FREE_PRODUCT_LIMIT - 2, 3)
    expect(refusal(over)).toBe('max_products')
    expect(over.allowed ? '' : over.message).toContain('room for 2 more')
    expect(allowed(productsDecision(account('paid'), 10_000, 500))).toBe(true)
  })
})

describe('publishDecision', () => {
  const facts = (extra: Partial<PublishFacts> = {}): PublishFacts => ({
    alreadyPublished: false,
    addsProduct: false,
    products: 0,
    hiddenUntil: null,
    ...extra,
  })
  const freeWith = (slots: number) => account('free', { publish_pages_count: slots })

  it('a first publish spends a free slot; without one it opens the refer dialog', () => {
    expect(allowed(publishDecision(freeWith(1), facts()))).toBe(true)
    expect(spendsSlot(freeWith(1), false)).toBe(true)
    expect(refusal(publishDecision(freeWith(0), facts()))).toBe('publish')
  })
  it('a re-publish is always allowed and spends nothing, even with no slot left', () => {
    expect(allowed(publishDecision(freeWith(0), facts({ alreadyPublished: true })))).toBe(true)
    expect(spendsSlot(freeWith(0), true)).toBe(false)
  })
  it('Pro and staff publish without slots', () => {
    expect(allowed(publishDecision(account('paid'), facts()))).toBe(true)
    expect(allowed(publishDecision(account('admin'), facts({ addsProduct: true, products: 10_000 })))).toBe(true)
    expect(spendsSlot(account('paid'), false)).toBe(false)
  })
  it('a page still hidden from a free owner cannot go live, whatever the slots (not even a re-publish)', () => {
    const hidden = facts({ hiddenUntil: new Date('2026-11-23T12:45:00Z') })
    expect(refusal(publishDecision(freeWith(5), hidden))).toBe('see_now')
    expect(refusal(publishDecision(freeWith(5), { ...hidden, alreadyPublished: true }))).toBe('see_now')
  })
  it('the product room is checked before the slot: no room means max_products, nothing spent', () => {
    const full = facts({ addsProduct: true, products: FREE_PRODUCT_LIMIT })
    expect(refusal(publishDecision(freeWith(1), full))).toBe('max_products')
    expect(refusal(publishDecision(freeWith(0), full))).toBe('max_products')
    expect(allowed(publishDecision(freeWith(1), facts({ addsProduct: true, products: FREE_PRODUCT_LIMIT - 1 })))).toBe(true)
    // A catalogue product is already in the store: it adds nothing.
    expect(allowed(publishDecision(freeWith(1), facts({ addsProduct: false, products: FREE_PRODUCT_LIMIT })))).toBe(true)
  })
})

describe('counts shown to people', () => {
  it('200 credits make 4 pages under the "more than 40" rule (not 5)', () => {
    expect(pagesFromCredits(FREE_SIGNUP_CREDITS)).toBe(4)
  })
  it('pagesFromCredits agrees with generateDecision spending 40 at a time', () => {
    for (let credits = 0; credits <= 500; credits++) {
      let pages = 0
      for (let left = credits; generateDecision(account('free', { remaining_credit_count: left })).allowed; left -= CREDITS_PER_PAGE)
        pages++
      expect(pagesFromCredits(credits), `${credits} credits`).toBe(pages)
    }
  })
  it('plans say "up to N pages per month" with N = floor(monthly credits / 40)', () => {
    expect(pagesPerMonth(1000)).toBe(25)
    expect(pagesPerMonth(79)).toBe(1)
  })
  it('refusal words name the balance and the price', () => {
    expect(notEnoughCreditsText({ role: 'free', remaining_credit_count: 1 })).toBe(
      `You have 1 credit; a new page needs more than ${CREDITS_PER_PAGE}. Upgrade to Pro for more credits.`,
    )
  })
})

describe('referral slots', () => {
  it('the free slot plus referral slots never pass 10', () => {
    expect(referralEarnsSlot(0)).toBe(true)
    expect(referralEarnsSlot(MAX_PUBLISH_SLOTS - 2)).toBe(true)
    expect(referralEarnsSlot(MAX_PUBLISH_SLOTS - 1)).toBe(false)
  })
  it('a demo shop never qualifies a referral', () => {
    expect(storeQualifiesReferral({ isDemo: true })).toBe(false)
    expect(storeQualifiesReferral({ isDemo: false })).toBe(true)
  })
})

describe('the gallery lists only pages shared on purpose', () => {
  it.each([
    ['paid', true, true, true],
    ['admin', true, true, true],
    ['paid', false, true, false],
    ['paid', true, false, false],
    // A free owner's page is reachable by its link, never advertised, even if chosen before a downgrade.
    ['free', true, true, false],
  ] as const)('%s owner, chosen %s, shareable %s → %s', (role, galleryChosen, shareable, expected) =>
    expect(listedInGallery({ role }, { galleryChosen, shareable })).toBe(expected),
  )
})

const now = new Date('2026-11-23T12:00:00Z')
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString()

describe('free-user hide window', () => {
  it('hides a free user’s page for 45 minutes after created_at', () => {
    expect(hiddenUntil('free', minutesAgo(10), now)?.toISOString()).toBe('2026-11-23T12:35:00.000Z')
    expect(hiddenUntil('free', minutesAgo(45), now)).toBeNull()
    expect(hiddenUntil('free', minutesAgo(44.99), now)).not.toBeNull()
  })
  it('paid and admin users see everything at once', () => {
    expect(hiddenUntil('paid', minutesAgo(0), now)).toBeNull()
    expect(hiddenUntil('admin', minutesAgo(0), now)).toBeNull()
  })
  it('the window is a setting', () => expect(hiddenUntil('free', minutesAgo(10), now, 5)).toBeNull())
  it('holds back only finished pages: one still being made shows its progress', () => {
    expect(taskHiddenUntil('free', { status: 10, createdAt: minutesAgo(5) }, now)?.toISOString()).toBe('2026-11-23T12:40:00.000Z')
    expect(taskHiddenUntil('free', { status: 5, createdAt: minutesAgo(5) }, now)).toBeNull()
    expect(taskHiddenUntil('free', { status: 90, createdAt: minutesAgo(5) }, now)).toBeNull()
  })
})
