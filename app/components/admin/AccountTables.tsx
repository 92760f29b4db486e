import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { AdminAccount } from '../../../server/contract/admin'
import { AUDIT_ACTION_LABELS, ROLE_LABELS } from '../../../server/domain/admin'
import { CREDIT_REASON_LABELS, SLOT_REASON_LABELS } from '../../../server/domain/credits'
import { STORE_STATUS_LABELS } from '../../../server/domain/shopify'
import { DATA_STATUS, STATUS_LABELS, TASK_STATUS } from '../../../server/domain/task-status'
import { LocalTime } from '../LocalTime'

/** The read-only parts of an account page in the support console: plain tables, no script. */

const n = (value: number) => value.toLocaleString('en-US')
export const When = ({ iso }: { iso: string | null }) => (iso ? <LocalTime iso={iso} /> : <>—</>)

export function Table({ head, children, empty }: { head: string[]; children: ReactNode[]; empty: string }) {
  if (children.length === 0) return <p className="muted">{empty}</p>
  return (
    <div className="scroll">
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

export function AccountSummary({ account: a }: { account: AdminAccount }) {
  const u = a.user
  const rows: [string, ReactNode][] = [
    ['Name', [u.name, u.username ? `(@${u.username})` : null].filter(Boolean).join(' ') || '—'],
    ['Role', ROLE_LABELS[u.role]],
    ['Plan', a.plan ? `${a.plan.name} (${a.plan.slug})` : (u.plan ?? 'None')],
    [
      'Credits',
      <>
        {n(u.remaining_credit_count)}
        {u.last_credit_reset ? (
          <>
            {' '}
            · last reset <When iso={u.last_credit_reset} />
          </>
        ) : null}
      </>,
    ],
    ['Products left', n(u.remaining_product_count)],
    ['Publish slots', n(u.publish_pages_count)],
    ['Active sessions', n(a.active_sessions)],
    ['Status', u.status],
    ['Invitation code', <code key="c">{u.invitation_code}</code>],
    ['Signed in with', [u.google_id ? 'Google' : null, u.facebook_id ? 'Facebook' : null, 'e-mail code'].filter(Boolean).join(', ')],
    ['API key', u.api_key_hint ?? '—'],
    ['Signed up', <When key="s" iso={u.created_at} />],
    ['Id · uuid', <code key="u">{`${u.id} · ${u.uuid}`}</code>],
  ]
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function LedgerTable({ rows }: { rows: AdminAccount['ledger'] }) {
  return (
    <Table head={['When', 'Change', 'Balance', 'Why']} empty="No credit changes yet.">
      {rows.map((r) => (
        <tr key={r.id}>
          <td>
            <When iso={r.created_at} />
          </td>
          <td className={`num ${r.delta < 0 ? 'minus' : 'plus'}`}>{r.delta > 0 ? `+${n(r.delta)}` : n(r.delta)}</td>
          <td className="num">{n(r.balance_after)}</td>
          <td>
            {CREDIT_REASON_LABELS[r.reason]}
            {r.note ? `: ${r.note}` : ''}
            {r.task_session_id ? <small> · page {r.task_session_id.slice(0, 8)}</small> : null}
          </td>
        </tr>
      ))}
    </Table>
  )
}

export function SlotsTable({ rows }: { rows: AdminAccount['slot_history'] }) {
  return (
    <Table head={['When', 'Change', 'Slots', 'Why']} empty="No publish slot changes yet.">
      {rows.map((r) => (
        <tr key={r.id}>
          <td>
            <When iso={r.created_at} />
          </td>
          <td className={`num ${r.delta < 0 ? 'minus' : 'plus'}`}>{r.delta > 0 ? `+${n(r.delta)}` : n(r.delta)}</td>
          <td className="num">{n(r.balance_after)}</td>
          <td>
            {SLOT_REASON_LABELS[r.reason]}
            {r.referral_id ? <small> · referral {r.referral_id}</small> : null}
          </td>
        </tr>
      ))}
    </Table>
  )
}

export function StoresTable({ stores }: { stores: AdminAccount['stores'] }) {
  return (
    <Table head={['Store', 'Status', 'Connected', 'Catalogue sync']} empty="No store connected.">
      {stores.map((s) => (
        <tr key={s.id}>
          <td>
            {s.name ?? s.shop_domain}
            {s.is_demo ? ' (demo)' : ''}
            <br />
            <small>{s.shop_domain}</small>
          </td>
          <td>
            {STORE_STATUS_LABELS[s.status]}
            {s.uninstalled_at ? (
              <small>
                <br />
                uninstalled <When iso={s.uninstalled_at} />
              </small>
            ) : null}
          </td>
          <td>
            <When iso={s.connected_at} />
          </td>
          <td>
            {s.sync.status}
            {s.sync.total !== null ? ` · ${n(s.sync.done)} of ${n(s.sync.total)}` : ''}
            {s.sync.failure_reason ? <span className="minus"> · {s.sync.failure_reason}</span> : null}
            {s.sync.last_sync_at ? (
              <small>
                <br />
                last <When iso={s.sync.last_sync_at} />
              </small>
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  )
}

export function PagesTable({ pages }: { pages: AdminAccount['pages'] }) {
  return (
    <Table head={['Made', 'Page', 'Status']} empty="No pages yet.">
      {pages.map((p) => (
        <tr key={p.session_id} className={p.status === TASK_STATUS.failed ? 'failed' : undefined}>
          <td>
            <When iso={p.created_at} />
          </td>
          <td>
            {p.title ?? p.url ?? 'Untitled'}
            <br />
            <small>
              <code>{p.session_id}</code>
            </small>
          </td>
          <td>
            {STATUS_LABELS[p.status]}
            {p.data_status === DATA_STATUS.archived ? ' · archived' : ''}
            {p.failure_reason ? <span className="minus">: {p.failure_reason}</span> : null}
          </td>
        </tr>
      ))}
    </Table>
  )
}

type Referral = AdminAccount['referrals_made'][number]

function referralState(r: Referral) {
  if (r.state === 'disqualified') return `Not qualified: ${r.disqualified_reason ?? 'no reason given'}`
  if (r.state === 'qualified') return `Qualified${r.qualified_shop ? ` by ${r.qualified_shop}` : ''}`
  if (r.refused_reason) return `Not qualified yet: ${r.refused_reason}`
  return 'Waiting for a unique store'
}

export function ReferralsTable({ referrals, self }: { referrals: Referral[]; self: string }) {
  return (
    <Table head={['Referral', 'Since', 'State']} empty="No referrals.">
      {referrals.map((r) => {
        const other = r.inviter_email === self ? { uuid: r.invitee_uuid, label: `invited ${r.invitee_email}` } : null
        return (
          <tr key={r.id}>
            <td>
              #{r.id}{' '}
              {other ? (
                <Link to={`/admin/users/${other.uuid}`}>{other.label}</Link>
              ) : (
                <Link to={`/admin/users/${r.inviter_uuid}`}>invited by {r.inviter_email}</Link>
              )}
            </td>
            <td>
              <When iso={r.created_at} />
            </td>
            <td>
              {referralState(r)}
              {r.qualified_at ? (
                <small>
                  <br />
                  qualified <When iso={r.qualified_at} />
                </small>
              ) : null}
            </td>
          </tr>
        )
      })}
    </Table>
  )
}

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'number' ? n(v) : String(v))

// The database keeps JSON keys in its own order; people read these first.
const FIRST = ['referral_id', 'role', 'plan', 'stripe_plan', 'state']
const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length)

/** "role: free → paid · plan: — → Pro 4,000": the fields an audit row says changed. */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort((x, y) => rank(x) - rank(y))
  return keys
    .map((k) => {
      const b = before?.[k]
      const a = after?.[k]
      if (b === undefined) return `${k}: ${show(a)}`
      return JSON.stringify(a) === JSON.stringify(b) ? `${k}: ${show(a)}` : `${k}: ${show(b)} → ${show(a)}`
    })
    .join(' · ')
}

export function AuditTable({ rows }: { rows: AdminAccount['audit'] }) {
  return (
    <Table head={['When', 'Who', 'What', 'Reason', 'Changes']} empty="Support has not changed this account.">
      {rows.map((r) => (
        <tr key={r.id}>
          <td>
            <When iso={r.created_at} />
          </td>
          <td>{r.actor_email ?? 'server command'}</td>
          <td>{AUDIT_ACTION_LABELS[r.action] ?? r.action}</td>
          <td>{r.reason ?? '—'}</td>
          <td>{changes(r.before, r.after)}</td>
        </tr>
      ))}
    </Table>
  )
}
