import { storeQualifiesReferral } from './entitlements'

/** How long the referral link remembers who invited a visitor. */
export const REFERRAL_COOKIE_DAYS = 30

/**
 * The address a person receives mail at, for telling duplicate accounts apart: lower case, no
 * `+tag`, and for Gmail no dots (jane.doe+pw@gmail.com and janedoe@googlemail.com are one person).
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@')
  const plainDomain = domain === 'googlemail.com' ? 'gmail.com' : domain
  let name = local.split('+')[0]
  if (plainDomain === 'gmail.com') name = name.replace(/\./g, '')
  return `${name}@${plainDomain}`
}

/** Why a referral did not qualify, in words support can read; null when it qualifies (reference §6.5). */
export function referralRefusal(r: {
  inviterMailbox: string
  inviteeMailbox: string
  storeFirstUserId: number | null
  inviteeId: number
  inviterHadStore: boolean
  isDemo: boolean
}): string | null {
  if (!storeQualifiesReferral({ isDemo: r.isDemo })) return 'A demo shop: only a real Shopify store counts.'
  if (r.inviterMailbox === r.inviteeMailbox) return 'The same person as the referrer (same e-mail address).'
  if (r.inviterHadStore) return 'The referrer’s own store.'
  if (r.storeFirstUserId !== r.inviteeId) return 'A store that was connected to Pagewright before.'
  return null
}
