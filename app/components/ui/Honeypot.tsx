/** A field people never see or fill; bots that fill it are quietly ignored (see app/.server/honeypot.ts). */
export const HONEYPOT_FIELD = 'website'

export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor="hp-website">Leave this empty</label>
      <input id="hp-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
