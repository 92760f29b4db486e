import { z } from 'zod'

/** "Pay Now" in the upgrade dialog: the chosen plan and the page to come back to. */
export const checkoutSchema = z.object({
  plan_id: z.coerce.number().int().positive().optional(),
  return_to: z.string().max(2048).optional(),
})
