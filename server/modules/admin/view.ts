import { and, asc, count, desc, eq, gt, isNull, like, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ApiDeps } from '../../context'
import type { AdminAccount, AdminPlan } from '../../contract/admin'
import type { DbOrTx } from '../../db/client'
import { auditLog, creditLedger, plans, referrals, sessions, slotLedger, shopifyStores, tasks, users } from '../../db/schema'
import { SEARCH_LIMIT } from '../../domain/admin'
import { grantDescription } from '../../domain/billing'
import { PLAN_VERSION } from '../../domain/plans'
import { TASK_STATUS } from '../../domain/task-status'
import { notFound } from '../../http/http-error'
import { toPlan } from '../accounts'
import { billingForSupport } from '../billing'
import { toPublicUser, type UserRow } from '../users'

/** What support reads about accounts. Writes are in service.ts. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const iso = (d: Date | null) => d?.toISOString() ?? null
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&')

export const NO_ACCOUNT = 'There is no account with this id.'

export function userSummary(u: UserRow) {
  return {
    uuid: u.uuid,
    email: u.email,
    name: u.name,
    role: u.role,
    plan: u.plan,
    remaining_credit_count: u.remainingCreditCount,
    status: u.status,
    invitation_code: u.invitationCode,
    created_at: u.createdAt.toISOString(),
  }
}

export async function findAccount(db: DbOrTx, uuid: string, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.uuid, uuid))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(NO_ACCOUNT)
  return row
}

/** By e-mail (exact or prefix), uuid, or invitation code; without a query, the newest accounts. */
export async function searchUsers(deps: ApiDeps, q: string | undefined) {
  const { db } = deps.database
  const term = (q ?? '').trim().toLowerCase()
  let where
  if (!term) where = undefined
  else if (UUID.test(term)) where = eq(users.uuid, term)
  else where = or(like(users.email, `${escapeLike(term)}%`), eq(users.invitationCode, term.toUpperCase()))
  const rows = await db
    .select()
    .from(users)
    .where(where)
    // An exact e-mail first, then alphabetical; the newest accounts when nothing was asked.
    .orderBy(...(term ? [desc(sql`${users.email} = ${term}`), asc(users.email)] : [desc(users.createdAt), desc(users.id)]))
    .limit(SEARCH_LIMIT)
  return { items: rows.map(userSummary) }
}

/** The plans support can grant: active, version 2, with the grant in words. */
export async function grantablePlans(deps: ApiDeps): Promise<{ items: AdminPlan[] }> {
  const rows = await deps.database.db
    .select()
    .from(plans)
    .where(and(eq(plans.version, PLAN_VERSION), eq(plans.active, true)))
    .orderBy(asc(plans.billingCycle), asc(plans.creditValueMonth))
  return { items: rows.map((p) => ({ ...toPlan(p), slug: p.slug, grant_description: grantDescription(toPlan(p)) })) }
}

const inviter = alias(users, 'inviter')
const invitee = alias(users, 'invitee')
const referralColumns = {
  r: referrals,
  inviterUuid: inviter.uuid,
  inviterEmail: inviter.email,
  inviteeUuid: invitee.uuid,
  inviteeEmail: invitee.email,
}

function referralsQuery(db: DbOrTx) {
  return db
    .select(referralColumns)
    .from(referrals)
    .innerJoin(inviter, eq(inviter.id, referrals.inviterId))
    .innerJoin(invitee, eq(invitee.id, referrals.inviteeId))
}

type ReferralRow = Awaited<ReturnType<typeof referralsQuery>>[number]

function referralView({ r, ...who }: ReferralRow) {
  return {
    id: r.id,
    inviter_uuid: who.inviterUuid,
    inviter_email: who.inviterEmail,
    invitee_uuid: who.inviteeUuid,
    invitee_email: who.inviteeEmail,
    created_at: r.createdAt.toISOString(),
    state: r.disqualifiedAt ? ('disqualified' as const) : r.qualifiedAt ? ('qualified' as const) : ('pending' as const),
    qualified_at: iso(r.qualifiedAt),
    qualified_shop: r.qualifiedShop,
    disqualified_at: iso(r.disqualifiedAt),
    disqualified_reason: r.disqualifiedReason,
    refused_reason: r.qualifiedAt ? null : r.refusalReason,
    refused_at: r.qualifiedAt ? null : iso(r.refusedAt),
  }
}

export async function referralById(db: DbOrTx, id: number) {
  const [row] = await referralsQuery(db).where(eq(referrals.id, id))
  if (!row) throw notFound('There is no referral with this id.')
  return referralView(row)
}

/** Everything support needs to answer a ticket about one account, in one answer. */
export async function accountView(deps: ApiDeps, uuid: string): Promise<AdminAccount> {
  const { db } = deps.database
  const user = await findAccount(db, uuid)
  const now = deps.clock()
  const actor = alias(users, 'actor')
  const [plan, [sessionCount], ledger, slots, stores, pages, [pageCounts], made, received, audit, billing] = await Promise.all([
    user.stripePlan ? db.select().from(plans).where(eq(plans.slug, user.stripePlan)) : Promise.resolve([]),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    db
      .select({ row: creditLedger, sessionId: tasks.sessionId })
      .from(creditLedger)
      .leftJoin(tasks, eq(tasks.id, creditLedger.taskId))
      .where(eq(creditLedger.userId, user.id))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(30),
    db.select().from(slotLedger).where(eq(slotLedger.userId, user.id)).orderBy(desc(slotLedger.createdAt), desc(slotLedger.id)).limit(30),
    db.select().from(shopifyStores).where(eq(shopifyStores.userId, user.id)).orderBy(asc(shopifyStores.connectedAt)),
    db
      .select({
        sessionId: tasks.sessionId,
        title: tasks.title,
        url: tasks.url,
        status: tasks.status,
        dataStatus: tasks.dataStatus,
        error: tasks.error,
        createdAt: tasks.createdAt,
      })
      .from(tasks)
      .where(eq(tasks.userId, user.id))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(20),
    db
      .select({ all: count(), failed: sql<number>`count(*) filter (where ${tasks.status} = ${TASK_STATUS.failed})`.mapWith(Number) })
      .from(tasks)
      .where(eq(tasks.userId, user.id)),
    referralsQuery(db).where(eq(referrals.inviterId, user.id)).orderBy(desc(referrals.createdAt), desc(referrals.id)).limit(50),
    referralsQuery(db).where(eq(referrals.inviteeId, user.id)),
    db
      .select({ row: auditLog, actorEmail: actor.email })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .where(eq(auditLog.targetUserId, user.id))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(50),
    billingForSupport(db, user.id),
  ])
  return {
    user: toPublicUser(user, deps.env),
    plan: plan[0]
      ? { name: plan[0].name, slug: plan[0].slug, billing_cycle: plan[0].billingCycle, credit_value_month: plan[0].creditValueMonth }
      : null,
    active_sessions: sessionCount.n,
    ledger: ledger.map(({ row, sessionId }) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      note: row.note,
      task_session_id: sessionId,
      created_at: row.createdAt.toISOString(),
    })),
    slot_history: slots.map((s) => ({
      id: s.id,
      delta: s.delta,
      balance_after: s.balanceAfter,
      reason: s.reason,
      referral_id: s.referralId,
      created_at: s.createdAt.toISOString(),
    })),
    stores: stores.map((s) => ({
      id: s.id,
      shop_domain: s.shopDomain,
      name: s.name,
      is_demo: s.isDemo,
      status: s.status,
      connected_at: s.connectedAt.toISOString(),
      uninstalled_at: iso(s.uninstalledAt),
      sync: { status: s.syncStatus, done: s.syncDone, total: s.syncTotal, failure_reason: s.syncError, last_sync_at: iso(s.lastSyncAt) },
    })),
    pages: pages.map((p) => ({
      session_id: p.sessionId,
      title: p.title,
      url: p.url,
      status: p.status,
      data_status: p.dataStatus,
      failure_reason: p.error,
      created_at: p.createdAt.toISOString(),
    })),
    page_count: pageCounts.all,
    failed_page_count: pageCounts.failed,
    referrals_made: made.map(referralView),
    referral_received: received[0] ? referralView(received[0]) : null,
    audit: audit.map(({ row, actorEmail }) => ({
      id: row.id,
      actor_email: actorEmail,
      action: row.action,
      reason: row.reason,
      before: (row.before as Record<string, unknown> | null) ?? null,
      after: (row.after as Record<string, unknown> | null) ?? null,
      created_at: row.createdAt.toISOString(),
    })),
    billing,
  }
}
