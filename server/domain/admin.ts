/**
 * Rules and words of the support console (server/modules/admin, app/routes/admin*). No I/O: the
 * api checks input with these limits, and the screens say in words what an action will do.
 */
import { grantDescription } from './billing'
import type { Plan } from './plans'
import type { Role } from './user'

/** Every change support makes carries a reason of this length (it goes into the audit log). */
export const REASON_LENGTH = { min: 3, max: 500 } as const
/** The largest credit adjustment support can make in one go, either way. */
export const MAX_CREDIT_ADJUSTMENT = 1_000_000
/** How many accounts a search answers. */
export const SEARCH_LIMIT = 20

/** The console's forms (app/routes/admin_.users.$uuid.tsx), one intent each. */
export const CONSOLE_INTENT = {
  role: 'role',
  credits: 'credits',
  resend: 'resend',
  revoke: 'revoke',
  disqualify: 'disqualify',
} as const

/** What the audit log records, one word per kind of change. */
export const AUDIT_ACTIONS = {
  role: 'role.change',
  credits: 'credits.adjust',
  resendCode: 'login_code.resend',
  revokeSessions: 'sessions.revoke',
  disqualifyReferral: 'referral.disqualify',
  // Written by billing (no staff member acts): Stripe told us, we did what reference §6.9 says.
  duplicateRefunded: 'billing.duplicate_refunded',
  paymentRefunded: 'billing.payment_refunded',
  disputeOpened: 'billing.dispute_opened',
  disputeClosed: 'billing.dispute_closed',
} as const

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  [AUDIT_ACTIONS.role]: 'Role changed',
  [AUDIT_ACTIONS.credits]: 'Credits adjusted',
  [AUDIT_ACTIONS.resendCode]: 'Login code sent',
  [AUDIT_ACTIONS.revokeSessions]: 'Signed out everywhere',
  [AUDIT_ACTIONS.disqualifyReferral]: 'Referral disqualified',
  [AUDIT_ACTIONS.duplicateRefunded]: 'Second subscription cancelled and refunded',
  [AUDIT_ACTIONS.paymentRefunded]: 'Payment refunded: credits taken back',
  [AUDIT_ACTIONS.disputeOpened]: 'Payment disputed',
  [AUDIT_ACTIONS.disputeClosed]: 'Dispute closed',
}

export const ROLE_LABELS: Record<Role, string> = { free: 'Free', paid: 'Pro', admin: 'Admin (staff)' }

/** Only the fields whose value differs, on each side: the audit row's `before` and `after`. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {}
  const a: Partial<T> = {}
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    b[key] = before[key]
    a[key] = after[key]
  }
  return { before: b, after: a }
}

const n = (value: number) => value.toLocaleString('en-US')
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`

type PlanWords = Pick<Plan, 'name' | 'billing_cycle' | 'credit_value_month'>
type Account = { email: string; role: Role; plan: string | null; remaining_credit_count: number }

/** "Pro 4,000 (monthly)"; a plan whose name says its cycle already is left as it is. */
function planName(plan: PlanWords): string {
  const cycle = plan.billing_cycle === 'year' ? 'yearly' : 'monthly'
  return plan.name.toLowerCase().includes(cycle) ? plan.name : `${plan.name} (${cycle})`
}

/** What a grant gives, without the plan's name in front ("4,000 credits for the month (100 pages)"). */
function grantWords(plan: PlanWords): string {
  const words = grantDescription(plan)
  return words.startsWith(`${plan.name}: `) ? words.slice(plan.name.length + 2) : words
}

/** The confirmation of a role change, in words: what the account gets and what it keeps. */
export function describeRoleChange(account: Account, role: Role, plan: PlanWords | null): string {
  const who = account.email
  if (role === 'paid') {
    if (!plan) return `Make ${who} Pro: choose a plan first.`
    const now =
      account.role === 'paid'
        ? ` ${who} is Pro already${account.plan ? ` (${account.plan})` : ''}: this grants one more period.`
        : account.role === 'admin'
          ? ` ${who} stops being staff.`
          : ''
    return `Make ${who} Pro on ${planName(plan)}: ${grantWords(plan)}.${now}`
  }
  if (role === 'free') {
    const ends = account.plan ? `the plan ${account.plan} ends` : 'there is no plan to end'
    const staff = account.role === 'admin' ? ` ${who} stops being staff.` : ''
    return `Make ${who} Free: ${ends}; the ${plural(account.remaining_credit_count, 'credit', 'credits')} on the account stay.${staff}`
  }
  return `Make ${who} staff (admin): they can open this console and change any account. Their plan and credits stay as they are.`
}

/** The confirmation of a removal, or why it cannot be done (the balance never goes below zero). */
export function describeCreditRemoval(account: Account, amount: number): { text: string; possible: boolean } {
  const balance = account.remaining_credit_count
  if (amount > balance) {
    return { text: `${account.email} has only ${plural(balance, 'credit', 'credits')}: remove at most ${n(balance)}.`, possible: false }
  }
  return {
    text: `Remove ${plural(amount, 'credit', 'credits')} from ${account.email}: the balance goes from ${n(balance)} to ${n(balance - amount)}.`,
    possible: true,
  }
}

export function describeRevoke(email: string, activeSessions: number): string {
  return `Sign ${email} out everywhere: ${plural(activeSessions, 'active session ends', 'active sessions end')}. Their API key keeps working.`
}

export function describeDisqualify(r: { inviter_email: string; invitee_email: string; qualified_at: string | null }): string {
  const slot = r.qualified_at ? ` ${r.inviter_email} loses the publish slot it gave (if they still have one).` : ''
  return `Mark the referral of ${r.invitee_email} (invited by ${r.inviter_email}) as not qualified.${slot}`
}
