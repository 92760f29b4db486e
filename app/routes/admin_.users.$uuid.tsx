import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { requireStaff } from '~/.server/admin'
import type { ApiClient } from '~/.server/api'
import { apiFailure } from '~/.server/api-failure'
import { httpError, orHttpError, redirectWithToast } from '~/.server/responses'
import {
  AccountSummary,
  AuditTable,
  LedgerTable,
  PagesTable,
  ReferralsTable,
  SlotsTable,
  StoresTable,
} from '~/components/admin/AccountTables'
import { ConfirmBox, CreditsForm, DisqualifyForm, RoleForm, SignInForms, type ConsoleReply } from '~/components/admin/ConsoleForms'
import { ConsoleHeader } from '~/components/admin/ConsoleHeader'
import { PaymentsTables } from '~/components/admin/PaymentsTables'
import { consoleActionSchema, type ConsoleAction } from '~/forms/admin'
import adminCss from '~/styles/admin.css?url'
import { CONSOLE_INTENT } from '../../server/domain/admin'

export const meta: MetaFunction = () => [{ title: 'Account · Support console · Pagewright' }, { name: 'robots', content: 'noindex' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function accountUuid(request: Request, uuid: string | undefined): string {
  if (!uuid || !UUID.test(uuid)) throw httpError(404, `Page not found: ${new URL(request.url).pathname}`)
  return uuid.toLowerCase()
}

/** /admin/users/{uuid}: one account for support. Staff only; a 404 for anyone else and for unknown accounts. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context)
  const uuid = accountUuid(request, params.uuid)
  const [account, plans] = await Promise.all([orHttpError(api.admin.account(uuid)), api.admin.plans()])
  return json({ account, plans: plans.items })
}

const needsConfirmation = (a: ConsoleAction) =>
  a.intent === CONSOLE_INTENT.role ||
  a.intent === CONSOLE_INTENT.revoke ||
  a.intent === CONSOLE_INTENT.disqualify ||
  (a.intent === CONSOLE_INTENT.credits && a.direction === 'remove')

/** The form's raw fields (to post again from the confirmation, or to refill a refused form). */
function valuesOf(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

const n = (value: number) => value.toLocaleString('en-US')

/** Does the action through the api; answers the flash message. */
async function perform(api: ApiClient, uuid: string, a: ConsoleAction): Promise<string> {
  switch (a.intent) {
    case CONSOLE_INTENT.role:
      return (await api.admin.setRole(uuid, { role: a.role, plan_id: a.plan_id, reason: a.reason })).description
    case CONSOLE_INTENT.credits: {
      const delta = a.direction === 'remove' ? -a.amount : a.amount
      const done = await api.admin.adjustCredits(uuid, delta, a.reason)
      const verb = delta > 0 ? `Granted ${n(delta)} credits` : `Removed ${n(-delta)} credits`
      return `${verb}: the balance is ${n(done.balance)}.`
    }
    case CONSOLE_INTENT.resend:
      return `A new login code is on its way to ${(await api.admin.resendCode(uuid)).email}.`
    case CONSOLE_INTENT.revoke: {
      const { revoked } = await api.admin.revokeSessions(uuid, a.reason)
      return `Signed out everywhere: ${revoked} ${revoked === 1 ? 'session' : 'sessions'} ended.`
    }
    case CONSOLE_INTENT.disqualify: {
      const done = await api.admin.disqualifyReferral(a.referral_id, a.reason)
      const slot = done.slot_taken_back ? ` ${done.referral.inviter_email} lost the publish slot it gave.` : ''
      return `The referral of ${done.referral.invitee_email} is not qualified any more.${slot}`
    }
  }
}

/** The api names `delta`; the form calls it `amount`. */
const formField = (field: string | null) => (field === 'delta' ? 'amount' : (field ?? '_'))

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireStaff(request, context)
  const uuid = accountUuid(request, params.uuid)
  const submission = parseWithZod(await request.formData(), { schema: consoleActionSchema })
  const values = valuesOf((submission.payload ?? {}) as Record<string, unknown>)
  const intent = values.intent ?? ''
  if (submission.status !== 'success') {
    const listed = Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => !!e[1]?.length)
    const errors = listed.length ? Object.fromEntries(listed) : { _: ['Choose an action.'] }
    return json<ConsoleReply>({ intent, values, confirm: false, errors }, { status: 400 })
  }
  const a = submission.value
  if (needsConfirmation(a) && !('confirm' in a && a.confirm === 'yes')) {
    return json<ConsoleReply>({ intent, values, confirm: true, errors: null })
  }
  try {
    const text = await perform(api, uuid, a)
    return redirectWithToast(request, `/admin/users/${uuid}`, { type: 'success', text })
  } catch (error) {
    const failure = apiFailure(error, 'We couldn’t reach the api. Please try again in a moment.')
    const errors = { [formField(failure.field)]: [failure.message] }
    return json<ConsoleReply>({ intent, values, confirm: false, errors }, { status: failure.status })
  }
}

export default function ConsoleAccount() {
  const { account, plans } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const u = account.user
  const problems = reply?.errors ? Object.values(reply.errors).flat() : []
  return (
    <div className="console">
      <ConsoleHeader />
      <main>
        <h1>{u.email}</h1>
        {problems.length ? (
          <p className="problem" role="alert">
            Not done: {problems.join(' ')}
          </p>
        ) : null}
        {reply?.confirm ? <ConfirmBox account={account} plans={plans} reply={reply} /> : null}
        <AccountSummary account={account} />

        <h2>Actions</h2>
        <div className="panels">
          <RoleForm account={account} plans={plans} reply={reply} />
          <CreditsForm reply={reply} />
          <SignInForms account={account} reply={reply} />
          <DisqualifyForm account={account} reply={reply} />
        </div>

        <h2>Payments</h2>
        <PaymentsTables billing={account.billing} />
        <h2>Credit ledger</h2>
        <LedgerTable rows={account.ledger} />
        <h2>Publish slots</h2>
        <SlotsTable rows={account.slot_history} />
        <h2>Stores</h2>
        <StoresTable stores={account.stores} />
        <h2>
          Pages <small>({`${n(account.page_count)} in all, ${n(account.failed_page_count)} failed; the 20 newest`})</small>
        </h2>
        <PagesTable pages={account.pages} />
        <h2>Referrals</h2>
        <ReferralsTable
          referrals={[...(account.referral_received ? [account.referral_received] : []), ...account.referrals_made]}
          self={u.email}
        />
        <h2>Audit log</h2>
        <AuditTable rows={account.audit} />
      </main>
    </div>
  )
}
