import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { randomInvitationCode, randomToken, sha256 } from '../../crypto'
import type { DbOrTx } from '../../db/client'
import { users } from '../../db/schema'
import { hideWindowFor } from '../../domain/entitlements'
import { splitName, type PublicUser } from '../../domain/user'
import { openAccount } from '../accounts'
import { recordReferral } from '../referrals'

export type UserRow = typeof users.$inferSelect

/** The user as the api shows it to its owner: no secrets, nothing of other users. */
export function toPublicUser(row: UserRow, settings: { HIDE_WINDOW_MINUTES: number }): PublicUser {
  return {
    id: row.id,
    uuid: row.uuid,
    username: row.username,
    avatar: row.avatar,
    email: row.email,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    plan: row.plan,
    stripe_plan: row.stripePlan,
    remaining_product_count: row.remainingProductCount,
    remaining_credit_count: row.remainingCreditCount,
    last_credit_reset: row.lastCreditReset?.toISOString() ?? null,
    status: row.status,
    facebook_id: row.facebookId,
    google_id: row.googleId,
    invitation_code: row.invitationCode,
    publish_pages_count: row.publishPagesCount,
    api_key_hint: row.apiKeyHint,
    created_at: row.createdAt.toISOString(),
    hide_window_minutes: hideWindowFor(row.role, settings.HIDE_WINDOW_MINUTES),
  }
}

/** ADMIN_EMAILS entries are full addresses or "@domain". */
export function isAdminEmail(email: string, adminEmails: string[]): boolean {
  const e = email.toLowerCase()
  return adminEmails.some((a) => (a.startsWith('@') ? e.endsWith(a) : e === a))
}

export function newApiKey() {
  const key = randomToken('pwk_')
  return { key, hash: sha256(key), hint: `pwk_…${key.slice(-4)}` }
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
  return row
}

export interface NewUser {
  /** From ADMIN_EMAILS: staff accounts start as admins. */
  admin?: boolean
  email: string
  name?: string | null
  googleId?: string | null
  invitedBy?: string | null
}

/**
 * Creates a free account: the sign-up credits, one publish slot, its own invitation code, uuid and api key,
 * and the referral row when it came through someone's link. Call inside a transaction.
 */
export async function createUser(tx: DbOrTx, input: NewUser, now: Date): Promise<UserRow> {
  const name = input.name?.trim() || null
  const apiKey = newApiKey()
  for (let attempt = 0; ; attempt++) {
    const invitationCode = randomInvitationCode()
    const inserted = await openAccount(
      tx,
      {
        uuid: randomUUID(),
        email: input.email.toLowerCase(),
        name,
        ...splitNameColumns(name),
        apiKeyHash: apiKey.hash,
        apiKeyHint: apiKey.hint,
        invitationCode,
        googleId: input.googleId ?? null,
        createdAt: now,
        updatedAt: now,
      },
      { admin: !!input.admin },
    )
    if (inserted) {
      if (input.invitedBy) await recordReferral(tx, input.invitedBy, inserted.id, now)
      return inserted
    }
    // 32^8 codes: a clash is rare; a few more draws settle it.
    if (attempt >= 5) throw new Error('Could not allocate an invitation code')
  }
}

function splitNameColumns(name: string | null) {
  const { first_name, last_name } = splitName(name)
  return { firstName: first_name, lastName: last_name }
}
