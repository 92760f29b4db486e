import { FREE_PRODUCT_LIMIT } from './accounts'
import { CREDITS_PER_PAGE } from './plans'
import { isShopifyProductUrl } from './shopify-urls'
import { isFree, type PublicUser, type Role } from './user'

/** Spec §6 permissions. */
export type Permission = 'share' | 'publish' | 'upload_theme' | 'all_urls' | 'generate'
/** Things spec §6 always denies free users. */
export type FreeDenied = 'max_products' | 'publish_without_permission' | 'set_private' | 'stores'

type Subject = Pick<PublicUser, 'role' | 'publish_pages_count' | 'remaining_credit_count'>

export function can(user: Subject, permission: Permission, context: { url?: string } = {}): boolean {
  switch (permission) {
    case 'share':
    case 'upload_theme':
      return !isFree(user.role)
    case 'publish':
      return !isFree(user.role) || user.publish_pages_count > 0
    case 'all_urls':
      return !isFree(user.role) || (context.url !== undefined && isShopifyProductUrl(context.url))
    case 'generate':
      return user.remaining_credit_count > CREDITS_PER_PAGE
  }
}

/** The always-denied-for-free list: true when the action is allowed for this user. */
export function allowsFreeDenied(user: Pick<PublicUser, 'role'>, _what: FreeDenied): boolean {
  return !isFree(user.role)
}

/** Why the upgrade dialog is open; each maps to one title (spec §2 dialog 1). */
export const UPGRADE_REASONS = ['private', 'publish', 'upload_theme', 'all_urls', 'generate', 'share', 'max_products', 'stores'] as const
export type UpgradeReason = (typeof UPGRADE_REASONS)[number]

export const UPGRADE_TITLES: Record<UpgradeReason, string | null> = {
  private: 'Keep your page private with Pro.',
  publish: 'You need to upgrade to Pro to publish this product.',
  upload_theme: 'You need to upgrade to Pro to upload theme.',
  all_urls: 'You need to upgrade to Pro to generate from AliExpress and Amazon',
  generate: 'Generate more pages with Pro.',
  max_products: `Your free plan holds ${FREE_PRODUCT_LIMIT} products. Sync your whole catalogue with Pro.`,
  stores: 'Connect more stores with Pro.',
  share: null,
}

export const DEFAULT_UPGRADE_TITLE_FREE = 'Try Pro - Unlock the most powerful features'
export const DEFAULT_UPGRADE_TITLE_PAID = "You're on a Pro plan. Contact support to change the plan."

/** A Pro user's generate denial: the plan is not the problem, the balance is. */
export const NOT_ENOUGH_CREDITS_TITLE = 'Not enough credits for a new page'

export function upgradeDialogTitle(role: Role | null, reason?: UpgradeReason): string {
  const override = reason ? UPGRADE_TITLES[reason] : null
  if (role && !isFree(role)) return reason === 'generate' ? NOT_ENOUGH_CREDITS_TITLE : DEFAULT_UPGRADE_TITLE_PAID
  return override ?? DEFAULT_UPGRADE_TITLE_FREE
}

/**
 * Why generate is denied, in words (spec §6: it needs more than CREDITS_PER_PAGE credits): the
 * balance, the price of a page and, for the paid plan, when credits come back. There is no renewal
 * date on the account, so it says they renew with the next billing period.
 */
export function notEnoughCreditsText(user: Pick<PublicUser, 'role' | 'remaining_credit_count'>): string {
  const n = user.remaining_credit_count
  const balance = `You have ${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}; a new page needs more than ${CREDITS_PER_PAGE}.`
  if (isFree(user.role)) return `${balance} Upgrade to Pro for more credits.`
  // Staff accounts have no billing period to wait for.
  return user.role === 'paid' ? `${balance} Your credits renew with your next billing period.` : balance
}

/** Every name a 403 of the api may carry in `permission`. */
export const DENIAL_NAMES: readonly (Permission | FreeDenied)[] = [
  'share',
  'publish',
  'upload_theme',
  'all_urls',
  'generate',
  'max_products',
  'publish_without_permission',
  'set_private',
  'stores',
]

/** What a denial opens: the refer dialog for publish, otherwise the upgrade dialog with a reason. */
export type Denial = { dialog: 'refer' } | { dialog: 'upgrade'; reason: UpgradeReason }

export function denialFor(permission: Permission | FreeDenied): Denial {
  switch (permission) {
    case 'publish':
    case 'publish_without_permission':
      return { dialog: 'refer' }
    case 'set_private':
      return { dialog: 'upgrade', reason: 'private' }
    case 'max_products':
      return { dialog: 'upgrade', reason: 'max_products' }
    default:
      return { dialog: 'upgrade', reason: permission }
  }
}

/** Query string that opens the dialog of a denial (dialogs are URL state, so they work without JS). */
export function denialSearch(denial: Denial): string {
  return denial.dialog === 'refer' ? 'dialog=refer' : `dialog=upgrade&reason=${denial.reason}`
}

/**
 * Spec §4: the upgrade dialog closes itself when the role turns non-free, or when remaining credits
 * rise from under 40 to 40 or more.
 */
export function shouldAutoCloseUpgrade(
  before: Pick<PublicUser, 'role' | 'remaining_credit_count'>,
  after: Pick<PublicUser, 'role' | 'remaining_credit_count'>,
): boolean {
  if (isFree(before.role) && !isFree(after.role)) return true
  return before.remaining_credit_count < CREDITS_PER_PAGE && after.remaining_credit_count >= CREDITS_PER_PAGE
}
