import { z } from 'zod'
import { CONSOLE_INTENT, MAX_CREDIT_ADJUSTMENT, REASON_LENGTH } from '../../server/domain/admin'
import { ROLES } from '../../server/domain/user'
import { MESSAGES, requiredText } from '../../server/domain/validation'

const reason = requiredText(REASON_LENGTH)
/** Destructive actions post twice: first without `confirm` (the page asks), then with `confirm=yes`. */
const confirm = z.literal('yes').optional()

/** /admin/users/{uuid}: one form per action; every change but a code resend needs a reason. */
export const consoleActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(CONSOLE_INTENT.role),
    role: z.enum(ROLES, { error: MESSAGES.required }),
    plan_id: z.number({ error: MESSAGES.integer }).int(MESSAGES.integer).positive().optional(),
    reason,
    confirm,
  }),
  z.object({
    intent: z.literal(CONSOLE_INTENT.credits),
    amount: z
      .number({ error: MESSAGES.integer })
      .int(MESSAGES.integer)
      .positive('Give a number above 0')
      .max(MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-US')} credits at a time`),
    direction: z.enum(['add', 'remove']).default('add'),
    reason,
    confirm,
  }),
  z.object({ intent: z.literal(CONSOLE_INTENT.resend) }),
  z.object({ intent: z.literal(CONSOLE_INTENT.revoke), reason, confirm }),
  z.object({
    intent: z.literal(CONSOLE_INTENT.disqualify),
    referral_id: z.number({ error: MESSAGES.required }).int().positive(),
    reason,
    confirm,
  }),
])
export type ConsoleAction = z.output<typeof consoleActionSchema>
