import { z } from 'zod'
import { isSessionId } from '../../server/domain/ids'
import { sectionIdField } from '../../server/domain/page/schema'
import { rewriteInstructionField } from '../../server/domain/task-input'
import { TASK_INTENT } from './intents'

/** The mutations on a page, from the lists and the product views: one form each, told apart by `intent`. */
const sessionId = z.string().refine(isSessionId, 'Invalid format')
const simple = (intent: (typeof TASK_INTENT)[Exclude<keyof typeof TASK_INTENT, 'rewrite'>]) =>
  z.object({ intent: z.literal(intent), session_id: sessionId })

export const taskActionSchema = z.discriminatedUnion('intent', [
  simple(TASK_INTENT.favorite),
  simple(TASK_INTENT.unfavorite),
  simple(TASK_INTENT.archive),
  simple(TASK_INTENT.unarchive),
  simple(TASK_INTENT.share),
  simple(TASK_INTENT.makePrivate),
  simple(TASK_INTENT.makePublic),
  simple(TASK_INTENT.regenerate),
  z.object({
    intent: z.literal(TASK_INTENT.rewrite),
    session_id: sessionId,
    section_id: sectionIdField(),
    // An empty instruction means "rewrite it your way".
    instruction: rewriteInstructionField().transform((v) => v || undefined),
  }),
])
