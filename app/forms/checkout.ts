import { z } from 'zod'
import { returnPathField } from '../../server/domain/validation'

/** The ways to pay: Stripe's hosted page, or the card form inside the dialog (a subscription to confirm). */
export const CHECKOUT_INTENT = { hosted: 'hosted', embedded: 'embedded' } as const

/** "Pay Now" in the upgrade dialog: the chosen plan and the page to come back to. */
export const checkoutSchema = z.object({
  plan_id: z.coerce.number().int().positive().optional(),
  return_to: returnPathField(),
  intent: z.enum([CHECKOUT_INTENT.hosted, CHECKOUT_INTENT.embedded]).default(CHECKOUT_INTENT.hosted),
})
