import { z } from 'zod'
import { REVIEW_INTENT } from './intents'

/** The review editor's form: selected rows (`sel`), new positions (`order.N`) and corrected texts (`body.N`). */
export const REVIEW_LISTS = ['sel'] as const

export const reviewFormSchema = z.object({
  intent: z.enum([REVIEW_INTENT.hide, REVIEW_INTENT.show, REVIEW_INTENT.pin, REVIEW_INTENT.unpin, REVIEW_INTENT.save]),
  base_version: z.coerce.number().int().min(1),
  sel: z.array(z.coerce.number().int().min(0).max(1000)).max(200),
})

/** `prefix.N` fields as a map from N to the value. */
export function indexedFields(form: Record<string, unknown>, prefix: string): Map<number, string> {
  const out = new Map<number, string>()
  const re = new RegExp(`^${prefix}\\.(\\d{1,3})$`)
  for (const [k, v] of Object.entries(form)) {
    const m = re.exec(k)
    if (m && typeof v === 'string') out.set(Number(m[1]), v)
  }
  return out
}
