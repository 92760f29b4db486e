/** Why a credit balance changed: one ledger row per change (server/modules/credits). */
export const CREDIT_REASONS = ['signup', 'generation', 'refund', 'support', 'subscription'] as const
export type CreditReason = (typeof CREDIT_REASONS)[number]

export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  signup: 'Welcome credits',
  generation: 'Page generated',
  refund: 'Refund for a failed page',
  support: 'Adjusted by support',
  subscription: 'Plan credits',
}
