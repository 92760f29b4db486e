import { Form, Link } from '@remix-run/react'
import type { AdminAccount, AdminPlan } from '../../../server/contract/admin'
import {
  CONSOLE_INTENT,
  REASON_LENGTH,
  ROLE_LABELS,
  describeCreditRemoval,
  describeDisqualify,
  describeRevoke,
  describeRoleChange,
} from '../../../server/domain/admin'
import { ROLES, type Role } from '../../../server/domain/user'

/**
 * The console's forms. Each is a plain POST that works without script; destructive ones come back
 * as a confirmation box (the same fields again, plus confirm=yes) before anything happens.
 */

/** What the action answered: a confirmation to show, or what was wrong, for one form. */
export interface ConsoleReply {
  intent: string
  values: Record<string, string>
  confirm: boolean
  errors: Record<string, string[]> | null
}

interface FormProps {
  account: AdminAccount
  reply: ConsoleReply | undefined
}

/** The value a form sent last time (so a refused form keeps what was typed), or ''. */
const sent = (reply: ConsoleReply | undefined, intent: string, field: string) =>
  reply?.intent === intent ? (reply.values[field] ?? '') : ''

function FieldError({ reply, intent, field }: { reply: ConsoleReply | undefined; intent: string; field: string }) {
  const messages = reply?.intent === intent ? reply.errors?.[field] : undefined
  if (!messages?.length) return null
  return (
    <p className="field-error" id={`${intent}-${field}-error`}>
      {messages.join(' ')}
    </p>
  )
}

function Reason({ reply, intent }: { reply: ConsoleReply | undefined; intent: string }) {
  const id = `${intent}-reason`
  const invalid = !!(reply?.intent === intent && reply.errors?.reason)
  return (
    <p className="field">
      <label htmlFor={id}>Reason (kept in the audit log)</label>
      <input
        id={id}
        name="reason"
        required
        minLength={REASON_LENGTH.min}
        maxLength={REASON_LENGTH.max}
        defaultValue={sent(reply, intent, 'reason')}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      <FieldError reply={reply} intent={intent} field="reason" />
    </p>
  )
}

export function RoleForm({ account, plans, reply }: FormProps & { plans: AdminPlan[] }) {
  const i = CONSOLE_INTENT.role
  const current = account.user.role
  return (
    <Form method="post" className="panel" aria-labelledby="role-title">
      <h3 id="role-title">Role and plan</h3>
      <input type="hidden" name="intent" value={i} />
      <p className="field">
        <label htmlFor="role-role">New role</label>
        <select id="role-role" name="role" defaultValue={sent(reply, i, 'role') || (current === 'free' ? 'paid' : 'free')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
              {r === current ? ' (now)' : ''}
            </option>
          ))}
        </select>
        <FieldError reply={reply} intent={i} field="role" />
      </p>
      <p className="field">
        <label htmlFor="role-plan">Plan to grant (Pro only)</label>
        <select id="role-plan" name="plan_id" defaultValue={sent(reply, i, 'plan_id')}>
          <option value="">—</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.grant_description}
            </option>
          ))}
        </select>
        <FieldError reply={reply} intent={i} field="plan_id" />
      </p>
      <Reason reply={reply} intent={i} />
      <button type="submit">Change role…</button>
    </Form>
  )
}

export function CreditsForm({ reply }: Omit<FormProps, 'account'>) {
  const i = CONSOLE_INTENT.credits
  return (
    <Form method="post" className="panel" aria-labelledby="credits-title">
      <h3 id="credits-title">Credits</h3>
      <input type="hidden" name="intent" value={i} />
      <p className="field">
        <label htmlFor="credits-amount">How many</label>
        <input id="credits-amount" name="amount" inputMode="numeric" pattern="[0-9]*" required defaultValue={sent(reply, i, 'amount')} />
        <FieldError reply={reply} intent={i} field="amount" />
      </p>
      <Reason reply={reply} intent={i} />
      <button type="submit" name="direction" value="add">
        Grant credits
      </button>{' '}
      <button type="submit" name="direction" value="remove" className="danger">
        Remove credits…
      </button>
    </Form>
  )
}

export function SignInForms({ account, reply }: FormProps) {
  return (
    <div className="panel">
      <h3>Signing in</h3>
      <Form method="post">
        <input type="hidden" name="intent" value={CONSOLE_INTENT.resend} />
        <p>
          <button type="submit">E-mail a new login code</button> to {account.user.email}
        </p>
        <FieldError reply={reply} intent={CONSOLE_INTENT.resend} field="_" />
      </Form>
      <Form method="post" aria-label="Sign out everywhere">
        <input type="hidden" name="intent" value={CONSOLE_INTENT.revoke} />
        <Reason reply={reply} intent={CONSOLE_INTENT.revoke} />
        <button type="submit" className="danger">
          Sign out everywhere…
        </button>
      </Form>
    </div>
  )
}

export function DisqualifyForm({ account, reply }: FormProps) {
  const i = CONSOLE_INTENT.disqualify
  const open = [...account.referrals_made, ...(account.referral_received ? [account.referral_received] : [])].filter(
    (r) => r.state !== 'disqualified',
  )
  if (open.length === 0) return null
  return (
    <Form method="post" className="panel" aria-labelledby="disqualify-title">
      <h3 id="disqualify-title">Disqualify a referral</h3>
      <input type="hidden" name="intent" value={i} />
      <p className="field">
        <label htmlFor="disqualify-referral">Referral</label>
        <select id="disqualify-referral" name="referral_id" defaultValue={sent(reply, i, 'referral_id')}>
          {open.map((r) => (
            <option key={r.id} value={r.id}>
              {r.invitee_email === account.user.email
                ? `#${r.id} this account, invited by ${r.inviter_email} (${r.state})`
                : `#${r.id} ${r.invitee_email} (${r.state})`}
            </option>
          ))}
        </select>
        <FieldError reply={reply} intent={i} field="referral_id" />
      </p>
      <Reason reply={reply} intent={i} />
      <button type="submit" className="danger">
        Disqualify…
      </button>
    </Form>
  )
}

/** The sentence a confirmation shows, and whether it can go ahead at all. */
function confirmation(account: AdminAccount, plans: AdminPlan[], reply: ConsoleReply): { text: string; possible: boolean } | null {
  const v = reply.values
  const u = account.user
  switch (reply.intent) {
    case CONSOLE_INTENT.role: {
      const plan = plans.find((p) => String(p.id) === v.plan_id) ?? null
      return { text: describeRoleChange(u, v.role as Role, plan), possible: v.role !== 'paid' || !!plan }
    }
    case CONSOLE_INTENT.credits:
      return describeCreditRemoval(u, Number(v.amount))
    case CONSOLE_INTENT.revoke:
      return { text: describeRevoke(u.email, account.active_sessions), possible: true }
    case CONSOLE_INTENT.disqualify: {
      const all = [...account.referrals_made, ...(account.referral_received ? [account.referral_received] : [])]
      const r = all.find((x) => String(x.id) === v.referral_id)
      return r ? { text: describeDisqualify(r), possible: true } : null
    }
  }
  return null
}

/** Step two of a destructive action: says in words what will happen; Confirm posts the same fields with confirm=yes. */
export function ConfirmBox({ account, plans, reply }: { account: AdminAccount; plans: AdminPlan[]; reply: ConsoleReply }) {
  const c = confirmation(account, plans, reply)
  if (!c) return null
  return (
    <section className="confirm" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <h2 id="confirm-title">Please confirm</h2>
      <p id="confirm-text">{c.text}</p>
      {reply.values.reason ? <p>{`Reason: ${reply.values.reason}`}</p> : null}
      <Form method="post">
        {Object.entries(reply.values).map(([k, v]) => (k === 'confirm' ? null : <input key={k} type="hidden" name={k} value={v} />))}
        <input type="hidden" name="confirm" value="yes" />
        {c.possible ? (
          <button type="submit" className="danger">
            Confirm
          </button>
        ) : null}{' '}
        <Link to={`/admin/users/${account.user.uuid}`}>Cancel</Link>
      </Form>
    </section>
  )
}
