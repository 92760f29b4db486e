import { z } from 'zod'
import { MESSAGES } from '../../server/domain/validation'

/** The /generate form: a product link or a pasted description, an optional template, and the flow. */
export const generateSchema = z
  .object({
    mode: z.enum(['url', 'text']).default('url'),
    url: z.string().trim().max(2048, MESSAGES.maxLength(2048)).optional(),
    text: z.string().trim().max(20_000, MESSAGES.maxLength(20_000)).optional(),
    page_template_id: z.coerce.number().int().positive().optional(),
    intent: z.enum(['generate', 'outline']).default('generate'),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'url') {
      if (!v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: MESSAGES.required })
      else if (!/^https?:\/\/\S+$/i.test(v.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: 'Please enter a full link, starting with https://' })
    } else if (!v.text) ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.required })
    else if (v.text.length < 20) ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.minLength(20) })
  })
