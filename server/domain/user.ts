/** Roles (reference §6.1). */
export const ROLES = ['free', 'paid', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** The free plan: the only role the allowances limit (reference §6.2). */
export const isFree = (role: Role) => role === 'free'

/** The user as the api returns it (reference §4 User, minus secrets and session fields). */

export interface PublicUser {
  id: number
  uuid: string
  username: string | null
  avatar: string | null
  email: string
  name: string | null
  first_name: string
  last_name: string | null
  role: Role
  plan: string | null
  stripe_plan: string | null
  remaining_product_count: number
  remaining_credit_count: number
  last_credit_reset: string | null
  status: 'active' | 'disabled'
  facebook_id: string | null
  google_id: string | null
  invitation_code: string
  publish_pages_count: number
  api_key_hint: string | null
  created_at: string
  /** How long this user's new pages stay hidden (reference §6.7): the setting for free users, 0 otherwise. */
  hide_window_minutes: number
}

/** Default first name given to accounts that never told us theirs (the avatar rule, reference §9.7). */
export const DEFAULT_FIRST_NAME = 'Firstname'

/** The avatar letter (reference §9.7). */
export function avatarLetter(user: Pick<PublicUser, 'first_name' | 'name' | 'email'>): string {
  const source = user.first_name === DEFAULT_FIRST_NAME ? user.email : user.name?.trim() || user.first_name?.trim() || 'Unknown'
  return (source.trim()[0] ?? 'U').toUpperCase()
}

/** Splits a full name into first and last name; no name keeps the default first name. */
export function splitName(name: string | null | undefined): { first_name: string; last_name: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return { first_name: DEFAULT_FIRST_NAME, last_name: null }
  return { first_name: parts[0], last_name: parts.slice(1).join(' ') || null }
}

export function planLabel(user: Pick<PublicUser, 'role' | 'plan'>): string {
  if (user.role === 'admin') return 'Admin'
  if (user.role === 'paid') return user.plan ? `Pro · ${user.plan}` : 'Pro'
  return 'Free'
}
