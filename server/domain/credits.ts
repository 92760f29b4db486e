/** Why a credit balance changed: one ledger row per change (server/modules/accounts). */
export const CREDIT_REASONS = [
  'signup',
  'generation',
  'refund',
  'support',
  'subscription',
  'plan_change',
  'payment_refunded',
  'payment_disputed',
  'duplicate_refunded',
] as const
export type CreditReason = (typeof CREDIT_REASONS)[number]

export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  signup: 'Welcome credits',
  generation: 'Page generated',
  refund: 'Refund for a failed page',
  support: 'Adjusted by support',
  subscription: 'Plan credits',
  plan_change: 'Plan upgraded',
  payment_refunded: 'Taken back: payment refunded',
  payment_disputed: 'Taken back: payment disputed',
  duplicate_refunded: 'Second subscription refunded',
}

/** Why a publish slot balance changed: one slot ledger row per change (server/modules/accounts/slots.ts). */
export const SLOT_REASONS = ['opening', 'signup', 'referral', 'referral_taken_back', 'publish', 'publish_failed'] as const
export type SlotReason = (typeof SLOT_REASONS)[number]

export const SLOT_REASON_LABELS: Record<SlotReason, string> = {
  opening: 'Slots before the slot history began',
  signup: 'Free plan slot',
  referral: 'Earned by a qualified referral',
  referral_taken_back: 'Referral disqualified',
  publish: 'Page published',
  publish_failed: 'Given back: the publish failed',
}
