import { z } from 'zod'
import { PASTED_TEXT_MAX, PASTED_TEXT_MIN, PRODUCT_URL_MAX, templateIdField } from '../../server/domain/task-input'
import { MESSAGES, optionalText } from '../../server/domain/validation'
import { FULL_LINK, FULL_LINK_MESSAGE } from './generate'
import { GENERATE_INTENT } from './intents'

/**
 * The /generate form: a product link or a pasted description, an optional template, and the flow.
 * Limits are the api's own (server/domain/task-input.ts), shown before anything is sent.
 */
export const generateSchema = z
  .object({
    mode: z.enum(['url', 'text']).default('url'),
    url: optionalText({ max: PRODUCT_URL_MAX }),
    text: optionalText({ max: PASTED_TEXT_MAX }),
    page_template_id: templateIdField().optional(),
    intent: z.enum([GENERATE_INTENT.generate, GENERATE_INTENT.outline]).default(GENERATE_INTENT.generate),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'url') {
      if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: MESSAGES.required })
      else if (!FULL_LINK.test(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: FULL_LINK_MESSAGE })
    } else if (!v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.required })
    else if (v.text.length < PASTED_TEXT_MIN) ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.minLength(PASTED_TEXT_MIN) })
  })
