import { z } from 'zod'
import { isSessionId } from '../../server/domain/ids'
import { VARIANT_ANGLES } from '../../server/domain/page/variants'
import { SPLIT } from './experiments'
import { EXPERIMENT_INTENT } from './intents'

const sessionId = z.string().refine(isSessionId, 'Invalid format')
const experimentId = z.coerce.number().int().positive().max(2_147_483_647)

/** The experiment panel's forms on the page view: one schema, told apart by `intent`. */
export const experimentActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(EXPERIMENT_INTENT.start),
    session_id: sessionId,
    challenger_version: z.coerce.number({ message: 'Choose the version to test.' }).int().positive().max(2_147_483_647),
    split: z.coerce
      .number({ message: `Choose a share from ${SPLIT.min} to ${SPLIT.max} %.` })
      .int(`Choose a whole number from ${SPLIT.min} to ${SPLIT.max}.`)
      .min(SPLIT.min, `At least ${SPLIT.min} % of shoppers, or the test takes too long.`)
      .max(SPLIT.max, `At most ${SPLIT.max} %: the live version needs shoppers too.`),
  }),
  z.object({ intent: z.literal(EXPERIMENT_INTENT.stop), session_id: sessionId, experiment_id: experimentId }),
  z.object({
    intent: z.literal(EXPERIMENT_INTENT.variant),
    session_id: sessionId,
    angle: z.enum(VARIANT_ANGLES, { message: 'Choose how the variant differs.' }),
  }),
  z.object({
    intent: z.literal(EXPERIMENT_INTENT.promote),
    session_id: sessionId,
    experiment_id: experimentId,
    confirm: z.literal('yes').optional(),
  }),
])
