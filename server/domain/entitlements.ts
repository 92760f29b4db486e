/**
 * What each plan may do: every allowance of the free plan, decided here and nowhere else. The web's
 * loaders and actions, the api's services and the jobs all ask these functions; nobody compares a
 * role or a counter by hand (an ESLint rule keeps `isFree` and role literals in this file).
 * Reference: docs/reference.md §6 "Plans and allowances".
 */
import { isShopifyProductUrl } from './shopify-urls'
import { TASK_STATUS } from './task-status'
import { isFree, type Role } from './user'

// ------------------------------------------------------------------------------------- constants

/** A page generation costs this many credits; starting one needs MORE than this left. */
export const CREDITS_PER_PAGE = 40
/** Credits a new account starts with. */
export const FREE_SIGNUP_CREDITS = 200
/** Publish slots a new free account starts with. */
export const FREE_PUBLISH_SLOTS = 1
/** The cap on publish slots: the one given plus those earned by referrals, never more than this in all. */
export const MAX_PUBLISH_SLOTS = 10
/** Catalogue products a free account may keep (the original requirement left it open; ours). */
export const FREE_PRODUCT_LIMIT = 50
/** Shopify stores a free account may connect. */
export const FREE_STORE_LIMIT = 1
/** Free accounts see their new pages only after this delay (a setting; 45 minutes by default). */
export const DEFAULT_HIDE_WINDOW_MINUTES = 45
/** The hide window setting's upper bound: a week. */
export const MAX_HIDE_WINDOW_MINUTES = 10_080

// -------------------------------------------------------------------------------------- decisions

/** The names a refusal carries (the api's 403 `permission`); each opens one dialog (permissions.ts). */
export const REFUSAL_NAMES = [
  'share',
  'publish',
  'upload_theme',
  'all_urls',
  'generate',
  'max_products',
  'publish_without_permission',
  'set_private',
  'stores',
  'see_now',
  'experiments',
] as const
export type RefusalName = (typeof REFUSAL_NAMES)[number]

export type Decision = { allowed: true } | { allowed: false; permission: RefusalName; message: string }

const ALLOWED: Decision = { allowed: true }
const refuse = (permission: RefusalName, message: string): Decision => ({ allowed: false, permission, message })

/** The account fields the rules look at, in the api's public shape. */
export interface Account {
  role: Role
  remaining_credit_count: number
  publish_pages_count: number
}

export const MESSAGES = {
  allUrls: 'You need to upgrade to Pro to generate from AliExpress and Amazon',
  share: 'Share links are part of Pro. Upgrade to share this page.',
  private: 'Keep your page private with Pro.',
  uploadTheme: 'You need to upgrade to Pro to upload theme.',
  noSlots: 'You have no publish slots left. Upgrade to Pro to publish unlimited pages, or refer a friend to earn one.',
  stores: 'Connect more stores with Pro.',
  experiments: 'Experiments are part of Pro. Upgrade to test two versions of this page.',
  seeNow: (windowMinutes: number) =>
    `Free pages can be published once they open, ${windowMinutes} minutes after they are made. Upgrade to Pro to see and publish your pages at once.`,
  productRoom: (room: number) =>
    `Your free plan holds ${FREE_PRODUCT_LIMIT} products: there is room for ${Math.max(0, room)} more. Sync your whole catalogue with Pro.`,
  publishAddsProduct: `Your free plan holds ${FREE_PRODUCT_LIMIT} products, and publishing this page would add one. Remove a product from Pagewright or upgrade to Pro.`,
} as const

/**
 * Why generate is refused, in words: the balance, the price of a page and, for the paid plan, when
 * credits come back. There is no renewal date on the account, so it says they renew with the next
 * billing period.
 */
export function notEnoughCreditsText(account: Pick<Account, 'role' | 'remaining_credit_count'>): string {
  const n = account.remaining_credit_count
  const balance = `You have ${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}; a new page needs more than ${CREDITS_PER_PAGE}.`
  if (isFree(account.role)) return `${balance} Upgrade to Pro for more credits.`
  // Staff accounts have no billing period to wait for.
  return account.role === 'paid' ? `${balance} Your credits renew with your next billing period.` : balance
}

/** A generation (new page, regenerate, outline flow): more than CREDITS_PER_PAGE credits left. */
export function generateDecision(account: Pick<Account, 'role' | 'remaining_credit_count'>): Decision {
  return account.remaining_credit_count > CREDITS_PER_PAGE ? ALLOWED : refuse('generate', notEnoughCreditsText(account))
}

/**
 * Where a page may be generated from: Pro and staff anything; a free account Shopify product links
 * (`/products/{handle}`, `/collections/{c}/products/{handle}`), pasted text and its own catalogue.
 */
export function sourceDecision(account: Pick<Account, 'role'>, source: { url: string } | { text: true } | { catalogue: true }): Decision {
  if (importsAnyUrl(account) || !('url' in source) || isShopifyProductUrl(source.url)) return ALLOWED
  return refuse('all_urls', MESSAGES.allUrls)
}

/** Whether any product link (marketplaces included) is accepted, not only Shopify product links. */
export function importsAnyUrl(account: Pick<Account, 'role'>): boolean {
  return !isFree(account.role)
}

/** Getting a page's share link. */
export function shareDecision(account: Pick<Account, 'role'>): Decision {
  return isFree(account.role) ? refuse('share', MESSAGES.share) : ALLOWED
}

/** Running an experiment between two versions of a page (start, stop, promote). */
export function experimentDecision(account: Pick<Account, 'role'>): Decision {
  return isFree(account.role) ? refuse('experiments', MESSAGES.experiments) : ALLOWED
}

/** Making a page private (a free account's pages are always public). */
export function privateDecision(account: Pick<Account, 'role'>): Decision {
  return isFree(account.role) ? refuse('set_private', MESSAGES.private) : ALLOWED
}

/** Installing Pagewright's own theme into a store. */
export function uploadThemeDecision(account: Pick<Account, 'role'>): Decision {
  return isFree(account.role) ? refuse('upload_theme', MESSAGES.uploadTheme) : ALLOWED
}

/** Connecting a store when the account already has `otherStores` other stores. */
export function storeDecision(account: Pick<Account, 'role'>, otherStores: number): Decision {
  return isFree(account.role) && otherStores >= FREE_STORE_LIMIT ? refuse('stores', MESSAGES.stores) : ALLOWED
}

/** How many more catalogue products the account may keep (Infinity without a limit). */
export function productRoom(account: Pick<Account, 'role'>, products: number): number {
  return isFree(account.role) ? Math.max(0, FREE_PRODUCT_LIMIT - products) : Infinity
}

/** Adding `adding` products (a restore, a page published as a new product) to `products` kept. */
export function productsDecision(account: Pick<Account, 'role'>, products: number, adding: number): Decision {
  const room = productRoom(account, products)
  return adding <= room ? ALLOWED : refuse('max_products', MESSAGES.productRoom(room))
}

/** The product limit an account lives under, for screens that show "12 of 50" (null: none). */
export function productLimit(account: Pick<Account, 'role'>): number | null {
  return isFree(account.role) ? FREE_PRODUCT_LIMIT : null
}

/** The store limit an account lives under (null: none). */
export function storeLimit(account: Pick<Account, 'role'>): number | null {
  return isFree(account.role) ? FREE_STORE_LIMIT : null
}

/** Whether publishing a page into a store spends a publish slot: a free account's first publish of it. */
export function spendsSlot(account: Pick<Account, 'role'>, alreadyPublished: boolean): boolean {
  return isFree(account.role) && !alreadyPublished
}

export interface PublishFacts {
  /** The page holds a slot in this store already, or was published there before: a re-publish, always free. */
  alreadyPublished: boolean
  /** Publishing would create a product in the store (a page not made from a catalogue product, first time). */
  addsProduct: boolean
  /** Catalogue products the account keeps now (counts against the free maximum when a product is added). */
  products: number
  /** When the page opens for its owner, or null when it is visible (the hide window). */
  hiddenUntil: Date | null
}

/**
 * Publishing a page into a store. A page still inside the hide window cannot go live (publishing
 * must not be a way around it); a re-publish is always allowed; a first publish needs room for the
 * product it may add, then (free accounts) a publish slot. The order matters: nothing is spent on a
 * publish that the product limit would stop.
 */
export function publishDecision(
  account: Pick<Account, 'role' | 'publish_pages_count'>,
  facts: PublishFacts,
  windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES,
): Decision {
  if (facts.hiddenUntil) return refuse('see_now', MESSAGES.seeNow(windowMinutes))
  if (facts.alreadyPublished) return ALLOWED
  if (facts.addsProduct && productRoom(account, facts.products) < 1) return refuse('max_products', MESSAGES.publishAddsProduct)
  if (spendsSlot(account, false) && account.publish_pages_count <= 0) return refuse('publish', MESSAGES.noSlots)
  return ALLOWED
}

/** The slots to show a person ("You can publish 1 more page"), or null on an unlimited plan. */
export function publishSlotsShown(account: Pick<Account, 'role' | 'publish_pages_count'>): number | null {
  return isFree(account.role) ? account.publish_pages_count : null
}

/** Listing a page in the public gallery (/trending) is sharing it: the owner's explicit choice, on Pro. */
export function galleryDecision(account: Pick<Account, 'role'>): Decision {
  return shareDecision(account)
}

/**
 * Whether a page is listed in the gallery: its owner chose "Show in the gallery", may share, and the
 * page is one the public may see. Its SQL twin is `galleryListedSql` (server/modules/tasks/gallery-sql.ts).
 */
export function listedInGallery(owner: Pick<Account, 'role'>, page: { galleryChosen: boolean; shareable: boolean }): boolean {
  return page.galleryChosen && page.shareable && shareDecision(owner).allowed
}

/** Buying a plan in the app: free accounts only (paid ones are told to contact support). */
export function mayCheckout(account: Pick<Account, 'role'>): boolean {
  return isFree(account.role)
}

/** Offered the upgrade (header button, plan pages): the free plan. */
export function offersUpgrade(account: Pick<Account, 'role'>): boolean {
  return mayCheckout(account)
}

/** Support staff (the console, every allowance). */
export function isStaff(account: Pick<Account, 'role'>): boolean {
  return account.role === 'admin'
}

// --------------------------------------------------------------------------- counts shown to people

/**
 * How many pages a balance pays for under the generate rule itself ("more than 40 left"): 200
 * credits make 4 pages, not 5. Every count shown to a person comes from here.
 */
export function pagesFromCredits(credits: number): number {
  if (!Number.isFinite(credits) || credits <= CREDITS_PER_PAGE) return 0
  return Math.ceil((credits - CREDITS_PER_PAGE) / CREDITS_PER_PAGE)
}

/** A plan's "Create up to N pages per month": N = floor(monthly credits / 40), as the plans say it. */
export function pagesPerMonth(monthlyCredits: number): number {
  return Math.floor(monthlyCredits / CREDITS_PER_PAGE)
}

// ------------------------------------------------------------------------------- referral slots

/** A qualified referral earns a slot while the account's slots from the plan and referrals stay within the cap. */
export function referralEarnsSlot(qualifiedBefore: number): boolean {
  return FREE_PUBLISH_SLOTS + qualifiedBefore < MAX_PUBLISH_SLOTS
}

/** Demo shops are ours: connecting one never qualifies a referral. */
export function storeQualifiesReferral(store: { isDemo: boolean }): boolean {
  return !store.isDemo
}

// ---------------------------------------------------------------------------------- hide window

/** How long this role's new pages stay hidden: the setting for free accounts, 0 for everyone else. */
export function hideWindowFor(role: Role, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): number {
  return isFree(role) ? windowMinutes : 0
}

/** When a free account's page made at `createdAt` shows. */
export function visibleAt(createdAt: Date | string, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): Date {
  return new Date(new Date(createdAt).getTime() + windowMinutes * 60_000)
}

/**
 * When a page becomes visible to an owner of this role, or null if it already is. Measured on
 * created_at (or another timestamp the caller passes); Pro and staff see everything at once.
 */
export function hiddenUntil(role: Role, createdAt: Date | string, now: Date, windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES): Date | null {
  if (!isFree(role)) return null
  const readyAt = visibleAt(createdAt, windowMinutes)
  return readyAt > now ? readyAt : null
}

/**
 * The rule as the api applies it to a task: only a finished page is held back (one still being
 * made shows its progress). Its SQL twin is `hiddenTaskSql` (server/modules/tasks/visibility-sql.ts),
 * kept equal by a parity test.
 */
export function taskHiddenUntil(
  role: Role,
  task: { status: number; createdAt: Date | string },
  now: Date,
  windowMinutes = DEFAULT_HIDE_WINDOW_MINUTES,
): Date | null {
  return task.status === TASK_STATUS.completed ? hiddenUntil(role, task.createdAt, now, windowMinutes) : null
}
