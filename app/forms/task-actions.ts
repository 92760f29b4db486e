import { z } from 'zod'
import { isSessionId } from '../../server/domain/ids'
import { sectionIdField } from '../../server/domain/page/schema'
import { rewriteInstructionField } from '../../server/domain/task-input'
import { TASK_INTENT } from './intents'

/** The mutations on a page, from the lists and the product views: one form each, told apart by `intent`. */
const sessionId = z.string().refine(isSessionId, 'Invalid format')
const simple = (intent: (typeof TASK_INTENT)[Exclude<keyof typeof TASK_INTENT, 'rewrite' | 'publish' | 'regenerate'>]) =>
  z.object({ intent: z.literal(intent), session_id: sessionId })

export const taskActionSchema = z.discriminatedUnion('intent', [
  simple(TASK_INTENT.favorite),
  simple(TASK_INTENT.unfavorite),
  simple(TASK_INTENT.archive),
  simple(TASK_INTENT.unarchive),
  simple(TASK_INTENT.share),
  simple(TASK_INTENT.makePrivate),
  simple(TASK_INTENT.makePublic),
  simple(TASK_INTENT.showInGallery),
  simple(TASK_INTENT.hideFromGallery),
  z.object({ intent: z.literal(TASK_INTENT.regenerate), session_id: sessionId, confirm: z.literal('yes').optional() }),
  simple(TASK_INTENT.publishTemplate),
  z.object({ intent: z.literal(TASK_INTENT.publish), session_id: sessionId, store_id: z.coerce.number().int().positive().optional() }),
  z.object({
    intent: z.literal(TASK_INTENT.rewrite),
    session_id: sessionId,
    section_id: sectionIdField(),
    // An empty instruction means "rewrite it your way".
    instruction: rewriteInstructionField().transform((v) => v || undefined),
  }),
])
