import { CREDITS_PER_PAGE, FREE_PRODUCT_LIMIT, mayCheckout, type RefusalName } from './entitlements'
import type { PublicUser, Role } from './user'

/**
 * The dialog side of the allowances: which dialog a refusal opens and its title. Whether something
 * is allowed is decided in entitlements.ts; this file only says how a refusal is shown.
 */

/** Why the upgrade dialog is open; each maps to one title (the upgrade dialog's override titles). */
export const UPGRADE_REASONS = [
  'private',
  'publish',
  'upload_theme',
  'all_urls',
  'generate',
  'share',
  'max_products',
  'stores',
  'see_now',
  'experiments',
] as const
export type UpgradeReason = (typeof UPGRADE_REASONS)[number]

export const UPGRADE_TITLES: Record<UpgradeReason, string | null> = {
  private: 'Keep your page private with Pro.',
  publish: 'You need to upgrade to Pro to publish this product.',
  upload_theme: 'You need to upgrade to Pro to upload theme.',
  all_urls: 'You need to upgrade to Pro to generate from AliExpress and Amazon',
  generate: 'Generate more pages with Pro.',
  max_products: `Your free plan holds ${FREE_PRODUCT_LIMIT} products. Sync your whole catalogue with Pro.`,
  stores: 'Connect more stores with Pro.',
  see_now: 'See and publish your pages the moment they are made with Pro.',
  share: null,
  experiments: 'Test two versions of a page and keep the one that sells more with Pro.',
}

export const DEFAULT_UPGRADE_TITLE_FREE = 'Try Pro - Unlock the most powerful features'
export const DEFAULT_UPGRADE_TITLE_PAID = "You're on a Pro plan. Contact support to change the plan."

/** A Pro account's generate refusal: the plan is not the problem, the balance is. */
export const NOT_ENOUGH_CREDITS_TITLE = 'Not enough credits for a new page'

export function upgradeDialogTitle(role: Role | null, reason?: UpgradeReason): string {
  const override = reason ? UPGRADE_TITLES[reason] : null
  if (role && !mayCheckout({ role })) return reason === 'generate' ? NOT_ENOUGH_CREDITS_TITLE : DEFAULT_UPGRADE_TITLE_PAID
  return override ?? DEFAULT_UPGRADE_TITLE_FREE
}

/** What a refusal opens: the refer dialog for publish, otherwise the upgrade dialog with a reason. */
export type Denial = { dialog: 'refer' } | { dialog: 'upgrade'; reason: UpgradeReason }

export function denialFor(permission: RefusalName): Denial {
  switch (permission) {
    case 'publish':
    case 'publish_without_permission':
      return { dialog: 'refer' }
    case 'set_private':
      return { dialog: 'upgrade', reason: 'private' }
    default:
      return { dialog: 'upgrade', reason: permission }
  }
}

/** Query string that opens the dialog of a denial (dialogs are URL state, so they work without JS). */
export function denialSearch(denial: Denial): string {
  return denial.dialog === 'refer' ? 'dialog=refer' : `dialog=upgrade&reason=${denial.reason}`
}

/**
 * The upgrade dialog closes itself when the role turns non-free, or when remaining credits rise
 * from under 40 to 40 or more.
 */
export function shouldAutoCloseUpgrade(
  before: Pick<PublicUser, 'role' | 'remaining_credit_count'>,
  after: Pick<PublicUser, 'role' | 'remaining_credit_count'>,
): boolean {
  if (mayCheckout(before) && !mayCheckout(after)) return true
  return before.remaining_credit_count < CREDITS_PER_PAGE && after.remaining_credit_count >= CREDITS_PER_PAGE
}
