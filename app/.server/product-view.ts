import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { can } from '../../server/domain/permissions'
import { hiddenUntil } from '../../server/domain/visibility'
import { RUNNING_STATUSES } from '../../server/domain/task-status'
import { requireUser } from './auth'
import { env } from './env'
import { orHttpError } from './responses'

/** Loader of /product/{id} and /productv2/{id}: the owner's page, with the hide window applied. */
export async function loadProductView({ request, context, params }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context)
  const task = await orHttpError(api.tasks.get(params.id ?? ''))
  if (RUNNING_STATUSES.includes(task.status) || task.status === 4) throw redirect(`/guidev3/generating?session_id=${task.session_id}`)
  // The api withholds a hidden page; the rule is applied here as well.
  const hidden = task.status === 10 ? hiddenUntil(user.role, task.created_at, new Date(), env().hideWindowMinutes) : null
  const readyAt = task.hidden_until ?? hidden?.toISOString() ?? null
  return json({
    task: { ...task, page: readyAt ? null : task.page },
    readyAt,
    shareUrl: `${env().publicUrl}/share/${task.session_id}`,
    canShare: can(user, 'share'),
    canGenerate: can(user, 'generate'),
    isFree: user.role === 'free',
    device: new URL(request.url).searchParams.get('device') === 'mobile' ? ('mobile' as const) : ('desktop' as const),
  })
}
