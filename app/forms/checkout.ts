import { z } from 'zod'
import { returnPathField } from '../../server/domain/validation'

/** "Pay Now" in the upgrade dialog: the chosen plan and the page to come back to. */
export const checkoutSchema = z.object({
  plan_id: z.coerce.number().int().positive().optional(),
  return_to: returnPathField(),
})
