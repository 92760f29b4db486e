/** The hidden field that makes a form that spends credits act once (app/.server/once-key.ts). */
export const ONCE_KEY_FIELD = 'once_key'

/**
 * The form's one-time key, rendered by the loader: sent twice (a double click with scripts off, a
 * resend after a reload, the same form in two tabs), the request makes one page and takes one price.
 */
export function OnceKey({ value }: { value: string }) {
  return <input type="hidden" name={ONCE_KEY_FIELD} value={value} />
}
