import { createHash, randomUUID } from 'node:crypto'
import { ONCE_KEY_FIELD } from '../components/ui/OnceKey'

/** A new key for one rendering of a form that spends credits (its loader's data). */
export const newOnceKey = () => randomUUID()

/**
 * The api's Idempotency-Key for one sending of such a form: the form's key with what it asks. The
 * same form sent again is the same request (the api answers the first page, paid once); the same
 * form changed after Back asks something else and is a new one. A form without a key (sent by a
 * script, or from before keys) is undefined: nothing to match it with.
 */
export function onceKeyOf(form: FormData, asks: Record<string, string | number | boolean | null | undefined>): string | undefined {
  const key = form.get(ONCE_KEY_FIELD)
  if (typeof key !== 'string' || !/^[0-9a-f-]{36}$/i.test(key)) return undefined
  return createHash('sha256')
    .update(`${key.toLowerCase()}\n${JSON.stringify(asks)}`)
    .digest('base64url')
}
