import { and, eq, gt, isNull } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import type { DbOrTx, Tx } from '../../db/client'
import { auditLog, plans, referrals, sessions, users } from '../../db/schema'
import { AUDIT_ACTIONS, changedFields } from '../../domain/admin'
import { grantDescription } from '../../domain/billing'
import { PLAN_VERSION } from '../../domain/plans'
import type { Role } from '../../domain/user'
import { HttpError, badRequest } from '../../http/http-error'
import type { JobQueue } from '../../jobs/queue'
import { changeCredits, endPlan, grantPlan, lockAccount, setRole, takeBackReferralSlot, toPlan } from '../accounts'
import { sendLoginCode } from '../auth'
import type { UserRow } from '../users'
import { findAccount, referralById, userSummary } from './view'

/**
 * What support changes. Every change runs in one transaction with its audit row: who (null for a
 * command run on the server), about whom, what, why, and the fields that changed before and after.
 */

type PlanRow = typeof plans.$inferSelect
/** The staff member acting, or null for `npm run user:role`. */
type Actor = { id: number } | null

export async function writeAudit(
  tx: DbOrTx,
  row: { actor: Actor; targetUserId: number; action: string; reason: string | null; before: object; after: object; now: Date },
) {
  await tx.insert(auditLog).values({
    actorId: row.actor?.id ?? null,
    targetUserId: row.targetUserId,
    action: row.action,
    reason: row.reason,
    before: row.before,
    after: row.after,
    createdAt: row.now,
  })
}

/** A plan support may grant (active, version 2): by id, by slug, or the catalogue's default. */
export async function grantablePlan(db: DbOrTx, by: { id: number } | { slug: string } | 'default'): Promise<PlanRow | null> {
  const which = by === 'default' ? eq(plans.isDefault, true) : 'id' in by ? eq(plans.id, by.id) : eq(plans.slug, by.slug)
  const [row] = await db
    .select()
    .from(plans)
    .where(and(which, eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
  return row ?? null
}

const roleFields = (u: UserRow) => ({
  role: u.role,
  plan: u.plan,
  stripe_plan: u.stripePlan,
  remaining_credit_count: u.remainingCreditCount,
})

/**
 * The one role change, for the console and `npm run user:role`. Paid goes through billing's
 * grantPlan (the plan's credits, a ledger row, the plan's name); free through endPlan (credits
 * stay); admin sets the role only. Staff asked to become Pro or Free stop being staff.
 */
export async function applyRole(
  deps: { queue: JobQueue },
  tx: Tx,
  a: { actor: Actor; target: UserRow; role: Role; plan: PlanRow | null; reason: string; now: Date },
) {
  const { target, now } = a
  let credits = 0
  let description: string
  if (a.role === 'paid') {
    if (!a.plan) throw badRequest('plan_id: Choose the plan to grant.', { field: 'plan_id' })
    credits = await grantPlan(tx, target.id, a.plan, { now, note: a.reason, reason: 'support' })
    description = `${target.email} is Pro on ${grantDescription(toPlan(a.plan))}.`
  } else if (a.role === 'free') {
    if (target.role === 'free' && !target.plan) throw new HttpError(409, `${target.email} is on the free plan already.`)
    await endPlan(deps, tx, target.id, now)
    description = `${target.email} is on the free plan; their credits stay.`
  } else {
    if (target.role === 'admin') throw new HttpError(409, `${target.email} is staff already.`)
    description = `${target.email} is staff (admin).`
  }
  // grantPlan and endPlan keep staff as staff; an explicit role change here is meant.
  await setRole(deps, tx, target.id, a.role, now)
  const [after] = await tx.select().from(users).where(eq(users.id, target.id))
  await writeAudit(tx, {
    actor: a.actor,
    targetUserId: target.id,
    action: AUDIT_ACTIONS.role,
    reason: a.reason,
    ...changedFields(roleFields(target), roleFields(after)),
    now,
  })
  return { user: userSummary(after), credits_granted: credits, description }
}

export async function changeRole(deps: ApiDeps, actor: UserRow, uuid: string, input: { role: Role; plan_id?: number; reason: string }) {
  return deps.database.db.transaction(async (tx) => {
    const target = await findAccount(tx, uuid, true)
    if (target.id === actor.id) throw badRequest('role: You cannot change your own role. Ask another member of staff.', { field: 'role' })
    let plan: PlanRow | null = null
    if (input.role === 'paid') {
      if (input.plan_id === undefined) throw badRequest('plan_id: Choose the plan to grant.', { field: 'plan_id' })
      plan = await grantablePlan(tx, { id: input.plan_id })
      if (!plan) throw badRequest('plan_id: This plan is not on offer.', { field: 'plan_id' })
    }
    return applyRole(deps, tx, { actor, target, role: input.role, plan, reason: input.reason, now: deps.clock() })
  })
}

/** Grants or removes credits with one conditional update: the balance never goes below zero. */
export async function adjustCredits(deps: ApiDeps, actor: UserRow, uuid: string, input: { delta: number; reason: string }) {
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    const target = await findAccount(tx, uuid)
    const balance = await changeCredits(tx, target.id, input.delta, { reason: 'support', note: input.reason, now })
    if (balance === null) {
      const [held] = await tx.select({ balance: users.remainingCreditCount }).from(users).where(eq(users.id, target.id))
      throw badRequest(
        `delta: ${target.email} has ${held.balance.toLocaleString('en-US')} credits; removing ${(-input.delta).toLocaleString('en-US')} would take the balance below zero.`,
        { field: 'delta' },
      )
    }
    await writeAudit(tx, {
      actor,
      targetUserId: target.id,
      action: AUDIT_ACTIONS.credits,
      reason: input.reason,
      before: { remaining_credit_count: balance - input.delta },
      after: { remaining_credit_count: balance },
      now,
    })
    return { delta: input.delta, balance }
  })
}

/** A fresh login code to the account's address; the 30-second wait between codes applies (429). */
export async function resendCode(deps: ApiDeps, actor: UserRow, uuid: string, clientIp: string) {
  const target = await findAccount(deps.database.db, uuid)
  const sent = await sendLoginCode(deps, { email: target.email }, clientIp)
  await writeAudit(deps.database.db, {
    actor,
    targetUserId: target.id,
    action: AUDIT_ACTIONS.resendCode,
    reason: null,
    before: {},
    after: { email: target.email },
    now: deps.clock(),
  })
  return { ok: true as const, email: target.email, retry_after: sent.retry_after }
}

/** Ends every live session of the account (its API key is a separate credential and stays). */
export async function revokeSessions(deps: ApiDeps, actor: UserRow, uuid: string, reason: string) {
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    const target = await findAccount(tx, uuid)
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, target.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id })
    await writeAudit(tx, {
      actor,
      targetUserId: target.id,
      action: AUDIT_ACTIONS.revokeSessions,
      reason,
      before: { active_sessions: ended.length },
      after: { active_sessions: 0 },
      now,
    })
    return { revoked: ended.length }
  })
}

/**
 * Marks a referral not qualified. If its qualification earned the referrer a publish slot (the slot
 * ledger says so), the slot is taken back, never below zero: a slot already spent on a published
 * page stays spent.
 */
export async function disqualifyReferral(deps: ApiDeps, actor: UserRow, id: number, reason: string) {
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    const [r] = await tx.select().from(referrals).where(eq(referrals.id, id)).for('update')
    if (!r) throw new HttpError(404, 'There is no referral with this id.')
    if (r.disqualifiedAt) throw new HttpError(409, 'This referral was disqualified already.')
    const inviter = await lockAccount(tx, r.inviterId)
    await tx.update(referrals).set({ disqualifiedAt: now, disqualifiedReason: reason }).where(eq(referrals.id, r.id))
    // The slot its qualification earned, if it earned one, is read from the slot ledger.
    const { balance: slots } = await takeBackReferralSlot(tx, inviter.id, r.id, now)
    const state = r.qualifiedAt ? 'qualified' : 'pending'
    await writeAudit(tx, {
      actor,
      targetUserId: inviter.id,
      action: AUDIT_ACTIONS.disqualifyReferral,
      reason,
      before: {
        referral_id: r.id,
        state,
        ...(slots !== inviter.publishPagesCount ? { publish_pages_count: inviter.publishPagesCount } : {}),
      },
      after: { referral_id: r.id, state: 'disqualified', ...(slots !== inviter.publishPagesCount ? { publish_pages_count: slots } : {}) },
      now,
    })
    return { referral: await referralById(tx, r.id), slot_taken_back: slots < inviter.publishPagesCount }
  })
}
